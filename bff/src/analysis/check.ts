/**
 * The consistency check every section passes before it is stored, whoever wrote it (a model or
 * the offline analyst): numbers must match the fact sheet within rounding, be the founder's own,
 * cite a source that says them, or be labelled as assumptions; the verdict word must be the
 * sheet's; named companies must belong to the market read; Low/Medium/High must match the
 * scores; no template fragments. `dropViolations` removes what still fails and says so.
 */
import { levelOf, type FactSheet, type Level, type SourceRef, type Verdict } from '@val/contracts';
import { knownCompanyNames, marketWords } from './competitors';
import { GENERAL, MARKETS, PLATFORM_NAMES, readAmounts } from '@val/offline-analyst';
import { numberClaims, writtenNumbers, type ClaimKind, type NumberClaim } from './numbers';
import { textUnits, type TextUnit } from './units';

/** What a section is checked against. */
export interface CheckContext {
  sheet: FactSheet;
  /** The founder's own words: numbers and names quoted from them are theirs to state. */
  inputs: string;
  /** Other texts a section may quote (step 3's interviews). */
  quoted?: string;
  /** The search results the section may cite as [n]. */
  sources?: ReadonlyArray<SourceRef>;
  /** The section's id (a report step): its own score's word is checked too. */
  sectionId?: string;
  /** Names the section may use besides the sheet's competitors (e.g. the market's incumbents). */
  allowedNames?: ReadonlyArray<string>;
}

export type ViolationKind =
  | 'number'
  | 'currency'
  | 'verdict'
  | 'break-even'
  | 'label'
  | 'competitor'
  | 'citation'
  | 'link'
  | 'fragment'
  /** "guaranteed", "can't fail", "clear winner", "no risks", "risk-free", "sure thing". */
  | 'certainty'
  /** "no competitors", "no competition", "wide open", "nobody else does this" (when the sheet or the market names competitors). */
  | 'competition'
  /** "everyone is your customer", "100% of people", "every business needs it". */
  | 'audience'
  /** Plans that skip the stages: an IPO, "raise millions now", "Series A next month". */
  | 'stage'
  /** An x/10 that is not one of the sheet's scores. */
  | 'score';

/** The qualitative claim kinds the check reads (issue 37): each is reported with the sheet fact it contradicts. */
export const CLAIM_KINDS: ReadonlyArray<ViolationKind> = ['certainty', 'competition', 'audience', 'stage', 'score'];

/** One thing the section says that the sheet does not support. */
export interface Violation {
  kind: ViolationKind;
  /** The words as written. */
  text: string;
  /** What the sheet says instead, for the repair round. */
  expected: string;
  start: number;
  end: number;
}

/** What was found, with counts for the quality bench. */
export interface CheckResult {
  violations: Violation[];
  /** Numeric claims: how many matched the sheet, were the founder's, cited a source, or were labelled assumptions. */
  numbers: { total: number; sheet: number; quoted: number; cited: number; labelled: number };
}

interface Allowed {
  kind: ClaimKind;
  value: number;
  label: string;
}

const FIGURE_KIND: Record<string, ClaimKind> = { money: 'money', count: 'count', percent: 'percent', months: 'months', ratio: 'ratio', score: 'score10' };

/** Every number the sheet states, by kind (ranges give their low, base and high). */
export function sheetNumbers(sheet: FactSheet): Allowed[] {
  const out: Allowed[] = [];
  const add = (kind: ClaimKind, value: number, label: string) => out.push({ kind, value, label });
  const figures = sheet.kind === 'report' ? [...sheet.sizing, ...sheet.economics, ...sheet.plan] : sheet.figures;
  for (const f of figures) {
    const kind = FIGURE_KIND[f.kind] ?? 'count';
    add(kind, f.value, f.label);
    if (f.low !== undefined) add(kind, f.low, `${f.label} (low)`);
    if (f.high !== undefined) add(kind, f.high, `${f.label} (high)`);
  }
  if (sheet.kind === 'report') {
    for (const y of sheet.years) {
      add('count', y.customers, `customers at the end of year ${y.year}`);
      add('money', y.revenue, `revenue in year ${y.year}`);
      add('money', y.costs, `costs in year ${y.year}`);
      add('money', y.profit, `profit in year ${y.year}`);
    }
    for (const s of sheet.scores) add('score10', s.score, s.label);
  }
  if (sheet.kind === 'validation') add('score10', sheet.score, 'the validation score');
  if (sheet.kind === 'simulation') {
    for (const m of sheet.months) {
      add('count', m.users, `users in month ${m.month}`);
      add('count', m.newUsers, `new users in month ${m.month}`);
      add('count', m.churnedUsers, `users lost in month ${m.month}`);
      if (m.growthPercent !== null) add('percent', m.growthPercent / 100, `growth in month ${m.month}`);
    }
  }
  return out;
}

/** Every text of the sheet (assumptions, rule, changes, risks): its own sentences and numbers are the sheet's. */
export function sheetTexts(sheet: FactSheet): string[] {
  const figures = sheet.kind === 'report' ? [...sheet.sizing, ...sheet.economics, ...sheet.plan] : sheet.figures;
  return [
    ...figures.flatMap((f) => [f.label, f.basis]),
    ...(sheet.kind === 'report' ? sheet.scores.map((x) => x.basis) : []),
    ...(sheet.kind === 'simulation' ? [] : [sheet.verdict.rule, ...sheet.verdict.changes]),
    ...sheet.risks.map((r) => r.text),
    sheet.sources.note,
    ...(sheet.marketFacts ?? []),
  ];
}

const squash = (s: string) => s.replace(/[*_`]/g, '').replace(/\s+/g, ' ').trim();

/** The break-even months a text may state: the sheet's, and the one at the price that fixes it. */
function breakEvenMonths(sheet: FactSheet): number[] {
  if (sheet.kind !== 'report') return [];
  const at = sheet.plan.find((f) => f.id === 'break-even-at-that-price')?.value;
  return [sheet.breakEvenMonth, at].filter((n): n is number => typeof n === 'number');
}

const near = (a: number, b: number, tol: number) => Math.abs(Math.abs(a) - Math.abs(b)) <= Math.max(tol, Math.abs(b) * 0.005, 1e-9);

/** Which sheet kinds a claim of a kind may match. */
const MATCHES: Record<ClaimKind, ClaimKind[]> = {
  money: ['money'],
  percent: ['percent'],
  score10: ['score10'],
  score100: [],
  ratio: ['ratio'],
  months: ['months', 'count'],
  count: ['count', 'months'],
};

/** A sentence that marks its numbers as assumptions, examples or targets (not claims about the market). */
const LABELLED =
  /\(assumption\)|\bassum(?:e|es|ed|ing|ption|ptions)\b|\bhypothetical(?:ly)?\b|\bfor example\b|\be\.g\.|\billustrat(?:ive|ion)\b|\(target\)|\btarget:|\bsuccess (?:=|means)/i;

const fmtCurrency = (sheet: FactSheet) => `${sheet.currency.symbol.trim()} (${sheet.currency.code})`;

/** Whether source n of the sentence's citations says the number. */
function citedBy(unit: string, claim: NumberClaim, sources: ReadonlyArray<SourceRef>): boolean {
  const cites = [...unit.matchAll(/\[(\d{1,2})\]/g)].map((m) => Number(m[1]));
  if (!cites.length) return false;
  const digits = claim.text.replace(/[^\d.]/g, '').replace(/\.$/, '');
  return cites.some((n) => {
    const s = sources.find((x) => x.n === n);
    return !!s && `${s.title} ${s.snippet}`.replace(/,(?=\d{3})/g, '').includes(digits);
  });
}

/** The verdict a phrase states, or null. */
function verdictOf(phrase: string): Verdict | null {
  const p = phrase.toLowerCase().replace(/\s+/g, ' ');
  if (/^(no[- ]go|not yet|rework|stop|do not|don't)/.test(p)) return 'No-go';
  if (/^(go,? with|pursue with|proceed with)/.test(p)) return 'Go with changes';
  if (/^(go|pursue|proceed)/.test(p)) return 'Go';
  return null;
}

const VERDICT_RE =
  /\b(?:verdict|recommendation|decision|bottom line)\b\W{0,4}(?:is\W{0,3})?(?:\*\*|__|_)?\s*(go,? with (?:changes|conditions)|no[- ]go|not yet|go\b|pursue(?: with)?|proceed(?: with)?|rework|stop|do not pursue|don't pursue)/gi;
const PROFITABLE_RE =
  /\b(?:the numbers (?:can|will|do) work|(?:becomes?|is|turns?) profitable|turns? a profit|reach(?:es|ing)? break[- ]?even|breaks? even (?:in|by|within|around|from))/gi;
const NO_BREAK_EVEN_RE = /\b(?:no break[- ]?even|never breaks? even|does not break even|doesn't break even|won't break even)\b/gi;
/** A sentence about another price than the sheet's (the one that would break even). */
const OTHER_PRICE = /\bat (?:that|this|a|the higher) price\b|\bcharge\b|\bat (?:[A-Za-z]{1,3}\s?)?\S+ a month\b|\bhigher price\b/i;
const NEGATION = /\b(?:no|not|never|without|n't|cannot|unlikely|fails? to|won't)\b/i;

const LEVEL_SCORE_RE =
  /\b(Low|Medium|High)\b\**\s*\(\s*(\d+(?:\.\d+)?)\s*\/\s*10\s*\)|(\d+(?:\.\d+)?)\s*\/\s*10\s*\)?\**\s*[-–—:,(]?\s*\**\s*\b(Low|Medium|High)\b/g;

/** Words that contradict a force's level (a Low force described as fierce, a High one as weak). */
const CONTRADICTS: Record<Level, RegExp | null> = {
  Low: /\b(price wars are common|fierce|intense (?:competition|rivalry)|cut-?throat|dominat(?:e|es|ed|ing) by)\b/i,
  Medium: null,
  High: /\b(little|weak|few|no real) (?:competition|rivalry|pressure)\b/i,
};

const FRAGMENT_RES: ReadonlyArray<[RegExp, string]> = [
  [/\b(?:undefined|NaN)\b|\[object Object\]|\{\{|\}\}|\$\{/g, 'a template placeholder left in the text'],
  [/\b(?:that|the|an|and|of|found)\s?[.,;:](?=\s|$)/g, 'a sentence that stops mid-way'],
  [/\(\s*\)|""|“”|\*\*\s*\*\*/g, 'an empty quote or bracket'],
  [/(?<![.\w])\.\.(?!\.)/g, 'doubled punctuation'],
  [/\b([A-Za-z]{3,})\s+\1\b/gi, 'a doubled word'],
  [
    /\b(?:your (?:first )?market|general \(no clear market\))\s(?:startups|companies|firms|brands|buyers|spending|products|apps|tools|businesses|customers|leaders|incumbents)\b/g,
    'a placeholder used as a word of the sentence',
  ],
];

/**
 * Checks one section against its context. Numbers in code spans and links are read like any
 * other; names are matched case-sensitively as whole words.
 */
export function checkSection(markdown: string, ctx: CheckContext): CheckResult {
  const { sheet } = ctx;
  const units = textUnits(markdown);
  const unitAt = (pos: number): TextUnit => units.find((u) => pos >= u.start && pos < u.end) ?? { start: 0, end: markdown.length, kind: 'sentence' };
  const unitText = (pos: number) => {
    const u = unitAt(pos);
    return markdown.slice(u.start, u.end);
  };
  const violations: Violation[] = [];
  const flag = (kind: ViolationKind, start: number, end: number, expected: string) =>
    violations.push({ kind, text: markdown.slice(start, end), expected, start, end });

  // Numbers.
  const allowed = sheetNumbers(sheet);
  const texts = sheetTexts(sheet).map(squash);
  // The sheet's own texts: assumptions, rules, risks and the market table's facts it lists.
  const fromSheetText = writtenNumbers(texts.join(' '));
  const moneyInSheetText = readAmounts(texts.join(' '))
    .filter((a) => a.currency === sheet.currency.code)
    .map((a) => a.value);
  const isSheetSentence = (u: string) => {
    const t = squash(u)
      .replace(/^[-*\d.)\s|]+/, '')
      .replace(/[|\s]+$/, '');
    return t.length > 12 && texts.some((x) => x.includes(t) || (x.length >= 40 && t.includes(x)));
  };
  const theirs = [...writtenNumbers(ctx.inputs), ...writtenNumbers(ctx.quoted ?? '')];
  const breakEven = breakEvenMonths(sheet);
  const counts = { total: 0, sheet: 0, quoted: 0, cited: 0, labelled: 0 };
  for (const c of numberClaims(markdown)) {
    counts.total += 1;
    const unit = unitText(c.start);
    const quoted = theirs.some((n) => near(c.value, n, c.tolerance) || (c.kind === 'percent' && near(c.value, n / 100, c.tolerance)));
    if (c.kind === 'money' && c.currency !== sheet.currency.code && !quoted) {
      flag('currency', c.start, c.end, `amounts in ${fmtCurrency(sheet)}, the sheet's currency`);
      continue;
    }
    if (isSheetSentence(unit)) {
      counts.sheet += 1;
      continue;
    }
    if (c.kind === 'score10') {
      // Every x/10 is one of the sheet's scores, whatever the founder's words ask for.
      if (scoreAllowed(c, sheet, texts)) counts.sheet += 1;
      else flag('score', c.start, c.end, scoresFact(sheet));
      continue;
    }
    if (c.topic === 'break-even') {
      if (breakEven.some((m) => m === c.value)) counts.sheet += 1;
      else if (LABELLED.test(unit)) counts.labelled += 1;
      else
        flag(
          'break-even',
          c.start,
          c.end,
          sheet.kind === 'report' && sheet.breakEvenMonth ? `break-even in month ${sheet.breakEvenMonth}` : 'no break-even within five years',
        );
      continue;
    }
    const kinds = MATCHES[c.kind];
    if (
      allowed.some((a) => kinds.includes(a.kind) && near(c.value, a.value, c.tolerance)) ||
      (c.kind !== 'money' && fromSheetText.some((n) => near(c.value, n, c.tolerance) || (c.kind === 'percent' && near(c.value, n / 100, c.tolerance)))) ||
      (c.kind === 'money' && moneyInSheetText.some((n) => near(c.value, n, c.tolerance)))
    )
      counts.sheet += 1;
    else if (quoted) counts.quoted += 1;
    else if (ctx.sources?.length && citedBy(unit, c, ctx.sources)) counts.cited += 1;
    else if (LABELLED.test(unit)) counts.labelled += 1;
    else flag('number', c.start, c.end, closest(c, allowed));
  }

  // The verdict and break-even.
  const verdict = sheet.kind === 'simulation' ? null : sheet.verdict.word;
  if (verdict) {
    for (const m of markdown.matchAll(VERDICT_RE)) {
      const said = verdictOf(m[1]);
      if (said && said !== verdict) flag('verdict', (m.index ?? 0) + m[0].indexOf(m[1]), (m.index ?? 0) + m[0].length, `the verdict is "${verdict}"`);
    }
  }
  if (sheet.kind === 'report') {
    if (sheet.breakEvenMonth === null) {
      for (const m of markdown.matchAll(PROFITABLE_RE)) {
        const unit = unitText(m.index ?? 0);
        if (
          NEGATION.test(unit.slice(0, Math.max(0, (m.index ?? 0) - unitAt(m.index ?? 0).start) + m[0].length)) ||
          LABELLED.test(unit) ||
          OTHER_PRICE.test(unit)
        )
          continue;
        flag('break-even', m.index ?? 0, (m.index ?? 0) + m[0].length, 'no break-even within five years at this price');
      }
    } else {
      for (const m of markdown.matchAll(NO_BREAK_EVEN_RE))
        flag('break-even', m.index ?? 0, (m.index ?? 0) + m[0].length, `break-even in month ${sheet.breakEvenMonth}`);
    }
  }

  // Tables cell by cell: a break-even row states the sheet's month.
  if (sheet.kind !== 'simulation') {
    for (const u of units.filter((x) => x.kind === 'row')) {
      const row = markdown.slice(u.start, u.end);
      const cells = cellsOf(row, u.start);
      if (!cells.length || !/break[- ]?even/i.test(cells[0].text)) continue;
      for (const cell of cells.slice(1)) {
        const m = /\bmonth\s?(\d{1,3})\b|^(\d{1,3})$/i.exec(cell.text);
        if (!m) continue;
        const n = Number(m[1] ?? m[2]);
        if (breakEven.includes(n) || LABELLED.test(cell.text)) continue;
        const start = cell.start + m.index;
        if (violations.some((v) => v.start === start + m[0].indexOf(String(n)) || (v.start >= start && v.start < start + m[0].length))) continue;
        flag(
          'break-even',
          start,
          start + m[0].length,
          sheet.kind === 'report' && sheet.breakEvenMonth ? `break-even in month ${sheet.breakEvenMonth}` : 'no break-even within five years',
        );
      }
    }
  }

  // Qualitative claims: certainty, competition, audience, stage-skipping plans.
  violations.push(...qualitativeClaims(markdown, ctx, units));

  // Low / Medium / High against the scores.
  for (const m of markdown.matchAll(LEVEL_SCORE_RE)) {
    const word = (m[1] ?? m[4]) as Level;
    const n = Number(m[2] ?? m[3]);
    if (levelOf(n) !== word) flag('label', m.index ?? 0, (m.index ?? 0) + m[0].length, `${n}/10 is ${levelOf(n)} (0–3 Low, 4–6 Medium, 7–10 High)`);
  }
  if (sheet.kind === 'report') {
    for (const u of units.filter((x) => x.kind === 'row')) {
      const row = markdown.slice(u.start, u.end);
      const cells = row.split('|').map((c) => c.replace(/\*\*/g, '').trim());
      const s = sheet.scores.find((x) => cells[1]?.toLowerCase() === x.label.toLowerCase() || cells[1]?.toLowerCase() === x.id.replace(/-/g, ' '));
      const lvl = cells.slice(2).find((c) => /^(Low|Medium|High)$/.test(c));
      if (s && lvl && lvl !== s.level) {
        const at = u.start + row.indexOf(lvl, row.indexOf('|', 1));
        flag('label', at, at + lvl.length, `${s.label} is ${s.score}/10, which is ${s.level}`);
      }
    }
    const own = sheet.scores.find((s) => s.id === ctx.sectionId);
    if (own) {
      for (const m of markdown.matchAll(/\b(?:is|are|rated|rates|as)\s+\**(low|medium|high)\b/gi)) {
        const word = (m[1][0].toUpperCase() + m[1].slice(1).toLowerCase()) as Level;
        if (word !== own.level) flag('label', m.index ?? 0, (m.index ?? 0) + m[0].length, `${own.label} is ${own.score}/10, which is ${own.level}`);
      }
      const against = CONTRADICTS[own.level];
      if (against)
        for (const m of markdown.matchAll(new RegExp(against.source, 'gi')))
          flag('label', m.index ?? 0, (m.index ?? 0) + m[0].length, `${own.label} is ${own.level} (${own.score}/10)`);
    }
  }

  // Companies from other markets.
  const allowedNames = new Set([...(sheet.kind === 'report' ? sheet.competitors : []), ...(ctx.allowedNames ?? [])]);
  const marketText = marketWords(sheet.market.id);
  const sourceText = (ctx.sources ?? []).map((s) => `${s.title} ${s.snippet}`).join(' ');
  // Longest names first: "Google Classroom" is one name, not "Google".
  const named: Array<{ start: number; end: number }> = [];
  for (const [name, markets] of [...knownCompanyNames()].sort((a, b) => b[0].length - a[0].length)) {
    const re = new RegExp(`(?<![\\w.])${name.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}(?![\\w])`, 'g');
    for (const m of markdown.matchAll(re)) {
      const start = m.index ?? 0;
      const end = start + m[0].length;
      if (named.some((n) => start < n.end && end > n.start)) continue;
      named.push({ start, end });
      const ok =
        allowedNames.has(name) ||
        PLATFORM_NAMES.includes(name) ||
        marketText.includes(name) ||
        ctx.inputs.includes(name) ||
        (ctx.quoted ?? '').includes(name) ||
        sourceText.includes(name);
      if (!ok) flag('competitor', start, end, `${name} belongs to ${markets.join(', ')}, not to ${sheet.market.label}`);
    }
  }

  // Citations of sources the section was not given.
  const given = new Set((ctx.sources ?? []).map((x) => x.n));
  for (const m of markdown.matchAll(/\[(\d{1,3})\](?!\()/g)) {
    if (!given.has(Number(m[1])))
      flag(
        'citation',
        m.index ?? 0,
        (m.index ?? 0) + m[0].length,
        given.size ? `cite only the sources given (${[...given].map((n) => `[${n}]`).join(', ')})` : 'no sources were consulted: cite none',
      );
  }

  // Links: only to a source the section was given (a model's link is text a founder may click).
  const sourceUrls = new Set((ctx.sources ?? []).map((x) => x.url));
  for (const m of markdown.matchAll(/\[[^\]\n]*\]\(\s*<?([^)\s>]+)>?[^)]*\)|<?(https?:\/\/[^\s)<>\]]+)/gi)) {
    const url = (m[1] ?? m[2] ?? '').replace(/[.,;:!?]+$/, '');
    if (sourceUrls.has(url)) continue;
    flag('link', m.index ?? 0, (m.index ?? 0) + m[0].length, 'no links: the founder reads the analysis, sources are listed apart');
  }

  // Template fragments.
  for (const [re, what] of FRAGMENT_RES) {
    for (const m of markdown.matchAll(re)) {
      const u = unitAt(m.index ?? 0);
      if (u.kind === 'code' || plainWords(ctx.inputs).includes(plainWords(m[0]))) continue;
      flag('fragment', m.index ?? 0, (m.index ?? 0) + m[0].length, what);
    }
  }

  violations.sort((a, b) => a.start - b.start);
  return { violations, numbers: counts };
}

/** The cells of a table row with their offsets (pipes and bold marks trimmed). */
function cellsOf(row: string, offset: number): Array<{ text: string; start: number }> {
  const out: Array<{ text: string; start: number }> = [];
  let at = row.indexOf('|') + 1;
  while (at > 0 && at < row.length) {
    const next = row.indexOf('|', at);
    const raw = row.slice(at, next < 0 ? row.length : next);
    const lead = raw.length - raw.trimStart().length;
    const text = raw.trim().replace(/^\*\*|\*\*$/g, '');
    if (text && !/^:?-{2,}:?$/.test(text)) out.push({ text, start: offset + at + lead + (raw.trim().startsWith('**') ? 2 : 0) });
    if (next < 0) break;
    at = next + 1;
  }
  return out;
}

/** Whether an x/10 is the sheet's: one of its scores, or written so in the sheet's own texts. */
function scoreAllowed(c: NumberClaim, sheet: FactSheet, texts: ReadonlyArray<string>): boolean {
  const scores = sheetNumbers(sheet).filter((a) => a.kind === 'score10');
  if (scores.some((a) => near(c.value, a.value, c.tolerance))) return true;
  const written = c.text.replace(/\s+/g, '');
  return texts.some((t) => t.replace(/\s+/g, '').includes(written));
}

/** The sheet's scores, as the repair round and the removal record state them. */
function scoresFact(sheet: FactSheet): string {
  if (sheet.kind === 'validation') return `the validation score is ${sheet.score.toFixed(1)}/10`;
  if (sheet.kind === 'report' && sheet.scores.length)
    return `the sheet's scores are ${sheet.scores
      .slice(0, 6)
      .map((x) => `${x.label} ${x.score}/10`)
      .join(', ')}`;
  return 'the sheet has no score out of 10';
}

const CERTAINTY_RE =
  /\b(?:guaranteed|guarantees\s+(?:success|a\s+profit|profits?|results|returns|growth|demand|customers|revenue)|can(?:'|’|no)?t\s+fail|can\s+not\s+fail|cannot\s+lose|can(?:'|’)t\s+lose|(?:a\s+)?clear\s+winner|no\s+(?:real\s+)?risks?\b|zero\s+risk|risk[- ]free|sure[- ]fire|sure\s+thing|certain\s+(?:to\s+)?(?:succeed|success|win)|100\s?%\s+(?:certain|sure|success))/gi;
const COMPETITION_RE =
  /\b(?:no\s+(?:real\s+|direct\s+|existing\s+|serious\s+)?(?:competitors?|competition|rivals?)(?!\s+(?:listed|named|data))|(?:market|space|field|niche)\s+is\s+wide\s+open|wide[- ]open\s+(?:market|space|field|niche)|(?:nobody|no\s+one|no-one)\s+else\s+(?:does|is\s+doing|offers|makes|sells|has)|(?:faces?|has|have)\s+no\s+competitors?|zero\s+competit(?:ion|ors))/gi;
const AUDIENCE_RE =
  /\b(?:(?:everyone|everybody|anyone)\s+(?:is|are|will\s+be|could\s+be|can\s+be)\s+(?:your|a|the|our|potential)?\s*(?:potential\s+)?(?:customers?|target|market|users?|buyers?|audience)|(?:everyone|everybody)\s+(?:needs?|wants?|will\s+(?:buy|pay|use|want|need))\b|100\s?%\s+of\s+(?:people|the\s+population|consumers|businesses|customers|households|users|companies|humans|the\s+market)|every\s+(?:single\s+)?(?:business|company|person|household|consumer|human|adult)\s+(?:needs?|wants?|will|is\s+a|can\s+use|could\s+use|would)|(?:all|any)\s+(?:businesses|people|consumers|companies|households)\s+(?:need|want|will)|the\s+whole\s+(?:world|planet|population)|(?:target|sell\s+to|market\s+to|targets|targeting)\s+(?:everyone|everybody|anyone))/gi;
const AUDIENCE_CELL = /^(?:everyone|everybody|anyone|all\s+people|the\s+whole\s+world|100\s?%\s+of\s+\w+)\.?$/i;
const STAGE_RE =
  /\b(?:IPO|initial\s+public\s+offering|go(?:ing)?\s+public|raise\s+(?:millions|billions|a\s+(?:huge|massive|big)\s+round)|(?:raise|raising|close|closing|land|secure|pitch\s+for|go\s+for)\s+(?:a\s+|your\s+|the\s+)?series\s+[A-D]\b|series\s+[A-D]\s+(?:next|this|within|by|in\s+(?:month|week|\d))|unicorn\s+(?:status|valuation)|become\s+a\s+unicorn|billion[- ]dollar\s+valuation)/g;
const STAGE_RE_I = new RegExp(STAGE_RE.source.replace('IPO|', ''), 'gi');
/** A claim that is negated just before it ("not guaranteed", "never risk-free", "do not raise a Series A"). */
const NEGATED_BEFORE =
  /\b(?:no|not|never|nothing|isn't|is\s+not|aren't|don't|do\s+not|doesn't|without|before|instead\s+of|rather\s+than|avoid|n't|neither|nor|far\s+from|too\s+early\s+to)\b[^.;:!?]{0,30}$/i;

/** What the sheet says about a kind of claim (the fact a removed claim contradicted). */
function claimFact(kind: 'certainty' | 'competition' | 'audience' | 'stage', sheet: FactSheet, names: ReadonlyArray<string>): string {
  const verdict = sheet.kind === 'simulation' ? null : `the verdict is "${sheet.verdict.word}"`;
  const risks = sheet.risks.length
    ? `the sheet lists ${sheet.risks.length} risk${sheet.risks.length === 1 ? '' : 's'} (first: "${sheet.risks[0].text.replace(/\s+/g, ' ').slice(0, 90)}")`
    : null;
  if (kind === 'certainty') return [risks, verdict].filter(Boolean).join('; ') || 'the forecast is an estimate, never a certainty';
  if (kind === 'competition') return `the sheet names competitors: ${names.slice(0, 5).join(', ')}`;
  if (kind === 'audience') {
    const who = (sheet.kind === 'report' ? sheet.audience : null) || sheet.basis?.segment || sheet.market.label;
    return `the sheet’s buyers are ${who}, one segment, not everyone`;
  }
  const first = sheet.kind === 'simulation' ? null : sheet.verdict.changes[0];
  return [verdict, first ? `the next step is: ${first}` : 'the next step is first paying customers, not fundraising or a listing'].filter(Boolean).join('; ');
}

/** The competitors a sheet or its market names (a claim of no competition contradicts them). */
function namedCompetitors(sheet: FactSheet): string[] {
  const own = sheet.kind === 'report' ? sheet.competitors : [];
  const market = MARKETS.find((m) => m.id === sheet.market.id);
  const incumbents = market ? market.incumbents : sheet.market.general ? GENERAL[sheet.market.buyer].incumbents : [];
  return [...new Set([...own, ...incumbents])];
}

/** Qualitative claims of a text against the sheet: certainty, competition, audience, stage-skipping plans. */
function qualitativeClaims(markdown: string, ctx: CheckContext, units: ReadonlyArray<TextUnit>): Violation[] {
  const { sheet } = ctx;
  const out: Violation[] = [];
  const unitAt = (pos: number) => units.find((u) => pos >= u.start && pos < u.end) ?? { start: 0, end: markdown.length };
  const scan = (re: RegExp, kind: 'certainty' | 'competition' | 'audience' | 'stage', expected: string) => {
    for (const m of markdown.matchAll(re)) {
      const start = m.index ?? 0;
      const u = unitAt(start);
      const before = markdown.slice(Math.max(u.start, start - 40), start).replace(/[*_`]/g, '');
      if (NEGATED_BEFORE.test(before)) continue;
      // "Your riskiest assumption: that everyone will pay" names the claim to test, it does not make it.
      if (kind === 'audience' && LABELLED.test(markdown.slice(u.start, u.end))) continue;
      if (out.some((v) => start < v.end && start + m[0].length > v.start)) continue;
      out.push({ kind, text: m[0], expected, start, end: start + m[0].length });
    }
  };
  scan(CERTAINTY_RE, 'certainty', claimFact('certainty', sheet, []));
  const names = namedCompetitors(sheet);
  if (names.length) scan(COMPETITION_RE, 'competition', claimFact('competition', sheet, names));
  scan(AUDIENCE_RE, 'audience', claimFact('audience', sheet, []));
  for (const u of units.filter((x) => x.kind === 'row')) {
    for (const cell of cellsOf(markdown.slice(u.start, u.end), u.start)) {
      if (AUDIENCE_CELL.test(cell.text) && !out.some((v) => v.start >= cell.start && v.start < cell.start + cell.text.length))
        out.push({ kind: 'audience', text: cell.text, expected: claimFact('audience', sheet, []), start: cell.start, end: cell.start + cell.text.length });
    }
  }
  const stage = claimFact('stage', sheet, []);
  scan(STAGE_RE, 'stage', stage);
  scan(STAGE_RE_I, 'stage', stage);
  return out.sort((a, b) => a.start - b.start);
}

/**
 * The claim check alone, for texts that are not report sections (step 3's personas, interviews,
 * months and chat): certainty, competition, audience and stage-skipping claims, and every x/10
 * that is not one of the sheet's scores. Each violation says the sheet fact it contradicts.
 */
export function claimViolations(text: string, ctx: CheckContext): Violation[] {
  const units = textUnits(text);
  const texts = sheetTexts(ctx.sheet).map(squash);
  const out = qualitativeClaims(text, ctx, units);
  for (const c of numberClaims(text)) {
    if (c.kind !== 'score10' || scoreAllowed(c, ctx.sheet, texts)) continue;
    out.push({ kind: 'score', text: c.text, expected: scoresFact(ctx.sheet), start: c.start, end: c.end });
  }
  return out.sort((a, b) => a.start - b.start);
}

/** Lower-case words only: how a quote of the founder's text is recognised after markdown was stripped from it. */
const plainWords = (s: string) =>
  ` ${s
    .toLowerCase()
    .replace(/[^\p{L}\p{N}]+/gu, ' ')
    .trim()} `;

/** The sheet's figure nearest to a wrong claim, for the repair round's message. */
function closest(c: NumberClaim, allowed: Allowed[]): string {
  const same = allowed.filter((a) => MATCHES[c.kind].includes(a.kind));
  if (!same.length) return 'no such figure in the fact sheet: remove it or label it as an assumption';
  const best = same.reduce((b, a) => (Math.abs(Math.abs(a.value) - Math.abs(c.value)) < Math.abs(Math.abs(b.value) - Math.abs(c.value)) ? a : b));
  return `the fact sheet's figures (nearest: ${best.label})`;
}

/** The note a section ends with when the check removed something. */
export function removedNote(n: number): string {
  return `_${n} unsupported claim${n === 1 ? '' : 's'} removed by Val's consistency check._`;
}

/**
 * Removes every sentence, list item or table row holding a violation; a heading left with
 * nothing under it goes too. Returns the text (with the note appended when anything was removed)
 * and how many pieces were removed.
 */
export function dropViolations(markdown: string, violations: ReadonlyArray<Violation>): { text: string; removed: number } {
  if (!violations.length) return { text: markdown, removed: 0 };
  const units = textUnits(markdown);
  const bad = new Set<TextUnit>();
  for (const v of violations) {
    const u = units.find((x) => v.start >= x.start && v.start < x.end);
    if (u) bad.add(u);
  }
  let text = '';
  let last = 0;
  for (const u of units) {
    if (!bad.has(u)) continue;
    text += markdown.slice(last, u.start);
    last = u.end;
    if (u.kind !== 'sentence') while (markdown[last] === '\n' && markdown[last - 1] !== '\n') last += 1;
  }
  text += markdown.slice(last);
  text = tidy(text);
  return { text: `${text}\n\n${removedNote(bad.size)}`.trim(), removed: bad.size };
}

/** Blank runs collapsed, headings with nothing under them removed, tables without body rows removed. */
function tidy(text: string): string {
  const lines = text
    .replace(/[ \t]+\n/g, '\n')
    .replace(/\n{3,}/g, '\n\n')
    .split('\n');
  const out: string[] = [];
  for (let i = 0; i < lines.length; i++) {
    const l = lines[i];
    if (/^\|/.test(l) && /^\|[\s:|-]+\|$/.test(lines[i + 1] ?? '') && !/^\|/.test(lines[i + 2] ?? '')) {
      i += 1;
      continue;
    }
    out.push(l);
  }
  const cleaned: string[] = [];
  for (let i = 0; i < out.length; i++) {
    if (/^#{1,6}\s/.test(out[i])) {
      let j = i + 1;
      while (j < out.length && !out[j].trim()) j += 1;
      if (j >= out.length || /^#{1,6}\s/.test(out[j])) continue;
    }
    cleaned.push(out[i]);
  }
  return cleaned
    .join('\n')
    .replace(/\n{3,}/g, '\n\n')
    .trim();
}

/** The message of the repair round: each problem, what the sheet says, and the rules again. */
export function repairRequest(violations: ReadonlyArray<Violation>): string {
  const lines = violations.slice(0, 20).map((v) => `- You wrote "${v.text.replace(/\s+/g, ' ').slice(0, 120)}" (${v.kind}): ${v.expected}.`);
  return [
    'Your section contradicts the fact sheet in the data. Rewrite the whole section, same format and length, fixing exactly these problems:',
    ...lines,
    'Use only numbers from fact_sheet (or the founder\'s own words), or mark a number as "(assumption)". Use the verdict word from fact_sheet.verdict exactly. Name only companies listed in fact_sheet.competitors or in the sources. Describe scores with the sheet\'s word: 0–3 Low, 4–6 Medium, 7–10 High.',
  ].join('\n');
}
