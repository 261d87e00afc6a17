import { json, startTestApp, type TestApp } from '../app';
import { testDbs } from '../db';
import { FEASIBILITY_INPUTS } from '../reports';
import { hashPassword, LOGIN_BUSY_MESSAGE, SCRYPT_CONCURRENCY } from '../../src/services/adminPassword';

/**
 * Findings 1 and 2 of the attack run: the admin login throttle holds under a burst of parallel
 * guesses with ADMIN_PASSWORD_HASH set (the attempt is counted before the slow scrypt), and every
 * per-IP limit takes the client address from the right of X-Forwarded-For (TRUST_PROXY hops),
 * never from the entries the client writes itself.
 */

const PASSWORD = 'correct horse battery staple';
const idea = (i: number) => ({
  idea: `Forged header test ${i}: a tool library for flats`,
  targetCustomer: 'Renters',
  problemSolved: 'Tools are bought for one use',
});

describe.each(testDbs)('admin login burst with ADMIN_PASSWORD_HASH on $label', (dbKind) => {
  let app: TestApp;
  beforeAll(async () => {
    app = await startTestApp({ dbKind, env: { ADMIN_PASSWORD_HASH: await hashPassword(PASSWORD) } });
  });
  afterAll(() => app.close());

  const login = (password: string, ip: string) =>
    app.fetch('/api/admin/login', { method: 'POST', json: { password }, headers: { 'x-forwarded-for': ip } }).then((r) => r.status);

  it('checks at most 10 of 100 parallel wrong guesses; the rest get 429', async () => {
    const statuses = await Promise.all(Array.from({ length: 100 }, (_, i) => login(`wrong-${i}`, '203.0.113.20')));
    const count = (s: number) => statuses.filter((x) => x === s).length;
    expect({ 401: count(401), 429: count(429) }).toEqual({ 401: 10, 429: 90 });
  });

  it('does not let the right password in at the end of a burst of 100 wrong ones', async () => {
    const wrong = Array.from({ length: 100 }, (_, i) => login(`guess-${i}`, '203.0.113.21'));
    const right = login(PASSWORD, '203.0.113.21');
    const statuses = await Promise.all([...wrong, right]);
    expect(statuses[100]).toBe(429);
    expect(statuses.filter((s) => s === 200)).toEqual([]);
    // Another address is not affected.
    expect(await login(PASSWORD, '198.51.100.21')).toBe(200);
  });
});

describe.each(testDbs)('the scrypt queue under 200 parallel guesses from 200 addresses on $label', (dbKind) => {
  it(`checks ${SCRYPT_CONCURRENCY.max} at a time with ${SCRYPT_CONCURRENCY.waiting} waiting; the rest are told to retry (503), none is lost`, async () => {
    const app = await startTestApp({ dbKind, env: { ADMIN_PASSWORD_HASH: await hashPassword(PASSWORD) } });
    try {
      const answers = await Promise.all(
        Array.from({ length: 200 }, (_, i) =>
          app
            .fetch('/api/admin/login', { method: 'POST', json: { password: `wrong-${i}` }, headers: { 'x-forwarded-for': `10.55.${i >> 8}.${i & 255}` } })
            .then(async (r) => ({ status: r.status, body: await json(r) })),
        ),
      );
      const busy = answers.filter((a) => a.status === 503);
      const checked = answers.filter((a) => a.status === 401);
      expect(busy.length + checked.length).toBe(200);
      expect(busy.length).toBeGreaterThan(0);
      expect(busy[0].body.error).toEqual({ code: 'unavailable', message: LOGIN_BUSY_MESSAGE });
      // A 503 means the running check and every waiting place were taken: all of those were checked.
      expect(checked.length).toBeGreaterThanOrEqual(SCRYPT_CONCURRENCY.max + SCRYPT_CONCURRENCY.waiting);
    } finally {
      await app.close();
    }
  }, 60_000);
});

describe.each(testDbs)('TRUST_PROXY=true (one proxy) on $label', (dbKind) => {
  let app: TestApp;
  beforeAll(async () => {
    app = await startTestApp({
      dbKind,
      env: { TRUST_PROXY: 'true', ADMIN_PASSWORD: PASSWORD, AI_TOKEN_BUDGET_PER_IP: '1000', VALIDATE_RATE_LIMIT_PER_MINUTE: '10' },
    });
  });
  afterAll(() => app.close());

  it('counts validations by the right-most X-Forwarded-For entry: forged left entries do not open new allowances', async () => {
    const statuses: number[] = [];
    for (let i = 0; i < 11; i++) {
      const r = await app.fetch('/api/validate', { method: 'POST', json: idea(i), headers: { 'x-forwarded-for': `10.9.${i}.1, 203.0.113.30` } });
      statuses.push(r.status);
    }
    expect(statuses.slice(0, 10).every((s) => s === 200 || s === 429)).toBe(true);
    expect(statuses[10]).toBe(429);
    // The token budget (1000) ran out on the way: it is keyed by the same proxy-written address.
    // (Metered tokens reach the counter within a quarter second.)
    await new Promise((r) => setTimeout(r, 400));
    const r = await app.fetch('/api/generate-customers', {
      method: 'POST',
      json: { ...idea(99), feedback: 'Promising.' },
      headers: { 'x-forwarded-for': '192.0.2.77, 203.0.113.30' },
    });
    expect(r.status).toBe(429);
    expect((await json(r)).error.message).toMatch(/AI allowance/);
  });

  it('throttles admin logins by the right-most entry whatever the client puts before it', async () => {
    const statuses: number[] = [];
    for (let i = 0; i < 12; i++) {
      const r = await app.fetch('/api/admin/login', {
        method: 'POST',
        json: { password: 'wrong' },
        headers: { 'x-forwarded-for': `172.16.0.${i}, 203.0.113.31` },
      });
      statuses.push(r.status);
    }
    expect(statuses).toEqual([...Array(10).fill(401), 429, 429]);
  });

  it('a single-entry header (what our proxy writes for a direct client) is that client', async () => {
    const a = await app.fetch('/api/admin/login', { method: 'POST', json: { password: PASSWORD }, headers: { 'x-forwarded-for': '198.51.100.31' } });
    expect(a.status).toBe(200);
  });
});

describe('TRUST_PROXY hop counts', () => {
  it('TRUST_PROXY=2 takes the second entry from the right; TRUST_PROXY=false ignores the header', async () => {
    const two = await startTestApp({ env: { TRUST_PROXY: '2', ADMIN_PASSWORD: PASSWORD, ADMIN_LOGIN_MAX_FAILURES: '2' } });
    const off = await startTestApp({ env: { TRUST_PROXY: 'false', ADMIN_PASSWORD: PASSWORD, ADMIN_LOGIN_MAX_FAILURES: '2' } });
    try {
      const wrong = (app: TestApp, xff: string) =>
        app.fetch('/api/admin/login', { method: 'POST', json: { password: 'wrong' }, headers: { 'x-forwarded-for': xff } }).then((r) => r.status);
      // Client 203.0.113.40 behind two proxies (the last entry is the edge proxy's peer address).
      expect([
        await wrong(two, 'x, 203.0.113.40, 10.0.0.2'),
        await wrong(two, 'y, 203.0.113.40, 10.0.0.3'),
        await wrong(two, 'z, 203.0.113.40, 10.0.0.2'),
      ]).toEqual([401, 401, 429]);
      expect(await wrong(two, '203.0.113.41, 10.0.0.2')).toBe(401);
      // No proxy trusted: every request is the socket's peer (127.0.0.1), whatever the header says.
      expect([await wrong(off, '1.1.1.1'), await wrong(off, '2.2.2.2'), await wrong(off, '3.3.3.3')]).toEqual([401, 401, 429]);
    } finally {
      await two.close();
      await off.close();
    }
  });
});

describe.each(testDbs)('one client, many spellings of its address (TRUST_PROXY=1) on $label', (dbKind) => {
  let app: TestApp;
  beforeAll(async () => {
    app = await startTestApp({
      dbKind,
      env: {
        TRUST_PROXY: '1',
        ADMIN_PASSWORD: PASSWORD,
        VALIDATE_RATE_LIMIT_PER_MINUTE: '3',
        AI_TOKEN_BUDGET_PER_IP: '1000000',
        REPORT_WORKER: 'off',
        REPORT_EVENT_STREAMS_PER_IP: '3',
      },
    });
  });
  afterAll(() => app.close());

  it('caps the open report event streams of a /64 together', async () => {
    const id = await app.deps.reports.start({ product: 'new-product-feasibility-study', inputs: FEASIBILITY_INPUTS });
    const open: AbortController[] = [];
    const stream = async (xff: string) => {
      const ac = new AbortController();
      open.push(ac);
      const r = await app.fetch(`/api/reports/${id}/events`, { headers: { 'x-forwarded-for': xff }, signal: ac.signal });
      if (r.ok) await r.body!.getReader().read();
      else await r.text();
      return r.status;
    };
    try {
      expect([await stream('2001:db8:6:1::1'), await stream('[2001:db8:6:1::2]:443'), await stream('2001:db8:6:1:ffff::3')]).toEqual([200, 200, 200]);
      expect(await stream('2001:db8:6:1::4')).toBe(429);
      expect(await stream('2001:db8:6:2::1')).toBe(200);
    } finally {
      for (const ac of open) ac.abort();
    }
  });

  const guess = (xff: string) =>
    app.fetch('/api/admin/login', { method: 'POST', json: { password: 'wrong' }, headers: { 'x-forwarded-for': xff } }).then((r) => r.status);

  it('400 parallel guesses from 400 addresses of one IPv6 /64 reach the password check 10 times', async () => {
    const statuses = await Promise.all(Array.from({ length: 400 }, (_, i) => guess(`2001:db8:7:1:${(i + 1).toString(16)}:0:0:${i.toString(16)}`)));
    const count = (s: number) => statuses.filter((x) => x === s).length;
    expect({ 401: count(401), 429: count(429) }).toEqual({ 401: 10, 429: 390 });
    // The next /64 is another client.
    expect(await guess('2001:db8:7:2::1')).toBe(401);
  });

  it('an address with a port, in brackets, or IPv4-mapped is the same client', async () => {
    const v4 = ['203.0.113.77:40001', '203.0.113.77:40002', '::ffff:203.0.113.77', '[::ffff:203.0.113.77]:443', '::FFFF:cb00:714d', '203.0.113.77'];
    const v6 = ['[2001:db8:9::1]:443', '2001:db8:9::1', '[2001:db8:9:0:ffff::2]:8080', '2001:DB8:9:0::3'];
    const statuses = [];
    for (let i = 0; i < 12; i++) statuses.push(await guess(v4[i % v4.length]));
    expect(statuses).toEqual([...Array(10).fill(401), 429, 429]);
    const six = [];
    for (let i = 0; i < 12; i++) six.push(await guess(v6[i % v6.length]));
    expect(six).toEqual([...Array(10).fill(401), 429, 429]);
  });

  it('counts validations and the AI allowance of a /64 together', async () => {
    const statuses: number[] = [];
    for (let i = 0; i < 4; i++) {
      const r = await app.fetch('/api/validate', { method: 'POST', json: idea(i), headers: { 'x-forwarded-for': `2001:db8:8:1::${i + 1}` } });
      statuses.push(r.status);
      await r.text();
    }
    expect(statuses).toEqual([200, 200, 200, 429]);
  });
});

describe('IPV6_PREFIX_BITS', () => {
  it('groups IPv6 clients by the configured prefix (128: every address on its own)', async () => {
    const app = await startTestApp({ env: { TRUST_PROXY: '1', ADMIN_PASSWORD: PASSWORD, ADMIN_LOGIN_MAX_FAILURES: '1', IPV6_PREFIX_BITS: '128' } });
    const wide = await startTestApp({ env: { TRUST_PROXY: '1', ADMIN_PASSWORD: PASSWORD, ADMIN_LOGIN_MAX_FAILURES: '1', IPV6_PREFIX_BITS: '48' } });
    try {
      const guess = (a: TestApp, xff: string) =>
        a.fetch('/api/admin/login', { method: 'POST', json: { password: 'wrong' }, headers: { 'x-forwarded-for': xff } }).then((r) => r.status);
      expect([await guess(app, '2001:db8:5:1::1'), await guess(app, '2001:db8:5:1::2'), await guess(app, '2001:db8:5:1::1')]).toEqual([401, 401, 429]);
      expect([await guess(wide, '2001:db8:5:1::1'), await guess(wide, '2001:db8:5:2::1'), await guess(wide, '2001:db8:6:1::1')]).toEqual([401, 429, 401]);
    } finally {
      await app.close();
      await wide.close();
    }
  });
});
