import { asRecord, endpoint, hitsOf, httpProvider, wrongShape } from './http';
import type { SearchProvider } from './types';

/** Brave Search API's address when SEARCH_URL does not override it. */
export const BRAVE_DEFAULT_URL = 'https://api.search.brave.com';

/** Settings of the Brave web search API. */
export interface BraveOptions {
  apiKey: string;
  /** Another address of the same API (a proxy); default BRAVE_DEFAULT_URL. */
  baseUrl?: string;
  timeoutMs: number;
}

/**
 * Brave's web search API: `GET {baseUrl}/res/v1/web/search?q=…&count=…` with
 * `X-Subscription-Token: <key>` answers `{ type: 'search', query, web: { results: [{ title, url,
 * description, … }] }, … }`; `web` is absent when nothing was found. Descriptions carry
 * `<strong>` highlights, removed by the cleaning.
 */
export function createBraveProvider(opts: BraveOptions): SearchProvider {
  return httpProvider({
    name: 'brave',
    timeoutMs: opts.timeoutMs,
    request(query, limit) {
      const url = endpoint(opts.baseUrl ?? BRAVE_DEFAULT_URL, 'res/v1/web/search');
      url.searchParams.set('q', query);
      url.searchParams.set('count', String(limit));
      return {
        url,
        method: 'GET',
        headers: { accept: 'application/json', 'x-subscription-token': opts.apiKey },
        followRedirects: false,
        hint: (status) => (status === 401 || status === 403 ? 'check SEARCH_API_KEY' : undefined),
      };
    },
    hits(body) {
      const answer = asRecord(body);
      const web = asRecord(answer?.web);
      if (!web) {
        if (answer?.type === 'search' && answer.web === undefined) return [];
        throw wrongShape('brave', 'a "web" section');
      }
      if (!Array.isArray(web.results)) throw wrongShape('brave', 'a "web.results" list');
      return hitsOf(web.results, (r) => ({ title: r.title, url: r.url, snippet: r.description }));
    },
  });
}
