/**
 * The built-in offline analyst for Val's idea validation: a deterministic mentor that reads the
 * idea, the target customer and the problem, and answers about THEM — the market it detects
 * from a lexicon, B2B or B2C, how urgent the problem sounds, how specific the customer is,
 * pricing fitting the segment, risks, and concrete experiments in the founder's own words.
 *
 * The answer is markdown whose section headings all satisfy the report heading rule
 * (`isReportHeading` in @val/contracts), so the PDF splits it into the same sections.
 */
import { formatMoney, roundSig, type CurrencyInfo, type SheetFigure, type VerdictInfo } from '@val/contracts';
import {
  GENERAL,
  buyerKindOf,
  currencyFor,
  fitting,
  ideaParts,
  readIdeaMarket,
  readAmounts,
  readPlace,
  regulationOf,
  stemMatches,
  tokens,
  whoOf,
  type Market,
  type Place,
} from './markets';

/** Who the idea sells to. */
export type Segment = 'b2b' | 'b2c' | 'prosumer';

export interface ValidationInput {
  idea: string;
  targetCustomer: string;
  problemSolved: string;
}

/** How the idea makes money (from the idea's words). */
export type BusinessModel = 'marketplace' | 'software' | 'physical' | 'service' | 'content';
export type Urgency = 'low' | 'moderate' | 'high' | 'critical';
export type Specificity = 'broad' | 'decent' | 'sharp';

/** One reason behind the score. */
export interface ScoreFactor {
  delta: number;
  reason: string;
}

/** What the analyst read from the inputs (exported for tests and for other offline answers). */
export interface IdeaProfile {
  /** The market the words support, or the general profile when the evidence is weak. */
  domain: Market;
  /** Runner-up market when the words point at two. */
  secondaryDomain: Market | null;
  /** The place the founder named, if any (its rules are the only ones named). */
  place: Place | null;
  /** The currency the answer writes amounts in: the founder's, else the place's, else US dollars. */
  currency: CurrencyInfo;
  segment: Segment;
  enterprise: boolean;
  model: BusinessModel;
  /** Whether the idea's words showed the model (else it is software by default, and the answer does not claim it). */
  modelShown: boolean;
  usesAi: boolean;
  urgency: Urgency;
  urgencySignals: Array<{ kind: string; word: string }>;
  calmSignals: string[];
  /** A number the founder used to size the pain, e.g. "3 hours a week". */
  quantified: string | null;
  frequency: string | null;
  specificity: Specificity;
  /** How precisely the customer is described, in points (more qualifiers, more points). */
  specificityPoints: number;
  specificityNotes: string[];
  ideaWords: number;
  /** Words of the idea that say what it is and how it works (not "app", "platform", "a"...). */
  ideaDetail: number;
  score: number;
  factors: ScoreFactor[];
  /** The founder's price per month in the answer's currency (their basis), when they set one. */
  price?: number;
  /** The founder's count of potential buyers (a what-if), when they gave one. */
  buyers?: number;
}

/**
 * What the founder set for a validation (issue 36): each field given replaces what the analyst
 * reads from the words, and the score, the price band and the sizing example follow it.
 */
export interface IdeaBasis {
  domain?: Market;
  place?: Place;
  segment?: Segment;
  model?: BusinessModel;
  /** Who exactly buys: replaces the target customer for how precisely it is described. */
  customer?: string;
  /** Price per month, in the answer's currency. */
  price?: number;
  /** Potential buyers (a count): the sizing example reaches at most this many. */
  buyers?: number;
}

// ---------------------------------------------------------------------------------------------
// Text helpers
// ---------------------------------------------------------------------------------------------

const collapse = (s: string) => s.replace(/\s+/g, ' ').trim();

/**
 * The founder's words, safe to quote inline in markdown: one line, no markdown control
 * characters, no trailing punctuation, cut at a word boundary.
 */
export function quotable(s: string, max = 90): string {
  let out = collapse(s)
    .replace(/[`*_#<>[\]|~\\{}]/g, '')
    .replace(/^[\s\-+•>"'“”‘’]+/, '')
    .replace(/["“”]/g, "'")
    .replace(/[\s.,;:!?'’]+$/, '')
    .trim();
  if (out.length > max) {
    const cut = out.slice(0, max);
    const space = cut.lastIndexOf(' ');
    // A number at the cut is dropped with it: "over ₩100" of "over ₩100 million" would be a thousandth of what was written.
    const kept = (space > max * 0.6 ? cut.slice(0, space) : cut).replace(/[\s.,;:!?'-]+$/, '');
    const numberless = kept.replace(/\s+\S*\d\S*$/, '').replace(/[\s.,;:!?'-]+$/, '');
    out = `${numberless || kept}…`;
  }
  return out || 'it';
}

/** The first sentence (or clause, when there is no sentence end) of a text. */
function firstSentence(s: string): string {
  const one = collapse(s);
  const m = /^(.{12,}?[.!?])(\s|$)/.exec(one);
  return m ? m[1] : one;
}

/**
 * The head of a customer description: cut before the first qualifier ("aged", "living",
 * "with", "in", "who", ...) once at least two words are kept, leading articles dropped.
 */
function shortNounPhrase(s: string): string {
  const words = collapse(s)
    .replace(/^(a|an|the|my|our)\s+/i, '')
    .split(' ');
  const stop =
    /^(?:(?:aged|age|living|who|that|which|with|without|in|at|from|near|across|working|using|running|looking|trying|between|under|over|whose)$|[,;(])/i;
  const kept: string[] = [];
  for (const w of words) {
    if (kept.length >= 2 && stop.test(w)) break;
    kept.push(w);
    if (/[,;]$/.test(w)) break;
  }
  // "Citizens in Ottawa and across Canada" stops at "across": the "and" before it goes too.
  return kept
    .join(' ')
    .replace(/[,;]$/, '')
    .replace(/(?:\s+(?:and|or|&|in|at|of|for|to|from|with|by|on))+$/i, '');
}

/** The first clause of a text: up to a comma, a semicolon or a sentence end, when that keeps 4+ words. */
function firstClause(s: string): string {
  const one = firstSentence(s);
  const m = /^(.+?)(,(?!\d)|;| which | but | so that | because )/.exec(one);
  return m && m[1].split(' ').length >= 4 ? m[1] : one;
}

/** "they waste their time" → "you waste your time" (for questions asked to the customer). */
function toSecondPerson(s: string): string {
  const map: Record<string, string> = { they: 'you', them: 'you', their: 'your', theirs: 'yours', "they're": "you're", themselves: 'yourselves' };
  return s.replace(/\b(they're|themselves|theirs|their|they|them)\b/gi, (w) => map[w.toLowerCase()] ?? w);
}

/** Lower-cases the first letter unless the word looks like an acronym or a name. */
function midSentence(s: string): string {
  if (/^[A-Z][a-z]/.test(s) && !/^(I|I'm|I've)\b/.test(s)) return s[0].toLowerCase() + s.slice(1);
  return s;
}

/** A stable 32-bit hash (FNV-1a) of a text: picks variants deterministically. */
function hash(s: string): number {
  let h = 0x811c9dc5;
  for (let i = 0; i < s.length; i++) {
    h ^= s.charCodeAt(i);
    h = Math.imul(h, 0x01000193);
  }
  return h >>> 0;
}
const pick = <T>(list: readonly T[], seed: number, offset = 0): T => list[(seed + offset) % list.length];

/**
 * An amount of the market table (US dollars) in the founder's currency, at the planning rate and
 * rounded to a price point (two significant figures): $49 → £39, $20 → ¥3,000.
 */
const moneyIn = (c: CurrencyInfo) => (usd: number) => formatMoney(localAmount(usd, c), c);

/** A US-dollar amount of the market table in the founder's currency, as the answer writes it. */
export const localAmount = (usd: number, c: CurrencyInfo) => Math.max(1, roundSig(usd * c.perUsd, 2));

/** A sentence of the market table with its dollar amounts in the founder's currency ("$500 to $2,000" → "£400 to £1,600"). */
export function localised(sentence: string, c: CurrencyInfo): string {
  if (c.code === 'USD') return sentence;
  const money = moneyIn(c);
  return sentence.replace(/\$(\d[\d,]*(?:\.\d+)?)(k\b)?/gi, (_m, n: string, k?: string) => money(Number(n.replace(/,/g, '')) * (k ? 1000 : 1)));
}

// ---------------------------------------------------------------------------------------------
// Reading the inputs
// ---------------------------------------------------------------------------------------------

/**
 * The market(s) the inputs talk about, from the one market table: what the idea sells weighs
 * most, then a business customer's industry, then the rest. When the evidence is weak (one
 * ambiguous word, or strong words only in the problem) or what is sold points at two markets
 * with close evidence, it stays general.
 */
export function detectDomain(input: ValidationInput): { domain: Market; secondary: Market | null } {
  const r = readIdeaMarket(input);
  return { domain: r.market ?? GENERAL.consumer, secondary: r.runnerUp };
}

const B2B_WORDS = new Set([
  'business',
  'businesses',
  'company',
  'companies',
  'startup',
  'startups',
  'team',
  'teams',
  'agency',
  'agencies',
  'firm',
  'firms',
  'enterprise',
  'enterprises',
  'smb',
  'smbs',
  'sme',
  'smes',
  'manager',
  'managers',
  'clinic',
  'clinics',
  'restaurant',
  'restaurants',
  'store',
  'stores',
  'retailer',
  'retailers',
  'school',
  'schools',
  'hospital',
  'hospitals',
  'hr',
  'recruiter',
  'recruiters',
  'brand',
  'brands',
  'merchant',
  'merchants',
  'landlord',
  'landlords',
  'operator',
  'operators',
  'practice',
  'practices',
  'cafe',
  'cafes',
  'hotel',
  'hotels',
  'gyms',
  'studio',
  'studios',
  'b2b',
  'organization',
  'organizations',
  'organisation',
  'organisations',
  'nonprofit',
  'nonprofits',
  'employer',
  'employers',
  'department',
  'departments',
  'director',
  'directors',
  'executive',
  'executives',
  'ceo',
  'ceos',
  'cfo',
  'cfos',
  'cto',
  'founder',
  'founders',
  'contractor',
  'contractors',
  'farms',
  'warehouse',
  'warehouses',
  'fleet',
  'fleets',
  'distributor',
  'distributors',
  'manufacturer',
  'manufacturers',
  'shop',
  'shops',
  'salon',
  'salons',
  'dealership',
  'dealerships',
  'venues',
  'venue',
  'daycares',
  'nurseries',
  'wholesalers',
  'vendors',
  'suppliers',
  'couriers',
  'franchise',
  'franchises',
  'accountants',
  'lawyers',
  'dentists',
  'doctors',
  'physicians',
  'therapists',
  'teachers',
  'universities',
  'colleges',
  'organizers',
  'organisers',
  'planners',
  'property',
  'hosts',
]);
const B2C_WORDS = new Set([
  'people',
  'person',
  'parents',
  'parent',
  'mom',
  'moms',
  'mums',
  'mothers',
  'dad',
  'dads',
  'fathers',
  'students',
  'student',
  'individuals',
  'consumers',
  'families',
  'family',
  'millennials',
  'teens',
  'teenagers',
  'kids',
  'children',
  'seniors',
  'retirees',
  'travelers',
  'travellers',
  'couples',
  'singles',
  'women',
  'men',
  'gamers',
  'fans',
  'patients',
  'shoppers',
  'renters',
  'tenants',
  'homeowners',
  'commuters',
  'readers',
  'learners',
  'beginners',
  'adults',
  'hobbyists',
  'runners',
  'athletes',
  'dieters',
  'buyers',
  'graduates',
  'workers',
  'employees',
  'nurses',
  'caregivers',
  'carers',
  'newlyweds',
  'expats',
  'immigrants',
  'gen',
  'boomers',
  'owners',
  'users',
  'customers',
  'anyone',
  'everyone',
  'someone',
  'drivers',
  'cyclists',
  'gardeners',
  'cooks',
  'vegans',
  'pregnant',
  'grandparents',
]);
const PROSUMER_WORDS = new Set([
  'freelancer',
  'freelancers',
  'creator',
  'creators',
  'influencer',
  'influencers',
  'consultant',
  'consultants',
  'coach',
  'coaches',
  'solopreneur',
  'solopreneurs',
  'developer',
  'developers',
  'designer',
  'designers',
  'photographer',
  'photographers',
  'writer',
  'writers',
  'artist',
  'artists',
  'musicians',
  'tutors',
  'realtors',
  'indie',
  'makers',
  'streamers',
  'podcasters',
  'youtubers',
  'etsy',
  'solo',
  'self-employed',
  'trainers',
  'stylists',
  'bloggers',
  'engineers',
  'programmers',
  'coders',
  'translators',
  'authors',
]);
const CONSUMER_OWNER = new Set(['pet', 'dog', 'cat', 'home', 'car', 'horse', 'house', 'iphone', 'phone', 'bike', 'ev', 'tesla']);

/** B2B, B2C or prosumer, mostly from who the target customer is (not where: "at gyms"), the idea breaking ties. */
export function detectSegment(input: ValidationInput): { segment: Segment; enterprise: boolean } {
  const count = (text: string) => {
    const toks = tokens(text);
    let b2b = 0;
    let b2c = 0;
    let pro = 0;
    toks.forEach((t, i) => {
      if (t === 'owners' || t === 'owner') {
        if (CONSUMER_OWNER.has(toks[i - 1] ?? '')) b2c += 1;
        else if (i > 0) b2b += 1;
        return;
      }
      if (B2B_WORDS.has(t)) b2b += 1;
      else if (PROSUMER_WORDS.has(t)) pro += 1;
      else if (B2C_WORDS.has(t)) b2c += 1;
    });
    return { b2b, b2c, pro };
  };
  // "Boulderers at city climbing gyms": the gyms are where they are, not who buys.
  const c = count(whoOf(input.targetCustomer));
  const i = count(input.idea);
  // The problem often names third parties ("lawyers charge $3,000"): it only breaks ties.
  const q = count(input.problemSolved);
  const b2b = c.b2b * 2 + i.b2b * 0.5 + q.b2b * 0.25;
  const b2c = c.b2c * 2 + i.b2c * 0.5 + q.b2c * 0.25;
  const pro = c.pro * 2 + i.pro * 0.5 + q.pro * 0.25;
  const enterprise = /\b(enterprise|enterprises|corporat\w*|fortune|large compan\w*|multinational\w*|[1-9][0-9,]{2,}\+?\s*(employees|staff|people))\b/i.test(
    input.targetCustomer,
  );
  let segment: Segment = 'b2c';
  if (b2b > 0 && b2b >= b2c && b2b >= pro) segment = 'b2b';
  else if (pro > 0 && pro >= b2c) segment = 'prosumer';
  return { segment, enterprise: enterprise && segment === 'b2b' };
}

/**
 * The segment the validation prices for, agreeing with who buys by the one rule every analysis
 * uses (`buyerKindOf`): a consumer is B2C; a business is B2B, or prosumer when the words name
 * independent professionals.
 */
function segmentOf(input: ValidationInput, domain: Market): { segment: Segment; enterprise: boolean } {
  const detected = detectSegment(input);
  if (buyerKindOf(input.targetCustomer, domain) === 'consumer') return { segment: 'b2c', enterprise: false };
  const segment: Segment = detected.segment === 'prosumer' ? 'prosumer' : 'b2b';
  return { segment, enterprise: detected.enterprise && segment === 'b2b' };
}

const MODEL_WORDS: Record<BusinessModel, string[]> = {
  marketplace: [
    'marketplace',
    'connect',
    'connects',
    'connecting',
    'match',
    'matches',
    'matching',
    'hire',
    'peer',
    'p2p',
    'rent',
    'share',
    'sharing',
    'listing',
    'listings',
    'exchange',
  ],
  physical: [
    'box',
    'kit',
    'device',
    'hardware',
    'sensor',
    'wearable',
    'bottle',
    'machine',
    'packaging',
    'vending',
    'printer',
    'gadget',
    'subscription box',
    'supplement',
    'clothing',
    'ships',
    'shipped',
    'refurbished',
    'handmade',
    'camera',
    'collar',
    'toy',
    'snack',
    'furniture',
  ],
  service: ['service', 'agency', 'consulting', 'coaching', 'done-for-you', 'concierge', 'cleaning', 'delivery', 'delivers', 'deliver', 'managed', 'outsourc'],
  content: ['community', 'course', 'courses', 'newsletter', 'podcast', 'club', 'membership', 'magazine', 'events', 'workshop', 'workshops', 'bootcamp'],
  software: [
    'app',
    'platform',
    'software',
    'tool',
    'saas',
    'dashboard',
    'website',
    'extension',
    'plugin',
    'api',
    'bot',
    'chatbot',
    'ai',
    'automation',
    'automates',
    'automate',
    'online',
  ],
};

/** How the idea makes money, from its own words (software when unclear). */
export function detectModel(idea: string): BusinessModel {
  return readModel(idea).model;
}

/** The model and whether the idea's words showed it (false: software by default, a guess). */
function readModel(idea: string): { model: BusinessModel; shown: boolean } {
  const text = idea.toLowerCase();
  const toks = tokens(idea);
  let best: BusinessModel = 'software';
  let bestScore = 0;
  const head = ideaParts(idea)[0].text.toLowerCase();
  const headToks = tokens(head);
  const found = (w: string, t: string, tk: string[]) => (w.includes(' ') || w.includes('-') ? t.includes(w) : tk.some((x) => stemMatches(x, w)));
  for (const m of ['marketplace', 'physical', 'service', 'content', 'software'] as BusinessModel[]) {
    // What the idea is (its head: "Route planning software") counts twice as much as what it does.
    const score = MODEL_WORDS[m].reduce((n, w) => n + (found(w, head, headToks) ? 2 : found(w, text, toks) ? 1 : 0), 0);
    if (score > bestScore) {
      best = m;
      bestScore = score;
    }
  }
  return { model: best, shown: bestScore > 0 };
}

const URGENCY_LEXICON: Array<{ kind: string; words: string[] }> = [
  {
    kind: 'Money at stake',
    words: [
      'cost',
      'costs',
      'costly',
      'expensive',
      'lose',
      'loses',
      'losing',
      'lost',
      'loss',
      'waste',
      'wastes',
      'wasted',
      'wasting',
      'money',
      'overpay',
      'overpaying',
      'pay',
      'paying',
      'revenue',
      'budget',
      'fees',
    ],
  },
  {
    kind: 'Time lost',
    words: [
      'hours',
      'hour',
      'time-consuming',
      'slow',
      'takes',
      'days',
      'weeks',
      'wait',
      'waiting',
      'delay',
      'delays',
      'manual',
      'manually',
      'tedious',
      'repetitive',
    ],
  },
  { kind: 'It happens often', words: ['every', 'daily', 'weekly', 'constantly', 'always', 'often', 'regularly', 'repeatedly', 'each'] },
  {
    kind: 'Strong emotion',
    words: [
      'frustrat',
      'stress',
      'stressful',
      'anxious',
      'anxiety',
      'overwhelm',
      'hate',
      'struggle',
      'struggling',
      'painful',
      'annoying',
      'fear',
      'afraid',
      'worried',
      'exhausted',
      'burnout',
      'lonely',
      'embarrass',
    ],
  },
  {
    kind: 'Risk or obligation',
    words: [
      'fine',
      'fines',
      'penalty',
      'penalties',
      'legal',
      'compliance',
      'risk',
      'risky',
      'audit',
      'deadline',
      'deadlines',
      'miss',
      'missed',
      'missing',
      'churn',
      'fail',
      'failing',
      'unsafe',
      'danger',
      'dangerous',
      'injur',
      'sick',
    ],
  },
  {
    kind: 'No good solution today',
    words: [
      "can't",
      'cannot',
      'unable',
      'impossible',
      'no way',
      'nothing',
      'lack',
      'lacks',
      'hard',
      'difficult',
      'confusing',
      'complicated',
      'broken',
      'unreliable',
      'outdated',
    ],
  },
];
const CALM_WORDS = [
  'nice',
  'easier',
  'fun',
  'sometimes',
  'occasionally',
  'bored',
  'boring',
  'curious',
  'would like',
  'could be better',
  'convenient',
  'cool',
  'prefer',
  'maybe',
];

/** Money words that may be about something else: "wastes my evenings", "lose track". */
const AMBIGUOUS_MONEY = new Set(['cost', 'costs', 'lose', 'loses', 'losing', 'lost', 'loss', 'waste', 'wastes', 'wasted', 'wasting']);
/** What such a word is about when it is time: then the signal is "Time lost". */
const TIME_OBJECT =
  /^(time|hours?|hrs?|minutes?|mins?|days?|weeks?|months?|years?|evenings?|mornings?|afternoons?|nights?|weekends?|(mon|tues|wednes|thurs|fri|satur|sun)days?|lunch(es)?|breaks?)$/;
/** …and when it is neither money nor time ("lose track", "lose motivation"): no money signal. */
const OTHER_OBJECT = /^(track|motivation|interest|focus|sleep|touch|sight|patience|weight|friends?|sleep|hope|control|confidence)$/;
/** Words skipped when looking at what a signal word is about. */
const FILLER = /^(my|your|his|her|their|our|its|the|a|an|whole|entire|so|too|much|many|lots|of|up|to|on|\d[\d,.]*)$/;
/** Words a quoted signal stops before. */
const PHRASE_STOP = /^(to|and|but|because|which|so|that|at|for|when|while|if|or|every|each|in|on|by|from|with|than|who|since|as)$/;
const PHRASE_TRIM = /^(a|an|the|of|my|your|his|her|their|our|its|to|too|so)$/;

interface Tok {
  word: string;
  start: number;
  end: number;
}

/** The signal word and up to four words after it, up to punctuation or a clause word: "wastes my Sunday evenings". */
/** A word that multiplies the amount before it. */
const MULTIPLIER = /^(?:thousand|million|millions|billion|billions|k|m|bn|mn|lakh|lakhs|crore|crores)$/;

function phraseAt(text: string, toks: Tok[], i: number): string {
  let j = i;
  const joined = (k: number) => !/[,.;:!?()]/.test(text.slice(toks[k].end, toks[k + 1].start));
  while (j + 1 < toks.length && j - i < 4 && !PHRASE_STOP.test(toks[j + 1].word) && joined(j)) j++;
  // An amount keeps its multiplier: "₦5 million" is never quoted as "₦5".
  if (j + 1 < toks.length && /\d$/.test(toks[j].word) && MULTIPLIER.test(toks[j + 1].word) && joined(j)) j++;
  while (j > i && PHRASE_TRIM.test(toks[j].word)) j--;
  return collapse(text.slice(toks[i].start, toks[j].end));
}

/** What an ambiguous money word is about: 'time', 'other' or 'money'. */
function objectOf(toks: Tok[], i: number): 'time' | 'other' | 'money' {
  for (let k = i + 1; k < toks.length && k <= i + 4; k++) {
    const w = toks[k].word;
    if (FILLER.test(w)) continue;
    if (TIME_OBJECT.test(w)) return 'time';
    if (OTHER_OBJECT.test(w)) return 'other';
    return 'money';
  }
  return 'money';
}

const AMOUNT_PER = /^\s*(?:a|an|per|each|every)\s+(?:day|week|month|year|night|shift|order|customer|client)\b/i;

/** The first amount of money in a text, in any currency, with how often when it says so: "£40", "CHF 15 each week". */
function amountQuoted(text: string): string | null {
  const a = readAmounts(text)[0];
  if (!a) return null;
  const per = AMOUNT_PER.exec(text.slice(text.indexOf(a.text) + a.text.length));
  return `${a.text}${per ? per[0] : ''}`;
}

const NUMBER_WORDS =
  /\b(two|three|four|five|six|seven|eight|nine|ten|eleven|twelve|fifteen|twenty|thirty|forty|fifty|hundreds?|thousands?|millions?|dozens?)\s+(of\s+)?[a-z-]+(\s+(a|per|each|every)\s+(day|week|month|year))?/i;

/** The problem's urgency signals (each quoted with the words around it), what calms it, a number and a frequency. */
export function readUrgency(problem: string): {
  urgency: Urgency;
  signals: Array<{ kind: string; word: string }>;
  calm: string[];
  quantified: string | null;
  frequency: string | null;
} {
  const text = problem.replace(/[’]/g, "'");
  // A number is one token with its currency, separators, the other end of a range and a multiplier written onto it
  // ("Rp 150.000-300.000", "$900-$1,200", "R15,000-R30,000", "₦5m").
  const toks: Tok[] = [
    ...text.matchAll(
      /(?:[A-Za-z]{1,3}\$|\p{Sc}|\bR(?=\d))?\d+(?:[.,']\d+)*(?:[-–](?:[A-Za-z]{1,3}\$|\p{Sc}|R(?=\d))?\d+(?:[.,']\d+)*)?(?:k|m|bn|mn)?(?!\p{L})|[\p{L}\p{N}$%'-]+/gu,
    ),
  ].map((m) => ({
    word: m[0].toLowerCase(),
    start: m.index ?? 0,
    end: (m.index ?? 0) + m[0].length,
  }));
  const lower = text.toLowerCase();
  const found = new Map<string, string>();
  for (const group of URGENCY_LEXICON) {
    for (let i = 0; i < toks.length && !found.has(group.kind); i++) {
      if (!group.words.some((w) => !w.includes(' ') && stemMatches(toks[i].word, w))) continue;
      if (group.kind === 'Money at stake' && AMBIGUOUS_MONEY.has(toks[i].word)) {
        const about = objectOf(toks, i);
        if (about === 'time' && !found.has('Time lost')) found.set('Time lost', phraseAt(text, toks, i));
        if (about !== 'money') continue;
      }
      found.set(group.kind, phraseAt(text, toks, i));
    }
    const phrase = group.words.find((w) => w.includes(' ') && lower.includes(w));
    if (!found.has(group.kind) && phrase) found.set(group.kind, phrase);
  }
  const signals = URGENCY_LEXICON.filter((g) => found.has(g.kind)).map((g) => ({ kind: g.kind, word: found.get(g.kind) as string }));
  const calm = CALM_WORDS.filter((w) => (w.includes(' ') ? lower.includes(w) : toks.some((t) => t.word === w)));
  const plain = collapse(problem);
  const counted =
    /\d[\d,.]*\s?(%|percent|hours?|hrs?|minutes?|mins?|days?|weeks?|months?|years?|times?)(\s?(a|per|each|every)\s(day|week|month|year|order|customer|client|shift))?/i.exec(
      plain,
    ) ??
    // A number from its first digit ("R1,800" is never quoted as "800"), with whole words after it ("40 Kč", never "40 K").
    /(?<![\d.,])\d[\d,.]*%?(\s+(?!(and|or|but|to|because|which|so|that|when|if)\b)[\p{L}-]+){0,3}/iu.exec(plain) ??
    NUMBER_WORDS.exec(plain);
  const quantified = amountQuoted(plain) ?? (counted ? counted[0].trim().replace(/\s+(a|an|the|of|on|average)$/i, '') : null);
  const f =
    /\b(every (single )?(day|week|month|morning|night|evening|time|shift)|daily|weekly|monthly|each (day|week|month)|several times a (day|week)|(once|twice|\d+ times) a (day|week|month))\b/i.exec(
      problem,
    );
  let points = signals.length + (quantified ? 1 : 0) + (f && !signals.some((s) => s.kind === 'It happens often') ? 1 : 0) - calm.length;
  if (problem.trim().split(/\s+/).length < 6) points -= 1;
  const urgency: Urgency = points >= 4 ? 'critical' : points >= 3 ? 'high' : points >= 1 ? 'moderate' : 'low';
  return { urgency, signals, calm, quantified, frequency: f ? f[0] : null };
}

const GENERIC_CUSTOMERS = [
  'everyone',
  'anyone',
  'anybody',
  'everybody',
  'people',
  'all',
  'users',
  'customers',
  'consumers',
  'businesses',
  'companies',
  'public',
  'general',
  'world',
  'humans',
];
/** Words that carry no detail about who or what ("a", "for", "app"...). */
const NO_DETAIL = new Set(
  'a an the and or but for to of in on at by with from into that this these those it its is are be will can do does have has not no you your we our they their them who which what when where how so as if about app apps platform tool tools service services solution system software product website web mobile online digital new simple easy better smart first'.split(
    ' ',
  ),
);

/** Distinct words of a text that carry detail (not "app", "platform", "the"...). */
export function detailWords(text: string): string[] {
  return [...new Set(tokens(text).filter((t) => t.length > 1 && !NO_DETAIL.has(t) && !/^\d+$/.test(t)))];
}

/** How precisely the target customer is described: a level, points (more qualifiers, more points) and why. */
export function readSpecificity(customer: string): { level: Specificity; points: number; notes: string[] } {
  const toks = tokens(customer);
  const notes: string[] = [];
  const generic = toks.filter((t) => GENERIC_CUSTOMERS.includes(t));
  let points = Math.min(1.5, 0.25 * Math.max(0, detailWords(customer).filter((t) => !GENERIC_CUSTOMERS.includes(t)).length - 2));
  if (/\d/.test(customer)) {
    points += 1;
    notes.push('you used a number (age, size or quantity), which makes them findable');
  }
  if (
    /\b(who|that|whose|with|without|in|at|near|from|of|aged|under|over|between|running|using|living|working|preparing|planning|looking|trying)\b/i.test(
      customer,
    )
  ) {
    points += 1;
    notes.push('you qualified them with a situation, not just a label');
  }
  if (readPlace(customer) || /\b(in|from|near|across)\s+[A-Z][a-z]+/.test(customer) || /\b(city|cities|urban|rural|suburb\w*|local)\b/i.test(customer)) {
    points += 1;
    notes.push('you named a place, so you can go and meet them');
  }
  if (generic.length && toks.length <= 4) {
    points -= 2;
    notes.push(`“${generic[0]}” on its own is not a segment you can find or sell to`);
  } else if (generic.includes('everyone') || generic.includes('anyone')) {
    points -= 2;
    notes.push('“everyone” is nobody: no channel reaches all of them at once');
  }
  if (toks.length <= 2 && !generic.length) notes.push('two words name a category, not a reachable group');
  const level: Specificity = points >= 3 ? 'sharp' : points >= 1 ? 'decent' : 'broad';
  return { level, points, notes };
}

// ---------------------------------------------------------------------------------------------
// Scoring
// ---------------------------------------------------------------------------------------------

const URGENCY_LABEL: Record<Urgency, string> = {
  critical: 'hair-on-fire',
  high: 'high',
  moderate: 'moderate',
  low: 'low',
};

/** Points of customer precision → score change: a broad customer costs up to 1.2, a sharp one earns up to 1.0. */
function customerDelta(points: number): number {
  const knots: Array<[number, number]> = [
    [-2, -1.2],
    [0, -0.8],
    [1, 0],
    [2, 0.3],
    [3, 0.6],
    [4, 0.8],
    [5, 1.0],
  ];
  if (points <= knots[0][0]) return knots[0][1];
  for (let k = 1; k < knots.length; k++) {
    const [x1, y1] = knots[k];
    const [x0, y0] = knots[k - 1];
    if (points <= x1) return y0 + ((points - x0) / (x1 - x0)) * (y1 - y0);
  }
  return knots[knots.length - 1][1];
}

/** Detail words of the idea → score change: a two-word idea costs 0.8, each word on how it works earns up to 0.8. */
const ideaDelta = (detail: number) => (detail <= 4 ? -0.8 + 0.2 * detail : Math.min(0.8, 0.1 * (detail - 4)));

const tenth = (x: number) => Math.round(x * 10) / 10;

/**
 * Reads everything the answer is built from, including the score and its reasons. The score
 * is 5 plus the factors (each shown to the founder), clamped to 2–9.3. It moves for the right
 * reasons: a sharper customer, a number or a frequency in the problem, and an idea that says how
 * it works each raise it; a vaguer version of any of them lowers it.
 */
export function profileIdea(input: ValidationInput, basis: IdeaBasis = {}): IdeaProfile {
  const { domain, secondary } = basis.domain ? { domain: basis.domain, secondary: null } : detectDomain(input);
  const all = `${input.targetCustomer} ${input.idea} ${input.problemSolved}`;
  const place = basis.place ?? readPlace(all);
  const currency = currencyFor(all, place);
  const customer = basis.customer ?? input.targetCustomer;
  const { segment, enterprise } = basis.segment
    ? { segment: basis.segment, enterprise: basis.segment === 'b2b' && detectSegment(input).enterprise }
    : segmentOf({ ...input, targetCustomer: customer }, domain);
  const { model, shown: modelShown } = basis.model ? { model: basis.model, shown: true } : readModel(input.idea);
  const usesAi = /\b(ai|a\.i\.|gpt|llm|machine learning|ml|artificial intelligence|chatbot)\b/i.test(input.idea);
  const u = readUrgency(input.problemSolved);
  const s = readSpecificity(customer);
  const ideaWords = tokens(input.idea).length;
  const ideaDetail = detailWords(input.idea).length;
  const factors: ScoreFactor[] = [];
  const add = (delta: number, reason: string) => {
    const d = tenth(delta);
    if (d !== 0) factors.push({ delta: d, reason });
  };

  if (u.urgency === 'critical') add(1.5, `the problem reads as ${URGENCY_LABEL[u.urgency]}: ${u.signals.length} kinds of pain in your own words`);
  else if (u.urgency === 'high')
    add(
      1.0,
      `the problem sounds urgent (${u.signals
        .map((x) => x.kind.toLowerCase())
        .slice(0, 3)
        .join(', ')})`,
    );
  else if (u.urgency === 'moderate') add(0.2, 'there is real pain in the problem, but it is not yet proven to be urgent');
  else add(-1.0, 'the problem sounds like a nice-to-have, and nice-to-haves are hard to sell');
  if (u.quantified) add(0.5, `you sized the pain with a number (“${quotable(u.quantified, 40)}”)`);
  if (u.frequency) add(0.4, `it happens ${u.frequency.toLowerCase()}, so there is a habit to attach to`);

  const c = customerDelta(s.points);
  if (s.level === 'sharp') add(c, 'your target customer is specific enough to find this week');
  else if (s.level === 'decent')
    add(c, c >= 0 ? 'your target customer is a reasonable start but could be narrower' : 'your target customer is named, but still too wide to find quickly');
  else add(c, 'the target customer is too broad to reach or to design for');

  if (segment === 'b2b')
    add(
      enterprise ? 0.3 : 0.6,
      enterprise
        ? 'businesses have budgets, although enterprise sales cycles are long'
        : 'businesses pay for problems that cost them money, and they have budgets',
    );
  else if (segment === 'prosumer') add(0.3, 'independent professionals pay for tools that earn or save them money');
  else if (u.urgency === 'low' || u.urgency === 'moderate') add(-0.4, 'consumers pay reluctantly unless the pain is acute');

  if (domain.crowding <= -0.5) add(-0.5, `${domain.label} is a crowded space, so you need a sharp angle`);
  else if (domain.crowding >= 0.3) add(0.3, `${domain.label} is comparatively underserved by modern products`);
  const regulation = regulationOf(domain, place);
  if (regulation) add(-0.3, `the market is regulated (${regulation}), which slows the first launch`);

  const i = ideaDelta(ideaDetail);
  if (ideaWords > 140) add(-0.3, 'the idea carries many parts at once; scope is a risk');
  else if (ideaDetail <= 1) add(i, 'the idea is described in very few words, so it is hard to judge how it works');
  else if (i < 0) add(i, 'the idea says what it is, but not yet how it works');
  else add(i, 'the idea explains how it works, not just what it is');

  const raw = 5 + factors.reduce((n, f) => n + f.delta, 0);
  const score = tenth(Math.min(9.3, Math.max(2, raw)));
  return {
    domain,
    secondaryDomain: secondary,
    place,
    currency,
    segment,
    enterprise,
    model,
    modelShown,
    usesAi,
    urgency: u.urgency,
    urgencySignals: u.signals,
    calmSignals: u.calm,
    quantified: u.quantified,
    frequency: u.frequency,
    specificity: s.level,
    specificityPoints: s.points,
    specificityNotes: s.notes,
    ideaWords,
    ideaDetail,
    score,
    factors,
    ...(basis.price !== undefined ? { price: basis.price } : {}),
    ...(basis.buyers !== undefined ? { buyers: basis.buyers } : {}),
  };
}

// ---------------------------------------------------------------------------------------------
// Pricing
// ---------------------------------------------------------------------------------------------

/** A price band in US dollars (the market table's currency); the answer writes it in the founder's currency. */
interface PriceBand {
  label: string;
  low: number;
  high: number;
  unit: string;
  /** A monthly service fee on top of a unit price (low, high). */
  service?: [number, number];
}

/** The main price band for this model and segment. */
function primaryPrice(p: IdeaProfile): PriceBand {
  const { model, segment, enterprise } = p;
  if (model === 'marketplace') {
    return segment === 'b2b'
      ? { label: 'Commission on each transaction', low: 5, high: 15, unit: '% of each deal' }
      : { label: 'Booking commission', low: 10, high: 20, unit: '% of each booking' };
  }
  if (model === 'physical') {
    return segment === 'b2b'
      ? { label: 'Unit sales with a service plan', low: 150, high: 900, unit: 'per unit', service: [20, 80] }
      : { label: 'Subscription box or refills', low: 20, high: 45, unit: 'per month' };
  }
  if (model === 'service') {
    return segment === 'b2b'
      ? { label: 'Monthly retainer', low: 500, high: 3000, unit: 'per month' }
      : { label: 'Per-session or per-job pricing', low: 40, high: 150, unit: 'per session' };
  }
  if (model === 'content') {
    return segment === 'b2b'
      ? { label: 'Team memberships', low: 300, high: 1500, unit: 'per team per year' }
      : { label: 'Membership', low: 10, high: 30, unit: 'per month' };
  }
  if (segment === 'b2b') {
    return enterprise
      ? { label: 'Annual enterprise pilot', low: 15000, high: 60000, unit: 'per year' }
      : { label: 'Tiered SaaS plans', low: 49, high: 249, unit: 'per account per month' };
  }
  if (segment === 'prosumer') return { label: 'Pro plan', low: 12, high: 39, unit: 'per month' };
  return { label: 'Freemium with a paid tier', low: 5, high: 12, unit: 'per month' };
}

function bandText(b: PriceBand, money: (usd: number) => string): string {
  if (b.unit.startsWith('%')) return `${b.low}% to ${b.high}${b.unit}`;
  const service = b.service ? `, plus ${money(b.service[0])} to ${money(b.service[1])} per month for the service` : '';
  return `${money(b.low)} to ${money(b.high)} ${b.unit}${service}`;
}

/**
 * The monthly revenue one paying customer brings at the middle of the band (for the maths
 * examples), in US dollars, and how it is worked out (for the sheet's row).
 */
function monthlyValue(b: PriceBand, p: IdeaProfile): { usd: number; basis: string } {
  const mid = (b.low + b.high) / 2;
  if (b.unit.startsWith('%')) {
    const deals = p.segment === 'b2b' ? 2000 : 120;
    return {
      usd: (mid / 100) * deals,
      basis: `the middle of the commission (${mid}%) on ${formatMoney(localAmount(deals, p.currency), p.currency)} of deals a month per customer`,
    };
  }
  if (b.unit.includes('per year')) return { usd: mid / 12, basis: 'the middle of the yearly price band ÷ 12' };
  if (b.unit.startsWith('per unit')) {
    const service = b.service ? (b.service[0] + b.service[1]) / 2 : 0;
    return { usd: mid / 24 + service, basis: `the middle of the unit price spread over two years${service ? ', plus the middle of the service plan' : ''}` };
  }
  if (b.unit.includes('per session')) return { usd: mid * 2, basis: 'two sessions a month at the middle of the price band' };
  return { usd: mid, basis: 'the middle of the price band' };
}

/** Buyers reached and the share who pay in the answer's bottom-up example (assumptions the founder replaces). */
export const SIZING_EXAMPLE = { reach: 10000, share: 0.02 } as const;

/**
 * Every number the validation answer states, computed once: the price band, the bottom-up
 * example, the revenue goal and the customers it takes, the test price, the success targets and
 * the market table's own amounts, in the founder's currency. The answer writes these, and the
 * validation's fact sheet lists them with how each was chosen.
 */
export function validationNumbers(input: ValidationInput, p: IdeaProfile = profileIdea(input)) {
  const c = p.currency;
  const price = primaryPrice(p);
  const monthly = p.price !== undefined ? { usd: p.price / c.perUsd, basis: `the price you set (${formatMoney(p.price, c)} a month)` } : monthlyValue(price, p);
  // The derived figures are worked out from the rounded amounts the sheet shows, so a founder who
  // multiplies them gets the same answer.
  const perCustomer = p.price ?? localAmount(monthly.usd, c);
  // The example reaches at most the buyers the founder counted.
  const reach = p.buyers !== undefined ? Math.max(1, Math.min(SIZING_EXAMPLE.reach, Math.round(p.buyers))) : SIZING_EXAMPLE.reach;
  const revenueGoal = roundSig(10000 * c.perUsd, 1);
  const customersForGoal = Math.max(1, Math.ceil(revenueGoal / perCustomer));
  const testPrice = price.unit.startsWith('%') ? null : Math.max(1, Math.round(price.low * (p.segment === 'b2b' ? 1 : 1.5)));
  const yearly = Math.max(1, roundSig(reach * SIZING_EXAMPLE.share * perCustomer * 12, 2));
  const percent = price.unit.startsWith('%');
  const targets = p.segment === 'b2b' ? { visitors: 0.05 } : { visitors: 0.1, preorders: 0.02 };
  const market = [p.domain.revenue[0], p.domain.revenue[1]].map((x) => localised(x, c));
  const figures: SheetFigure[] = [
    percent
      ? {
          id: 'price-band',
          label: price.label,
          kind: 'percent',
          value: (price.low + price.high) / 200,
          low: price.low / 100,
          high: price.high / 100,
          basis: `typical ${price.unit.replace(/^% /, '')} for ${MODEL_LABEL[p.model]} sold ${p.segment === 'b2b' ? 'to businesses' : 'to consumers'}`,
        }
      : {
          id: 'price-band',
          label: price.label,
          kind: 'money',
          value: localAmount((price.low + price.high) / 2, c),
          low: localAmount(price.low, c),
          high: localAmount(price.high, c),
          basis: `typical ${price.unit} for ${MODEL_LABEL[p.model]} sold ${p.segment === 'b2b' ? 'to businesses' : 'to consumers'}`,
        },
    ...(price.service
      ? [
          {
            id: 'service-fee',
            label: 'Service plan',
            kind: 'money' as const,
            per: 'month' as const,
            value: localAmount((price.service[0] + price.service[1]) / 2, c),
            low: localAmount(price.service[0], c),
            high: localAmount(price.service[1], c),
            basis: 'a monthly service fee on top of the unit price',
          },
        ]
      : []),
    {
      id: 'reach',
      label: 'Buyers reached (example)',
      kind: 'count',
      value: reach,
      basis:
        reach === SIZING_EXAMPLE.reach
          ? 'an example to replace with a count you can verify (members of a group, businesses in a directory)'
          : `all the potential buyers you counted (${reach.toLocaleString('en-US')})`,
    },
    {
      id: 'share',
      label: 'Share who pay (example)',
      kind: 'percent',
      value: SIZING_EXAMPLE.share,
      basis: 'an example conversion of people reached into paying customers',
    },
    { id: 'revenue-per-customer', label: 'Monthly revenue per paying customer', kind: 'money', per: 'month', value: perCustomer, basis: monthly.basis },
    {
      id: 'yearly',
      label: 'Yearly revenue of the example',
      kind: 'money',
      per: 'year',
      value: yearly,
      basis: 'buyers reached × share who pay × monthly revenue per paying customer × 12',
    },
    {
      id: 'revenue-goal',
      label: 'Monthly revenue goal',
      kind: 'money',
      per: 'month',
      value: revenueGoal,
      basis: 'a first milestone of 10,000 US dollars a month, in your currency',
    },
    {
      id: 'customers-for-goal',
      label: 'Paying customers for the goal',
      kind: 'count',
      value: customersForGoal,
      basis: 'monthly revenue goal ÷ monthly revenue per paying customer',
    },
    ...(testPrice
      ? [
          {
            id: 'test-price',
            label: 'Pre-order price to test',
            kind: 'money' as const,
            value: localAmount(testPrice, c),
            basis: p.segment === 'b2b' ? 'the low end of the price band' : 'the low end of the price band × 1.5',
          },
        ]
      : []),
    ...(p.segment === 'b2c'
      ? [
          {
            id: 'consumer-cac',
            label: 'Paid ads per paying consumer',
            kind: 'money' as const,
            value: localAmount(50, c),
            low: localAmount(20, c),
            high: localAmount(80, c),
            basis: 'a common range for paid ads to consumers',
          },
        ]
      : []),
    {
      id: 'landing-visitors',
      label: 'Landing-page visitors to send',
      kind: 'count',
      value: 350,
      low: 200,
      high: 500,
      basis: 'enough visitors for the success targets to mean something',
    },
    {
      id: 'landing-target',
      label: p.segment === 'b2b' ? 'Visitors who book a demo (target)' : 'Visitors who leave an email (target)',
      kind: 'percent',
      value: targets.visitors,
      basis: 'the landing-page success target',
    },
    ...(targets.preorders
      ? [
          {
            id: 'preorder-target',
            label: 'Visitors who pre-order (target)',
            kind: 'percent' as const,
            value: targets.preorders,
            basis: 'the landing-page success target',
          },
        ]
      : []),
    ...market.flatMap((sentence, k) =>
      readAmounts(sentence)
        .filter((a) => a.currency === c.code)
        .map((a, j): SheetFigure => ({
          id: `market-option-${k + 1}-${j + 1}`,
          label: `Market option ${k + 1}`,
          kind: 'money',
          value: a.value,
          basis: sentence,
        })),
    ),
  ];
  return { price, perCustomer, reach, revenueGoal, customersForGoal, testPrice, yearly, targets, market, figures };
}

// ---------------------------------------------------------------------------------------------
// The answer
// ---------------------------------------------------------------------------------------------

const SEGMENT_LABEL: Record<Segment, string> = { b2b: 'B2B', b2c: 'B2C', prosumer: 'prosumer (independent professionals)' };
const MODEL_LABEL: Record<BusinessModel, string> = {
  marketplace: 'a marketplace',
  software: 'a software product',
  physical: 'a physical product',
  service: 'a service business',
  content: 'a content and community business',
};

/**
 * The validation's verdict by rule: a score of 6.5 or more is Go (test it now), 5 to 6.4 Go with
 * changes (sharpen the customer or the problem first), below 5 No-go as described.
 */
export function validationVerdict(score: number): VerdictInfo {
  if (score >= 6.5) return { word: 'Go', rule: `A score of ${score.toFixed(1)}/10 (6.5 or more): Go, to a focused two-week test.`, changes: [] };
  if (score >= 5)
    return {
      word: 'Go with changes',
      rule: `A score of ${score.toFixed(1)}/10 (5 to 6.4): Go with changes.`,
      changes: ['Sharpen the customer or the problem before building: the reasons below say which.'],
    };
  return {
    word: 'No-go',
    rule: `A score of ${score.toFixed(1)}/10 (below 5): No-go as described.`,
    changes: ['Rework who it is for and which painful problem it solves, then validate again.'],
  };
}

function verdict(score: number): string {
  if (score >= 8) return 'Strong signal. Validate willingness to pay fast, then build the smallest version.';
  if (score >= 6.5) return 'Promising. Worth a focused two-week test before you write much code.';
  if (score >= 5) return 'Mixed. There is something here, but sharpen the customer or the problem before building.';
  return 'Weak as described. Do not build yet: rework who it is for and which painful problem it solves.';
}

/** "a, b and c". */
const listOf = (items: ReadonlyArray<string>) => (items.length <= 1 ? items.join('') : `${items.slice(0, -1).join(', ')} and ${items[items.length - 1]}`);

/**
 * Three first groups to test, always inside the customer the founder stated: the market's own
 * beachheads that fit that customer, then the customer narrowed by the market's qualifiers
 * ("boulderers who follow a specific diet"). Only a customer too broad to narrow ("people",
 * "everyone") gets the market's beachheads as they are.
 */
function beachheads(d: Market, buyer: 'consumer' | 'business', customer: string, customerShort: string, p: IdeaProfile): string[] {
  if (p.specificity === 'broad' && p.specificityNotes.some((n) => n.startsWith('“')))
    return d.beachheads[buyer].slice(0, 3).map((b) => (typeof b === 'string' ? b : b.text));
  const fit = fitting(d.beachheads[buyer], customer).slice(0, 2);
  const said = new Set(tokens(customer));
  const niches = fitting([...d.niches[buyer], ...GENERAL.consumer.niches[buyer]], customer)
    .filter((n) => !(p.place && /\bin one\b/.test(n)))
    .filter((n) => !fit.some((b) => b.includes(n)))
    .filter((n) => {
      const words = detailWords(n);
      return words.filter((w) => said.has(w)).length * 2 < words.length;
    })
    .map((n) => `${customerShort} ${n}`);
  return [...new Set([...fit, ...niches])].slice(0, 3);
}

/**
 * Val's offline validation answer: markdown with the sections Score, Market, Target Customer,
 * Problem Urgency, Revenue, Risks, Next Steps, Success Metrics and a Timeline, each about the
 * founder's own idea.
 */
export function offlineValidation(input: ValidationInput, basis: IdeaBasis = {}): string {
  const p = profileIdea(input, basis);
  const seed = hash(`${collapse(input.idea)}|${collapse(input.targetCustomer)}|${collapse(input.problemSolved)}`);
  const idea = quotable(firstSentence(input.idea), 110);
  const customer = midSentence(quotable(input.targetCustomer, 90));
  const customerShort = midSentence(quotable(shortNounPhrase(input.targetCustomer), 60));
  const problem = quotable(firstSentence(input.problemSolved), 120);
  const problemShort = quotable(firstClause(input.problemSolved), 80);
  const buyer = p.segment === 'b2c' ? 'consumer' : 'business';
  const d = p.domain;
  const workaround = d.alternatives[0];
  const fit = fitting(d.channels[buyer], input.targetCustomer);
  const channels = fit.length >= 2 ? fit : [...fit, ...GENERAL.consumer.channels[buyer].map(String)];
  const ch1 = pick(channels, seed);
  const ch2 = pick(channels, seed, 1);
  const beach = beachheads(d, buyer, input.targetCustomer, customerShort, p);
  const money = moneyIn(p.currency);
  const local = (sentence: string) => localised(sentence, p.currency);
  const n = validationNumbers(input, p);
  const { price, revenueGoal, customersForGoal, testPrice } = n;
  const out: string[] = [];
  const line = (s = '') => out.push(s);

  // Score
  line(`## Validation Score: ${p.score.toFixed(1)}/10`);
  line();
  const soldTo = p.segment === 'b2b' ? 'to businesses (B2B)' : p.segment === 'prosumer' ? 'to independent professionals' : 'to consumers (B2C)';
  const what = p.modelShown ? MODEL_LABEL[p.model] : 'a product';
  line(
    d.id === 'general'
      ? `I read your idea, “${idea}”, as ${what} sold ${soldTo}. Its market is not one I have a profile for, so I stay general rather than guess.`
      : `I read your idea, “${idea}”, as ${what} in ${d.label}, sold ${soldTo}.`,
  );
  line();
  line(`**Verdict: ${validationVerdict(p.score).word}.** ${verdict(p.score)}`);
  line();
  const plus = p.factors.filter((f) => f.delta > 0);
  const minus = p.factors.filter((f) => f.delta < 0);
  if (plus.length) {
    line('What lifts it:');
    line();
    for (const f of plus) line(`- **+${f.delta.toFixed(1)}** ${f.reason}.`);
    line();
  }
  if (minus.length) {
    line('What holds it back:');
    line();
    for (const f of minus) line(`- **${f.delta.toFixed(1)}** ${f.reason}.`);
    line();
  }

  // Market
  line('## Market Opportunity');
  line();
  line(d.story);
  line();
  if (p.secondaryDomain)
    line(`Your words also touch ${p.secondaryDomain.label}, so you sit where two markets meet; pick one of them to lead your positioning.`);
  if (p.secondaryDomain) line();
  line(`- **Why now:** ${d.whyNow}`);
  line(`- **What ${customerShort} use today:** ${listOf(d.alternatives)}. Your product must beat the workaround, not just other startups.`);
  line(
    p.price !== undefined || p.buyers !== undefined
      ? `- **Size it bottom-up:** if you reached ${n.reach.toLocaleString('en-US')} ${customerShort} and ${SIZING_EXAMPLE.share * 100}% paid ${p.price !== undefined ? `your price of ${formatMoney(p.price, p.currency)} a month` : bandText(price, money)}, that is about ${formatMoney(n.yearly, p.currency)} a year.${p.buyers !== undefined ? '' : ` Replace my ${n.reach.toLocaleString('en-US')} with a count you can verify (members of a group, businesses in a directory).`}`
      : `- **Size it bottom-up:** if you reached ${SIZING_EXAMPLE.reach.toLocaleString('en-US')} ${customerShort} and ${SIZING_EXAMPLE.share * 100}% paid ${bandText(price, money)}, that is about ${formatMoney(n.yearly, p.currency)} a year. Replace my ${SIZING_EXAMPLE.reach.toLocaleString('en-US')} with a count you can verify (members of a group, businesses in a directory).`,
  );
  if (p.usesAi)
    line(
      '- **AI angle:** AI lowers your cost to deliver, but it also lowers the cost for every competitor; your edge must be data, distribution or a workflow you understand better.',
    );
  line();

  // Target customer
  line('## Target Customer Profile');
  line();
  line(`You named “${customer}”. This is a ${SEGMENT_LABEL[p.segment]} sale${p.enterprise ? ' into large organisations' : ''}.`);
  line();
  const specText: Record<Specificity, string> = {
    sharp: 'That is a sharp description: you can find these people and test with them this week.',
    decent: 'That is a workable start, but one more qualifier (size, situation, place or trigger moment) would make them much easier to reach.',
    broad: 'That is too broad to act on. A startup wins by being the obvious choice for a small group first.',
  };
  line(specText[p.specificity]);
  line();
  for (const n of p.specificityNotes) line(`- ${n[0].toUpperCase()}${n.slice(1)}.`);
  if (p.specificityNotes.length) line();
  if (p.segment === 'b2b') {
    line(
      `In a business sale the user, the buyer and the budget owner may be three different people. Find out who signs for ${customerShort}: ${p.enterprise ? 'in large organisations expect procurement, security review and a pilot' : 'in small companies it is usually the owner or a team lead, which keeps the cycle to weeks'}.`,
    );
  } else if (p.segment === 'prosumer') {
    line(
      `Independent professionals buy like consumers but think like businesses: show them hours saved or money earned per month, and they pay with their own card.`,
    );
  } else {
    line(
      `Consumers decide quickly but forget quickly. Reach ${customerShort} at the moment the problem happens, and make the first result visible within minutes.`,
    );
  }
  line();
  line(`Beachhead options to test first:`);
  line();
  for (const b of beach.map(local)) line(`- ${b[0].toUpperCase()}${b.slice(1)}.`);
  line();
  line(`Where to find them: ${ch1}; ${ch2}.`);
  line();

  // Urgency
  line('## Problem Urgency Analysis');
  line();
  line(`You wrote: “${problem}”.`);
  line();
  const urgencyText: Record<Urgency, string> = {
    critical: `Urgency: **hair-on-fire**. Your own words carry ${p.urgencySignals.length} different kinds of pain. This is a painkiller, and people look for painkillers on their own.`,
    high: 'Urgency: **high**. The pain is real and concrete; confirm that it is frequent enough to pay for.',
    moderate: 'Urgency: **moderate**. There is pain, but your description does not yet show what it costs or how often it hits.',
    low: 'Urgency: **low**. As written this sounds like a vitamin (nice to have) rather than a painkiller (must have).',
  };
  line(urgencyText[p.urgency]);
  line();
  if (p.urgencySignals.length) {
    line('Signals I found in your words:');
    line();
    for (const s of p.urgencySignals) line(`- **${s.kind}:** you wrote “${quotable(s.word, 30)}”.`);
    line();
  }
  const missing: string[] = [];
  if (!p.quantified) missing.push('a number (hours, dollars or percent) that shows how big the pain is');
  if (!p.frequency && !p.urgencySignals.some((s) => s.kind === 'It happens often')) missing.push('how often it happens (daily, weekly, once a year)');
  if (!p.urgencySignals.some((s) => s.kind === 'Money at stake')) missing.push('what it costs them today in money');
  if (p.quantified)
    line(`You quantified it (“${quotable(p.quantified, 40)}”). Use that number in every pitch and landing page; it is more convincing than any feature.`);
  if (p.quantified) line();
  if (p.calmSignals.length) line(`Careful: words like “${p.calmSignals.slice(0, 2).join('” and “')}” suggest convenience rather than pain.`);
  if (p.calmSignals.length) line();
  if (missing.length) {
    line('Still missing from the problem statement:');
    line();
    for (const m of missing) line(`- ${m[0].toUpperCase()}${m.slice(1)}.`);
    line();
  }
  line('How to test the urgency in a conversation:');
  line();
  line(
    `- **Interview question:** “Tell me about the last time ${problemShort.length > 60 ? 'this happened' : `you dealt with this: ${toSecondPerson(midSentence(problemShort))}`}. What did you do about it, and what did it cost you?”`,
  );
  line(`- **Good sign:** they already use ${workaround} or pay for a workaround, and can tell you what it costs.`);
  line(`- **Bad sign:** ${customerShort} agree it is a problem but cannot remember the last time it happened.`);
  line();

  // Revenue
  line('## Revenue Options');
  line();
  line(p.modelShown ? `These fit ${MODEL_LABEL[p.model]} like yours best:` : 'Three ways to charge, starting with the most common:');
  line();
  line(
    `1. **${price.label}:** ${bandText(price, money)}. ${p.price !== undefined ? `At your price of ${formatMoney(p.price, p.currency)} a month` : 'At the middle of that range'} you need about ${customersForGoal.toLocaleString('en-US')} paying customers for ${formatMoney(revenueGoal, p.currency)} of monthly revenue.`,
  );
  line(`2. **${d.id === 'general' ? 'Paid pilot' : 'Market-specific option'}:** ${n.market[0]}`);
  line(`3. **Second market option:** ${n.market[1]}`);
  line();
  line(
    p.segment === 'b2b'
      ? `Price against the cost of the problem, not against other software: if ${customerShort} lose more than your price each month to “${problemShort}”, the sale is easy to justify.`
      : `Anchor the price against what ${customerShort} already spend on ${d.alternatives[0]}, and offer an annual plan with two months free to lift cash up front.`,
  );
  line();

  // Risks
  line('## Key Risks and Mitigations');
  line();
  const risks: Array<[string, string]> = [...d.risks];
  if (p.specificity === 'broad')
    risks.push(['Unfocused customer', `“${customerShort}” is too wide for a small team; pick one beachhead above and ignore the rest for three months`]);
  if (p.urgency === 'low' || p.urgency === 'moderate')
    risks.push(['Nice-to-have problem', 'people say yes in interviews and then do not pay; test with a pre-order, not a survey']);
  if (p.model === 'marketplace')
    risks.push(['Chicken and egg', 'a marketplace needs both sides at once; start with the scarce side in one small area and serve the other side by hand']);
  if (p.model === 'physical') risks.push(['Inventory and capital', 'stock and manufacturing tie up cash before sales; pre-sell a first batch before ordering']);
  if (p.usesAi)
    risks.push(['AI quality and trust', 'wrong or generic AI answers lose users quickly; keep a human check on what matters and show your sources']);
  if (p.segment === 'b2c')
    risks.push([
      'Acquisition cost',
      `paid ads to consumers often cost ${money(20)} to ${money(80)} per paying customer; find a channel where ${customerShort} already gather`,
    ]);
  if (p.segment === 'b2b' && !p.enterprise)
    risks.push(['Long sales cycle', 'even small businesses take weeks to decide; sell to the owner directly and offer a paid pilot']);
  if (p.enterprise)
    risks.push(['Enterprise sales drag', 'security reviews and procurement take months; get a champion and a time-boxed pilot with success criteria']);
  if (p.ideaWords > 140) risks.push(['Scope creep', 'the idea describes many features; launch the single feature that solves the problem above']);
  for (const [name, text] of risks.slice(0, 6)) line(`- **${name}:** ${text}.`);
  line();

  // Next steps
  line('## Next Steps: Your 14-Day Validation Sprint');
  line();
  line(`1. **Write your riskiest assumption:** that ${customerShort} will pay to solve “${problemShort}”. Everything below tests that sentence.`);
  line(
    `2. **Talk to 10 ${customerShort}:** find them through ${ch1} and ${ch2}. Ask about the last time the problem happened, not whether they like your idea.`,
  );
  line(
    `3. **Run a landing-page test:** headline “${idea}”, one line on the problem in their words, and one button (${p.segment === 'b2b' ? '“Book a demo”' : testPrice ? `“Pre-order for ${money(testPrice)}”` : '“Join the waitlist”'}). Send 200 to 500 visitors from the same channels.`,
  );
  const concierge: Record<BusinessModel, string> = {
    marketplace: 'match both sides by hand using a spreadsheet and messages for your first 10 transactions; the software comes later',
    software: 'deliver the result manually (a spreadsheet, a shared doc, you behind the scenes) for 3 to 5 customers before you build',
    physical: 'hand-assemble 10 units or a mock-up box and sell them to real customers before you talk to manufacturers',
    service: 'do the service yourself for 3 to 5 paying customers and write down every step; that becomes your playbook',
    content: 'publish 4 issues or run one live session for free and measure who comes back the second time',
  };
  line(`4. **Run a concierge test:** ${concierge[p.model]}.`);
  line(
    `5. **Ask for money:** ${p.segment === 'b2b' ? `offer a paid pilot at ${price.unit.startsWith('%') ? 'your planned commission' : money(price.low)} or ask for a letter of intent` : `ask for a pre-order or a deposit${testPrice ? ` of ${money(testPrice)}` : ''}`}. A payment is the only vote that counts.`,
  );
  line(
    `6. **Decide:** compare the results with the success metrics below. ${p.score >= 6.5 ? 'With a score like yours, a clear yes means build the first version' : 'With a score like yours, expect to change the customer or the problem at least once'}; a no means pivot before you code.`,
  );
  line();

  // Success metrics
  line('## Success Metrics');
  line();
  line(`- **Interviews:** at least 7 of 10 ${customerShort} describe “${problemShort}” without prompting, and at least 5 already use a workaround.`);
  line(
    `- **Landing page:** ${p.segment === 'b2b' ? `at least ${n.targets.visitors * 100}% of visitors book a demo or call` : `at least ${n.targets.visitors * 100}% of visitors leave an email, and at least ${(n.targets.preorders ?? 0) * 100}% pre-order`}.`,
  );
  line(
    `- **Money:** ${p.segment === 'b2b' ? (p.enterprise ? 'one signed paid pilot or two letters of intent' : 'three paid pilots or letters of intent') : `at least 10 pre-orders or deposits${testPrice ? ` at ${money(testPrice)}` : ''}`} within 14 days.`,
  );
  line(`- **Market metric:** ${d.metric}.`);
  line(
    `- **Stop signal:** fewer than 3 of 10 ${customerShort} confirm the problem. Then change the customer or the problem before ${p.model === 'physical' ? 'ordering stock' : p.model === 'service' ? 'hiring anyone' : 'writing code'}.`,
  );
  line();

  // Timeline
  line('## Suggested 30-Day Timeline');
  line();
  line(`- **Days 1 to 7:** 10 interviews with ${customerShort}, and the landing page live.`);
  line(`- **Days 8 to 14:** traffic from ${ch1}, the concierge test with 3 to 5 customers, and the first request for money.`);
  const firstVersion: Record<BusinessModel, string> = {
    marketplace: 'a simple listing and booking flow for one area',
    software: 'the one feature that solves the problem, with sign-up and payment',
    physical: 'a first small batch, pre-sold',
    service: 'a written playbook and a booking page',
    content: 'a regular publishing rhythm and a paid tier',
  };
  line(`- **Days 15 to 30:** if the metrics are met, launch ${firstVersion[p.model]}; if not, rerun the sprint with a sharper customer than ${customerShort}.`);
  line();
  line(
    pick(
      [
        `The founders who win are rarely the ones with the best first idea; they are the ones who learn fastest. Go talk to ${customerShort} this week.`,
        `You already did the hardest part by writing it down. Now put it in front of ${customerShort} and let their behaviour, not their compliments, decide.`,
        `Keep the idea loose and the customer tight. Ten honest conversations with ${customerShort} will teach you more than a month of building.`,
      ],
      seed,
    ),
  );
  return out
    .join('\n')
    .replace(/\n{3,}/g, '\n\n')
    .trim();
}
