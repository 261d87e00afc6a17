/**
 * The offline analyst's one table of markets: for each market, the words that reveal it, what a
 * mentor knows about it (validation), the figures the analyst computes with (reports), and the
 * rules that apply (named per country only where the founder names that country). The data is
 * `data/markets.json`, parsed with the schema of `schema.ts` when this module loads; `read.ts`
 * reads it, and validation, the step-3 simulation and the reports use it.
 */
import table from './data/markets.json';
import { marketTableSchema, parseTable } from './schema';
import type { Market, Suggestion } from './types';

/** A market as the table writes it: `incumbents` is derived. */
type MarketData = Omit<Market, 'incumbents'>;

/** The plain (untagged) entries of a list of suggestions. */
const plain = (list: ReadonlyArray<Suggestion>): string[] => list.filter((s): s is string => typeof s === 'string');

/** A market with its best-known names: the first four competitors (filled with plain kinds when it names fewer than three). */
function withIncumbents(m: MarketData): Market {
  const names = m.competitors.slice(0, 4).map((c) => (typeof c === 'string' ? c : c.text));
  return { ...m, incumbents: names.length >= 3 ? names : [...names, ...plain(m.competitorKinds)].slice(0, 4) };
}

/** The market table, checked: a bad entry stops the load with a message naming it. */
export function loadMarketTable(data: unknown, file = 'data/markets.json') {
  const parsed = parseTable(marketTableSchema, data, file);
  const consumer = withIncumbents(parsed.general.consumer);
  return {
    /** Every market of the table, in reading order (ties go to the earlier market). */
    markets: parsed.markets.map(withIncumbents),
    /** The general market, as consumers and as businesses buy (the reports size them differently). */
    general: { consumer, business: { ...consumer, ...parsed.general.business } } as Record<'consumer' | 'business', Market>,
    neutralPhrases: parsed.neutralPhrases,
  };
}

const loaded = loadMarketTable(table);

/** Every market of the table, in reading order (ties go to the earlier market). */
export const MARKETS: Market[] = loaded.markets;

/**
 * What the analyst says when no market of the table fits: general, never a guess. As consumers
 * and as businesses buy (the reports size them differently).
 */
export const GENERAL: Record<'consumer' | 'business', Market> = loaded.general;

/**
 * Phrases whose words would point at the wrong market ("a film camera" is not a film, "a food
 * bank" is not food, "a support ticket" is not an event, "gig workers" are not concert-goers,
 * "greenhouse gas" is not farming, a conference call or room is no event): removed before the
 * words are read (regular expressions).
 */
export const NEUTRAL_PHRASES: string[] = loaded.neutralPhrases;
