import type { SourceRef } from '@val/contracts';
import type { ResearchOutcome, ResearchTopicId } from './research';
import { urlKey } from './sanitize';
import type { SearchResult } from './types';

/**
 * Numbers the distinct sources among `results` 1..n in the order they first appear (the same
 * input always gives the same numbers); a URL seen again (or with another #fragment) keeps its
 * first number, title and snippet.
 */
export function numberSources(results: Iterable<SearchResult>): SourceRef[] {
  const refs: SourceRef[] = [];
  const seen = new Set<string>();
  for (const r of results) {
    const key = urlKey(r.url);
    if (seen.has(key)) continue;
    seen.add(key);
    refs.push({ n: refs.length + 1, title: r.title, url: r.url, snippet: r.snippet });
  }
  return refs;
}

/** The numbered sources of a job's research: every outcome's results, in the topics' order. */
export function researchSources(research: { results: readonly ResearchOutcome[] }): SourceRef[] {
  return numberSources(research.results.flatMap((o) => o.results));
}

/**
 * The sources a section may cite: those of `sources` (numbered by researchSources) that the
 * research found for `topics`, by number. A section's [n] then means the same source everywhere
 * in the report.
 */
export function sourcesFor(sources: readonly SourceRef[], research: { results: readonly ResearchOutcome[] }, topics: readonly ResearchTopicId[]): SourceRef[] {
  const keys = new Set(research.results.filter((o) => topics.includes(o.topic)).flatMap((o) => o.results.map((r) => urlKey(r.url))));
  return sources.filter((s) => keys.has(urlKey(s.url)));
}
