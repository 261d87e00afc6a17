import type {
  ChallengeFeedbackRequest,
  CustomerInsight,
  CustomerInterviewRequest,
  CustomerPersona,
  SimulationMonth,
  ValChatRequest,
  ValidationData,
  CurrencyInfo,
} from '@val/contracts';
import { formatMoney, monthGrowthPercent, nextMonthUsers } from '@val/contracts';
import { currencyFor, fitting, ideaBuyerKind, readIdeaMarket, readPlace } from './markets';
import { localAmount } from './validation';

/** One month's numbers of the launch model (computed in code; the narrative is written around them). */
export interface MonthNumbers {
  month: number;
  users: number;
  newUsers: number;
  churnedUsers: number;
}

/**
 * The built-in offline analyst for step 3: it plays the three customer personas and Val from
 * the founder's own words (idea, target customer, problem, questions, answers), deterministically:
 * the same input gives the same answer, a different idea or question a clearly different one.
 */

// ---------------------------------------------------------------------------------------------
// Text helpers
// ---------------------------------------------------------------------------------------------

/** FNV-1a 32-bit hash: a stable seed from text. */
export function seedOf(...parts: string[]): number {
  let h = 0x811c9dc5;
  const s = parts.join('\u0001');
  for (let i = 0; i < s.length; i++) {
    h ^= s.charCodeAt(i);
    h = Math.imul(h, 0x01000193);
  }
  return h >>> 0;
}
const pick = <T>(list: ReadonlyArray<T>, seed: number, salt = 0): T => list[((seed + Math.imul(salt + 1, 2654435761)) % list.length) >>> 0] ?? list[0];

const squash = (s: string) => s.replace(/\s+/g, ' ').trim();
const cap = (s: string) => (s ? s[0].toUpperCase() + s.slice(1) : s);
/** Lower-cases the first letter unless the word looks like a name or an acronym ("SaaS", "Berlin"). */
const uncap = (s: string) => (s.length > 1 && /^[A-Z][a-z]/.test(s) && !/^[A-Z][a-z]+[A-Z]/.test(s.split(' ')[0]) ? s[0].toLowerCase() + s.slice(1) : s);

/** Cuts text at a word boundary, adding an ellipsis when it was longer. */
export function clip(s: string, max: number): string {
  const t = squash(s);
  if (t.length <= max) return t;
  const cut = t.slice(0, max);
  const sp = cut.lastIndexOf(' ');
  return `${(sp > max * 0.5 ? cut.slice(0, sp) : cut).replace(/[,;:.\s-]+$/, '')}…`;
}

/** The first clause of a text (before a full stop, semicolon, dash or a relative clause after 6+ words). */
function firstClause(s: string, maxWords: number): string {
  let t = squash(s).split(/[.;!?\n]| — | - /)[0] ?? '';
  t = t.replace(/^(an?|the|my|our)\s+/i, '');
  const words = t.split(' ');
  if (words.length > maxWords) {
    const rel = words.findIndex((w, i) => i >= 2 && /^(who|that|which|with|because|so|and|to|by|for)$/i.test(w));
    t = words.slice(0, rel > 0 && rel <= maxWords ? rel : maxWords).join(' ');
  }
  // A clause cut after a few words must not end on a word that needs more ("living in", "aged").
  // …nor on half of a number ("farms of 20" from "farms of 20 to 200 hectares").
  return t.replace(/[,:]+$/, '').replace(/(\s+(in|at|on|of|with|for|to|from|and|or|the|a|an|who|that|which|living|aged|working|near|by|\d[\d,.-]*))+$/i, '');
}

const IRREGULAR: Record<string, string> = { people: 'person', children: 'child', women: 'woman', men: 'man', families: 'family', staff: 'staff member' };
function singularWord(w: string): string {
  const lower = w.toLowerCase();
  if (Object.hasOwn(IRREGULAR, lower)) return IRREGULAR[lower];
  if (/ies$/i.test(w) && w.length > 4) return w.slice(0, -3) + 'y';
  if (/(ss|sh|ch|x|zz)es$/i.test(w)) return w.slice(0, -2);
  if (/sses$/i.test(w)) return w.slice(0, -2);
  if (/[^su]s$/i.test(w) && w.length > 3) return w.slice(0, -1);
  return w;
}

/** The customer segment of the target customer text, plural as written ("small bakery owners in Berlin"). */
export function segmentOf(targetCustomer: string): string {
  const s = uncap(firstClause(targetCustomer, 7));
  return s || 'customers';
}

/** The segment in the singular ("small bakery owner in Berlin"): the head noun before a preposition is singularised. */
export function singularSegment(segment: string): string {
  const m = segment.match(/^(.*?)(\s+(?:in|of|at|from|with|on|across|who|that|for)\s+.*)?$/i);
  let head = (m?.[1] ?? segment).trim();
  let tail = m?.[2] ?? '';
  // "nurses working night shifts": the plural noun is the one before the participle.
  const words0 = head.split(' ');
  const ing = words0.findIndex((w, i) => i >= 1 && /\w{3,}ing$/i.test(w) && /[^su]s$|ies$|people$|children$|women$|men$/i.test(words0[i - 1]));
  if (ing > 0) {
    tail = ` ${words0.slice(ing).join(' ')}${tail}`;
    head = words0.slice(0, ing).join(' ');
  }
  const words = head.split(' ');
  words[words.length - 1] = singularWord(words[words.length - 1]);
  return words.join(' ') + tail;
}

const article = (w: string) => (/^(8|11|18|8\d)(\D|$)/.test(w) || (/^[aeiou]/i.test(w) && !/^(uni|use|one|eu)/i.test(w)) ? 'an' : 'a');
const withArticle = (s: string) => `${article(s)} ${s}`;

/** The idea as a short noun phrase ("app that matches dog owners with walkers"). */
export function ideaPhrase(idea: string): string {
  return uncap(firstClause(idea, 9)) || 'idea';
}

/** The problem as a short quote. */
const problemQuote = (problem: string) => `“${clip(uncap(squash(problem)).replace(/[.!]+$/, ''), 90)}”`;

/** A price that looks like a real price point. */
function nicePrice(x: number): number {
  const points = [3, 5, 9, 12, 15, 19, 25, 29, 39, 49, 59, 79, 99, 129, 149, 199, 249, 299, 399, 499, 799];
  return points.reduce((best, p) => (Math.abs(p - x) < Math.abs(best - x) ? p : best), points[0]);
}

// ---------------------------------------------------------------------------------------------
// Personas
// ---------------------------------------------------------------------------------------------

/** The three stances the personas take: they answer the same question differently. */
export type Stance = 'early' | 'skeptic' | 'buyer';
const STANCES: Stance[] = ['early', 'skeptic', 'buyer'];

const FIRST_NAMES = [
  'Maya',
  'Daniel',
  'Priya',
  'Tomás',
  'Aisha',
  'Lukas',
  'Mei',
  'Jordan',
  'Fatima',
  'Oliver',
  'Ines',
  'Kwame',
  'Sofia',
  'Hiroshi',
  'Elena',
  'Marcus',
  'Leila',
  'Noah',
  'Amara',
  'Felix',
  'Rosa',
  'Arjun',
  'Hannah',
  'Diego',
];
const LAST_NAMES = [
  'Chen',
  'Okafor',
  'Martins',
  'Novak',
  'Haddad',
  'Lindqvist',
  'Patel',
  'García',
  'Kowalski',
  'Nakamura',
  'Brennan',
  'Mensah',
  'Rossi',
  'Schmidt',
  'Dubois',
  'Ahmed',
  'Park',
  'Silva',
  'Müller',
  'Jensen',
  'Costa',
  'Reyes',
  'Walsh',
  'Ivanova',
];
/** What a persona does about the problem today, and what it costs. */
export interface Workaround {
  text: string;
  /** What it costs a month in US dollars; 0 when it is free. */
  monthly: number;
  /** Only a persona who holds a budget pays for it (an agency, paid help). */
  buyerOnly?: boolean;
}

/**
 * The workarounds personas use, for households and for businesses. A persona's background, budget
 * and answers all name the same one: the skeptic "copes at almost no cost" only with a free one,
 * and a paid one is quoted with its cost.
 */
export const PERSONA_WORKAROUNDS: Readonly<Record<'consumer' | 'business', ReadonlyArray<Workaround>>> = {
  consumer: [
    { text: 'a notes app and phone reminders', monthly: 0 },
    { text: 'a patchwork of free apps', monthly: 0 },
    { text: 'pen, paper and a lot of messages', monthly: 0 },
    { text: 'asking friends and family for help', monthly: 0 },
    { text: 'doing it by hand late in the evening', monthly: 0 },
    { text: 'a paid app that only does half the job', monthly: 8 },
    { text: 'paid help now and then', monthly: 40, buyerOnly: true },
  ],
  business: [
    { text: 'spreadsheets and phone reminders', monthly: 0 },
    { text: 'a patchwork of free apps', monthly: 0 },
    { text: 'pen, paper and a lot of messages', monthly: 0 },
    { text: 'doing it by hand late in the evening', monthly: 0 },
    { text: 'a paid tool that was built for someone else', monthly: 60 },
    { text: 'an expensive agency', monthly: 900, buyerOnly: true },
    { text: 'a part-time assistant', monthly: 700, buyerOnly: true },
  ],
};

/** The workarounds a persona of this stance may use: a skeptic only free ones, only a buyer the costly ones. */
const workaroundsFor = (consumer: boolean, stance: Stance) =>
  PERSONA_WORKAROUNDS[consumer ? 'consumer' : 'business'].filter((w) => (stance === 'skeptic' ? w.monthly === 0 : stance === 'buyer' || !w.buyerOnly));

/** An amount in the founder's currency (the planning rate, two significant figures): "$49", "£39", "¥7,400". */
const moneyIn = (c: CurrencyInfo) => (usd: number) => formatMoney(localAmount(usd, c), c);

/** The currency personas talk money in: the founder's, else their place's, else US dollars. */
function currencyOf(v: Pick<ValidationData, 'idea' | 'targetCustomer' | 'problemSolved'>): CurrencyInfo {
  const all = `${v.targetCustomer} ${v.idea} ${v.problemSolved}`;
  return currencyFor(all, readPlace(all));
}
const ROLE_TAGS: Record<Stance, ReadonlyArray<string>> = {
  early: ['who tries every new tool first', 'growing fast and hungry for tools', 'an early adopter of new tools'],
  skeptic: ['on a tight budget', 'burned by tools that overpromised', 'careful with every euro and dollar'],
  buyer: ['who signs off on purchases for a team', 'who decides what the team buys', 'leading a team and holding the budget'],
};
const CONSUMER_TAGS: Record<Stance, ReadonlyArray<string>> = {
  early: ['who tries new apps first', 'an early adopter of new apps', 'always first to try something new'],
  skeptic: ['on a tight budget', 'watching every dollar', 'burned by apps that overpromised'],
  buyer: ['who decides for the whole household', 'who pays for the family subscriptions', 'who decides for the family'],
};

/**
 * Three personas from THIS validation: names, roles and backgrounds derived from the target
 * customer, the idea and the problem (deterministic per idea). One early adopter, one
 * budget-conscious skeptic, one decision-maker.
 */
export function offlinePersonas(v: Pick<ValidationData, 'idea' | 'targetCustomer' | 'problemSolved'>): CustomerPersona[] {
  const seed = seedOf(v.idea, v.targetCustomer, v.problemSolved);
  const consumer = ideaBuyerKind(v) === 'consumer';
  const segment = segmentOf(v.targetCustomer);
  const single = singularSegment(segment);
  const idea = ideaPhrase(v.idea);
  const money = moneyIn(currencyOf(v));
  const usedFirst = new Set<string>();
  return STANCES.map((stance, k) => {
    let fi = (seed >>> (k * 5)) % FIRST_NAMES.length;
    while (usedFirst.has(FIRST_NAMES[fi])) fi = (fi + 7) % FIRST_NAMES.length;
    usedFirst.add(FIRST_NAMES[fi]);
    const first = FIRST_NAMES[fi];
    const last = LAST_NAMES[(seed >>> (k * 3 + 1)) % LAST_NAMES.length];
    const years = 2 + ((seed >>> (k + 2)) % 12);
    const team = 4 + ((seed >>> (k + 4)) % 20);
    const w = pick(workaroundsFor(consumer, stance), seed, k);
    const workaround = w.monthly ? `${w.text}, which costs about ${money(w.monthly)} a month` : w.text;
    const tag = pick((consumer ? CONSUMER_TAGS : ROLE_TAGS)[stance], seed, k + 10);
    const role = clip(`${cap(single)}${/^(who|on) /.test(tag) ? ' ' : ', '}${tag}`, 150);
    const pain = problemQuote(v.problemSolved);
    const background =
      stance === 'early'
        ? `${first} has been ${withArticle(single)} for ${years} years and currently gets by with ${workaround}. ` +
          `The problem you describe — ${pain} — costs ${first} a few hours every week, so ${first} has been looking for something like your ${idea} and would happily test an early version.`
        : stance === 'skeptic'
          ? `${first} has been ${withArticle(single)} for ${years} years and has paid for ${consumer ? 'apps' : 'tools'} that were dropped after a month. ` +
            `${first} knows ${pain} well but copes with ${workaround} at almost no cost, and will only pay for your ${idea} after seeing proof that it works for someone like them.`
          : consumer
            ? `${first} decides what the household of ${2 + (team % 4)} signs up for and compares options carefully; today they rely on ${workaround}. ` +
              `${pain} affects the whole family; ${first} will pay for your ${idea} if it is reliable, easy for everyone and fairly priced.`
            : `${first} has ${years} years of experience as ${withArticle(single)} and now decides what a team of ${team} buys; today they rely on ${workaround}. ` +
              `${pain} slows the whole team down; ${first} can approve a budget for your ${idea} if it fits how they already work and shows results within a quarter.`;
    return {
      id: `${stance}-${(seed >>> k).toString(36).slice(0, 6)}`,
      name: `${first} ${last}`,
      role,
      avatar: `${first[0]}${last[0]}`.toUpperCase(),
      background,
    };
  });
}

/** Which stance a persona takes: read from its role and background, else from its id. */
export function stanceOf(p: Pick<CustomerPersona, 'id' | 'role' | 'background'>): Stance {
  const idStance = STANCES.find((s) => p.id.startsWith(`${s}-`));
  if (idStance) return idStance;
  const text = `${p.role} ${p.background}`.toLowerCase();
  if (/budget-conscious|tight budget|skeptic|sceptic|burned|cautious|careful|frugal|overpromis|watching every/.test(text)) return 'skeptic';
  if (/sign(s)? off|decides|decision|director|head of|manager|lead|household|procure|purchas|cfo|ceo|owner of a team/.test(text)) return 'buyer';
  if (/early adopter|tries|enthusias|tech-savvy|first to|new tools|new apps|innovat/.test(text)) return 'early';
  return STANCES[seedOf(p.id, p.role) % 3];
}

// ---------------------------------------------------------------------------------------------
// Interviews
// ---------------------------------------------------------------------------------------------

type Topic = 'budget' | 'timeline' | 'pain' | 'current' | 'features' | 'decision' | 'adopt' | 'frequency';
const TOPICS: ReadonlyArray<[Topic, RegExp]> = [
  ['budget', /budget|\bpay\b|paying|price|pricing|cost|expensive|cheap|afford|spend|money|worth|[$€£]|subscription|\bfee/],
  ['timeline', /\bwhen\b|timeline|how soon|\bstart\b|switch|urgen|deadline|time ?frame|by when|next (week|month|quarter|year)|how long until/],
  ['pain', /pain|problem|struggl|frustrat|\bhard\b|difficult|challeng|annoy|worst|biggest|issue|hate|headache/],
  ['current', /currently|right now|today|how do you|what do you use|workaround|alternative|competitor|instead|tried/],
  ['features', /feature|must.?have|important|wish|ideal|what would make|need from|expect/],
  ['decision', /who decides|decision|approv|sign off|\bboss\b|partner|spouse|convince/],
  ['adopt', /would you (use|try|buy|recommend)|interested|sign up|would this help|does this sound|would it help|think of (this|my|the)/],
  ['frequency', /how often|frequen|daily|weekly|every (day|week|month)/],
];

/** The topics a question is about, in the order above (at most two are answered). */
export function topicsOf(question: string): Topic[] {
  const q = question.toLowerCase();
  return TOPICS.filter(([, re]) => re.test(q)).map(([t]) => t);
}

interface PersonaFacts {
  stance: Stance;
  first: string;
  consumer: boolean;
  idea: string;
  pain: string;
  segment: string;
  /** The monthly budget in US dollars (a price point). */
  budget: number;
  unit: string;
  weeks: number;
  workaround: Workaround;
  /** An amount in US dollars written in the founder's currency. */
  money: (usd: number) => string;
  seed: number;
}

function factsFor(persona: CustomerPersona, v: Pick<ValidationData, 'idea' | 'targetCustomer' | 'problemSolved'>): PersonaFacts {
  const stance = stanceOf(persona);
  const consumer = ideaBuyerKind(v) === 'consumer';
  const seed = seedOf(persona.id, persona.name, v.idea);
  const base = consumer ? { early: 9, skeptic: 4, buyer: 19 }[stance] : { early: 49, skeptic: 19, buyer: 249 }[stance];
  const spread = [0.8, 1, 1.2, 1.5][seed % 4];
  const allowed = workaroundsFor(consumer, stance);
  const workaround = allowed.find((w) => persona.background.includes(w.text)) ?? pick(allowed, seed, 3);
  return {
    stance,
    first: persona.name.split(' ')[0] || persona.name,
    consumer,
    idea: ideaPhrase(v.idea),
    pain: problemQuote(v.problemSolved),
    segment: segmentOf(v.targetCustomer),
    budget: nicePrice(Math.max(base * spread, workaround.monthly / 2)),
    unit: stance === 'buyer' && !consumer ? 'a month for the team' : 'a month',
    weeks: stance === 'early' ? 1 + (seed % 3) : stance === 'skeptic' ? 6 + (seed % 6) : 3 + (seed % 5),
    workaround,
    money: moneyIn(currencyOf(v)),
    seed,
  };
}

/** The workaround as a persona names it, with its monthly cost when it has one. */
const usesWith = (f: PersonaFacts) =>
  f.workaround.monthly ? `${f.workaround.text}, which costs about ${f.money(f.workaround.monthly)} a month` : f.workaround.text;
/** Who a persona answers to at home or at work. */
const answersTo = (f: PersonaFacts) => (f.consumer ? 'my partner' : 'my manager');

const ANSWERS: Record<Topic, Record<Stance, (f: PersonaFacts) => string>> = {
  budget: {
    early: (f) =>
      `I'd pay around ${f.money(f.budget)} ${f.unit} without thinking twice if it really solves the problem. ` +
      (f.workaround.monthly
        ? `I already pay about ${f.money(f.workaround.monthly)} a month for ${f.workaround.text}, and it only half works.`
        : `What I use now — ${f.workaround.text} — costs me more than that in lost time.`),
    skeptic: (f) =>
      `Money is tight, so I'd start at ${f.money(f.budget)} ${f.unit} at most — and only after a free trial. Anything above ${f.money(nicePrice(f.budget * 2))} and I stay with ${f.workaround.text}, which costs me next to nothing.`,
    buyer: (f) =>
      (f.consumer
        ? `Up to about ${f.money(f.budget)} a month is fine for the household; above ${f.money(nicePrice(f.budget * 2))} I'd talk it over with ${answersTo(f)} first. A subscription that creeps up every year worries me more than the price on day one.`
        : `I can approve up to about ${f.money(f.budget)} ${f.unit} on my own; above ${f.money(nicePrice(f.budget * 2))} it needs a business case with numbers. Per-seat pricing worries me more than the headline price.`) +
      (f.workaround.monthly
        ? ` Today ${f.consumer ? 'we spend' : 'we pay'} about ${f.money(f.workaround.monthly)} a month on ${f.workaround.text}, so that is the number to beat.`
        : ''),
  },
  timeline: {
    early: (f) => `I'd start this month — honestly within ${f.weeks} week${f.weeks > 1 ? 's' : ''} if setting it up takes less than an hour.`,
    skeptic: (f) =>
      `Not before I've seen it work for someone like me. Realistically ${article(String(f.weeks))} ${f.weeks}-week trial first, then I'd decide ${f.consumer ? 'in a couple of months' : 'next quarter'}.`,
    buyer: (f) =>
      f.consumer
        ? `We'd try it at home for ${f.weeks} weeks first; if everyone actually keeps using it, I'd keep paying.`
        : `Our next budget review is in about ${Math.ceil(f.weeks / 4) + 1} months, but I could run ${article(String(f.weeks))} ${f.weeks}-week pilot with two or three people before that.`,
  },
  pain: {
    early: (f) =>
      `The worst part is exactly what you wrote: ${f.pain}. I lose a few hours a week to it and it's the part of my ${f.consumer ? 'week' : 'job'} I dread most.`,
    skeptic: (f) => `Yes, ${f.pain} is real, but I've learned to live with it. It's annoying, not urgent — that's why I'm slow to pay for fixes.`,
    buyer: (f) =>
      `${cap(f.pain.replace(/^“|”$/g, ''))} — multiply that by ${f.consumer ? 'everyone at home' : 'everyone on my team'} and it adds up to real cost. What hurts most is that nobody owns the problem.`,
  },
  current: {
    early: (f) =>
      `Today I use ${usesWith(f)}. It works, barely, and I've tried two or three apps that didn't stick because they weren't made for ${f.segment}.`,
    skeptic: (f) => `I use ${f.workaround.text}. It's clunky but free, and it never surprised me with a price increase.`,
    buyer: (f) =>
      f.consumer
        ? `At home we use ${usesWith(f)}, plus whatever each of us prefers — which is the real mess. Switching means getting the whole family to change habits, not just paying for an app.`
        : `We use ${usesWith(f)}, plus whatever each person prefers — which is the real mess. Replacing it means changing habits for everyone, not just buying a tool.`,
  },
  features: {
    early: (f) =>
      `Speed above everything: set it up in minutes and see a result the first day. Nice to have: it remembers my preferences so your ${f.idea} gets better the more I use it.`,
    skeptic: () => `Keep it simple. No long setup, no lock-in, and let me export my data if I leave. If it needs a training session, it's not for me.`,
    buyer: (f) =>
      f.consumer
        ? `It has to be easy enough for everyone at home, work on all our phones, and come with someone I can reach when it breaks. Sharing with the family matters more than extra features.`
        : `It has to fit what we already use, give me a simple overview of who uses it, and come with real support. Reporting I can show upward matters more than extra features.`,
  },
  decision: {
    early: () => `I decide alone, and fast. If it works for me, I'll tell others like me.`,
    skeptic: () => `I decide, but I sleep on it. I'd ask one or two friends whether they trust it first.`,
    buyer: (f) =>
      f.consumer
        ? `I decide, but I talk it over with ${answersTo(f)} first. Seeing what it would save us each month would make that easy.`
        : `I decide, but I have to justify it to finance. A one-page summary of time saved would make my life much easier.`,
  },
  adopt: {
    early: (f) => `Yes — I'd sign up for the beta today. If your ${f.idea} does what you say, I'd use it every week.`,
    skeptic: (f) => `Maybe. I'm not sure yet that your ${f.idea} beats ${f.workaround.text}. Show me results from someone like me and I'll listen.`,
    buyer: (f) =>
      f.consumer
        ? `Probably yes for a trial. Whether we keep it depends on whether we still use it after ${f.weeks} weeks.`
        : `Probably yes for a pilot. Whether we roll it out depends on what the pilot shows after ${f.weeks} weeks.`,
  },
  frequency: {
    early: () => `Several times a week — it's part of my routine, which is why it bugs me so much.`,
    skeptic: () => `Every week or two. Often enough to be annoying, not often enough to pay a lot for it.`,
    buyer: (f) => `Daily, across the ${f.consumer ? 'household' : 'team'}. Individually it's small; together it's a lot of hours.`,
  },
};

const OPENERS: Record<Stance, ReadonlyArray<string>> = {
  early: ['Good question!', 'Oh, I like that one.', 'Happy to answer that.'],
  skeptic: ['Hmm, fair question.', 'Let me be honest with you.', 'Okay, straight answer.'],
  buyer: [
    'Good question — I get asked that internally too.',
    "That's the first thing my team would ask.",
    'Let me answer that the way I would in a budget meeting.',
  ],
};
const HOUSEHOLD_OPENERS = [
  'Good question — we talk about that at home too.',
  "That's the first thing my partner would ask.",
  'Let me answer that the way I would at the kitchen table.',
];
const openersOf = (f: PersonaFacts) => (f.consumer && f.stance === 'buyer' ? HOUSEHOLD_OPENERS : OPENERS[f.stance]);
const CLOSERS: Record<Stance, (f: PersonaFacts) => string> = {
  early: () => 'When can I try it?',
  skeptic: () => 'What would make me trust it enough to switch?',
  buyer: (f) => `Could you send me something I can forward to ${answersTo(f)}?`,
};

/** A quoted, shortened echo of the founder's question. */
const echo = (q: string) =>
  `“${clip(
    q
      .replace(/\s+/g, ' ')
      .trim()
      .replace(/[?!.]+$/, ''),
    70,
  )}?”`;

/**
 * The persona's reply in character: the opening message when `userQuestion` is empty, else an
 * answer to the founder's actual question (pain points, budget, timeline, ...), differing by stance.
 */
export function offlineInterviewReply(
  input: Pick<CustomerInterviewRequest, 'customerPersona' | 'userQuestion' | 'conversationHistory' | 'validationData'>,
): string {
  const p = input.customerPersona;
  const f = factsFor(p, input.validationData);
  const q = input.userQuestion.trim();
  if (!q) {
    const hello =
      f.stance === 'early'
        ? `Hi, I'm ${p.name} — ${uncap(p.role)}. I'm glad someone is finally working on this: ${f.pain} is part of my week, and right now I patch it with ${usesWith(f)}.`
        : f.stance === 'skeptic'
          ? `Hello, I'm ${p.name}, ${uncap(p.role)}. I'll be honest: I've tried ${f.consumer ? 'apps' : 'tools'} that promised to fix ${f.pain} before, and I'm still using ${f.workaround.text}.`
          : `Hi, ${p.name} here — ${uncap(p.role)}. ${f.consumer ? 'At home' : 'In my team'}, ${f.pain} costs us time every week, so I'm curious what your ${f.idea} could change.`;
    const invite =
      f.stance === 'early'
        ? 'Ask me anything — my pain points, what I would pay, how soon I would start.'
        : f.stance === 'skeptic'
          ? "Ask away, but I'll tell you straight what I'd pay and what would convince me."
          : 'Ask me about our pain points, the budget and the timeline — I can tell you how we would decide.';
    return `${hello} ${invite}`;
  }
  const earlier = input.conversationHistory.filter((m) => m.isUser).map((m) => m.text);
  const earlierTopics = new Set(earlier.flatMap(topicsOf));
  const topics = topicsOf(q).slice(0, 2);
  const parts: string[] = [`${pick(openersOf(f), seedOf(q, p.id))} You asked ${echo(q)}`];
  if (topics.length) {
    for (const t of topics) parts.push(`${earlierTopics.has(t) ? 'Like I said before: ' : ''}${ANSWERS[t][f.stance](f)}`);
  } else {
    const angle = pick(['pain', 'budget', 'timeline'] as const, seedOf(q), f.stance.length);
    parts.push(
      f.stance === 'early'
        ? `Honestly, I haven't thought much about that — what I care about is getting rid of the problem. ${ANSWERS[angle].early(f)}`
        : f.stance === 'skeptic'
          ? `I'm not sure that matters much to me. What matters is whether it beats ${f.workaround.text} for the money. ${ANSWERS[angle].skeptic(f)}`
          : `I'd look at it from the ${f.consumer ? 'family' : 'team'}'s side: does it save time for everyone? ${ANSWERS[angle].buyer(f)}`,
    );
  }
  if (earlier.length >= 3 || seedOf(q) % 2 === 0) parts.push(CLOSERS[f.stance](f));
  return parts.join(' ');
}

/** The local greeting the UI shows when the opening call fails (same wording family as the offline opening). */
export function fallbackGreeting(p: CustomerPersona): string {
  return `Hi, I'm ${p.name}, ${p.role}. ${p.background} What would you like to know?`;
}

// ---------------------------------------------------------------------------------------------
// Simulation narrative
// ---------------------------------------------------------------------------------------------

const plural = (n: number, one: string, many = `${one}s`) => `${n.toLocaleString('en-US')} ${n === 1 ? one : many}`;

/**
 * Titles, wins, challenges and Val's questions for six months, written around the numbers of
 * the model (users, new and churned users) and what the personas said.
 */
export function offlineSimulation(input: {
  validationData: Pick<ValidationData, 'idea' | 'targetCustomer' | 'problemSolved'>;
  customerInsights: ReadonlyArray<CustomerInsight>;
  numbers: ReadonlyArray<MonthNumbers>;
}): SimulationMonth[] {
  const v = input.validationData;
  const seed = seedOf(v.idea, v.targetCustomer);
  const idea = ideaPhrase(v.idea);
  const seg = segmentOf(v.targetCustomer);
  const done = input.customerInsights.filter((i) => i.completed);
  const interviewed = done.length ? done : input.customerInsights.filter((i) => i.responses.length);
  const names = interviewed.map((i) => i.persona.name.split(' ')[0]);
  const nameList = names.length > 1 ? `${names.slice(0, -1).join(', ')} and ${names[names.length - 1]}` : names[0];
  /** A persona's answer to a question (not its greeting), quoted briefly. */
  const quote = (k: number) => {
    const i = interviewed[k % Math.max(1, interviewed.length)];
    const r = i?.responses.slice(1).reduce<string | undefined>((best, x) => (!best || x.length > best.length ? x : best), undefined);
    const cutOff = (r?.length ?? 0) >= 100 ? (x: string) => `${x.replace(/\s+\S*$/, '')}…` : (x: string) => x;
    const said = r
      ? cutOff(
          r
            .replace(/^[^.!?]{0,50}[.!?]\s+/, '')
            .replace(/^You asked “[^”]*(”|$)\s*/, '')
            .trim(),
        )
      : undefined;
    return i && said && said.length > 15 ? `${i.persona.name.split(' ')[0]} (“${clip(said, 60)}”)` : null;
  };
  const n = input.numbers;
  const u = (m: number) => n[m - 1]?.users ?? 0;
  const nu = (m: number) => n[m - 1]?.newUsers ?? 0;
  const ch = (m: number) => n[m - 1]?.churnedUsers ?? 0;
  const delta = (m: number) => u(m) - u(m - 1);
  const trend = (m: number) => (delta(m) >= 0 ? `grew by ${plural(delta(m), 'user')}` : `shrank by ${plural(-delta(m), 'user')}`);
  const market = readIdeaMarket(v).market;
  const marketChannel = market ? fitting(market.channels[ideaBuyerKind(v)], v.targetCustomer)[0] : undefined;
  const channel =
    marketChannel ??
    pick(
      [
        'a community where ' + seg + ' already meet',
        'short how-to videos',
        'a referral offer',
        'partnerships with tools ' + seg + ' already use',
        'a weekly newsletter',
      ],
      seed,
    );
  const q1 = quote(0);
  const q2 = quote(1);

  const months: Array<Omit<SimulationMonth, 'month' | 'users'>> = [
    {
      title: pick([`Soft launch to the first ${clip(seg, 40)}`, 'Opening the doors', 'Launch month'], seed),
      wins: [
        `Launched the first version of your ${idea} and onboarded ${plural(u(1), 'user')}`,
        nameList
          ? `${nameList} from your interviews ${names.length > 1 ? 'were' : 'was'} among the first to sign up`
          : `Your first sign-ups came from ${seg} you already knew`,
        q1 ? `Built the onboarding around what ${q1} told you` : `Set up a simple way to collect feedback in the product`,
      ],
      challenges: [`Only part of the sign-ups finished onboarding`, `Explaining the value in one sentence to ${seg} is still hard`],
      challenge: `You start with ${plural(u(1), 'user')}. Which single metric will tell you by the end of Month 1 that your ${idea} really solves the problem — and what number would count as success?`,
    },
    {
      title: pick(['Learning from the first users', 'First feedback loop'], seed, 2),
      wins: [
        `Your user base ${trend(2)} to ${plural(u(2), 'user')} with ${plural(nu(2), 'new sign-up')}`,
        `The first users started recommending it to other ${seg}`,
        q2 ? `Shipped a fix for the top request, echoing ${q2}` : `Shipped the most requested improvement within two weeks`,
      ],
      challenges: [`${plural(ch(2), 'user')} stopped using it after the first week`, `Support questions take more of your time than planned`],
      challenge: `${plural(ch(2), 'user')} left in Month 2. What would you ask them, and what would you change in their first week to keep the next ones?`,
    },
    {
      title: pick(['Finding a channel that repeats', 'Looking for repeatable growth'], seed, 3),
      wins: [`Tested ${channel} and reached ${plural(u(3), 'user')}`, `Your user base ${trend(3)} this month`, `A first case study shows the time ${seg} save`],
      challenges: [`Paid ads were too expensive for the value of one user`, `Growth depends on you personally doing outreach`],
    },
    {
      title: pick(['Pricing and retention', 'Turning users into paying customers'], seed, 4),
      wins: [`Introduced paid plans; early users kept their founder price`, `${plural(u(4), 'active user')} at the end of the month`],
      challenges: [`Some users on a tight budget pushed back on the price`, `${plural(ch(4), 'user')} churned — mostly those who never finished setup`],
      challenge: `With ${plural(u(4), 'user')} in Month 4, how would you price your ${idea} for ${seg}, and how would you test that price without losing the early users?`,
    },
    {
      title: pick(['Scaling what works', 'Doubling down on the best channel'], seed, 5),
      wins: [`${plural(nu(5), 'new user')} joined, mostly through ${channel}`, `Onboarding now works without a call from you`],
      challenges: [`The product needs features the most demanding customers asked for`, `You need help: support and content take too much time`],
    },
    {
      title: pick(['Ready for the next stage', 'Six months in: what the numbers say'], seed, 6),
      wins: [
        `Ended Month 6 with ${plural(u(6), 'user')} (${u(1) > 0 ? `${Math.round((u(6) / u(1)) * 10) / 10}×` : 'up from'} Month 1)`,
        `You have real usage data to show partners or investors`,
      ],
      challenges: [`Deciding between growing faster and improving retention`, `Competitors noticed the niche of ${seg}`],
      challenge: `After six months you have ${plural(u(6), 'user')}. What is your plan for the next three months, and what would make you stop or pivot?`,
    },
  ];
  return months.map((m, k) => ({ month: k + 1, users: u(k + 1), ...m }));
}

// ---------------------------------------------------------------------------------------------
// Val: challenge feedback and the monthly chat
// ---------------------------------------------------------------------------------------------

interface AnswerTraits {
  words: number;
  hasNumber: boolean;
  mentionsCustomers: boolean;
  mentionsTest: boolean;
  mentionsPrice: boolean;
  mentionsTime: boolean;
  channel: string | null;
}

function traitsOf(answer: string): AnswerTraits {
  const a = answer.toLowerCase();
  const ch = a.match(
    /\b(seo|ads?|newsletter|referral|community|partnership|content|linkedin|tiktok|instagram|youtube|cold email|outreach|events?|word of mouth)\b/,
  );
  return {
    words: a.split(/\s+/).filter(Boolean).length,
    hasNumber: /\d/.test(a),
    mentionsCustomers: /\b(customer|user|interview|talk|ask|call|survey|feedback)/.test(a),
    mentionsTest: /\b(test|experiment|a\/b|trial|pilot|measure|track|metric)/.test(a),
    mentionsPrice: /\b(price|pricing|\$|€|£|plan|tier|discount|subscription|pay)/.test(a),
    mentionsTime: /\b(day|week|month|quarter|deadline|by (monday|friday|the end))/.test(a),
    channel: ch ? ch[1] : null,
  };
}

const monthEntry = (data: ChallengeFeedbackRequest['simulationData'], month: number): SimulationMonth | undefined =>
  Array.isArray(data) ? data.find((m) => m.month === month) : data && data.month === month ? data : undefined;

/** A month's numbers as Val quotes them; null where the month entry does not carry them (an older stored run). */
interface MonthFigures {
  month: number;
  users: number;
  newUsers: number | null;
  churnedUsers: number | null;
  previousUsers: number | null;
  /** The spec's rounded percent change versus the previous month, 'Launch' for month 1. */
  growth: number | 'Launch' | null;
  nextUsers: number | null;
}

function figuresOf(m: SimulationMonth, month: number): MonthFigures {
  const previousUsers = month === 1 ? 0 : (m.previousUsers ?? null);
  let newUsers = m.newUsers ?? null;
  let churnedUsers = month === 1 ? (m.churnedUsers ?? 0) : (m.churnedUsers ?? null);
  if (previousUsers !== null && newUsers === null && churnedUsers !== null) newUsers = m.users - previousUsers + churnedUsers;
  if (previousUsers !== null && churnedUsers === null && newUsers !== null) churnedUsers = previousUsers + newUsers - m.users;
  const growth = month === 1 ? 'Launch' : previousUsers === null ? null : monthGrowthPercent([{ users: previousUsers }, { users: m.users }], 1);
  return { month, users: m.users, newUsers, churnedUsers, previousUsers, growth, nextUsers: nextMonthUsers(m, month) };
}

/** What a question asks about the month's numbers. */
type NumberAsk = 'users' | 'new' | 'lost' | 'growth' | 'next';
const NUMBER_ASKS: ReadonlyArray<[NumberAsk, RegExp]> = [
  ['new', /\bnew (users?|sign-?ups?|customers?|people|members)\b|\bsign(ed)?[ -]?ups?\b|\bjoined\b|\bacquired\b|\bcame in\b/],
  ['lost', /\b(lose|lost|losing|left|leav(e|es|ing)|churn\w*|drop(ped|ping)? (off|out)|stopp?(ed|ing)?|quit|cancel\w*|unsubscrib\w*)\b/],
  [
    'growth',
    /\bgrowth\b|\bgrowing\b|\bgrew\b|\bpercent|%|month[- ]over[- ]month|how fast|(compared (to|with)|vs\.?|versus) (last|the previous|previous) month/,
  ],
  [
    'next',
    /\b(how many|what|which)\b[^?.]{0,40}\b(next|coming) month|(next|coming) month'?s? (users|number|figure|target)|forecast|projection|expect|will i have|going to have/,
  ],
  ['users', /how many (users|people|customers)|user count|number of users|(users|customers) (do|did) i have|total users|where (do|am) i stand|how big/],
];

/** The numeric asks of a question, in a fixed order; a plain "how many users" only when nothing more specific is asked. */
function numberAsks(q: string): NumberAsk[] {
  const found = NUMBER_ASKS.filter(([, re]) => re.test(q)).map(([a]) => a);
  const specific = found.filter((a) => a !== 'users');
  return specific.length ? (['new', 'lost', 'growth', 'next'] as const).filter((a) => specific.includes(a)) : found;
}

const DONT_HAVE = (what: string, f: MonthFigures) => `I don't have ${what} for Month ${f.month} here, only its total of ${plural(f.users, 'user')}.`;

/** One sentence per numeric ask, from the month's figures only. */
const NUMBER_ANSWERS: Record<NumberAsk, (f: MonthFigures) => string> = {
  users: (f) => `You have ${plural(f.users, 'user')} at the end of Month ${f.month}.`,
  new: (f) =>
    f.newUsers === null
      ? DONT_HAVE('the new sign-ups', f)
      : `${plural(f.newUsers, 'new user')} joined in Month ${f.month}, for ${plural(f.users, 'user')} in all.`,
  lost: (f) =>
    f.churnedUsers === null
      ? DONT_HAVE('the users who left', f)
      : f.churnedUsers === 0
        ? `No users left in Month ${f.month}${f.month === 1 ? ': it is your launch month' : ''}; you have ${plural(f.users, 'user')}.`
        : `${plural(f.churnedUsers, 'user')} left in Month ${f.month}${f.previousUsers ? ` (${Math.round((f.churnedUsers / f.previousUsers) * 100)}% of the ${plural(f.previousUsers, 'user')} you started the month with)` : ''}; you have ${plural(f.users, 'user')}.`,
  growth: (f) =>
    f.growth === 'Launch'
      ? `Month 1 is your launch, so there is no growth rate yet: you start with ${plural(f.users, 'user')}, and growth is counted from Month 2.`
      : f.growth === null
        ? `${DONT_HAVE("last month's users", f)} Without them I can't give you a growth rate.`
        : f.growth >= 0
          ? `That is ${f.growth}% growth on Month ${f.month - 1} (from ${f.previousUsers} to ${plural(f.users, 'user')}).`
          : `That is a ${-f.growth}% drop on Month ${f.month - 1} (from ${f.previousUsers} to ${plural(f.users, 'user')}).`,
  next: (f) =>
    f.nextUsers === null
      ? `The simulation gives no number for next month here; you have ${plural(f.users, 'user')} now.`
      : `The simulation expects ${plural(f.nextUsers, 'user')} next month, from ${plural(f.users, 'user')} now.`,
};

/** Everything Val knows about the month, in one sentence: "90 users, 28 new and 8 who left, 29% growth on Month 2, about 112 expected next month". */
function monthSummary(f: MonthFigures): string {
  const parts = [plural(f.users, 'user')];
  if (f.newUsers !== null && f.churnedUsers !== null) parts.push(`${f.newUsers} new and ${f.churnedUsers} who left`);
  if (f.growth === 'Launch') parts.push('your launch month');
  else if (f.growth !== null) parts.push(f.growth >= 0 ? `${f.growth}% growth on Month ${f.month - 1}` : `a ${-f.growth}% drop on Month ${f.month - 1}`);
  if (f.nextUsers !== null) parts.push(`about ${f.nextUsers} expected next month`);
  return parts.length > 1 ? `${parts.slice(0, -1).join(', ')} and ${parts[parts.length - 1]}` : parts[0];
}

/** Val's feedback on the founder's answer to a month's challenge: quotes the answer, judges it, gives a next step. */
export function offlineChallengeFeedback(
  input: Pick<ChallengeFeedbackRequest, 'month' | 'challenge' | 'response' | 'validationData' | 'simulationData'>,
): string {
  const t = traitsOf(input.response);
  const entry = monthEntry(input.simulationData, input.month);
  const users = entry?.users;
  const f = entry ? figuresOf(entry, input.month) : null;
  const seg = segmentOf(input.validationData.targetCustomer);
  const strengths: string[] = [];
  const gaps: string[] = [];
  (t.hasNumber ? strengths : gaps).push(
    t.hasNumber ? 'you put a number on it, so you will know whether it worked' : 'add a number — a target or a threshold — so you can tell success from noise',
  );
  (t.mentionsCustomers ? strengths : gaps).push(
    t.mentionsCustomers ? `you go back to ${seg} instead of guessing` : `say how you will hear it from ${seg} themselves, not only from the dashboard`,
  );
  (t.mentionsTest ? strengths : gaps).push(
    t.mentionsTest ? 'you treat it as an experiment you can measure' : 'frame it as a small experiment with a clear pass/fail line',
  );
  (t.mentionsTime ? strengths : gaps).push(t.mentionsTime ? 'you set a time frame' : 'give yourself a deadline inside the month');
  if (t.channel) strengths.push(`${t.channel} is a concrete channel you can test cheaply`);
  if (t.mentionsPrice) strengths.push('you think about pricing early, which most founders postpone');
  const verdict =
    strengths.length >= 4
      ? 'This is a strong, testable answer.'
      : strengths.length >= 2
        ? 'A solid start — it needs one or two sharper edges.'
        : t.words < 12
          ? 'This is a start, but it is too short to act on yet.'
          : 'You have the intent; now make it concrete.';
  const target = nextMonthUsers(input.simulationData, input.month);
  const lines = [
    `Month ${input.month} — you answered “${clip(input.challenge, 90)}” with: “${clip(input.response, 160)}”`,
    '',
    verdict,
    '',
    ...(strengths.length ? ['**What works:**', ...strengths.slice(0, 3).map((s) => `- ${cap(s)}.`), ''] : []),
    ...(gaps.length ? ['**What to sharpen:**', ...gaps.slice(0, 2).map((s) => `- ${cap(s)}.`), ''] : []),
    users && f
      ? `Next step for Month ${input.month}: you have ${monthSummary({ ...f, nextUsers: null })}. Pick the ${Math.min(10, users)} most active, ask them one question about this, and decide by the end of the month ${target !== null ? `whether you can reach ${plural(target, 'user')} next month` : 'whether it moved the number'}.`
      : `Next step for Month ${input.month}: write the one experiment down, with a date and the number that would make you continue.`,
  ];
  return lines.join('\n');
}

type ChatTopic = 'growth' | 'churn' | 'pricing' | 'marketing' | 'product' | 'team' | 'funding' | 'challenge' | 'wins';
const CHAT_TOPICS: ReadonlyArray<[ChatTopic, RegExp]> = [
  ['churn', /churn|retention|retain|leav|lost|lose|drop|cancel|stopp?(ed|ing)?\b|quit|keep (them|users|customers)/],
  ['pricing', /pric|revenue|money|pay|charge|monetiz|monetis|\$|€|£|plan\b|plans\b/],
  ['marketing', /market|channel|acquisi|ads?\b|seo|content|social|reach|promot|newsletter|referral/],
  ['growth', /grow|users|numbers?|faster|scale|how many|target|goal|next month/],
  ['product', /feature|product|build|mvp|roadmap|bug|onboard/],
  ['team', /hire|hiring|team|co-?founder|help|freelanc/],
  ['funding', /invest|fund|rais|vc|angel|pitch|runway/],
  ['challenge', /challenge|problem|wrong|worr|risk|difficult/],
  ['wins', /win|went well|good|success|celebrat/],
];

/**
 * Val's reply in the month's chat: the founder's question answered from that month's numbers
 * (users, new and lost users, growth versus the previous month, next month's expected users),
 * then advice on the question's topic; a question it cannot map gets an honest answer with the
 * month's numbers.
 */
export function offlineValChat(input: Pick<ValChatRequest, 'month' | 'question' | 'conversationHistory' | 'simulationData' | 'validationData'>): string {
  const m = input.simulationData;
  const q = input.question.trim();
  const ql = q.toLowerCase();
  const f = figuresOf(m, input.month);
  const asks = numberAsks(ql);
  const topic = CHAT_TOPICS.find(([, re]) => re.test(ql))?.[0] ?? null;
  const seg = segmentOf(input.validationData.targetCustomer);
  const idea = ideaPhrase(input.validationData.idea);
  const users = m.users;
  const w = m.wins.find((x) => !/\d/.test(x)) ?? m.wins[0];
  const win = w ? `“${clip(w, 80)}”` : 'your first wins';
  const problem = m.challenges[0] ? `“${clip(m.challenges[0], 80)}”` : 'the open challenges';
  const again = input.conversationHistory.some((h) => h.isUser) ? 'Building on what we discussed: ' : '';
  const asked = `You asked “${clip(q.replace(/[?!.]+$/, ''), 80)}”.`;
  if (!asks.length && !topic) {
    return `${again}${asked} I can't answer that from your simulation: it only knows Month ${input.month}'s numbers — ${monthSummary(f)}. Ask me about those, or about pricing, channels, the product, hiring, funding or this month's challenge ${problem}.`;
  }
  const next = f.nextUsers;
  const advice: Record<ChatTopic, string> = {
    growth: `${next !== null ? `To reach the ${plural(next, 'user')} the simulation expects next month` : 'To keep growing next month'}, do more of what produced ${win} and put one hour a day into the single channel that brought the most ${seg}.`,
    churn: `Every user who leaves is a lesson: call five of them, ask what they did instead, and fix what they never finished in their first week — that is where ${problem} usually starts.`,
    pricing: `At ${plural(users, 'user')}, don't optimise price yet — find out who would pay. Offer a paid plan to your 10 most active users this month; if three say yes, your ${idea} has a price floor you can build on.`,
    marketing: `For ${seg}, go where they already are. In Month ${input.month} pick one channel, give it two weeks and a target (say ${plural(Math.max(5, Math.round(users * 0.2)), 'new user')}), and drop it if it misses. ${win} shows what message works — reuse it.`,
    product: `Build less, learn more. With ${plural(users, 'user')}, ship only what removes ${problem}, and measure whether the next sign-ups get to their first result faster.`,
    team: `At ${plural(users, 'user')} a full-time hire is early. Use a part-time helper or freelancer for what eats your week — probably support around ${problem} — and keep talking to ${seg} yourself.`,
    funding: `Investors will ask about Month ${input.month}'s ${plural(users, 'user')} and how fast they return. Collect retention and one customer story first; ${win} is the kind of proof a pitch needs.`,
    challenge: `The biggest risk I see in Month ${input.month} is ${problem}. Name one experiment for this week that attacks it, with a number that tells you it worked — then we can talk about the next one.`,
    wins: `${cap(win)} matters: it shows ${seg} care. Write down why it worked while it is fresh, and use that exact story on your landing page and in your next ${plural(5, 'outreach message')}.`,
  };
  const numbers = asks.length ? asks.map((a) => NUMBER_ANSWERS[a](f)) : [`In Month ${input.month} you are at ${plural(users, 'user')}.`];
  const adviceTopic = topic ?? (asks.includes('lost') ? 'churn' : 'growth');
  return [`${again}${asked}`, ...numbers, advice[adviceTopic]].join(' ');
}
