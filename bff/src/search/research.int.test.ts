import { startFakeSearch, type FakeProviderName, type FakeSearchServer } from '../../test/fakeSearch';
import { loadConfig } from '../config/env';
import { createLogger } from '../logger';
import { createSearchProvider, researchQueries, researchSources, runResearch, sourcesFor } from './index';

const market = { label: 'fitness and wellness', general: false, place: 'the United Kingdom' };

describe.each(['searxng', 'tavily', 'brave'] as FakeProviderName[])("a job's research through %s", (name) => {
  let fake: FakeSearchServer;
  beforeAll(async () => {
    fake = await startFakeSearch(name);
  });
  afterAll(() => fake.close());

  it('finds sources for each topic, records the failed ones, numbers them once, and never logs the key', async () => {
    const lines: string[] = [];
    const logger = createLogger({ LOG_LEVEL: 'debug' }, { write: (l: string) => lines.push(l) });
    const config = loadConfig({ ...fake.env, SEARCH_TIMEOUT_MS: '300', SEARCH_MAX_RESULTS: '3' });
    const provider = createSearchProvider(config, logger)!;
    fake.behave((req) => (/regulation/.test(req.query ?? '') ? 'rate_limited' : /trends/.test(req.query ?? '') ? 'hang' : 'results'));

    const topics = researchQueries(market, 'Class booking app', 'Independent gyms', new Date('2026-03-01T00:00:00Z'));
    const research = await runResearch(provider, topics, { limit: config.SEARCH_MAX_RESULTS, logger });

    const asked = fake.requests.map((r) => r.query);
    expect([...new Set(asked)].sort()).toEqual(topics.map((t) => t.query).sort());
    expect(asked.filter((q) => /regulation/.test(q ?? ''))).toHaveLength(2);
    expect(research.results.map((r) => [r.topic, r.results.length, r.error ?? null])).toEqual([
      ['competitors', 3, null],
      ['market-size', 3, null],
      ['trends', 0, expect.stringMatching(/did not answer within 300 ms$/)],
      ['regulation', 0, expect.stringMatching(/is limiting requests \(rate or quota\) \(HTTP 429\)$/)],
    ]);
    expect(research.results[0].results[0].title).toBe('Class booking app competitors United Kingdom: Report 1');

    const sources = researchSources(research);
    expect(sources.map((s) => s.n)).toEqual([1, 2, 3, 4, 5, 6]);
    expect(sourcesFor(sources, research, ['market-size']).map((s) => s.n)).toEqual([4, 5, 6]);

    const log = lines.join('\n');
    expect(log).toMatch(/web search failed; the report goes on without it/);
    if (fake.apiKey) expect(log).not.toContain(fake.apiKey);
    expect(JSON.stringify(research)).not.toContain(fake.apiKey ?? '\u0000');
  });

  it('tries a rate-limited query once more after the wait the provider asks for', async () => {
    fake.requests.length = 0;
    let searches = 0;
    fake.behave(() => ((searches += 1) === 1 ? 'rate_limited' : 'results'));
    const provider = createSearchProvider(loadConfig(fake.env), createLogger({ LOG_LEVEL: 'silent' }))!;
    const research = await runResearch(provider, [{ id: 'competitors', query: 'gym apps competitors' }], {
      limit: 2,
      logger: createLogger({ LOG_LEVEL: 'silent' }),
    });
    expect(research.results).toEqual([
      {
        topic: 'competitors',
        query: 'gym apps competitors',
        results: [expect.objectContaining({ title: 'gym apps competitors: Report 1' }), expect.anything()],
      },
    ]);
    expect(fake.requests.map((r) => r.query)).toEqual(['gym apps competitors', 'gym apps competitors']);
  });
});
