import { createLogger } from '../logger';
import { RESEARCH_CONCURRENCY, RESEARCH_QUERY_MAX, researchQueries, runResearch, type ResearchTopic } from './research';
import { SearchError, type SearchProvider, type SearchResult } from './types';

const uk = { label: 'fitness and wellness', general: false, place: 'the United Kingdom' };
const may2026 = new Date('2026-05-01T00:00:00Z');

describe('researchQueries', () => {
  it('builds one short query per topic from the market read', () => {
    expect(researchQueries(uk, 'Class booking app', 'Independent gyms', may2026)).toEqual([
      { id: 'competitors', query: 'Class booking app competitors United Kingdom' },
      { id: 'market-size', query: 'fitness and wellness market size United Kingdom' },
      { id: 'trends', query: 'fitness and wellness trends 2026' },
      { id: 'regulation', query: 'fitness and wellness regulation United Kingdom' },
    ]);
  });

  it('leaves the place out when there is none', () => {
    const qs = researchQueries({ ...uk, place: null }, 'Class booking app', 'Independent gyms', may2026);
    expect(qs.find((q) => q.id === 'market-size')?.query).toBe('fitness and wellness market size');
    expect(qs.find((q) => q.id === 'regulation')?.query).toBe('fitness and wellness regulation');
    expect(qs.every((q) => !/null|undefined/.test(q.query))).toBe(true);
  });

  it('searches the audience, not "general (no clear market)", when the market read is general', () => {
    const qs = researchQueries(
      { label: 'general (no clear market)', general: true, place: 'Germany' },
      'Plant-based snacks',
      'Health-minded commuters',
      may2026,
    );
    expect(qs.map((q) => q.query)).toEqual([
      'Plant-based snacks competitors Germany',
      'Health-minded commuters market size Germany',
      'Health-minded commuters trends 2026',
      'Health-minded commuters regulation Germany',
    ]);
  });

  it('keeps every query under the limit and free of quotes and search operators', () => {
    const subject = `"Book & pay" for classes — in two taps (fast!) site:evil.example -free ${'very long words '.repeat(20)}`;
    const qs = researchQueries({ ...uk, place: 'Zürich, "Switzerland"' }, subject, 'Gym owners’ “front desks”', may2026);
    expect(qs).toHaveLength(4);
    for (const q of qs) {
      expect(q.query.length).toBeLessThanOrEqual(RESEARCH_QUERY_MAX);
      expect(q.query).not.toMatch(/["“”'’`():|*]|\s-\w|site:/);
      expect(q.query).toMatch(/\S/);
    }
    expect(qs[0].query).toBe('Book pay for classes in two taps fast site evil.example competitors Zürich Switzerland');
    expect(qs[1].query).toBe('fitness and wellness market size Zürich Switzerland');
  });

  it('drops an apostrophe inside a word and skips topics with nothing to search', () => {
    expect(researchQueries({ ...uk, place: null }, "children's tutoring", 'parents', may2026)[0].query).toBe('childrens tutoring competitors');
    expect(researchQueries({ label: 'general (no clear market)', general: true, place: null }, '  ', '"" ', may2026)).toEqual([]);
  });
});

/** A provider whose answers the test releases one by one, recording how many searches run at once. */
function gatedProvider() {
  const pending: Array<{ query: string; resolve: (r: SearchResult[]) => void; reject: (e: unknown) => void }> = [];
  let running = 0;
  let maxRunning = 0;
  const waiters: Array<() => void> = [];
  const provider: SearchProvider = {
    name: 'tavily',
    search(query) {
      running += 1;
      maxRunning = Math.max(maxRunning, running);
      return new Promise<SearchResult[]>((resolve, reject) => {
        pending.push({
          query,
          resolve: (r) => {
            running -= 1;
            resolve(r);
          },
          reject: (e) => {
            running -= 1;
            reject(e);
          },
        });
        waiters.splice(0).forEach((w) => w());
      });
    },
  };
  const next = async () => {
    while (!pending.length) await new Promise<void>((r) => waiters.push(r));
    return pending.shift()!;
  };
  return {
    provider,
    next,
    get maxRunning() {
      return maxRunning;
    },
    get running() {
      return running;
    },
  };
}

function logCapture() {
  const lines: string[] = [];
  return { logger: createLogger({ LOG_LEVEL: 'info' }, { write: (l: string) => lines.push(l) }), lines };
}

const topics: ResearchTopic[] = [
  { id: 'competitors', query: 'q competitors' },
  { id: 'market-size', query: 'q market size' },
  { id: 'trends', query: 'q trends' },
  { id: 'regulation', query: 'q regulation' },
];
const result = (n: number): SearchResult => ({ title: `T${n}`, url: `https://s${n}.example/`, snippet: `S${n}` });

describe('runResearch', () => {
  it('runs two queries at a time and returns the outcomes in the topics’ order', async () => {
    const gate = gatedProvider();
    const { logger } = logCapture();
    const done = runResearch(gate.provider, topics, { limit: 5, logger });
    const a = await gate.next();
    const b = await gate.next();
    expect(gate.running).toBe(RESEARCH_CONCURRENCY);
    b.resolve([result(2)]);
    const c = await gate.next();
    a.resolve([result(1)]);
    const d = await gate.next();
    d.resolve([result(4)]);
    c.resolve([result(3)]);
    const { results } = await done;
    expect(gate.maxRunning).toBe(RESEARCH_CONCURRENCY);
    expect([a, b, c, d].map((x) => x.query)).toEqual(topics.map((t) => t.query));
    expect(results).toEqual(topics.map((t, i) => ({ topic: t.id, query: t.query, results: [result(i + 1)] })));
  });

  it('records a failed query in its outcome and logs it, without failing the others', async () => {
    const gate = gatedProvider();
    const { logger, lines } = logCapture();
    const done = runResearch(gate.provider, topics, { limit: 5, logger });
    (await gate.next()).resolve([result(1)]);
    (await gate.next()).reject(new SearchError('unauthorized', 'Tavily refused the request (HTTP 401): check SEARCH_API_KEY', 401));
    (await gate.next()).reject(new Error('boom with secret-ish details'));
    (await gate.next()).resolve([]);
    const { results } = await done;
    expect(results.map((r) => [r.topic, r.results.length, r.error])).toEqual([
      ['competitors', 1, undefined],
      ['market-size', 0, 'Tavily refused the request (HTTP 401): check SEARCH_API_KEY'],
      ['trends', 0, 'tavily: the search failed'],
      ['regulation', 0, undefined],
    ]);
    const warned = lines.map((l) => JSON.parse(l)).filter((l) => l.level === 40);
    expect(warned.map((l) => [l.topic, l.kind])).toEqual([
      ['market-size', 'unauthorized'],
      ['trends', 'Error'],
    ]);
    expect(lines.join('\n')).not.toContain('secret-ish');
  });

  it('tries a rate-limited query once more after the wait the provider asks for, and only once', async () => {
    let calls = 0;
    const limitedOnce: SearchProvider = {
      name: 'brave',
      search: async () => {
        calls += 1;
        if (calls === 1) throw new SearchError('rate_limited', 'Brave Search is limiting requests (rate or quota) (HTTP 429)', 429, 0);
        return [result(1)];
      },
    };
    expect((await runResearch(limitedOnce, topics.slice(0, 1), { limit: 5, logger: logCapture().logger })).results[0]).toEqual({
      topic: 'competitors',
      query: 'q competitors',
      results: [result(1)],
    });
    expect(calls).toBe(2);

    let tries = 0;
    const alwaysLimited: SearchProvider = {
      name: 'brave',
      search: async () => {
        tries += 1;
        throw new SearchError('rate_limited', 'Brave Search is limiting requests (rate or quota) (HTTP 429)', 429, 0);
      },
    };
    const { results } = await runResearch(alwaysLimited, topics.slice(0, 1), { limit: 5, logger: logCapture().logger });
    expect(results[0].error).toMatch(/HTTP 429/);
    expect(tries).toBe(2);
  });

  it('does not wait to retry once the job is cancelled', async () => {
    const ctl = new AbortController();
    let tries = 0;
    const provider: SearchProvider = {
      name: 'tavily',
      search: async () => {
        tries += 1;
        ctl.abort();
        throw new SearchError('rate_limited', 'Tavily is limiting requests (rate or quota) (HTTP 429)', 429, 60_000);
      },
    };
    const { results } = await runResearch(provider, topics.slice(0, 1), { limit: 5, signal: ctl.signal, logger: logCapture().logger });
    expect(results[0].error).toMatch(/HTTP 429/);
    expect(tries).toBe(1);
  });

  it('cuts what a provider returns to the limit and cleans it', async () => {
    const provider: SearchProvider = {
      name: 'brave',
      search: async () => [result(1), { title: '<b>x</b>', url: 'javascript:alert(1)', snippet: '' }, result(2), result(3)],
    };
    const { results } = await runResearch(provider, topics.slice(0, 1), { limit: 2, logger: logCapture().logger });
    expect(results[0].results).toEqual([result(1), result(2)]);
  });

  it('never rejects, even when the provider throws synchronously, and does nothing without topics', async () => {
    const provider: SearchProvider = {
      name: 'searxng',
      search() {
        throw new SearchError('aborted', 'SearxNG: the search was cancelled');
      },
    };
    const { results } = await runResearch(provider, topics, { limit: 5, logger: logCapture().logger });
    expect(results.every((r) => r.error === 'SearxNG: the search was cancelled' && r.results.length === 0)).toBe(true);
    expect(await runResearch(provider, [], { limit: 5, logger: logCapture().logger })).toEqual({ results: [] });
  });
});
