/**
 * The companies an analysis may name: the market read's own competitors, and the names the
 * analyst's table knows for other markets (a name from another market is a wrong-market name).
 */
import { GENERAL, MARKETS, type Market } from '../ai/offline/markets';

/** The competitors and examples a report may name for its market and idea. */
export function competitorsOf(m: Market, _text: string): string[] {
  return m.incumbents.slice(0, 4);
}

/** Looks like a company name (capitalised, not a descriptive phrase such as "local agronomists"). */
const isName = (s: string) => /^[A-Z0-9]/.test(s) && s.split(' ').length <= 4;

let known: Map<string, string[]> | null = null;
/** Every company name in the market table → the ids of the markets it belongs to. */
export function knownCompanyNames(): ReadonlyMap<string, ReadonlyArray<string>> {
  if (!known) {
    known = new Map();
    for (const m of MARKETS) for (const n of m.incumbents) if (isName(n)) known.set(n, [...(known.get(n) ?? []), m.id]);
  }
  return known;
}

const wordsCache = new Map<string, string>();
/**
 * Everything the market table says about a market (channels, suppliers, alternatives...), as one
 * text: a platform it names as a channel ("practice managers on LinkedIn") is the market's own.
 */
export function marketWords(id: string): string {
  let t = wordsCache.get(id);
  if (t === undefined) {
    const m = MARKETS.find((x) => x.id === id) ?? GENERAL.consumer;
    const { incumbents: _names, ...rest } = m;
    t = JSON.stringify(rest);
    wordsCache.set(id, t);
  }
  return t;
}
