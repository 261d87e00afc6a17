/**
 * The offline analyst's toolkit for reports: reads the buyer's inputs (their words, sector,
 * geography, numbers) into a profile, derives one consistent set of market figures from it, and
 * quotes what upstream agents wrote. Deterministic: the same inputs give the same report.
 * The markets and places come from the one market table (`./markets`).
 */
import type { CatalogueProduct, ProductInputs } from '@val/contracts';
import {
  GENERAL,
  buyerKindOf,
  confirmMarket,
  type ClassifierInput,
  customerPart,
  fitting,
  ideaParts,
  namesPlace,
  readMarket,
  readPlace,
  readsAsBusiness,
  rulesForIdea,
  type Market,
  type Place,
} from './markets';
import { PRODUCT_KINDS, readProductKind, type ProductKind } from './productKind';

/**
 * A market as the report writers read it: the market table's figures, with its rules named for
 * the buyer's place (or described without names), and channels that fit the buyer's audience.
 */
export type Sector = Pick<
  Market,
  | 'id'
  | 'label'
  | 'b2b'
  | 'buyers'
  | 'price'
  | 'grossMargin'
  | 'cac'
  | 'buyersPerMillion'
  | 'trends'
  | 'incumbents'
  | 'suppliers'
  | 'tech'
  | 'pains'
  | 'bizPains'
> & {
  /** [name, what it means]; the name starts lower-case ("health-data privacy rules (GDPR …)"). */
  regulations: Array<[string, string]>;
  /** What buyers use instead today (the market's first three alternatives). */
  substitutes: string[];
  /** Channels that fit the buyer's audience (at least three). */
  channels: string[];
};

/** Who a device maker depends on, whatever its market (a GPS collar needs no pet-food maker). */
const HARDWARE_SUPPLIERS = ['component distributors and module makers', 'contract manufacturers', 'certification test labs', 'IoT connectivity providers'];

/**
 * The report's view of a market for a place, an audience and an idea: `kind` and `text` (the
 * founder's words about the idea and its customer) choose the rules that fit what is sold.
 */
export function sectorOf(m: Market, place: Place | null, audience: string, buyer: 'consumer' | 'business', kind: ProductKind, text: string): Sector {
  const channels = fitting(m.channels[buyer], audience);
  for (const c of GENERAL[buyer].channels[buyer]) if (channels.length < 3) channels.push(String(c));
  return {
    id: m.id,
    label: m.label,
    b2b: m.b2b,
    buyers: m.buyers,
    price: m.price,
    grossMargin: m.grossMargin,
    cac: m.cac,
    buyersPerMillion: m.buyersPerMillion,
    regulations: rulesForIdea(m, place, kind, text),
    trends: m.trends,
    incumbents: m.incumbents,
    substitutes: m.alternatives.slice(0, 3),
    suppliers: kind === 'hardware' ? HARDWARE_SUPPLIERS : m.suppliers,
    channels,
    tech: m.tech,
    pains: m.pains,
    bizPains: m.bizPains,
  };
}

const STOP = new Set(
  'a an the and or but for to of in on at by with from into onto that this these those it its is are be been being was were will would can could should may might must do does did have has had not no yes you your we our they their them he she his her i me my who whom which what when where why how than then so such as if about over under more most less few very just also only both each other any all some own same too up down out off again further once here there while during before after above below between through because until against per via app apps platform tool tools service services based using use help helps helping make makes new want like get people something someone thing things way ways lot lots etc e.g ie i.e lets let allows allow enables enable two three one four five taps tap simple easy easily quick quickly better best online digital solution system mobile web website smart first'.split(
    ' ',
  ),
);

/** FNV-1a 32-bit hash. */
export function hash(s: string): number {
  let h = 0x811c9dc5;
  for (let i = 0; i < s.length; i += 1) {
    h ^= s.charCodeAt(i);
    h = Math.imul(h, 0x01000193);
  }
  return h >>> 0;
}

/** A deterministic random sequence from a seed (mulberry32). */
export function rng(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** Plain ASCII (the PDF fonts have no curly quotes or dashes), single spaces. */
export function ascii(s: string): string {
  return s
    .replace(/[\u2018\u2019\u201B]/g, "'")
    .replace(/[\u201C\u201D]/g, '"')
    .replace(/[\u2013\u2014]/g, '-')
    .replace(/\u2026/g, '...')
    .replace(/\s+/g, ' ')
    .trim();
}

/** The text cut at a word boundary to at most n characters. */
export function short(s: string, n = 80): string {
  const t = ascii(s).replace(/[.!?;:,]+$/, '');
  if (t.length <= n) return t;
  const cut = t.slice(0, n);
  const sp = cut.lastIndexOf(' ');
  return `${(sp > n / 2 ? cut.slice(0, sp) : cut).replace(/[,;:]$/, '')}...`;
}

/** "$1.2M", "$340K", "$45". */
export function money(n: number): string {
  const a = Math.abs(n);
  const sign = n < 0 ? '-' : '';
  if (a >= 1e9) return `${sign}$${(a / 1e9).toFixed(a >= 1e10 ? 0 : 1)}B`;
  if (a >= 1e6) return `${sign}$${(a / 1e6).toFixed(a >= 1e7 ? 0 : 1)}M`;
  if (a >= 1e4) return `${sign}$${Math.round(a / 1e3)}K`;
  return `${sign}$${Math.round(a).toLocaleString('en-US')}`;
}

/** "12,400". */
export function count(n: number): string {
  return Math.round(n).toLocaleString('en-US');
}

export function pct(x: number, digits = 0): string {
  return `${(x * 100).toFixed(digits)}%`;
}

/** What the analyst read from the buyer's inputs. */
export interface Profile {
  /** The thing being assessed (idea, product, topic, market). */
  subject: string;
  /** Who it is for / where it is sold, in the buyer's words. */
  audience: string;
  /** The buyer's company, when given. */
  company: string | null;
  keywords: string[];
  sector: Sector;
  b2b: boolean;
  geo: string;
  /** The place the buyer named, if any: only its rules are named. */
  place: Place | null;
  /** Population of the geography in millions. */
  geoMillions: number;
  /** Numbers the buyer wrote (prices, counts), in order. */
  numbers: number[];
  seed: number;
  /** " in <geo>" unless the audience already names the place. */
  where: string;
  /**
   * The problem as the founder stated it (their own words), or null when they did not state one.
   * The writers state the customer's problem from this only, never from `pains`.
   */
  problem: string | null;
  /**
   * What kind of product is sold: it decides the build plan and which rules apply. Read from the
   * founder's words (`readProductKind`) unless the inputs set it; the writers read it here only.
   */
  productKind: ProductKind;
  /**
   * The pains typical of the market (business pains when a business buys), never the founder's:
   * a writer that shows them labels them as "other pains common in <market>".
   */
  pains: string[];
  substitutes: string[];
  /** The job the idea does, in the buyer's words. */
  job: string;
  /** "organisations" or "people". */
  unit: string;
}

/** Content words of a text, most frequent first, ties by first appearance. */
export function keywords(text: string, max = 8): string[] {
  const words = ascii(text)
    .toLowerCase()
    .replace(/[^a-z0-9\s-]/g, ' ')
    .split(/\s+/)
    .filter((w) => w.length > 2 && !STOP.has(w) && !/^\d+$/.test(w));
  const seen = new Map<string, { n: number; first: number }>();
  words.forEach((w, i) => {
    const e = seen.get(w);
    if (e) e.n += 1;
    else seen.set(w, { n: 1, first: i });
  });
  return [...seen.entries()]
    .sort((a, b) => b[1].n - a[1].n || a[1].first - b[1].first)
    .slice(0, max)
    .map(([w]) => w);
}

/** "dog owners" from "An app for dog owners to book walkers"; null when no "for ..." phrase. */
export function audienceFrom(text: string): string | null {
  // "for" after a verb of wanting or paying is not for whom ("customers ask for emissions data").
  const m = ascii(text).match(
    /(?<!\b(?:ask|asks|asked|asking|pay|pays|paid|paying|wait|waits|waiting|look|looks|looking|search|searching|apply|applies|applying|account|accounts|charge|charges|care|cares|call|calls|vote|votes|fight|fights|head|heads|stand|stands|sign up|signs up|opt|opts)\s)\bfor ([a-z0-9][^,.;:!?()]{2,60}?)(?= (?:to|that|who|which|so|by|with|in order)\b| (?:at|for|from) [$\u00a3\u20ac\u00a5\u20b9\d]|[,.;:!?()]|$)/i,
  );
  if (!m) return null;
  // An audience names people, never an amount.
  const a = m[1]
    .trim()
    .replace(/^(the|a|an) /i, '')
    .replace(/\s+\S*[$\u00a3\u20ac\u00a5\u20b9\d].*$/, '');
  if (!a || /[$\u00a3\u20ac\u00a5\u20b9]|\d/.test(a)) return null;
  return a.split(' ').length <= 8 ? a : null;
}

/** The buyers a text names outright: "Buyers: independent bakeries in Lyon." → "independent bakeries in Lyon". */
export function namedBuyers(text: string): string | null {
  const m = /\b(?:(?:buyers|customers|target customers?|target market)\s*:|it is for|it's for|aimed at|sold to)\s+([^.;!?()]{3,80})/i.exec(ascii(text));
  return m ? m[1].trim().replace(/^(the|a|an) /i, '') : null;
}

const BIZ_SUBSTITUTES = ['spreadsheets, phone calls and paper', 'a module of the software they already pay for', 'an extra member of staff'];

/** The inputs a report's profile reads (`reportParts` picks them from a product's inputs). */
export interface ProfileParts {
  subject: string;
  audience?: string | null;
  company?: string | null;
  extra?: string;
  /** The audience is the industry itself (it weighs as much as a business customer). */
  industry?: boolean;
  /** The problem in the founder's own words, when they gave one. */
  problem?: string | null;
  /** The product kind the founder set; read from the subject when absent. */
  productKind?: ProductKind | null;
}

/** The subject (ASCII) and the audience: the one given, or the one the subject names, lower-cased mid-sentence. */
function subjectAndAudience(parts: ProfileParts, named = false): { subject: string; audience: string } {
  const subject = ascii(parts.subject);
  // The buyers the subject names outright ("Buyers: independent bakeries") say who buys; the
  // classifier keeps reading the "for …" audience it was trained on.
  const given = ascii(parts.audience || (named ? namedBuyers(subject) : null) || audienceFrom(subject) || '');
  // "Dental clinics in Germany" reads as "dental clinics in Germany" mid-sentence (acronyms kept).
  return { subject, audience: /^[A-Z][a-z]/.test(given) ? given[0].toLowerCase() + given.slice(1) : given };
}

/**
 * What the idea does, as a clause that follows "a product that": "An app that lets members
 * book classes" -> "lets members book classes"; "A tool to track expenses" -> "helps track expenses".
 */
export function jobOf(subject: string): string {
  const t = ascii(subject).replace(/[.!?]+$/, '');
  const m = t.match(/^(?:an?\s+|the\s+|my\s+|our\s+)?(?:[\w'-]+\s+){0,4}?(that|which|who|to|helping)\s+(.+)$/i);
  if (m) {
    const rest = m[2];
    const job = /^to$/i.test(m[1]) ? `helps ${rest}` : /^helping$/i.test(m[1]) ? `helps ${rest}` : rest;
    return short(job, 90);
  }
  return `delivers "${short(t, 60)}"`;
}

/**
 * Reads the buyer's inputs. `subject` and `audience` are the product's main fields (already
 * chosen). The market comes from the one market table: what the subject sells weighs most, then
 * the audience (the market the buyer named; `industry` when the audience is the industry itself,
 * which weighs as much as a business customer); the company and extra notes only add to a market
 * the subject or audience names. With weak or two-way evidence the report stays general.
 */
export function profile(parts: ProfileParts): Profile {
  const { subject, audience } = subjectAndAudience(parts, true);
  const all = [subject, audience, parts.company ?? '', parts.extra ?? ''].join(' ');
  const reading = confirmMarket(
    readMarket([
      ...ideaParts(subject, audience),
      customerPart(audience, parts.industry),
      { text: parts.company ?? '', weight: 1, support: true },
      { text: parts.extra ?? '', weight: 1, support: true },
    ]),
    classifierInput(parts),
  );
  const business = readsAsBusiness(audience);
  const market =
    reading.market ??
    GENERAL[
      business || /\b(business|businesses|compan|firm|firms|enterprise|team|teams|clinic|practice|agenc|retailer|manufactur|b2b)/i.test(all)
        ? 'business'
        : 'consumer'
    ];
  const place = readPlace(all);
  // Who buys, by the one rule the validation and step 3 use too.
  const b2b = buyerKindOf(audience, market) === 'business';
  const problem = parts.problem?.trim() ? ascii(parts.problem) : null;
  const productKind = parts.productKind ?? readProductKind({ idea: subject, targetCustomer: audience, problemSolved: problem ?? '' });
  const sector = sectorOf(market, place, audience, b2b ? 'business' : 'consumer', productKind, `${subject} ${audience} ${problem ?? ''}`);
  const numbers = (all.match(/\d[\d,.]*/g) ?? []).map((n) => Number(n.replace(/,/g, ''))).filter((n) => Number.isFinite(n) && n > 0);
  return {
    subject,
    audience: audience || sector.buyers,
    company: parts.company ? ascii(parts.company) : null,
    keywords: keywords(`${subject} ${audience}`),
    sector,
    b2b,
    geo: place ? place.name : 'your first market',
    place,
    geoMillions: place ? place.millions : 60,
    numbers,
    seed: hash(all.toLowerCase()),
    where: place && namesPlace(audience, place) ? '' : ` in ${place ? place.name : 'your first market'}`,
    problem,
    productKind,
    pains: b2b && !sector.b2b ? (sector.bizPains ?? GENERAL.business.pains) : sector.pains,
    substitutes: b2b && !sector.b2b ? BIZ_SUBSTITUTES : sector.substitutes,
    job: jobOf(subject),
    unit: b2b ? 'organisations' : 'people',
  };
}

/** The profile of a report's inputs: which field is the subject and which the audience, per product. */
export function reportProfile(product: CatalogueProduct, v: ProductInputs): Profile {
  return profile(reportParts(product.id, v));
}

/** Which of a product's inputs say what is sold, to whom, by whom and what else, and the founder's own facts (problem, product kind) when the inputs carry them. */
export function reportParts(productId: string, v: ProductInputs): ProfileParts {
  const kind = PRODUCT_KINDS.find((k) => k === v.productKind) ?? null;
  const problem = v.problemSolved ?? v.problem ?? null;
  return { ...subjectParts(productId, v), problem, productKind: kind };
}

function subjectParts(productId: string, v: ProductInputs): ProfileParts {
  switch (productId) {
    case 'new-product-feasibility-study':
      return { subject: v.productIdea ?? '', audience: v.targetMarket };
    case 'business-idea-evaluation':
      return { subject: v.idea ?? '', company: v.company };
    case 'porter-5-forces-analysis':
      return { subject: v.market ?? '', audience: v.market };
    case 'voice-of-customer-insights':
      return { subject: v.productOrDomain ?? '', audience: v.persona, extra: v.questions };
    case 'market-pain-points-analysis':
      return { subject: v.topic ?? '', audience: v.market };
    case 'revenue-opportunity-validation':
      return { subject: v.area ?? '', audience: v.industry, industry: true };
    default:
      return { subject: v.idea ?? Object.values(v).join(' ') };
  }
}

/** A report's inputs as the market classifier reads them: the subject as the idea, the audience as the customer, the rest as the problem. */
export function classifierInput(parts: ProfileParts): ClassifierInput {
  const { subject, audience } = subjectAndAudience(parts);
  return { idea: subject, customer: audience, problem: [parts.company, parts.extra].filter(Boolean).join(' ') };
}

/** One consistent set of figures for a profile (every agent of a report uses the same ones). */
export interface Figures {
  /** Monthly price per customer in USD. */
  price: number;
  buyers: number;
  tam: number;
  samShare: number;
  sam: number;
  somShare: number;
  som: number;
  cac: number;
  grossMargin: number;
  /** Months a paying customer stays on average. */
  lifetimeMonths: number;
  ltv: number;
  buildMonths: number;
  teamSize: number;
  buildCost: number;
  /** Paying customers at the end of years 1-3. */
  customers: [number, number, number];
  revenue: [number, number, number];
  costs: [number, number, number];
  /** First month whose revenue covers its costs; 0 = not within five years. */
  breakEvenMonth: number;
  /** Overall 0-100 viability score. */
  score: number;
}

export function figures(p: Profile): Figures {
  const r = rng(p.seed);
  const bizOfConsumer = p.b2b && !p.sector.b2b;
  const [lo, hi] = bizOfConsumer ? [p.sector.price[0] * 5, p.sector.price[1] * 8] : p.sector.price;
  const mentioned = p.numbers.find((n) => n >= 3 && n <= 5000 && n !== 2024 && n !== 2025 && n !== 2026);
  const price = Math.round(mentioned && mentioned >= lo / 3 && mentioned <= hi * 5 ? mentioned : lo + (hi - lo) * (0.25 + 0.5 * r()));
  const buyers = Math.round(p.geoMillions * (bizOfConsumer ? 400 : p.sector.buyersPerMillion) * (0.6 + 0.8 * r()));
  const tam = buyers * price * 12;
  const samShare = 0.18 + 0.22 * r();
  const sam = tam * samShare;
  const somShare = p.b2b ? 0.05 + 0.08 * r() : 0.01 + 0.03 * r();
  const som = sam * somShare;
  const cac = Math.round((p.sector.cac[0] + (p.sector.cac[1] - p.sector.cac[0]) * r()) * (bizOfConsumer ? 5 : 1));
  const grossMargin = Math.min(0.9, Math.max(0.3, p.sector.grossMargin + (r() - 0.5) * 0.08));
  const lifetimeMonths = Math.round((p.b2b ? 26 : 11) + r() * (p.b2b ? 16 : 9));
  const ltv = Math.round(price * grossMargin * lifetimeMonths);
  const buildMonths = 3 + Math.floor(r() * 5);
  const teamSize = 2 + Math.floor(r() * 4);
  const salary = p.b2b ? 95_000 : 85_000;
  const buildCost = Math.round((teamSize * buildMonths * salary) / 12);
  const c3 = Math.max(40, Math.round(som / (price * 12)));
  const customers: [number, number, number] = [Math.round(c3 * (0.15 + 0.06 * r())), Math.round(c3 * (0.45 + 0.1 * r())), c3];
  // Month by month for five years: customers grow between the year-end points (+25% a year after year 3).
  const at = (m: number): number => {
    if (m <= 0) return 0;
    const pts = [0, ...customers, c3 * 1.25, c3 * 1.5625];
    const y = Math.min(4, Math.floor((m - 1) / 12));
    const frac = (m - y * 12) / 12;
    return pts[y] + (pts[y + 1] - pts[y]) * frac;
  };
  const revenueY = [0, 0, 0, 0, 0];
  const costsY = [0, 0, 0, 0, 0];
  let breakEvenMonth = 0;
  for (let m = 1; m <= 60; m += 1) {
    const y = Math.floor((m - 1) / 12);
    const cust = at(m);
    const rev = cust * price;
    const cost = (teamSize * salary * (1 + 0.25 * Math.min(y, 2))) / 12 + rev * (1 - grossMargin) + Math.max(0, cust - at(m - 1)) * cac;
    revenueY[y] += rev;
    costsY[y] += cost;
    if (!breakEvenMonth && m > 3 && rev >= cost) breakEvenMonth = m;
  }
  const revenue = revenueY.slice(0, 3).map(Math.round) as [number, number, number];
  const costs = costsY.slice(0, 3).map(Math.round) as [number, number, number];
  const ratio = ltv / Math.max(1, cac);
  const score = Math.round(
    Math.max(28, Math.min(88, 40 + Math.min(ratio, 6) * 5 + (breakEvenMonth && breakEvenMonth <= 36 ? 12 : breakEvenMonth ? 2 : -8) + (r() - 0.5) * 10)),
  );
  return {
    price,
    buyers,
    tam,
    samShare,
    sam,
    somShare,
    som,
    cac,
    grossMargin,
    lifetimeMonths,
    ltv,
    buildMonths,
    teamSize,
    buildCost,
    customers,
    revenue,
    costs,
    breakEvenMonth,
    score,
  };
}

/** "break-even around month 26" or "no break-even within five years". */
export function breakEvenText(f: Figures): string {
  return f.breakEvenMonth ? `break-even around month ${f.breakEvenMonth}` : 'no break-even within five years at this price';
}

/** Picks one of several phrasings, stable for a seed and a salt. */
export function pick<T>(seed: number, salt: string, options: ReadonlyArray<T>): T {
  return options[hash(`${seed}:${salt}`) % options.length];
}

/** The first sentence of the first paragraph of an agent's output (markdown stripped), for quoting. */
export function keyLine(markdown: string, max = 220): string {
  const paras = markdown
    .split(/\n\s*\n/)
    .map((p) => p.trim())
    .filter((p) => p && !/^#{1,6}\s/.test(p) && !/^\|/.test(p));
  const first = paras[0] ?? markdown;
  const plain = ascii(
    first
      .replace(/^[-*]\s+/gm, '')
      .replace(/\*\*|__|`/g, '')
      .replace(/\[([^\]]+)\]\([^)]+\)/g, '$1'),
  );
  const sentence = plain.match(/^(.+?[.!?])(\s|$)/)?.[1] ?? plain;
  return short(sentence, max);
}

/** Bullet lines (markdown stripped) of an agent's output, for reuse downstream. */
export function bullets(markdown: string, max = 5): string[] {
  return markdown
    .split('\n')
    .filter((l) => /^\s*(?:[-*]|\d+\.)\s+\S/.test(l))
    .map((l) => ascii(l.replace(/^\s*(?:[-*]|\d+\.)\s+/, '').replace(/\*\*|__|`/g, '')))
    .slice(0, max);
}

/** "a, b and c". */
export function list(items: ReadonlyArray<string>): string {
  if (items.length <= 1) return items.join('');
  return `${items.slice(0, -1).join(', ')} and ${items[items.length - 1]}`;
}

export function capitalize(s: string): string {
  return s ? s[0].toUpperCase() + s.slice(1) : s;
}
