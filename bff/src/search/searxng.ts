import { asRecord, endpoint, hitsOf, httpProvider, wrongShape } from './http';
import type { SearchProvider } from './types';

/** Settings of a SearxNG instance. */
export interface SearxngOptions {
  /**
   * The instance's address, e.g. http://localhost:8888 (a path, such as https://host/searx, is
   * kept; credentials, https://user:pass@host, are sent as HTTP Basic authentication).
   */
  baseUrl: string;
  timeoutMs: number;
}

/**
 * SearxNG's search API: `GET {baseUrl}/search?q=…&format=json` answers
 * `{ query, results: [{ title, url, content, engine, … }], answers, suggestions, … }`. The instance
 * must list `json` in `search.formats` of its settings.yml, or it answers 403. SearxNG has no
 * result-count parameter: the first page is read and cut to the limit.
 */
export function createSearxngProvider(opts: SearxngOptions): SearchProvider {
  const base = new URL(opts.baseUrl);
  const basic =
    base.username || base.password ? Buffer.from(`${decodeURIComponent(base.username)}:${decodeURIComponent(base.password)}`).toString('base64') : null;
  base.username = '';
  base.password = '';
  return httpProvider({
    name: 'searxng',
    timeoutMs: opts.timeoutMs,
    request(query) {
      const url = endpoint(base.href, 'search');
      url.searchParams.set('q', query);
      url.searchParams.set('format', 'json');
      return {
        url,
        method: 'GET',
        headers: { accept: 'application/json', ...(basic ? { authorization: `Basic ${basic}` } : {}) },
        followRedirects: !basic,
        hint: (status) =>
          status === 403
            ? 'is "json" listed in search.formats of its settings.yml?'
            : status === 404
              ? 'is SEARCH_URL the address of a SearxNG instance?'
              : undefined,
      };
    },
    hits(body) {
      const results = asRecord(body)?.results;
      if (!Array.isArray(results)) throw wrongShape('searxng', 'a "results" list');
      return hitsOf(results, (r) => ({ title: r.title, url: r.url, snippet: r.content }));
    },
  });
}
