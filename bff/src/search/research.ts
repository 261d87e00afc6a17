import { setTimeout as sleep } from 'node:timers/promises';
import type { MarketRead } from '@val/contracts';
import type { Logger } from '../logger';
import { cleanResults, cleanText } from './sanitize';
import { SearchError, type SearchProvider, type SearchResult } from './types';

/** What an analysis looks up on the web. */
export type ResearchTopicId = 'competitors' | 'market-size' | 'trends' | 'regulation';

/** One query of a job's research. */
export interface ResearchTopic {
  id: ResearchTopicId;
  query: string;
}

/** What one query found, or why it found nothing (`error`, safe to store and show). */
export interface ResearchOutcome {
  topic: ResearchTopicId;
  query: string;
  results: SearchResult[];
  error?: string;
}

/** Queries of one job's research in flight at once. */
export const RESEARCH_CONCURRENCY = 2;
/** Longest research query (characters). */
export const RESEARCH_QUERY_MAX = 100;

/** Longest wait before the one retry of a rate-limited query (ms); the default wait when the provider names none. */
export const RATE_LIMIT_RETRY_MAX_MS = 2000;
export const RATE_LIMIT_RETRY_DEFAULT_MS = 1000;

/** Waits `ms`; resolves false at once when `signal` aborts. */
const pause = (ms: number, signal?: AbortSignal): Promise<boolean> => sleep(ms, true, { signal }).catch(() => false);

/** The query's results; a rate-limited query is tried once more after the wait the provider asks (at most RATE_LIMIT_RETRY_MAX_MS). */
async function searchWithRetry(provider: SearchProvider, query: string, opts: { limit: number; signal?: AbortSignal }): Promise<SearchResult[]> {
  try {
    return await provider.search(query, opts);
  } catch (e) {
    if (!(e instanceof SearchError) || e.kind !== 'rate_limited') throw e;
    if (!(await pause(Math.min(e.retryAfterMs ?? RATE_LIMIT_RETRY_DEFAULT_MS, RATE_LIMIT_RETRY_MAX_MS), opts.signal))) throw e;
    return provider.search(query, opts);
  }
}

async function researchOne(
  provider: SearchProvider,
  topic: ResearchTopic,
  opts: { limit: number; signal?: AbortSignal; logger: Logger },
): Promise<ResearchOutcome> {
  try {
    const found = await searchWithRetry(provider, topic.query, { limit: opts.limit, signal: opts.signal });
    return { topic: topic.id, query: topic.query, results: cleanResults(found, opts.limit) };
  } catch (e) {
    const error = e instanceof SearchError ? e.message : `${provider.name}: the search failed`;
    opts.logger.warn(
      { provider: provider.name, topic: topic.id, kind: e instanceof SearchError ? e.kind : (e as Error | null)?.name, err: error },
      'web search failed; the report goes on without it',
    );
    return { topic: topic.id, query: topic.query, results: [], error };
  }
}

/**
 * Runs a job's research: every topic's query, RESEARCH_CONCURRENCY at a time, outcomes in the
 * topics' order. A rate-limited query is tried once more after the provider's wait (at most
 * RATE_LIMIT_RETRY_MAX_MS). A failed query (error, timeout, cancellation) is recorded in its
 * outcome's `error` and logged, never thrown: one failed search never fails a report. Results are cleaned
 * and cut to `opts.limit` whatever the provider returned.
 */
export async function runResearch(
  provider: SearchProvider,
  topics: readonly ResearchTopic[],
  opts: { limit: number; signal?: AbortSignal; logger: Logger },
): Promise<{ results: ResearchOutcome[] }> {
  const results: ResearchOutcome[] = new Array<ResearchOutcome>(topics.length);
  let next = 0;
  const worker = async () => {
    while (next < topics.length) {
      const i = next;
      next += 1;
      results[i] = await researchOne(provider, topics[i], opts);
    }
  };
  await Promise.all(Array.from({ length: Math.min(RESEARCH_CONCURRENCY, topics.length) }, worker));
  return { results };
}

/** `text` cut to at most `max` characters at a word, without an ellipsis (a query, not prose). */
function shorten(text: string, max: number): string {
  if (text.length <= max) return text;
  const cut = text.slice(0, max);
  const space = cut.lastIndexOf(' ');
  return (text[max] === ' ' || space <= 0 ? cut : cut.slice(0, space)).trim();
}

/**
 * Words safe in any provider's query: plain text without quotes, brackets or search operators
 * (`site:`, `-word`, `|`, `*`...), an apostrophe inside a word dropped ("children's" → "childrens").
 */
function queryWords(raw: string): string {
  return cleanText(raw, 1000)
    .replace(/(\p{L})['’](\p{L})/gu, '$1$2')
    .replace(/[^\p{L}\p{N}\s&+.,/-]/gu, ' ')
    .replace(/(^|\s)[-+.,/&]+/g, '$1')
    .replace(/[-+.,/&]+(?=\s|$)/g, '')
    .replace(/\s+/g, ' ')
    .trim();
}

/**
 * The research queries of an analysis, one per topic, from the market read and the inputs:
 * "<subject> competitors <place>", "<market> market size <place>", "<market> trends <year>",
 * "<market> regulation <place>". The market is the read's label, or the audience (else the
 * subject) when the read is general; the place is left out when there is none. Each query is
 * plain words (no quotes or operators) of at most RESEARCH_QUERY_MAX characters; a topic with
 * nothing to search for is left out.
 */
export function researchQueries(
  market: Pick<MarketRead, 'label' | 'general' | 'place'>,
  subject: string,
  audience: string,
  now: Date = new Date(),
): ResearchTopic[] {
  const place = shorten(queryWords(market.place ?? '').replace(/^the /i, ''), 30);
  const what = shorten(queryWords(subject), 55) || shorten(queryWords(audience), 55);
  const where = market.general ? shorten(queryWords(audience), 50) || shorten(what, 50) : shorten(queryWords(market.label), 50);
  const query = (...parts: string[]) => shorten(parts.filter(Boolean).join(' '), RESEARCH_QUERY_MAX);
  const topics: Array<ResearchTopic | null> = [
    what ? { id: 'competitors', query: query(what, 'competitors', place) } : null,
    where ? { id: 'market-size', query: query(where, 'market size', place) } : null,
    where ? { id: 'trends', query: query(where, 'trends', String(now.getUTCFullYear())) } : null,
    where ? { id: 'regulation', query: query(where, 'regulation', place) } : null,
  ];
  return topics.filter((t): t is ResearchTopic => t !== null);
}
