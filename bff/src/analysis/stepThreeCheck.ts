/**
 * Step 3 under the check (issue 37): the personas a model invents, their backgrounds and
 * interview replies, the month texts, challenge feedback and Val's month chat. Personas are
 * invented people of the target customer (never a public figure or a real company's executive);
 * a sentence of any step-3 text that claims what no step-3 fact gives — a market size or revenue,
 * an invented citation, a big company the founder did not name, a certainty ("guaranteed", "no
 * competitors", "everyone"), a score out of 10, money beyond a person's own modest budget, a
 * count of people or a percentage that is not the month's or the founder's — is removed.
 *
 * Its own small claim list (the report check in check.ts has its own): these texts are short and
 * spoken (a persona's "I", Val's advice), so the rules read sentences, not tables.
 */
import type { CurrencyInfo, CustomerPersona } from '@val/contracts';
import { currencyFor, knownCompanyNames, PLATFORM_NAMES, readPlace } from '@val/offline-analyst';

/** Public figures a careless model casts as "customers" (matched as whole names, case-insensitive). */
export const PUBLIC_FIGURES: ReadonlyArray<string> = [
  'Jeff Bezos',
  'Andy Jassy',
  'Sundar Pichai',
  'Larry Page',
  'Sergey Brin',
  'Elon Musk',
  'Mark Zuckerberg',
  'Sheryl Sandberg',
  'Bill Gates',
  'Satya Nadella',
  'Tim Cook',
  'Steve Jobs',
  'Warren Buffett',
  'Jensen Huang',
  'Sam Altman',
  'Jack Dorsey',
  'Jack Ma',
  'Richard Branson',
  'Oprah Winfrey',
  'Taylor Swift',
  'Kim Kardashian',
  'Marissa Mayer',
  'Reed Hastings',
  'Brian Chesky',
  'Travis Kalanick',
  'Peter Thiel',
  'Reid Hoffman',
  'Marc Benioff',
  'Susan Wojcicki',
  'Donald Trump',
  'Joe Biden',
  'Barack Obama',
  'Emmanuel Macron',
  'Olaf Scholz',
  'Angela Merkel',
  'Rishi Sunak',
  'Keir Starmer',
];

/** Companies big enough that naming them is a claim about the founder's market (beyond the market table's names). */
export const BIG_COMPANIES: ReadonlyArray<string> = [
  'Google',
  'Alphabet',
  'Amazon',
  'Apple',
  'Microsoft',
  'Meta',
  'Facebook',
  'Netflix',
  'Tesla',
  'Walmart',
  'Alibaba',
  'Tencent',
  'Samsung',
  'IBM',
  'Oracle',
  'Salesforce',
  'OpenAI',
  'Nvidia',
  'Uber',
  'Airbnb',
  'PayPal',
  'SpaceX',
  'Twitter',
  'Berkshire Hathaway',
  'Virgin',
];

const escape = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
const nameRe = (name: string) => new RegExp(`(?<![\\p{L}\\d])${escape(name)}(?![\\p{L}\\d])`, 'iu');

/** Every company name the check knows: the big ones and the market table's (competitors, suppliers, platforms). */
let companies: string[] | undefined;
function companyNames(): string[] {
  companies ??= [...new Set([...BIG_COMPANIES, ...knownCompanyNames().keys()])].filter((n) => n.length > 2);
  return companies;
}

/** Why a persona cannot be one of the founder's customers, or null when it can. */
export function personaProblem(p: Pick<CustomerPersona, 'name' | 'role' | 'background'>, targetCustomer: string): string | null {
  const all = `${p.name} ${p.role} ${p.background}`;
  const figure = PUBLIC_FIGURES.find((f) => nameRe(f).test(all));
  if (figure) return `${figure} is a public figure, not an invented customer`;
  const exec =
    /\b(?:CEO|CTO|CFO|COO|CMO|[Cc]hief \w+ [Oo]fficer|[Ff]ounder|[Cc]o-?[Ff]ounder|[Cc]hair(?:man|woman)?|[Pp]resident|[Ee]xecutive|[Oo]wner|[Hh]ead|[Dd]irector|VP)\s+(?:of|at)\s+([\p{Lu}][\p{L}\d&.'-]*(?:\s+[\p{Lu}][\p{L}\d&.'-]*)*)/u;
  for (const text of [p.role, p.background]) {
    const m = exec.exec(text);
    const company = m && companyNames().find((c) => nameRe(c).test(m[1]));
    if (company) return `“${m[0]}” is an executive of a real company (${company}), not an invented customer`;
    const possessive = companyNames().find((c) => new RegExp(`(?<![\\p{L}\\d])${escape(c)}[’']s\\s+(?:CEO|CTO|CFO|COO|founder|chair)`, 'iu').test(text));
    if (possessive) return `an executive of a real company (${possessive}), not an invented customer`;
  }
  const wanted = contentWords(targetCustomer);
  if (wanted.length && !contentWords(p.role).some((w) => wanted.includes(w)))
    return `the role “${p.role}” is not a kind of the target customer (${targetCustomer})`;
  return null;
}

const STOP = new Set(
  'the and for with who that this their them they from into over under about than your you our are was were has have had been being its not but all any each every some most more less very just only also people person persons customer customers user users buyers buyer clients client who whom which what when where why how'.split(
    ' ',
  ),
);
/** A word's stem for matching a role against the target: lower case, no plural "s"/"es"/"ies", 4 letters or more. */
function stem(w: string): string {
  const l = w.toLowerCase();
  return l
    .replace(/ies$/, 'y')
    .replace(/(ss|us)$/, '$1')
    .replace(/(?<=[^s])s$/, '');
}
const contentWords = (text: string) => [
  ...new Set(
    (text.match(/\p{L}[\p{L}-]*/gu) ?? [])
      .flatMap((w) => [w, ...w.split('-')])
      .filter((w) => w.length >= 3 && !STOP.has(w.toLowerCase()))
      .map(stem)
      .filter((w) => w.length >= 3),
  ),
];

/** Who speaks: a persona (its own age, years, budget are its own) or Val (numbers only the month's). */
export type Speaker = 'persona' | 'val';

export interface StepThreeContext {
  speaker: Speaker;
  /** The founder's words: idea, target customer, problem (and their questions): names and numbers they wrote are theirs. */
  founderText: string;
  /** The currency the founder talks money in. */
  currency: Pick<CurrencyInfo, 'symbol' | 'code' | 'perUsd'>;
  /** The numbers this text may state (the month's users, new, lost, growth...). */
  allowed?: ReadonlyArray<number>;
}

/** One sentence the check removed, and why. */
export interface StepThreeRemoval {
  sentence: string;
  reason: string;
}

/** A persona's "modest" budget: at most this many US dollars (in the founder's currency at the planning rate). */
const MODEST_USD = 2000;

const CLAIMS: ReadonlyArray<[RegExp, string]> = [
  [/\[\d+(?:[,–-]\s*\d+)*\]/, 'an invented citation'],
  [
    /\b(?:revenues?|turnover|valuations?|market (?:size|value|worth|cap)|(?:TAM|SAM|SOM|ARR)\b|(?:billion|trillion)s?\b|millions of)/i,
    'a market-size or revenue claim',
  ],
  [/\bbreak[- ]?even\b|\bprofitab(?:le|ility)\s+(?:in|by|from|within)\b/i, 'a break-even claim (step 3 has no break-even)'],
  [
    /\bguarantee(?:d|s)?\b|\b(?:can(?:no|')?t|cannot|won['’]t|will not) (?:fail|lose)\b|\bsure to (?:succeed|win)\b|\bclear winner\b|\brisk[- ]free\b|\bno (?:real )?risks?\b|\bzero risk\b/i,
    'a certainty claim',
  ],
  [/\bno (?:real |direct )?(?:competitors?|competition|rivals?)\b|\bwide open\b|\bnobody else (?:does|offers)\b/i, 'a claim that there is no competition'],
  [
    /\b(?:everyone|everybody)\s+(?:(?:with|who has|who owns)\s+(?:a|an)\s+\w+\s+)?(?:wants?|needs?|will|would|is|loves?|can use|should|buys?)\b|\b100\s?%|\b100 percent\b|\ball (?:dog owners|people|customers|parents|businesses)\b/i,
    'a claim that everyone is a customer',
  ],
  [/\bIPO\b|\bgo(?:ing)? public\b|\braise (?:millions|a series [a-c])\b|\bunicorn\b/i, 'a stage-skipping plan'],
  [/\b\d+(?:\.\d+)?\s*\/\s*10\b/, 'a score out of 10 that is not on step 3’s sheet'],
];

const MONEY =
  /(?<![\w$])((?:[A-Z]{1,3})?[$£€¥₹₦₩₱₺₫฿₴₪]|\b(?:USD|EUR|GBP|CHF|JPY|CAD|AUD|INR|SEK|NOK|DKK|PLN|ZAR|KES|NGN|BRL|MXN))\s?(\d{1,3}(?:,\d{3})+|\d+(?:\.\d+)?)(\s?(?:k|K|m|M|bn|B|million|billion|trillion)\b)?/g;
const MAGNITUDE: Record<string, number> = { k: 1e3, m: 1e6, million: 1e6, bn: 1e9, b: 1e9, billion: 1e9, trillion: 1e12 };
const COUNT_OR_SHARE =
  /(?<![\w.$£€¥₹])(\d{1,3}(?:,\d{3})+|\d+(?:\.\d+)?)(\s?%|\s?percent\b|\s+(?:(?:new|active|paying|more|fewer|lost|churned|existing|potential)\s+)?(?:users?|customers?|people|sign-?ups?|members?|subscribers?|buyers?|owners?|households?|businesses|companies)\b|\s+out of\s+\d+)/gi;

const num = (s: string) => Number(s.replace(/,/g, ''));

/** Why one sentence cannot stand, or null. */
export function sentenceProblem(sentence: string, ctx: StepThreeContext): string | null {
  const founder = ctx.founderText;
  const founderLower = founder.toLowerCase().replace(/\s+/g, ' ');
  // The founder's own words quoted back ("returns eat 20% of revenue"): the match with the two words before it is theirs.
  const theirWords = (index: number, match: string) => {
    const lead = /(?:\S+\s+){0,2}$/.exec(sentence.slice(0, index))?.[0] ?? '';
    return founderLower.includes(`${lead}${match}`.toLowerCase().replace(/\s+/g, ' ').trim());
  };
  for (const [re, why] of CLAIMS) {
    const m = re.exec(sentence);
    if (m && !theirWords(m.index, m[0])) return `${why}: “${m[0].trim()}”`;
  }
  const company = companyNames().find((c) => nameRe(c).test(sentence) && !nameRe(c).test(founder));
  if (company && ((BIG_COMPANIES.includes(company) && !PLATFORM_NAMES.includes(company)) || /\bcompet|\brival|\bmarket leader|\bdominat/i.test(sentence)))
    return `a company the founder did not name: ${company}`;
  const theirs = new Set((founder.match(/\d{1,3}(?:,\d{3})+|\d+(?:\.\d+)?/g) ?? []).map(num));
  for (const m of sentence.matchAll(MONEY)) {
    const value = num(m[2]) * (m[3] ? MAGNITUDE[m[3].trim().toLowerCase()] : 1);
    if ((!m[3] && theirs.has(value)) || founderLower.includes(m[0].trim().toLowerCase())) continue;
    const symbol = m[1].trim();
    const ownCurrency = symbol === ctx.currency.symbol.trim() || symbol === ctx.currency.code;
    if (!ownCurrency) return `an amount in another currency than the founder’s: ${m[0].trim()}`;
    if (value / ctx.currency.perUsd > MODEST_USD) return `an amount beyond a person’s own budget: ${m[0].trim()}`;
  }
  // Val's counts are read against the month by strayChatNumbers and checkMonthTexts; a persona has no month.
  if (ctx.speaker !== 'persona') return null;
  const allowed = ctx.allowed ?? [];
  for (const m of sentence.matchAll(COUNT_OR_SHARE)) {
    const value = num(m[1]);
    if (theirs.has(value) || theirWords(m.index ?? 0, m[0]) || allowed.some((a) => Math.abs(a - value) < 0.5)) continue;
    return `a count or share that is not the month’s or the founder’s: ${m[0].trim()}`;
  }
  return null;
}

/**
 * A text without its failing sentences: read line by line (markdown lists and paragraphs keep
 * their shape), sentence by sentence; a line left with only its list marker goes, and a line whose
 * bold markers no longer pair loses them.
 */
export function checkStepThreeText(text: string, ctx: StepThreeContext): { text: string; removed: StepThreeRemoval[] } {
  const removed: StepThreeRemoval[] = [];
  const lines = text.split('\n').map((line) => {
    const lead = /^\s*(?:[-*+]\s+|\d+[.)]\s+|#{1,6}\s+|>\s*)?/.exec(line)?.[0] ?? '';
    const body = line.slice(lead.length);
    if (!body.trim()) return line;
    const kept = body.split(/(?<=[.!?…][*_)"”’]*)\s+(?=[^a-z\s])/).filter((s) => {
      const why = sentenceProblem(s.replace(/[*_`]/g, ''), ctx);
      if (why) removed.push({ sentence: s.replace(/[*_`]+/g, '').trim(), reason: why });
      return !why;
    });
    if (!kept.length) return null;
    let out = kept.join(' ');
    if ((out.match(/\*\*/g) ?? []).length % 2) out = out.replace(/\*\*/g, '');
    return `${lead}${out}`;
  });
  const out = lines
    .filter((l): l is string => l !== null)
    .join('\n')
    .replace(/\n{3,}/g, '\n\n')
    .trim();
  return { text: out, removed };
}

/** True when a checked text still says something (not only a note or a greeting). */
export const hasSubstance = (text: string) => text.replace(/[^a-z]/gi, '').length > 40;

/** The founder's words and currency as step 3's check reads them (`extra`: their questions or answers). */
export function stepThreeContext(
  speaker: Speaker,
  v: { idea: string; targetCustomer: string; problemSolved: string },
  extra: ReadonlyArray<string> = [],
): StepThreeContext {
  const all = `${v.targetCustomer} ${v.idea} ${v.problemSolved}`;
  return { speaker, founderText: [all, ...extra].join(' '), currency: currencyFor(all, readPlace(all)) };
}

/** A month text that makes a claim no step-3 fact gives (in the shape of the month number problems). */
export interface MonthClaimProblem {
  month: number;
  field: 'title' | 'wins' | 'challenges' | 'challenge';
  text: string;
  number: string;
}

/** Every month text (title, wins, challenges, challenge) with a sentence the check removes: those months are regenerated, then narrated offline. */
export function monthClaimProblems(
  months: ReadonlyArray<{ title: string; wins: string[]; challenges: string[]; challenge?: string | null }>,
  ctx: StepThreeContext,
): MonthClaimProblem[] {
  const out: MonthClaimProblem[] = [];
  months.forEach((m, k) => {
    const fields: Array<[MonthClaimProblem['field'], string]> = [
      ['title', m.title],
      ...m.wins.map((w): [MonthClaimProblem['field'], string] => ['wins', w]),
      ...m.challenges.map((c): [MonthClaimProblem['field'], string] => ['challenges', c]),
      ...(m.challenge ? [['challenge', m.challenge] as [MonthClaimProblem['field'], string]] : []),
    ];
    for (const [field, text] of fields) for (const r of checkStepThreeText(text, ctx).removed) out.push({ month: k + 1, field, text, number: r.reason });
  });
  return out;
}
