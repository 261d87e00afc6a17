/**
 * The companies an analysis may name: the market read's own competitors, and the names the
 * analyst's table knows for other markets (a name from another market is a wrong-market name).
 */
import { MARKETS, type Market } from '../ai/offline/markets';

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
