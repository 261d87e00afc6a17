import { json, startTestApp, type TestApp } from '../../../test/app';
import { adminGet, adminLogin, cookiesOf } from '../../../test/adminClient';
import { testDbs } from '../../../test/db';
import { hashPassword } from '../../services/adminPassword';

const PASSWORD = 'correct horse battery staple';
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

describe.each(testDbs)('admin login and session on $label', (dbKind) => {
  let app: TestApp;
  beforeAll(async () => {
    app = await startTestApp({ dbKind, env: { ADMIN_PASSWORD: PASSWORD } });
  });
  afterAll(() => app.close());

  it('answers 401 on every admin route without a session', async () => {
    for (const path of ['/api/admin/link-stats', '/api/admin/product-stats', '/api/admin/daily?kind=links', '/api/admin/messages']) {
      const r = await app.fetch(path);
      expect([path, r.status]).toEqual([path, 401]);
      expect((await json(r)).error.code).toBe('unauthorized');
    }
    const out = await app.fetch('/api/admin/logout', { method: 'POST' });
    expect(out.status).toBe(401);
  });

  it('rejects a wrong password with 401 "Invalid password" and sets no session', async () => {
    const r = await app.fetch('/api/admin/login', { method: 'POST', json: { password: 'nope' }, headers: { 'x-forwarded-for': '10.0.0.1' } });
    expect(r.status).toBe(401);
    expect(await json(r)).toEqual({ error: { code: 'unauthorized', message: 'Invalid password' } });
    expect(cookiesOf(r)).toBe('');
  });

  it('answers a missing password with a 400', async () => {
    const r = await app.fetch('/api/admin/login', { method: 'POST', json: {} });
    expect(r.status).toBe(400);
    expect((await json(r)).error.message).toContain('password');
  });

  it('logs in with the right password: a signed, HttpOnly, SameSite=Strict cookie scoped to /api/admin', async () => {
    const r = await app.fetch('/api/admin/login', { method: 'POST', json: { password: PASSWORD } });
    expect(r.status).toBe(200);
    expect(await r.json()).toEqual({ ok: true });
    const set = r.headers.getSetCookie();
    const main = set.find((c) => c.startsWith('val.admin='))!;
    expect(main).toMatch(/path=\/api\/admin/i);
    expect(main).toMatch(/httponly/i);
    expect(main).toMatch(/samesite=strict/i);
    expect(main).not.toMatch(/secure/i);
    expect(set.some((c) => c.startsWith('val.admin.sig='))).toBe(true);
    const stats = await adminGet(app, '/api/admin/link-stats', cookiesOf(r));
    expect(stats.status).toBe(200);
    expect(await stats.json()).toEqual([]);
  });

  it('refuses a tampered cookie (signature check)', async () => {
    const cookie = await adminLogin(app, PASSWORD);
    const tampered = cookie.replace(/val\.admin=([^;]+)/, (_m, v: string) => `val.admin=${v.slice(0, -2)}xx`);
    expect((await adminGet(app, '/api/admin/link-stats', tampered)).status).toBe(401);
  });

  it('gives a new session id at login (no session fixation) and the old one stops working', async () => {
    const first = await adminLogin(app, PASSWORD);
    const r = await app.fetch('/api/admin/login', { method: 'POST', json: { password: PASSWORD }, headers: { cookie: first } });
    expect(r.status).toBe(200);
    const second = cookiesOf(r);
    const id = (c: string) => /val\.admin=([^;]+)/.exec(c)?.[1];
    expect(id(second)).toBeTruthy();
    expect(id(second)).not.toBe(id(first));
    expect((await adminGet(app, '/api/admin/link-stats', second)).status).toBe(200);
    expect((await adminGet(app, '/api/admin/link-stats', first)).status).toBe(401);
  });

  it('logs out: the session is destroyed on the server, not just forgotten by the browser', async () => {
    const cookie = await adminLogin(app, PASSWORD);
    const r = await app.fetch('/api/admin/logout', { method: 'POST', headers: { cookie } });
    expect(r.status).toBe(200);
    expect(r.headers.getSetCookie().some((c) => /^val\.admin=;/.test(c))).toBe(true);
    expect((await adminGet(app, '/api/admin/link-stats', cookie)).status).toBe(401);
  });

  it('rejects cross-site POSTs (Origin or Sec-Fetch-Site) and accepts same-origin ones', async () => {
    const evil = await app.fetch('/api/admin/login', {
      method: 'POST',
      json: { password: PASSWORD },
      headers: { origin: 'https://evil.example' },
    });
    expect(evil.status).toBe(403);
    expect((await json(evil)).error.message).toBe('Cross-site request rejected');
    expect(cookiesOf(evil)).toBe('');

    const cookie = await adminLogin(app, PASSWORD, { origin: app.url, 'sec-fetch-site': 'same-origin' });
    const crossLogout = await app.fetch('/api/admin/logout', { method: 'POST', headers: { cookie, 'sec-fetch-site': 'cross-site' } });
    expect(crossLogout.status).toBe(403);
    const sameSite = await app.fetch('/api/admin/logout', { method: 'POST', headers: { cookie, 'sec-fetch-site': 'same-site' } });
    expect(sameSite.status).toBe(403);
    const nullOrigin = await app.fetch('/api/admin/logout', { method: 'POST', headers: { cookie, origin: 'null' } });
    expect(nullOrigin.status).toBe(403);
    expect((await adminGet(app, '/api/admin/link-stats', cookie)).status).toBe(200);
  });
});

describe.each(testDbs)('admin session timeouts on $label', (dbKind) => {
  const IDLE_MS = 30 * 60_000;
  const MAX_AGE_MS = 8 * 3_600_000;
  let app: TestApp;
  /** The app's clock: the tests move it instead of waiting. */
  let clock = Date.now();
  beforeAll(async () => {
    app = await startTestApp({
      dbKind,
      now: () => clock,
      env: { ADMIN_PASSWORD: PASSWORD, ADMIN_IDLE_TIMEOUT_MS: String(IDLE_MS), ADMIN_SESSION_MAX_AGE_MS: String(MAX_AGE_MS) },
    });
  });
  afterAll(() => app.close());

  it('ends a session idle for longer than the idle timeout', async () => {
    const kept = await adminLogin(app, PASSWORD);
    const idle = await adminLogin(app, PASSWORD);
    clock += IDLE_MS;
    expect((await adminGet(app, '/api/admin/link-stats', kept)).status).toBe(200);
    clock += 1;
    const r = await adminGet(app, '/api/admin/link-stats', idle);
    expect(r.status).toBe(401);
    expect((await json(r)).error.message).toBe('Your admin session has expired. Please log in again.');
    // The session used at the idle limit counts its idle time from that request.
    clock += IDLE_MS - 1;
    expect((await adminGet(app, '/api/admin/link-stats', kept)).status).toBe(200);
  });

  it('ends an active session at the absolute timeout', async () => {
    const cookie = await adminLogin(app, PASSWORD);
    const started = clock;
    while (clock - started < MAX_AGE_MS) {
      clock = Math.min(started + MAX_AGE_MS, clock + IDLE_MS - 60_000);
      expect([clock - started, (await adminGet(app, '/api/admin/link-stats', cookie)).status]).toEqual([clock - started, 200]);
    }
    clock += 1;
    const r = await adminGet(app, '/api/admin/link-stats', cookie);
    expect(r.status).toBe(401);
    expect((await json(r)).error.message).toBe('Your admin session has expired. Please log in again.');
  });
});

describe.each(testDbs)('admin login throttle on $label', (dbKind) => {
  const WINDOW_MS = 15 * 60_000;
  let app: TestApp;
  beforeAll(async () => {
    app = await startTestApp({ dbKind, env: { ADMIN_PASSWORD: PASSWORD, ADMIN_LOGIN_WINDOW_MS: String(WINDOW_MS) } });
  });
  afterAll(() => app.close());
  // The login attempts are counted by the clock of the counter store (Date.now, here or in the
  // database store's rows): only Date is jest's, so sockets, timers and the database run as usual.
  beforeEach(() =>
    jest.useFakeTimers({
      now: Date.now(),
      doNotFake: [
        'hrtime',
        'nextTick',
        'performance',
        'queueMicrotask',
        'setImmediate',
        'clearImmediate',
        'setInterval',
        'clearInterval',
        'setTimeout',
        'clearTimeout',
      ],
    }),
  );
  afterEach(() => jest.useRealTimers());

  const attempt = (password: string, ip: string) => app.fetch('/api/admin/login', { method: 'POST', json: { password }, headers: { 'x-forwarded-for': ip } });

  it('answers 429 with Retry-After after 10 failures from one IP, even for the right password, until the window passes', async () => {
    const opened = Date.now();
    for (let i = 0; i < 10; i++) expect((await attempt('wrong', '203.0.113.7')).status).toBe(401);
    const blocked = await attempt(PASSWORD, '203.0.113.7');
    expect(blocked.status).toBe(429);
    expect(blocked.headers.get('retry-after')).toBe(String(WINDOW_MS / 1000));
    expect((await json(blocked)).error.code).toBe('rate_limited');
    expect((await attempt(PASSWORD, '198.51.100.9')).status).toBe(200);
    jest.setSystemTime(opened + WINDOW_MS - 1000);
    const last = await attempt(PASSWORD, '203.0.113.7');
    expect(last.status).toBe(429);
    expect(last.headers.get('retry-after')).toBe('1');
    jest.setSystemTime(opened + WINDOW_MS);
    expect((await attempt(PASSWORD, '203.0.113.7')).status).toBe(200);
  });
});

describe('admin without a configured password', () => {
  let app: TestApp;
  beforeAll(async () => {
    app = await startTestApp({ env: {} });
  });
  afterAll(() => app.close());

  it('answers 503 with a clear message on every admin route', async () => {
    const login = await app.fetch('/api/admin/login', { method: 'POST', json: { password: 'anything' } });
    expect(login.status).toBe(503);
    expect((await json(login)).error.message).toMatch(/ADMIN_PASSWORD/);
    expect((await app.fetch('/api/admin/link-stats')).status).toBe(503);
  });
});

describe('admin with ADMIN_PASSWORD_HASH (scrypt)', () => {
  let app: TestApp;
  beforeAll(async () => {
    app = await startTestApp({ env: { ADMIN_PASSWORD_HASH: await hashPassword('hashed pass', { N: 1024 }) } });
  });
  afterAll(() => app.close());

  it('accepts the hashed password and refuses others', async () => {
    expect((await app.fetch('/api/admin/login', { method: 'POST', json: { password: 'hashed pass!' } })).status).toBe(401);
    expect((await app.fetch('/api/admin/login', { method: 'POST', json: { password: 'hashed pass' } })).status).toBe(200);
  });
});

describe.each(testDbs)('admin stats on $label', (dbKind) => {
  let app: TestApp;
  let cookie: string;
  beforeAll(async () => {
    app = await startTestApp({ dbKind, env: { ADMIN_PASSWORD: PASSWORD } });
    cookie = await adminLogin(app, PASSWORD);
    const a = app.deps.services.analytics;
    const at = (s: string) => new Date(s);
    a.trackLinkClick({ company: 'bubble', linkType: 'button', url: 'https://bubble.io/?ref=val' }, at('2026-01-03T10:00:00.000Z'));
    a.trackLinkClick({ company: 'bubble', linkType: 'button', url: 'https://bubble.io/?ref=val' }, at('2026-01-05T23:59:59.999Z'));
    a.trackLinkClick({ company: 'bubble', linkType: 'logo', url: 'https://bubble.io/' }, at('2026-01-04T08:00:00.000Z'));
    a.trackLinkClick({ company: 'gamma', linkType: 'logo', url: 'https://gamma.app/' }, at('2026-01-06T00:00:00.000Z'));
    const p = (product: string, location: string, inputs: number, email: string | undefined, when: string) =>
      a.trackProductClick({ product, location, inputs, email }, at(when));
    p('tam-assessment-for-ideas', 'purchase', 3, 'ada@example.com', '2026-01-03T09:00:00.000Z');
    p('tam-assessment-for-ideas', 'purchase', 2, 'ada@example.com', '2026-01-04T09:00:00.000Z');
    p('tam-assessment-for-ideas', 'purchase', 1, 'bob@example.com', '2026-01-05T09:00:00.000Z');
    p('tam-assessment-for-ideas', 'purchase', 0, undefined, '2026-01-05T10:00:00.000Z');
    p('tam-assessment-for-ideas', 'dialog', 1, 'ada@example.com', '2026-01-04T12:00:00.000Z');
    p('idea-desirability-assessment', 'purchase', 1, 'cy@example.com', '2026-01-06T12:00:00.000Z');
    await a.writer.flush();
  });
  afterAll(() => app.close());

  const get = async (path: string) => {
    const r = await adminGet(app, path, cookie);
    expect(r.status).toBe(200);
    return json(r);
  };

  it('link-stats: one record per company, link type and url, most clicked first, lastClicked the latest', async () => {
    expect(await get('/api/admin/link-stats')).toEqual([
      { company: 'bubble', linkType: 'button', clickCount: 2, lastClicked: '2026-01-05T23:59:59.999Z', url: 'https://bubble.io/?ref=val' },
      { company: 'bubble', linkType: 'logo', clickCount: 1, lastClicked: '2026-01-04T08:00:00.000Z', url: 'https://bubble.io/' },
      { company: 'gamma', linkType: 'logo', clickCount: 1, lastClicked: '2026-01-06T00:00:00.000Z', url: 'https://gamma.app/' },
    ]);
  });

  it('product-stats: clicks, summed inputs, distinct emails per product and location', async () => {
    expect(await get('/api/admin/product-stats')).toEqual([
      { product: 'tam-assessment-for-ideas', location: 'purchase', clickCount: 4, totalInputs: 6, uniqueEmails: 2, lastClicked: '2026-01-05T10:00:00.000Z' },
      {
        product: 'idea-desirability-assessment',
        location: 'purchase',
        clickCount: 1,
        totalInputs: 1,
        uniqueEmails: 1,
        lastClicked: '2026-01-06T12:00:00.000Z',
      },
      { product: 'tam-assessment-for-ideas', location: 'dialog', clickCount: 1, totalInputs: 1, uniqueEmails: 1, lastClicked: '2026-01-04T12:00:00.000Z' },
    ]);
  });

  it('filters by an inclusive UTC day range', async () => {
    expect(await get('/api/admin/link-stats?from=2026-01-04&to=2026-01-05')).toEqual([
      { company: 'bubble', linkType: 'button', clickCount: 1, lastClicked: '2026-01-05T23:59:59.999Z', url: 'https://bubble.io/?ref=val' },
      { company: 'bubble', linkType: 'logo', clickCount: 1, lastClicked: '2026-01-04T08:00:00.000Z', url: 'https://bubble.io/' },
    ]);
    const products = await get('/api/admin/product-stats?from=2026-01-04&to=2026-01-05');
    expect(products).toEqual([
      { product: 'tam-assessment-for-ideas', location: 'purchase', clickCount: 3, totalInputs: 3, uniqueEmails: 2, lastClicked: '2026-01-05T10:00:00.000Z' },
      { product: 'tam-assessment-for-ideas', location: 'dialog', clickCount: 1, totalInputs: 1, uniqueEmails: 1, lastClicked: '2026-01-04T12:00:00.000Z' },
    ]);
    const later = await get('/api/admin/product-stats?from=2026-01-05');
    expect(later.find((s: { location: string }) => s.location === 'purchase')).toMatchObject({
      product: 'tam-assessment-for-ideas',
      clickCount: 2,
      uniqueEmails: 1,
    });
    expect(await get('/api/admin/link-stats?to=2026-01-03')).toHaveLength(1);
    expect(await get('/api/admin/link-stats?from=2027-01-01')).toEqual([]);
  });

  it('daily: clicks per UTC day for each kind', async () => {
    expect(await get('/api/admin/daily?kind=links')).toEqual([
      { day: '2026-01-03', clicks: 1 },
      { day: '2026-01-04', clicks: 1 },
      { day: '2026-01-05', clicks: 1 },
      { day: '2026-01-06', clicks: 1 },
    ]);
    expect(await get('/api/admin/daily?kind=products&from=2026-01-04&to=2026-01-05')).toEqual([
      { day: '2026-01-04', clicks: 2 },
      { day: '2026-01-05', clicks: 2 },
    ]);
  });

  it('answers bad ranges and kinds with a 400', async () => {
    for (const q of [
      '/api/admin/link-stats?from=2026-13-01',
      '/api/admin/product-stats?from=2026-02-30',
      '/api/admin/link-stats?from=2026-01-05&to=2026-01-01',
      '/api/admin/daily?kind=nope',
      '/api/admin/daily',
    ]) {
      const r = await adminGet(app, q, cookie);
      expect([q, r.status]).toEqual([q, 400]);
    }
  });

  it('messages: the contact-form messages, newest first, with a total', async () => {
    await app.deps.repos.contactMessages.create({ name: 'Ada', email: 'ada@example.com', subject: 'Hi', message: 'First' });
    await sleep(5);
    await app.deps.repos.contactMessages.create({ name: 'Bob', email: 'bob@example.com', subject: 'Hello', message: 'Second' });
    const body = await get('/api/admin/messages?limit=1');
    expect(body.total).toBe(2);
    expect(body.messages).toHaveLength(1);
    expect(body.messages[0]).toMatchObject({ name: 'Bob', email: 'bob@example.com', subject: 'Hello', message: 'Second' });
    expect(new Date(body.messages[0].createdAt).toISOString()).toBe(body.messages[0].createdAt);
    expect((await get('/api/admin/messages?limit=1&offset=1')).messages[0].name).toBe('Ada');
    expect((await adminGet(app, '/api/admin/messages?limit=0', cookie)).status).toBe(400);
  });
});
