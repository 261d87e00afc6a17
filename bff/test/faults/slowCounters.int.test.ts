import { skippedWithoutMysql, skippedWithoutRedis, testDbs, testRedisPrefix, testRedisUrl } from '../db';
import { startServerPair, untilProcessesSeen, type ServerPair } from './serverPair';
import { startTcpProxy, type TcpProxy } from './tcpProxy';

/**
 * When the shared counters cannot answer in time, the limits must not multiply by the number of
 * processes. Two real servers share a store (MySQL, or Redis with MySQL beside it) that a TCP
 * proxy of our own then slows down far past COUNTER_STORE_TIMEOUT_MS: a burst of wrong admin
 * passwords from one address reaches the password check at most ADMIN_LOGIN_MAX_FAILURES times
 * (the login fails closed: 503 with Retry-After), and a burst of validations gets at most the
 * validation limit in total (each process allows its share while the store is out).
 */

const mysql = testDbs.find((d) => d.label === 'mysql');
const METRICS_TOKEN = 'slow-counters-metrics-token';
const PASSWORD = 'slow counters password';
/** Each byte's delay each way: one counter call takes well over a second, the timeout is 300 ms. */
const SLOW_MS = 400;

const variants = [
  { label: 'MySQL', slowed: 'mysql' as const, skipped: skippedWithoutMysql, run: !!mysql },
  { label: 'Redis', slowed: 'redis' as const, skipped: skippedWithoutMysql || skippedWithoutRedis, run: !!mysql && !!testRedisUrl },
];

const post = (url: string, path: string, ip: string, body: unknown) =>
  fetch(`${url}${path}`, { method: 'POST', headers: { 'content-type': 'application/json', 'x-forwarded-for': ip }, body: JSON.stringify(body) }).then(
    async (r) => ({
      status: r.status,
      retryAfter: r.headers.get('retry-after'),
      body: (await r.json().catch(() => ({}))) as { error?: { code: string; message: string } },
    }),
  );

const through = (proxy: TcpProxy, url: string) => {
  const u = new URL(url);
  u.hostname = '127.0.0.1';
  u.port = String(proxy.port);
  return u.toString();
};

for (const v of variants) {
  (v.run ? describe : describe.skip)(`two BFF processes when the shared counters (${v.label}) are slow${v.skipped}`, () => {
    let created: Awaited<ReturnType<NonNullable<typeof mysql>['create']>>;
    let proxy: TcpProxy;
    let pair: ServerPair;

    beforeAll(async () => {
      created = await mysql!.create();
      const target = new URL(v.slowed === 'mysql' ? created.url! : testRedisUrl!);
      proxy = await startTcpProxy({ host: target.hostname, port: Number(target.port || (v.slowed === 'mysql' ? 3306 : 6379)) });
      pair = await startServerPair({
        DATABASE_URL: v.slowed === 'mysql' ? through(proxy, created.url!) : created.url!,
        ...(v.slowed === 'redis' ? { REDIS_URL: through(proxy, testRedisUrl!), REDIS_KEY_PREFIX: testRedisPrefix() } : {}),
        TRUST_PROXY: '1',
        ADMIN_PASSWORD: PASSWORD,
        ADMIN_LOGIN_MAX_FAILURES: '10',
        VALIDATE_RATE_LIMIT_PER_MINUTE: '10',
        COUNTER_STORE_TIMEOUT_MS: '300',
        REPORT_WORKER: 'off',
        METRICS_TOKEN,
      });
      await untilProcessesSeen(pair.servers, METRICS_TOKEN, 2);
    }, 60_000);
    afterAll(async () => {
      await pair?.stop();
      await proxy?.close();
      await created?.drop();
    });

    it('admin login fails closed: of 600 parallel guesses at most 10 reach the password check, the rest 429 or 503 with Retry-After', async () => {
      proxy.slow(SLOW_MS);
      try {
        const answers = await Promise.all(
          Array.from({ length: 600 }, (_, i) => post(pair.pick(i).url, '/api/admin/login', '203.0.113.90', { password: `wrong ${i}` })),
        );
        const by = (s: number) => answers.filter((a) => a.status === s);
        expect(by(401).length).toBeLessThanOrEqual(10);
        expect(answers.filter((a) => ![401, 429, 503].includes(a.status)).map((a) => a.status)).toEqual([]);
        expect(by(503).length).toBeGreaterThan(0);
        for (const a of [...by(503), ...by(429)]) expect(Number(a.retryAfter)).toBeGreaterThan(0);
        expect(by(503)[0].body.error).toEqual({ code: 'unavailable', message: 'Sign-in is paused for a moment. Please try again shortly.' });
      } finally {
        proxy.slow(0);
      }
      // Once the store answers again, so does the login (the right password from another address).
      const deadline = Date.now() + 10_000;
      let status = 0;
      while (status !== 200 && Date.now() < deadline) {
        status = (await post(pair.servers[0].url, '/api/admin/login', '198.51.100.90', { password: PASSWORD })).status;
        if (status !== 200) await new Promise((r) => setTimeout(r, 300));
      }
      expect(status).toBe(200);
    }, 60_000);

    it('validations: 300 parallel requests from one address get at most the limit (10) between both processes', async () => {
      proxy.slow(SLOW_MS);
      try {
        const idea = (i: number) => ({
          idea: `Slow store idea ${i}: laundry pickup for students`,
          targetCustomer: 'Students',
          problemSolved: 'No time for laundry',
        });
        const answers = await Promise.all(Array.from({ length: 300 }, (_, i) => post(pair.pick(i).url, '/api/validate', '203.0.113.91', idea(i))));
        const ok = answers.filter((a) => a.status === 200).length;
        expect(ok).toBeLessThanOrEqual(10);
        expect(ok).toBeGreaterThan(0);
        expect(answers.filter((a) => ![200, 429].includes(a.status)).map((a) => a.status)).toEqual([]);
      } finally {
        proxy.slow(0);
      }
    }, 90_000);
  });
}
