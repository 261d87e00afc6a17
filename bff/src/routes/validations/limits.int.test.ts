import { DELETE_TOKEN_HEADER } from '@val/contracts';
import { json, startTestApp, type TestApp } from '../../../test/app';
import { testDbs } from '../../../test/db';
import { VALIDATION_READ_LIMITS } from './router';

/**
 * The per-address limits of the shareable-validation routes, on the real counter store of each
 * database: permalink reads and comparisons share one allowance (120 a minute), deletions have
 * their own (30 a minute); past either, a 429 with Retry-After, other addresses unaffected.
 */
describe.each(testDbs)('shareable validations: per-address limits ($label)', (kind) => {
  let app: TestApp;
  let ids: string[];
  beforeAll(async () => {
    app = await startTestApp({ dbKind: kind, env: { AI_PROVIDER: 'offline', VALIDATE_RATE_LIMIT_PER_MINUTE: '1000' } });
    ids = [];
    for (const idea of ['Refill station for cleaning products in apartment lobbies', 'Refill station for cleaning products in office lobbies']) {
      const r = await app.fetch('/api/validate', { method: 'POST', json: { idea, targetCustomer: 'Renters', problemSolved: 'Plastic bottles pile up' } });
      ids.push((await json(r)).id);
    }
  });
  afterAll(() => app.close());

  const get = (path: string, ip: string) => app.fetch(path, { headers: { 'x-forwarded-for': ip } });

  it(`reads and comparisons: ${VALIDATION_READ_LIMITS.read.max} a minute per address, then 429`, async () => {
    const { max } = VALIDATION_READ_LIMITS.read;
    const ip = '203.0.113.120';
    const statuses: number[] = [];
    for (let i = 0; i < max; i++) {
      const r = await get(i % 2 ? `/api/validations/${ids[0]}` : `/api/validations/compare?base=${ids[0]}&head=${ids[1]}`, ip);
      statuses.push(r.status);
      await r.arrayBuffer();
    }
    expect(statuses).toEqual(Array(max).fill(200));
    const over = await get(`/api/validations/${ids[1]}`, ip);
    expect(over.status).toBe(429);
    expect(Number(over.headers.get('retry-after'))).toBeGreaterThan(0);
    expect((await json(over)).error.code).toBe('rate_limited');
    expect((await get(`/api/validations/compare?base=${ids[0]}&head=${ids[1]}`, ip)).status).toBe(429);
    expect((await get(`/api/validations/${ids[1]}`, '203.0.113.121')).status).toBe(200);
  });

  it('a permalink page’s data counts against the same read allowance: past it the page comes without the validation, and the API answers 429', async () => {
    const { max } = VALIDATION_READ_LIMITS.read;
    const ip = '203.0.113.140';
    const page = () => app.fetch(`/v/${ids[0]}`, { headers: { 'x-forwarded-for': ip, accept: 'text/html' } });
    const titles: string[] = [];
    for (let i = 0; i < max; i++) {
      const r = await page();
      titles.push(`${r.status} ${/<title>(.*?)<\/title>/.exec(await r.text())?.[1] ?? ''}`);
    }
    expect(new Set(titles).size).toBe(1);
    expect(titles[0]).toMatch(/^200 .*Refill station for cleaning products in apartment lobbies/);
    // One more: the page still loads (its default head, no page data read from the store) and the API is over the limit.
    const over = await page();
    expect(over.status).toBe(200);
    const html = await over.text();
    expect(html).not.toContain('Refill station for cleaning products');
    expect(html).not.toContain('val-page-data');
    expect((await get(`/api/validations/${ids[0]}`, ip)).status).toBe(429);
    expect((await get(`/api/validations/${ids[0]}`, '203.0.113.141')).status).toBe(200);
  });

  it(`deletions: ${VALIDATION_READ_LIMITS.remove.max} a minute per address (wrong tokens included), then 429; reads keep their own allowance`, async () => {
    const { max } = VALIDATION_READ_LIMITS.remove;
    const ip = '203.0.113.130';
    const del = () => app.fetch(`/api/validations/${ids[0]}`, { method: 'DELETE', headers: { 'x-forwarded-for': ip, [DELETE_TOKEN_HEADER]: 'not-the-token' } });
    const statuses: number[] = [];
    for (let i = 0; i < max; i++) {
      const r = await del();
      statuses.push(r.status);
      await r.arrayBuffer();
    }
    expect(statuses).toEqual(Array(max).fill(403));
    const over = await del();
    expect(over.status).toBe(429);
    expect(Number(over.headers.get('retry-after'))).toBeGreaterThan(0);
    expect((await get(`/api/validations/${ids[0]}`, ip)).status).toBe(200);
  });
});
