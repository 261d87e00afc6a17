/**
 * Who competes with an idea: the market table's real company names that fit the idea and its
 * customer (a delivery app for takeaway, a meal kit for home cooking), filled with kinds of
 * competitor described without names; and every company name the table mentions, with the
 * markets it belongs to, so a text can be checked for names from the wrong market.
 */
import { wordsIn } from './read';
import { GENERAL, MARKETS } from './table';
import type { Market, Suggestion } from './types';

/** Names competitorsFor gives at most; kinds fill the rest. */
const MAX_NAMES = 3;
/** Entries competitorsFor gives at most. */
const MAX_ENTRIES = 4;

/** A phrase tag also fits its plural ("meal kit" fits "meal kits"). */
const withPlurals = (tags: ReadonlyArray<string>) => tags.flatMap((t) => (/[\s\-/]/.test(t) ? [t, `${t}s`] : [t]));

/**
 * Stems that name no sub-segment: how something is sold (a GPS collar subscription is no
 * pet-food box) and function words ("where parents book sitters" is no location tracker).
 */
const NO_SEGMENT = new Set(['subscription', 'subscribe', 'order', 'shop', 'where']);

/** How many of an entry's stems a text holds (0 for a plain entry, which fits every idea); stems of NO_SEGMENT do not count. */
const hitsOf = (s: Suggestion, text: string) => (typeof s === 'string' ? 0 : wordsIn(text, withPlurals(s.for.filter((t) => !NO_SEGMENT.has(t)))).length);

/**
 * The entries of a list that fit a text: the tagged ones whose stems the text holds, those with
 * more of their stems first (then in table order), then the plain ones. A tagged entry holding
 * fewer than half the stems of the best-fitting entry (`top`, over names and kinds) fits another
 * sub-segment: a GPS collar's "subscription" or "walks" does not make it a pet-food box or a
 * dog-walking marketplace when "GPS", "collar" and "tracks" point at trackers.
 */
function fittingFirst(list: ReadonlyArray<Suggestion>, text: string, top: number): string[] {
  const tagged = list
    .map((s, order) => ({ s, order, hits: hitsOf(s, text) }))
    .filter((e) => e.hits > 0 && e.hits * 2 >= top)
    .sort((a, b) => b.hits - a.hits || a.order - b.order)
    .map((e) => (typeof e.s === 'string' ? e.s : e.s.text));
  return [...tagged, ...list.filter((s): s is string => typeof s === 'string')];
}

/**
 * The competitors of an idea in its market: 2–4 entries, real company names that fit the text
 * first (at most three), then kinds of competitor described without a name. `text` is what the
 * founder wrote about the idea and its customer; with no text, what competes with any idea of the
 * market (`market.incumbents`).
 */
export function competitorsFor(market: Market, text: string): string[] {
  const top = Math.max(0, ...[...market.competitors, ...market.competitorKinds].map((s) => hitsOf(s, text)));
  const names = fittingFirst(market.competitors, text, top).slice(0, MAX_NAMES);
  const kinds = fittingFirst(market.competitorKinds, text, top);
  return [...names, ...kinds].slice(0, MAX_ENTRIES);
}

/**
 * Platforms where the customers of every market are reached (the channels name them): they
 * belong to every market.
 */
export const PLATFORM_NAMES: ReadonlyArray<string> = [
  'LinkedIn',
  'Reddit',
  'Facebook',
  'Instagram',
  'TikTok',
  'YouTube',
  'Discord',
  'WhatsApp',
  'Google',
  'Google Maps',
  'Hacker News',
  'ChatGPT',
];

/** Companies the table names outside its competitor lists (as suppliers, or in channels and alternatives). */
const OTHER_NAMES = ['Apple Health', 'Google Fit', 'Plaid', 'TrueLayer', 'BiggerPockets', 'SHRM', 'Amazon Prime'];

const nameRes = new Map<string, RegExp>();
/** Whether a text holds a name as written, as whole words ("Uber" in "Uber Eats", not in "Tuber"). */
export function mentionsName(text: string, name: string): boolean {
  let re = nameRes.get(name);
  if (!re) {
    re = new RegExp(`(^|[^\\p{L}\\p{N}])${name.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}(?=$|[^\\p{L}\\p{N}])`, 'u');
    nameRes.set(name, re);
  }
  return re.test(text);
}

/** What a market says, without the words that reveal it (lower-case stems) and its rules (laws, not companies). */
const textOf = ({ words: _words, rules: _rules, ...said }: Market) => JSON.stringify(said);

function knownNames(): Map<string, ReadonlyArray<string>> {
  const all: Market[] = [...MARKETS, GENERAL.consumer];
  const everywhere = all.map((m) => m.id);
  const texts = all.map((m) => [m.id, textOf(m)] as const);
  const names = new Set<string>([...PLATFORM_NAMES, ...OTHER_NAMES]);
  for (const m of all) for (const c of m.competitors) names.add(typeof c === 'string' ? c : c.text);
  const out = new Map<string, ReadonlyArray<string>>();
  for (const name of [...names].sort())
    out.set(name, PLATFORM_NAMES.includes(name) ? everywhere : texts.filter(([, t]) => mentionsName(t, name)).map(([id]) => id));
  return out;
}

/**
 * Every company name the market table mentions (competitors, suppliers, names in channels and
 * alternatives) → the ids of the markets it belongs to (the markets whose entries mention it;
 * every market, and 'general', for the platforms of PLATFORM_NAMES). Only names: kinds of
 * competitor ("supermarket own labels") are not in it. A name in a text about another market is
 * a wrong-market name.
 */
export function knownCompanyNames(): ReadonlyMap<string, ReadonlyArray<string>> {
  // Built on first use (a regular expression per name over every market's text): a server or a
  // CLI command that never checks a text does not pay for it at start.
  known ??= knownNames();
  return known;
}
let known: ReadonlyMap<string, ReadonlyArray<string>> | undefined;
