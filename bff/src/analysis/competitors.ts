/**
 * The companies an analysis may name: the competitors that fit the idea in the market read, and
 * whatever else the market table says about that market (platforms in its channels, suppliers);
 * every other company the table knows belongs to another market or sub-segment.
 */
import { competitorsFor, GENERAL, knownCompanyNames as tableNames, MARKETS, type Market } from '@val/offline-analyst';

/** The competitors and examples a report may name for its market and idea (2–4, names first). */
export function competitorsOf(m: Market, text: string): string[] {
  return competitorsFor(m, text);
}

/** Every company name in the market table → the ids of the markets it belongs to. */
export function knownCompanyNames(): ReadonlyMap<string, ReadonlyArray<string>> {
  return tableNames();
}

const wordsCache = new Map<string, string>();
/**
 * What the market table says about a market besides its competitors (channels, suppliers,
 * alternatives, rules...), as one text: a platform it names as a channel ("practice managers on
 * LinkedIn") is the market's own; a competitor of another sub-segment is not.
 */
export function marketWords(id: string): string {
  let t = wordsCache.get(id);
  if (t === undefined) {
    const m = MARKETS.find((x) => x.id === id) ?? GENERAL.consumer;
    const { incumbents: _i, competitors: _c, competitorKinds: _k, ...rest } = m;
    t = JSON.stringify(rest);
    wordsCache.set(id, t);
  }
  return t;
}
