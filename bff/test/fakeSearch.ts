import http from 'node:http';
import type { AddressInfo, Socket } from 'node:net';

/**
 * Loopback servers that speak the web search APIs Val supports, as their documentation gives
 * them, so the search layer is tested end to end without a network:
 *
 * - SearxNG: `GET /search?q=…&format=json` → `{ query, number_of_results, results: [{ url, title,
 *   content, engine, … }], answers, corrections, infoboxes, suggestions, unresponsive_engines }`;
 *   a format other than json is a 403 (as when settings.yml does not enable it).
 * - Tavily: `POST /search`, `Authorization: Bearer <key>`, JSON body `{ query, max_results, … }` →
 *   `{ query, answer, images, results: [{ title, url, content, score, raw_content }],
 *   response_time, … }`; a missing or wrong key is a 401 `{ detail: { error } }`.
 * - Brave: `GET /res/v1/web/search?q=…&count=…`, `X-Subscription-Token: <key>` → `{ type:
 *   'search', query, mixed, web: { type: 'search', results: [{ title, url, description, … }] } }`
 *   (no `web` when nothing was found); errors are `{ type: 'ErrorResponse', error: { … } }`.
 *
 * Snippets carry HTML as the real services' do (`<strong>` highlights, entities). Each server
 * records the requests it received and can be switched to answer with empty results, an HTTP
 * error, a body that is not JSON, a wrong shape, silence (for timeouts) or a dropped connection.
 * Also used by the report-quality benchmark (bench/lib/testSupport.js).
 */

export type FakeProviderName = 'searxng' | 'tavily' | 'brave';

/** A result as the fake serves it (title, address and snippet in the provider's own fields). */
export interface FakeHit {
  title: string;
  url: string;
  snippet: string;
}

/**
 * How the server answers a search:
 * `results` — hits (the server's generator, from the query, or the ones given), cut to the count asked;
 * `empty` — a valid answer with no results; `unauthorized` 401, `forbidden` 403, `rate_limited`
 * 429, `server_error` 500 (with the provider's error body); `not_json` — a 200 HTML page;
 * `wrong_shape` — JSON without the results list; `hang` — never answers; `hang_body` — sends the
 * headers, then nothing; `reset` — drops the connection; `{ status }` — that HTTP status with
 * the provider's error body; `{ redirect }` — a 302 to that address; `{ raw }` — that body as is.
 */
export type FakeBehaviour =
  | 'results'
  | 'empty'
  | 'unauthorized'
  | 'forbidden'
  | 'rate_limited'
  | 'server_error'
  | 'not_json'
  | 'wrong_shape'
  | 'hang'
  | 'hang_body'
  | 'reset'
  | { hits: FakeHit[] }
  | { status: number }
  | { redirect: string }
  | { raw: string; type?: string };

/** One request the fake received. */
export interface FakeSearchRequest {
  method: string;
  /** Path without the query string (and without the server's base path). */
  path: string;
  /** The query string's parameters. */
  params: Record<string, string>;
  headers: http.IncomingHttpHeaders;
  /** The JSON body (Tavily), or undefined. */
  body: unknown;
  /** The search words the server read (`q`, or Tavily's `query`), or null. */
  query: string | null;
}

export interface FakeSearchServer {
  readonly provider: FakeProviderName;
  /** The value for SEARCH_URL (the server's root, or its base path). */
  readonly url: string;
  /** The key the server accepts (Tavily and Brave), else undefined. */
  readonly apiKey: string | undefined;
  /** SEARCH_PROVIDER, SEARCH_URL and SEARCH_API_KEY that point Val at this server. */
  readonly env: Record<'SEARCH_PROVIDER' | 'SEARCH_URL', string> & { SEARCH_API_KEY?: string };
  /** Every request received, in order (wrong paths and refused keys included). */
  readonly requests: FakeSearchRequest[];
  /** How the next searches are answered (a function sees each search and its 1-based number). */
  behave(b: FakeBehaviour | ((req: FakeSearchRequest, n: number) => FakeBehaviour)): void;
  close(): Promise<void>;
}

export interface FakeSearchOptions {
  /** The key Tavily and Brave accept; a fixed test key by default. */
  apiKey?: string;
  /** The hits of a `results` answer for a query (default cannedHits). */
  hits?: (query: string) => FakeHit[];
  /** A base path the server lives under (SearxNG instances often do: '/searx'). */
  basePath?: string;
  /**
   * The wait (seconds) a 429 asks for: `Retry-After` (SearxNG, Tavily) or the per-second window of
   * `X-RateLimit-Reset` (Brave). Default 0, so tests of the retry do not wait.
   */
  retryAfterSeconds?: number;
}

/** Default keys of the fakes: distinctive, so a test can look for them where they must not be. */
export const FAKE_KEYS: Record<'tavily' | 'brave', string> = {
  tavily: 'tvly-dev-FAKEKEY0123456789abcdef',
  brave: 'BSA-fake-subscription-token-9876543210',
};

const slug = (text: string) =>
  text
    .toLowerCase()
    .replace(/[^\p{L}\p{N}]+/gu, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, 60) || 'query';

/**
 * Plausible results for a query: titles and snippets that mention its words (snippets with
 * `<strong>` highlights and an entity, as search services send them), each on its own https
 * address derived from the query.
 */
export function cannedHits(query: string, count = 8): FakeHit[] {
  const words = query.split(/\s+/).filter(Boolean);
  const topic = words.join(' ') || 'your query';
  const kinds = ['Report', 'Overview', 'Analysis', 'Guide', 'Statistics', 'News', 'Study', 'Review', 'Outlook', 'Survey'];
  return Array.from({ length: count }, (_, i) => ({
    title: `${topic}: ${kinds[i % kinds.length]} ${i + 1}`,
    url: `https://source${i + 1}.example.com/${slug(query)}`,
    snippet: `Findings on <strong>${words[0] ?? 'it'}</strong> &amp; ${topic} from source ${i + 1} &mdash; figures, players and rules.`,
  }));
}

function errorBody(provider: FakeProviderName, status: number): { type: string; body: string } {
  const json = (v: unknown) => ({ type: 'application/json', body: JSON.stringify(v) });
  const text: Record<number, string> = { 401: 'Unauthorized', 403: 'Forbidden', 429: 'Too Many Requests', 500: 'Internal Server Error' };
  if (provider === 'tavily') {
    const detail: Record<number, string> = {
      401: 'Unauthorized: missing or invalid API key.',
      403: 'Forbidden.',
      429: 'Your request has been blocked due to excessive requests. Please reduce rate of requests.',
      500: 'Internal Server Error',
    };
    return json({ detail: { error: detail[status] ?? text[status] ?? 'Error' } });
  }
  if (provider === 'brave') {
    const code: Record<number, string> = { 401: 'SUBSCRIPTION_TOKEN_INVALID', 403: 'OPTION_NOT_IN_PLAN', 429: 'RATE_LIMITED', 500: 'INTERNAL_ERROR' };
    return json({
      type: 'ErrorResponse',
      error: { id: '00000000-0000-0000-0000-000000000000', status, code: code[status] ?? 'ERROR', detail: text[status] ?? 'Error', meta: {} },
      time: 1_700_000_000,
    });
  }
  return { type: 'text/html; charset=utf-8', body: `<!DOCTYPE html><html><body><h1>${text[status] ?? 'Error'}</h1></body></html>` };
}

/** Host and path of a hit's address (empty for the bad addresses tests serve on purpose). */
function parts(url: string): { host: string; path: string } {
  try {
    const u = new URL(url);
    return { host: u.host, path: u.pathname };
  } catch {
    return { host: '', path: '' };
  }
}

function resultsBody(provider: FakeProviderName, query: string, hits: FakeHit[]): unknown {
  if (provider === 'searxng') {
    return {
      query,
      number_of_results: 0,
      results: hits.map((h, i) => ({
        url: h.url,
        title: h.title,
        content: h.snippet,
        engine: 'duckduckgo',
        parsed_url: ['https', parts(h.url).host, parts(h.url).path, '', '', ''],
        template: 'default.html',
        engines: ['duckduckgo', 'brave'],
        positions: [i + 1],
        score: 2 / (i + 1),
        category: 'general',
      })),
      answers: [],
      corrections: [],
      infoboxes: [],
      suggestions: [`${query} 2025`],
      unresponsive_engines: [],
    };
  }
  if (provider === 'tavily') {
    return {
      query,
      follow_up_questions: null,
      answer: null,
      images: [],
      results: hits.map((h, i) => ({ title: h.title, url: h.url, content: h.snippet, score: 0.9 - i * 0.05, raw_content: null })),
      response_time: 0.42,
      request_id: 'req-fake-0001',
    };
  }
  const answer = {
    type: 'search',
    query: {
      original: query,
      show_strict_warning: false,
      is_navigational: false,
      spellcheck_off: true,
      country: 'us',
      more_results_available: hits.length > 0,
    },
    mixed: { type: 'mixed', main: hits.map((_, i) => ({ type: 'web', index: i, all: false })), top: [], side: [] },
  };
  if (!hits.length) return answer;
  return {
    ...answer,
    web: {
      type: 'search',
      results: hits.map((h) => ({
        type: 'search_result',
        title: h.title,
        url: h.url,
        description: h.snippet,
        is_source_local: false,
        is_source_both: false,
        language: 'en',
        family_friendly: true,
        profile: { name: parts(h.url).host, url: h.url, long_name: parts(h.url).host, img: '' },
        meta_url: { scheme: 'https', netloc: parts(h.url).host, hostname: parts(h.url).host, path: parts(h.url).path },
      })),
      family_friendly: true,
    },
  };
}

/** What the provider's documented request must look like; the error status when it does not, else the query. */
function readSearch(provider: FakeProviderName, rec: FakeSearchRequest, apiKey: string | undefined): { status: number } | { query: string; count: number } {
  if (provider === 'searxng') {
    if (rec.path !== '/search') return { status: 404 };
    if (rec.method !== 'GET' && rec.method !== 'POST') return { status: 405 };
    if (rec.params.format !== 'json') return { status: 403 };
    if (!rec.params.q) return { status: 400 };
    return { query: rec.params.q, count: 20 };
  }
  if (provider === 'tavily') {
    if (rec.path !== '/search') return { status: 404 };
    if (rec.method !== 'POST') return { status: 405 };
    if (rec.headers.authorization !== `Bearer ${apiKey}`) return { status: 401 };
    const body = rec.body as { query?: unknown; max_results?: unknown } | null;
    if (!body || typeof body.query !== 'string' || !body.query) return { status: 400 };
    const max = body.max_results === undefined ? 5 : Number(body.max_results);
    if (!Number.isInteger(max) || max < 0 || max > 20) return { status: 400 };
    return { query: body.query, count: max };
  }
  if (rec.path !== '/res/v1/web/search') return { status: 404 };
  if (rec.method !== 'GET' && rec.method !== 'POST') return { status: 405 };
  if (rec.headers['x-subscription-token'] !== apiKey) return { status: 401 };
  const count = rec.params.count === undefined ? 20 : Number(rec.params.count);
  if (!rec.params.q || rec.params.q.length > 400 || !Number.isInteger(count) || count < 1 || count > 20) return { status: 422 };
  return { query: rec.params.q, count };
}

const STATUS: Partial<Record<string, number>> = { unauthorized: 401, forbidden: 403, rate_limited: 429, server_error: 500 };

/** Starts one fake provider on a free loopback port. */
export async function startFakeSearch(provider: FakeProviderName, opts: FakeSearchOptions = {}): Promise<FakeSearchServer> {
  const apiKey = provider === 'searxng' ? undefined : (opts.apiKey ?? FAKE_KEYS[provider]);
  const basePath = (opts.basePath ?? '').replace(/\/+$/, '');
  const generate = opts.hits ?? ((q: string) => cannedHits(q));
  let decide: (req: FakeSearchRequest, n: number) => FakeBehaviour = () => 'results';
  let searches = 0;
  const requests: FakeSearchRequest[] = [];
  const sockets = new Set<Socket>();

  const server = http.createServer((req, res) => {
    let raw = '';
    req.setEncoding('utf8');
    req.on('data', (d: string) => (raw += d));
    req.on('end', () => {
      const url = new URL(req.url ?? '/', 'http://fake');
      const send = (status: number, type: string, body: string) => {
        const wait = opts.retryAfterSeconds ?? 0;
        const limited = status !== 429 ? {} : provider === 'brave' ? { 'x-ratelimit-reset': `${wait}, 1419704` } : { 'retry-after': String(wait) };
        res.writeHead(status, { 'content-type': type, 'content-length': Buffer.byteLength(body), ...limited });
        res.end(body);
      };
      let body: unknown;
      try {
        body = raw ? JSON.parse(raw) : undefined;
      } catch {
        body = raw;
      }
      const path = basePath && url.pathname.startsWith(basePath) ? url.pathname.slice(basePath.length) || '/' : url.pathname;
      const rec: FakeSearchRequest = {
        method: req.method ?? 'GET',
        path,
        params: Object.fromEntries(url.searchParams),
        headers: req.headers,
        body,
        query: null,
      };
      requests.push(rec);
      const read = readSearch(provider, rec, apiKey);
      if ('status' in read) {
        const e = errorBody(provider, read.status);
        return send(read.status, e.type, e.body);
      }
      rec.query = read.query;
      searches += 1;
      const b = decide(rec, searches);
      if (b === 'hang') return;
      if (b === 'reset') return req.socket.destroy();
      if (b === 'hang_body') {
        res.writeHead(200, { 'content-type': 'application/json' });
        res.write('{"results": [');
        return;
      }
      const status = typeof b === 'string' ? STATUS[b] : 'status' in b ? b.status : undefined;
      if (status) {
        const e = errorBody(provider, status);
        return send(status, e.type, e.body);
      }
      if (typeof b === 'object' && 'redirect' in b) {
        res.writeHead(302, { location: b.redirect, 'content-length': 0 });
        return res.end();
      }
      if (typeof b === 'object' && 'raw' in b) return send(200, b.type ?? 'application/json', b.raw);
      if (b === 'not_json') return send(200, 'text/html; charset=utf-8', '<!DOCTYPE html><html><body>Search results</body></html>');
      if (b === 'wrong_shape') return send(200, 'application/json', JSON.stringify({ query: read.query, items: [{ name: 'x' }] }));
      const hits = b === 'empty' ? [] : typeof b === 'object' && 'hits' in b ? b.hits : generate(read.query);
      return send(200, 'application/json', JSON.stringify(resultsBody(provider, read.query, hits.slice(0, read.count))));
    });
  });
  server.on('connection', (s) => {
    sockets.add(s);
    s.on('close', () => sockets.delete(s));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const root = `http://127.0.0.1:${(server.address() as AddressInfo).port}${basePath}`;
  return {
    provider,
    url: root,
    apiKey,
    env: { SEARCH_PROVIDER: provider, SEARCH_URL: root, ...(apiKey ? { SEARCH_API_KEY: apiKey } : {}) },
    requests,
    behave(b) {
      decide = typeof b === 'function' ? b : () => b;
    },
    close() {
      for (const s of sockets) s.destroy();
      return new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}

/** One fake per provider (for the benchmark), with results derived from each query. */
export async function startFakeSearchProviders(opts: Omit<FakeSearchOptions, 'apiKey' | 'basePath'> = {}): Promise<{
  servers: Record<FakeProviderName, FakeSearchServer>;
  close(): Promise<void>;
}> {
  const [searxng, tavily, brave] = await Promise.all((['searxng', 'tavily', 'brave'] as const).map((p) => startFakeSearch(p, opts)));
  const servers = { searxng, tavily, brave };
  return { servers, close: async () => void (await Promise.all(Object.values(servers).map((s) => s.close()))) };
}
