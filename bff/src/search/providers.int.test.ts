import { startFakeSearch, type FakeProviderName, type FakeSearchOptions, type FakeSearchServer } from '../../test/fakeSearch';
import { loadConfig } from '../config/env';
import { createLogger } from '../logger';
import { MAX_BODY_BYTES } from './http';
import { createSearchProvider } from './index';
import { SNIPPET_MAX, TITLE_MAX } from './sanitize';
import { SearchError, type SearchProvider } from './types';

const silent = createLogger({ LOG_LEVEL: 'silent' });

const unhandled: unknown[] = [];
const onUnhandled = (e: unknown) => unhandled.push(e);
beforeAll(() => process.on('unhandledRejection', onUnhandled));
afterAll(() => {
  process.off('unhandledRejection', onUnhandled);
  expect(unhandled).toEqual([]);
});
const PROVIDERS: FakeProviderName[] = ['searxng', 'tavily', 'brave'];

/** The provider Val builds from the environment that points at `fake` (a short time limit when asked). */
function providerFor(fake: FakeSearchServer, env: NodeJS.ProcessEnv = {}): SearchProvider {
  const provider = createSearchProvider(loadConfig({ ...fake.env, ...env }), silent);
  if (!provider) throw new Error('no provider');
  return provider;
}

async function failure(p: Promise<unknown>): Promise<SearchError> {
  try {
    await p;
  } catch (e) {
    expect(e).toBeInstanceOf(SearchError);
    return e as SearchError;
  }
  throw new Error('the search did not fail');
}

/** Runs `fn` with a fake of its own, closed afterwards. */
async function withFake<T>(name: FakeProviderName, opts: FakeSearchOptions, fn: (fake: FakeSearchServer) => Promise<T>): Promise<T> {
  const fake = await startFakeSearch(name, opts);
  try {
    return await fn(fake);
  } finally {
    await fake.close();
  }
}

/** Waits (on the event loop, no clock assertion) until the fake has received `n` requests. */
async function received(fake: FakeSearchServer, n: number) {
  while (fake.requests.length < n) await new Promise((r) => setTimeout(r, 5));
}

describe.each(PROVIDERS)('%s provider against its documented API', (name) => {
  let fake: FakeSearchServer;
  let provider: SearchProvider;
  let quick: SearchProvider;

  beforeAll(async () => {
    fake = await startFakeSearch(name);
    provider = providerFor(fake);
    quick = providerFor(fake, { SEARCH_TIMEOUT_MS: '200' });
  });
  afterAll(() => fake.close());
  beforeEach(() => {
    fake.requests.length = 0;
    fake.behave('results');
  });

  it('sends the query and reads the results, highlights stripped and entities decoded', async () => {
    const results = await provider.search('gym booking UK', { limit: 5 });
    expect(fake.requests).toHaveLength(1);
    expect(fake.requests[0].query).toBe('gym booking UK');
    expect(results).toHaveLength(5);
    expect(results[0]).toEqual({
      title: 'gym booking UK: Report 1',
      url: 'https://source1.example.com/gym-booking-uk',
      snippet: 'Findings on gym & gym booking UK from source 1 — figures, players and rules.',
    });
    expect(new Set(results.map((r) => r.url)).size).toBe(5);
  });

  it('honours the limit', async () => {
    expect(await provider.search('cafes Zurich', { limit: 2 })).toHaveLength(2);
    expect(await provider.search('cafes Zurich', { limit: 50 })).toHaveLength(8);
    expect(await provider.search('cafes Zurich', { limit: 0 })).toEqual([]);
    expect(fake.requests).toHaveLength(2);
  });

  it('answers an empty list when nothing was found, and asks nothing for an empty query', async () => {
    fake.behave('empty');
    expect(await provider.search('nothing matches this', { limit: 5 })).toEqual([]);
    expect(await provider.search(' \n ', { limit: 5 })).toEqual([]);
    expect(fake.requests).toHaveLength(1);
  });

  it('drops bad and duplicate URLs and bounds titles and snippets', async () => {
    fake.behave({
      hits: [
        { title: 'script', url: 'javascript:alert(document.cookie)', snippet: 'x' },
        { title: 'data', url: 'data:text/html,<script>alert(1)</script>', snippet: 'x' },
        { title: 'relative', url: '/relative/page', snippet: 'x' },
        { title: 'long', url: `https://long.example/${'a'.repeat(3000)}`, snippet: 'x' },
        { title: 'creds', url: 'https://bank.example@evil.example/', snippet: 'x' },
        { title: `<em>Good</em> ${'title '.repeat(60)}`, url: 'https://good.example/a', snippet: `<p>${'snippet &amp; '.repeat(80)}</p>` },
        { title: 'Good again', url: 'https://good.example/a#section', snippet: 'dup' },
        { title: 'Other', url: 'http://other.example/b', snippet: 'fine' },
      ],
    });
    const results = await provider.search('anything', { limit: 10 });
    expect(results.map((r) => r.url)).toEqual(['https://good.example/a', 'http://other.example/b']);
    expect(results[0].title.length).toBeLessThanOrEqual(TITLE_MAX);
    expect(results[0].title).toMatch(/^Good title title .*…$/);
    expect(results[0].snippet.length).toBeLessThanOrEqual(SNIPPET_MAX);
    expect(results[0].snippet).toMatch(/^snippet & snippet & .*…$/);
    expect(results[0].snippet).not.toMatch(/[<>]/);
  });

  it.each([
    ['unauthorized', 'unauthorized', 401],
    ['forbidden', 'unauthorized', 403],
    ['rate_limited', 'rate_limited', 429],
    ['server_error', 'upstream', 500],
  ] as const)('maps HTTP %s to a SearchError of kind %s', async (behaviour, kind, status) => {
    fake.behave(behaviour);
    const e = await failure(provider.search('gyms', { limit: 5 }));
    expect(e.kind).toBe(kind);
    expect(e.status).toBe(status);
    expect(e.message).toContain(`HTTP ${status}`);
    expect(e.retryAfterMs).toBe(kind === 'rate_limited' ? 0 : undefined);
  });

  it('maps an answer that is not JSON, or not the documented shape, or too large, to malformed', async () => {
    fake.behave('not_json');
    expect((await failure(provider.search('gyms', { limit: 5 }))).message).toMatch(/not JSON/);
    fake.behave('wrong_shape');
    expect((await failure(provider.search('gyms', { limit: 5 }))).kind).toBe('malformed');
    fake.behave({ raw: 'null' });
    expect((await failure(provider.search('gyms', { limit: 5 }))).kind).toBe('malformed');
    fake.behave({ raw: JSON.stringify({ results: 'x'.repeat(MAX_BODY_BYTES) }) });
    expect((await failure(provider.search('gyms', { limit: 5 }))).message).toMatch(/more than 2 MB/);
  });

  it('maps silence to timeout, before the headers and after them', async () => {
    fake.behave('hang');
    const before = await failure(quick.search('gyms', { limit: 5 }));
    expect(before.kind).toBe('timeout');
    expect(before.message).toMatch(/did not answer within 200 ms/);
    fake.behave('hang_body');
    expect((await failure(quick.search('gyms', { limit: 5 }))).kind).toBe('timeout');
  });

  it('maps a dropped connection to upstream', async () => {
    fake.behave('reset');
    const e = await failure(provider.search('gyms', { limit: 5 }));
    expect(e.kind).toBe('upstream');
    expect(e.message).toMatch(/could not be reached/);
  });

  it("stops at the caller's signal: before the call, and during it", async () => {
    const early = new AbortController();
    early.abort();
    expect((await failure(provider.search('gyms', { limit: 5, signal: early.signal }))).kind).toBe('aborted');
    expect(fake.requests).toHaveLength(0);
    fake.behave('hang');
    const ctl = new AbortController();
    const pending = failure(provider.search('gyms', { limit: 5, signal: ctl.signal }));
    await received(fake, 1);
    ctl.abort();
    expect((await pending).kind).toBe('aborted');
  });

  it('never repeats the key, the URL or the answer body in an error', async () => {
    const messages: string[] = [];
    for (const b of ['unauthorized', 'rate_limited', 'server_error', 'not_json', 'wrong_shape', 'reset'] as const) {
      fake.behave(b);
      const e = await failure(provider.search('secret query words', { limit: 5 }));
      messages.push(e.message, e.stack ?? '', JSON.stringify(e));
    }
    const all = messages.join('\n');
    if (fake.apiKey) expect(all).not.toContain(fake.apiKey);
    expect(all).not.toContain('secret query words');
    expect(all).not.toContain('127.0.0.1');
    expect(all).not.toMatch(/Too Many Requests|excessive requests|RATE_LIMITED/);
  });
});

describe('requests as each API documents them', () => {
  it('SearxNG: GET {SEARCH_URL}/search?q=…&format=json, under a base path too', () =>
    withFake('searxng', { basePath: '/searx' }, async (fake) => {
      expect(await providerFor(fake).search('plant based snacks', { limit: 3 })).toHaveLength(3);
      expect(fake.requests[0]).toMatchObject({ method: 'GET', path: '/search', params: { q: 'plant based snacks', format: 'json' } });
      expect(fake.requests[0].headers.authorization).toBeUndefined();
    }));

  it('SearxNG: credentials in SEARCH_URL go as HTTP Basic authentication, never into the log or an error', () =>
    withFake('searxng', {}, async (fake) => {
      const lines: string[] = [];
      const logger = createLogger({ LOG_LEVEL: 'debug' }, { write: (l: string) => lines.push(l) });
      const url = fake.url.replace('http://', 'http://val:s3cret%21pw@');
      const provider = createSearchProvider(loadConfig({ ...fake.env, SEARCH_URL: url }), logger)!;
      expect(await provider.search('gyms', { limit: 1 })).toHaveLength(1);
      expect(fake.requests[0].headers.authorization).toBe(`Basic ${Buffer.from('val:s3cret!pw').toString('base64')}`);
      fake.behave('unauthorized');
      const e = await failure(provider.search('gyms', { limit: 1 }));
      expect(`${e.message}\n${lines.join('\n')}`).not.toMatch(/s3cret/);
    }));

  it('SearxNG: a 403 (json not enabled) says where to enable it', () =>
    withFake('searxng', {}, async (fake) => {
      fake.behave('forbidden');
      const e = await failure(providerFor(fake).search('x', { limit: 3 }));
      expect(e.message).toBe('SearxNG refused the request (HTTP 403): is "json" listed in search.formats of its settings.yml?');
    }));

  it('Tavily: POST /search, the key as Authorization: Bearer, query and max_results in the JSON body, no key in the body', () =>
    withFake('tavily', {}, async (fake) => {
      expect(await providerFor(fake).search('gym software', { limit: 3 })).toHaveLength(3);
      const req = fake.requests[0];
      expect(req).toMatchObject({ method: 'POST', path: '/search', params: {} });
      expect(req.headers.authorization).toBe(`Bearer ${fake.apiKey}`);
      expect(req.headers['content-type']).toBe('application/json');
      expect(req.body).toEqual({
        query: 'gym software',
        max_results: 3,
        search_depth: 'basic',
        topic: 'general',
        include_answer: false,
        include_raw_content: false,
        include_images: false,
      });
      expect(JSON.stringify(req.body)).not.toContain(fake.apiKey);
    }));

  it('Brave: GET /res/v1/web/search?q=…&count=…, the key as X-Subscription-Token, not in the URL', () =>
    withFake('brave', {}, async (fake) => {
      expect(await providerFor(fake).search('cafes in Zurich', { limit: 4 })).toHaveLength(4);
      const req = fake.requests[0];
      expect(req).toMatchObject({ method: 'GET', path: '/res/v1/web/search', params: { q: 'cafes in Zurich', count: '4' } });
      expect(req.headers['x-subscription-token']).toBe(fake.apiKey);
      expect(req.headers.accept).toBe('application/json');
      expect(Object.values(req.params).join()).not.toContain(fake.apiKey);
    }));

  it.each(['tavily', 'brave'] as const)('%s: a wrong key is refused by the API and reported as unauthorized, without the key', (name) =>
    withFake(name, {}, async (fake) => {
      const e = await failure(providerFor(fake, { SEARCH_API_KEY: 'wrong-key-ABC' }).search('x', { limit: 3 }));
      expect(e.kind).toBe('unauthorized');
      expect(e.message).toMatch(/HTTP 401\): check SEARCH_API_KEY$/);
      expect(e.message).not.toContain('wrong-key-ABC');
    }),
  );

  it.each(PROVIDERS)('%s: a 429 carries the wait the API asks for (Retry-After, or Brave’s X-RateLimit-Reset)', (name) =>
    withFake(name, { retryAfterSeconds: 3 }, async (fake) => {
      fake.behave('rate_limited');
      expect((await failure(providerFor(fake).search('x', { limit: 3 }))).retryAfterMs).toBe(3000);
    }),
  );

  it("Tavily: the plan's limit (432) and pay-as-you-go limit (433) are rate_limited", () =>
    withFake('tavily', {}, async (fake) => {
      for (const status of [432, 433]) {
        fake.behave({ status });
        expect((await failure(providerFor(fake).search('x', { limit: 3 }))).kind).toBe('rate_limited');
      }
    }));

  it.each(['tavily', 'brave'] as const)('%s: a redirect is not followed, so the key never leaves for another host', (name) =>
    withFake(name, {}, (fake) =>
      withFake(name, { apiKey: 'other' }, async (elsewhere) => {
        fake.behave({ redirect: `${elsewhere.url}/${name === 'tavily' ? 'search' : 'res/v1/web/search?q=x'}` });
        const e = await failure(providerFor(fake).search('x', { limit: 3 }));
        expect(e.kind).toBe('upstream');
        expect(e.message).toMatch(/redirect, which is not followed \(HTTP 302\)/);
        expect(elsewhere.requests).toHaveLength(0);
      }),
    ),
  );

  it('SearxNG (no key): a redirect is followed', () =>
    withFake('searxng', {}, (fake) =>
      withFake('searxng', {}, async (moved) => {
        fake.behave({ redirect: `${moved.url}/search?q=moved&format=json` });
        expect(await providerFor(fake).search('x', { limit: 2 })).toHaveLength(2);
        expect(moved.requests[0].query).toBe('moved');
      }),
    ));

  it.each(PROVIDERS)('%s: a server that is not there is upstream (connection refused)', async (name) => {
    const fake = await startFakeSearch(name);
    const provider = providerFor(fake);
    await fake.close();
    const e = await failure(provider.search('x', { limit: 3 }));
    expect(e.kind).toBe('upstream');
    expect(e.message).toMatch(/could not be reached \(ECONNREFUSED\)/);
  });
});
