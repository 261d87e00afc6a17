import { asRecord, endpoint, hitsOf, httpProvider, wrongShape } from './http';
import type { SearchProvider } from './types';

/** Tavily's API address when SEARCH_URL does not override it. */
export const TAVILY_DEFAULT_URL = 'https://api.tavily.com';

/** Settings of the Tavily search API. */
export interface TavilyOptions {
  apiKey: string;
  /** Another address of the same API (a proxy); default TAVILY_DEFAULT_URL. */
  baseUrl?: string;
  timeoutMs: number;
}

/**
 * Tavily's search API: `POST {baseUrl}/search` with `Authorization: Bearer <key>` and a JSON body
 * `{ query, max_results, search_depth: 'basic', topic: 'general', include_answer: false, … }`
 * answers `{ query, results: [{ title, url, content, score }], response_time, … }`. The key goes
 * in the header (the current API; older versions took `api_key` in the body), never in the body.
 */
export function createTavilyProvider(opts: TavilyOptions): SearchProvider {
  return httpProvider({
    name: 'tavily',
    timeoutMs: opts.timeoutMs,
    request(query, limit) {
      return {
        url: endpoint(opts.baseUrl ?? TAVILY_DEFAULT_URL, 'search'),
        method: 'POST',
        headers: { accept: 'application/json', 'content-type': 'application/json', authorization: `Bearer ${opts.apiKey}` },
        body: JSON.stringify({
          query,
          max_results: limit,
          search_depth: 'basic',
          topic: 'general',
          include_answer: false,
          include_raw_content: false,
          include_images: false,
        }),
        followRedirects: false,
        hint: (status) => (status === 401 || status === 403 ? 'check SEARCH_API_KEY' : undefined),
      };
    },
    hits(body) {
      const results = asRecord(body)?.results;
      if (!Array.isArray(results)) throw wrongShape('tavily', 'a "results" list');
      return hitsOf(results, (r) => ({ title: r.title, url: r.url, snippet: r.content }));
    },
  });
}
