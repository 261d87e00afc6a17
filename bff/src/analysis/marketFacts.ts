/**
 * What the analyst's market table says about a market that carries a number ("delivery
 * commissions of 15-30%", "private schools with 200 to 1,000 pupils"): the sentences an analysis
 * may quote, amounts converted to the sheet's currency. They go into the sheet (`marketFacts`),
 * so every number a text quotes from the table is on the sheet beside the computed ones.
 */
import type { CurrencyInfo } from '@val/contracts';
import { localised, type Market } from '@val/offline-analyst';

/** Every text of a market record, without its word lists and competitor names. */
function textsOf(m: Market): string[] {
  const { words: _w, competitors: _c, competitorKinds: _k, incumbents: _i, ...rest } = m;
  const out: string[] = [];
  const walk = (v: unknown) => {
    if (typeof v === 'string') out.push(v);
    else if (Array.isArray(v)) v.forEach(walk);
    else if (v && typeof v === 'object') Object.values(v).forEach(walk);
  };
  walk(rest);
  return out;
}

/** The market's sentences that carry a number, in the sheet's currency, each once. */
export function marketFactsOf(markets: ReadonlyArray<Market>, currency: CurrencyInfo): string[] {
  const facts = new Set<string>();
  for (const m of markets) for (const t of textsOf(m)) if (/\d/.test(t)) facts.add(localised(t, currency));
  return [...facts];
}
