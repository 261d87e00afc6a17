import { PARTNER_TOOLS } from '@val/contracts';
import { json, startTestApp, type TestApp } from '../../../test/app';
import { testDbs } from '../../../test/db';
import { createLifecycle, type AppDeps } from '../../deps';
import { createAnalyticsService, hashEmail } from '../../services/analytics';

const bubble = PARTNER_TOOLS.find((p) => p.company === 'bubble')!;
const gamma = PARTNER_TOOLS.find((p) => p.company === 'gamma')!;

describe.each(testDbs)('POST /api/track-click and /api/track-product-click on $label', (dbKind) => {
  let app: TestApp;
  beforeAll(async () => {
    app = await startTestApp({ dbKind, env: { TRACK_RATE_LIMIT_PER_MINUTE: '100000' } });
  });
  afterAll(() => app.close());

  const post = (path: string, body: unknown) => app.fetch(path, { method: 'POST', json: body });
  const count = async (table: string) => Number((await app.deps.db.knex(table).count<{ n: number }[]>({ n: '*' }))[0].n);

  it('accepts a partner click (button or logo url) with 202 and stores it', async () => {
    const r = await post('/api/track-click', { company: 'bubble', linkType: 'button', url: bubble.url });
    expect(r.status).toBe(202);
    expect(await r.json()).toEqual({ ok: true });
    expect((await post('/api/track-click', { company: 'bubble', linkType: 'logo', url: bubble.logoUrl })).status).toBe(202);
    await app.deps.services.analytics.writer.flush();
    const rows = await app.deps.db.knex('link_click_events').select('company', 'link_type', 'url');
    expect(rows).toEqual(
      expect.arrayContaining([
        { company: 'bubble', link_type: 'button', url: bubble.url },
        { company: 'bubble', link_type: 'logo', url: bubble.logoUrl },
      ]),
    );
  });

  it.each([
    [{ company: 'acme', linkType: 'button', url: bubble.url }, /company must be one of bubble, beehiiv/],
    [{ company: 'bubble', linkType: 'banner', url: bubble.url }, /linkType must be 'logo' or 'button'/],
    [{ company: 'bubble', linkType: 'button', url: gamma.url }, /url: url must be one of bubble's links/],
    [{ company: 'bubble', linkType: 'button', url: 'https://evil.example/' }, /url must be one of bubble's links/],
    [{ company: 'bubble', linkType: 'button' }, /url/],
  ])('refuses a bad partner click %j with a 400', async (body, message) => {
    const r = await post('/api/track-click', body);
    expect(r.status).toBe(400);
    expect((await json(r)).error.message).toMatch(message);
  });

  it('accepts a product click; the email is stored only as a keyed hash', async () => {
    const r = await post('/api/track-product-click', { product: 'tam-assessment-for-ideas', location: 'purchase', inputs: 3, email: ' Ada@Example.com ' });
    expect(r.status).toBe(202);
    expect((await post('/api/track-product-click', { product: 'tam-assessment-for-ideas', location: 'purchase', inputs: 0 })).status).toBe(202);
    expect((await post('/api/track-product-click', { product: 'tam-assessment-for-ideas', location: 'purchase', inputs: 1, email: null })).status).toBe(202);
    await app.deps.services.analytics.writer.flush();
    const rows = await app.deps.db.knex('product_click_events').select('product', 'location', 'inputs', 'email_hash').orderBy('id');
    expect(rows).toEqual([
      { product: 'tam-assessment-for-ideas', location: 'purchase', inputs: 3, email_hash: hashEmail(app.deps.config.ANALYTICS_HASH_KEY, 'ada@example.com') },
      { product: 'tam-assessment-for-ideas', location: 'purchase', inputs: 0, email_hash: null },
      { product: 'tam-assessment-for-ideas', location: 'purchase', inputs: 1, email_hash: null },
    ]);
    expect(rows[0].email_hash).toMatch(/^[0-9a-f]{64}$/);
    expect(hashEmail('another key of 16+ chars', 'ada@example.com')).not.toBe(rows[0].email_hash);
    for (const table of ['product_click_events', 'product_emails', 'product_email_days']) {
      const dump = JSON.stringify(await app.deps.db.knex(table).select());
      expect(dump).not.toMatch(/ada|example\.com/i);
    }
  });

  it.each([
    [{ product: 'Bad Product!', location: 'purchase', inputs: 1 }, /product must be a known product id/],
    [{ product: 'no-such-product', location: 'purchase', inputs: 1 }, /product must be a known product id/],
    [{ product: 'x'.repeat(81), location: 'purchase', inputs: 1 }, /product/],
    [{ product: 'tam-assessment-for-ideas', location: 'Purchase Page', inputs: 1 }, /location must be a short slug/],
    [{ product: 'tam-assessment-for-ideas', location: 'purchase', inputs: 51 }, /inputs must be at most 50/],
    [{ product: 'tam-assessment-for-ideas', location: 'purchase', inputs: -1 }, /inputs must be at least 0/],
    [{ product: 'tam-assessment-for-ideas', location: 'purchase', inputs: 1.5 }, /inputs must be a whole number/],
    [{ product: 'tam-assessment-for-ideas', location: 'purchase', inputs: '2' }, /inputs must be a number/],
    [{ product: 'tam-assessment-for-ideas', location: 'purchase', inputs: 1, email: 'not-an-email' }, /email must be a valid email address/],
  ])('refuses a bad product click %j with a 400', async (body, message) => {
    const r = await post('/api/track-product-click', body);
    expect(r.status).toBe(400);
    expect((await json(r)).error.message).toMatch(message);
  });

  it('says each problem of a bad request once, in order', async () => {
    const r = await post('/api/track-product-click', { product: 'Bad Product!', location: 'Purchase Page', inputs: 1 });
    expect(r.status).toBe(400);
    expect((await json(r)).error.message).toBe('product: product must be a known product id; location: location must be a short slug (a-z, 0-9, -)');
  });

  it('keeps the rollups equal to the raw events after a concurrent burst', async () => {
    const before = await app.deps.services.analytics.writer.flush().then(() => app.deps.repos.analytics.checkConsistency());
    const emails = ['a@x.io', 'B@x.io', 'c@x.io', undefined, 'b@x.io'];
    const products = ['porter-5-forces-analysis', 'voice-of-customer-insights', 'business-idea-evaluation'];
    const bodies: Array<[string, Record<string, unknown>]> = [];
    for (let i = 0; i < 600; i++) {
      if (i % 3 === 0) {
        const p = PARTNER_TOOLS[i % PARTNER_TOOLS.length];
        const logo = i % 2 === 0;
        bodies.push(['/api/track-click', { company: p.company, linkType: logo ? 'logo' : 'button', url: logo ? p.logoUrl : p.url }]);
      } else {
        bodies.push([
          '/api/track-product-click',
          {
            product: products[Math.floor(i / 3) % products.length],
            location: i % 5 === 0 ? 'dialog' : 'purchase',
            inputs: i % 4,
            email: emails[i % emails.length],
          },
        ]);
      }
    }
    const statuses = (await Promise.all(bodies.map(([path, body]) => post(path, body)))).map((r) => r.status);
    expect(statuses.every((s) => s === 202)).toBe(true);
    await app.deps.services.analytics.writer.flush();
    const report = await app.deps.repos.analytics.checkConsistency();
    expect(report.differences).toEqual([]);
    expect(report.ok).toBe(true);
    expect(report.rawLinkClicks - before.rawLinkClicks).toBe(200);
    expect(report.rawProductClicks - before.rawProductClicks).toBe(400);
    expect(report.rollupLinkClicks).toBe(report.rawLinkClicks);
    expect(report.rollupProductClicks).toBe(report.rawProductClicks);

    const expected = new Map<string, { clicks: number; inputs: number; emails: Set<string> }>();
    for (const [path, body] of bodies) {
      if (path !== '/api/track-product-click') continue;
      const k = `${body.product}/${body.location}`;
      const e = expected.get(k) ?? { clicks: 0, inputs: 0, emails: new Set<string>() };
      e.clicks += 1;
      e.inputs += body.inputs as number;
      if (body.email) e.emails.add(String(body.email).toLowerCase());
      expected.set(k, e);
    }
    const stats = await app.deps.repos.analytics.productStats();
    for (const [k, e] of expected) {
      const [product, location] = k.split('/');
      expect(stats.find((s) => s.product === product && s.location === location)).toMatchObject({
        clickCount: e.clicks,
        totalInputs: e.inputs,
        uniqueEmails: e.emails.size,
      });
    }
    expect(Math.max(...[...expected.values()].map((e) => e.emails.size))).toBeGreaterThanOrEqual(2);

    await app.deps.repos.analytics.rebuildRollups();
    const rebuilt = await app.deps.repos.analytics.checkConsistency();
    expect(rebuilt.differences).toEqual([]);
    expect(await app.deps.repos.analytics.productStats()).toEqual(stats);
  });

  it('answers 429 beyond the per-IP tracking limit', async () => {
    const limited = await startTestApp({ dbKind, env: { TRACK_RATE_LIMIT_PER_MINUTE: '3' } });
    try {
      const body = { company: 'gamma', linkType: 'button', url: gamma.url };
      const codes: number[] = [];
      for (let i = 0; i < 4; i++) codes.push((await limited.fetch('/api/track-click', { method: 'POST', json: body })).status);
      expect(codes).toEqual([202, 202, 202, 429]);
    } finally {
      await limited.close();
    }
  });

  it('counts the per-IP limit without a counter round trip per click, and still stops at the limit', async () => {
    const LIMIT = 300;
    const mysql = dbKind.label === 'mysql';
    const limited = await startTestApp({ dbKind, env: { TRACK_RATE_LIMIT_PER_MINUTE: String(LIMIT) }, proxyDb: mysql });
    // The queries the app sends to MySQL, counted on the wire (the counter store talks to the pool's connections directly).
    const counterQueries = limited.dbProxy?.count('rate_limits') ?? (() => 0);
    try {
      const body = { company: 'gamma', linkType: 'button', url: gamma.url };
      const click = () =>
        limited.fetch('/api/track-click', { method: 'POST', json: body, headers: { 'x-forwarded-for': '198.51.100.140' } }).then((r) => r.status);
      const codes: number[] = [];
      // In parallel tens, as a busy page sends them.
      for (let i = 0; i < (LIMIT + 20) / 10; i++) codes.push(...(await Promise.all(Array.from({ length: 10 }, click))));
      expect(codes.filter((c) => c === 202)).toHaveLength(LIMIT);
      expect(codes.filter((c) => c === 429)).toHaveLength(20);
      // Each counter call is a few statements (a transaction on MySQL): far fewer than one per click.
      if (mysql) expect(counterQueries()).toBeGreaterThan(0);
      expect(counterQueries()).toBeLessThanOrEqual(LIMIT / 5);
    } finally {
      await limited.close();
    }
  });

  it('answers 503 instead of accepting clicks the writer cannot store', async () => {
    const full = await startTestApp({ dbKind, env: { ANALYTICS_MAX_BUFFER: '10', ANALYTICS_FLUSH_ROWS: '500' } });
    try {
      await full.deps.db.knex.schema.renameTable('link_click_daily', 'link_click_daily_away');
      const body = { company: 'gamma', linkType: 'button', url: gamma.url };
      const codes: number[] = [];
      for (let i = 0; i < 12; i++) codes.push((await full.fetch('/api/track-click', { method: 'POST', json: body })).status);
      expect(codes.filter((c) => c === 202)).toHaveLength(10);
      expect(codes.slice(-2)).toEqual([503, 503]);
      const refused = await full.fetch('/api/track-click', { method: 'POST', json: body });
      expect(refused.headers.get('retry-after')).toBe('5');
      expect((await json(refused)).error.code).toBe('unavailable');
      await new Promise((r) => setTimeout(r, 400));
      expect(await full.deps.db.knex('link_click_events').count<{ n: number }[]>({ n: '*' })).toEqual([{ n: 0 }]);
      await full.deps.db.knex.schema.renameTable('link_click_daily_away', 'link_click_daily');
      await full.deps.services.analytics.writer.flush();
      expect(Number((await full.deps.db.knex('link_click_events').count<{ n: number }[]>({ n: '*' }))[0].n)).toBe(10);
      expect((await full.deps.repos.analytics.linkStats())[0].clickCount).toBe(10);
    } finally {
      await full.close();
    }
  });

  it('writes buffered clicks at shutdown (lifecycle hook), none lost', async () => {
    const lifecycle = createLifecycle(app.deps.logger);
    const deps: AppDeps = { ...app.deps, lifecycle, config: { ...app.deps.config, ANALYTICS_FLUSH_MS: 60_000 } };
    const service = createAnalyticsService(deps);
    const before = await count('product_click_events');
    for (let i = 0; i < 7; i++) service.trackProductClick({ product: 'market-pain-points-analysis', location: 'purchase', inputs: 2 });
    await new Promise((r) => setTimeout(r, 50));
    expect(service.writer.pending).toBe(7);
    expect(await count('product_click_events')).toBe(before);
    await lifecycle.runShutdownHooks();
    expect(service.writer.pending).toBe(0);
    expect(await count('product_click_events')).toBe(before + 7);
    expect((await app.deps.repos.analytics.productStats()).find((s) => s.product === 'market-pain-points-analysis')).toMatchObject({
      clickCount: 7,
      totalInputs: 14,
    });
    expect(() => service.trackProductClick({ product: 'market-pain-points-analysis', location: 'purchase', inputs: 2 })).toThrow(/busy/);
  });
});
