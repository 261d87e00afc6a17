import Redis from 'ioredis';
import knexFactory from 'knex';
import { skippedWithoutMysql, skippedWithoutRedis, testDbs, testRedisPrefix, testRedisUrl } from '../db';
import { metric, startServerPair, untilProcessesSeen, type ServerPair } from './serverPair';

/**
 * Many BFF processes, one truth: two real servers (the built bff) on one MySQL database, requests
 * alternating between them, with the shared counters in MySQL and (REDIS_URL) in Redis. The
 * per-IP validation limit (10 a minute) allows 10 in total, not 10 per process; the admin login
 * throttle holds across both; the click limit stays within its total without a round trip per
 * click; and parallel AI calls never spend more than the per-IP token budget between them.
 */

const mysql = testDbs.find((d) => d.label === 'mysql');
const METRICS_TOKEN = 'two-process-metrics-token';
const PASSWORD = 'two process password';

const stores = [
  { label: 'MySQL', skipped: skippedWithoutMysql, run: !!mysql, redis: false },
  { label: 'MySQL + Redis', skipped: skippedWithoutMysql || skippedWithoutRedis, run: !!mysql && !!testRedisUrl, redis: true },
];

const post = (url: string, path: string, ip: string, body: unknown) =>
  fetch(`${url}${path}`, { method: 'POST', headers: { 'content-type': 'application/json', 'x-forwarded-for': ip }, body: JSON.stringify(body) });
const idea = (i: number) => ({ idea: `Shared limit idea ${i}: meal plans for shift workers`, targetCustomer: 'Nurses', problemSolved: 'No time to cook' });

for (const store of stores) {
  (store.run ? describe : describe.skip)(`two BFF processes, counters in ${store.label}${store.skipped}`, () => {
    let created: Awaited<ReturnType<NonNullable<typeof mysql>['create']>>;
    let pair: ServerPair;
    const prefix = testRedisPrefix();
    const env = (extra: Record<string, string>) => ({
      DATABASE_URL: created.url!,
      TRUST_PROXY: '1',
      ADMIN_PASSWORD: PASSWORD,
      REPORT_WORKER: 'off',
      METRICS_TOKEN,
      ...(store.redis ? { REDIS_URL: testRedisUrl!, REDIS_KEY_PREFIX: prefix } : {}),
      ...extra,
    });

    beforeAll(async () => {
      created = await mysql!.create();
      pair = await startServerPair(env({ VALIDATE_RATE_LIMIT_PER_MINUTE: '10', ADMIN_LOGIN_MAX_FAILURES: '10', TRACK_RATE_LIMIT_PER_MINUTE: '100' }));
      await untilProcessesSeen(pair.servers, METRICS_TOKEN, 2);
    }, 60_000);
    afterAll(async () => {
      await pair?.stop();
      await created?.drop();
    });

    it('share the validation limit and the admin login throttle', async () => {
      const validations: number[] = [];
      for (let i = 0; i < 12; i++) {
        const r = await post(pair.pick(i).url, '/api/validate', '203.0.113.80', idea(i));
        validations.push(r.status);
        await r.text();
      }
      expect(validations).toEqual([...Array(10).fill(200), 429, 429]);

      const logins: number[] = [];
      for (let i = 0; i < 12; i++) {
        const r = await post(pair.pick(i).url, '/api/admin/login', '203.0.113.81', { password: `wrong ${i}` });
        logins.push(r.status);
        await r.text();
      }
      expect(logins).toEqual([...Array(10).fill(401), 429, 429]);
      // The right password from that address is refused too, on either process; another address logs in.
      for (const s of pair.servers) expect((await post(s.url, '/api/admin/login', '203.0.113.81', { password: PASSWORD })).status).toBe(429);
      expect((await post(pair.servers[1].url, '/api/admin/login', '198.51.100.81', { password: PASSWORD })).status).toBe(200);
    }, 60_000);

    it('hold the click limit in total (100 a minute), each process counting a few clicks at a time', async () => {
      const click = { company: 'gamma', linkType: 'button', url: 'https://gamma.app/?ref=val' };
      const codes: number[] = [];
      for (let round = 0; round < 13; round++) {
        const batch = Array.from({ length: 10 }, (_, i) =>
          post(pair.pick(round * 10 + i).url, '/api/track-click', '203.0.113.82', click).then((r) => r.status),
        );
        codes.push(...(await Promise.all(batch)));
      }
      const accepted = codes.filter((c) => c === 202).length;
      // At most the limit; at most one process's unused block (a twentieth of the limit) short of it.
      expect(accepted).toBeLessThanOrEqual(100);
      expect(accepted).toBeGreaterThanOrEqual(95);
      expect(codes.filter((c) => c !== 202 && c !== 429)).toEqual([]);
    }, 60_000);

    if (store.redis) {
      it('keep the counters in Redis, not in MySQL', async () => {
        const redis = new Redis(testRedisUrl!);
        const db = knexFactory({ client: 'mysql2', connection: created.url! });
        try {
          const keys = await redis.keys(`${prefix}:*`);
          expect(keys).toEqual(expect.arrayContaining([`${prefix}:validate:203.0.113.80`, `${prefix}:admin-login:203.0.113.81`]));
          expect(await db('rate_limits').count<{ n: number }[]>({ n: '*' })).toEqual([{ n: 0 }]);
        } finally {
          redis.disconnect();
          await db.destroy();
        }
      });
    }
  });

  (store.run ? describe : describe.skip)(`the AI token budget of two BFF processes, counters in ${store.label}${store.skipped}`, () => {
    it('30 parallel AI calls from one address spend at most the budget between the two processes', async () => {
      const BUDGET = 5000;
      const created = await mysql!.create();
      let pair: ServerPair | undefined;
      try {
        pair = await startServerPair({
          DATABASE_URL: created.url!,
          TRUST_PROXY: '1',
          REPORT_WORKER: 'off',
          METRICS_TOKEN,
          AI_TOKEN_BUDGET_PER_IP: String(BUDGET),
          VALIDATE_RATE_LIMIT_PER_MINUTE: '1000',
          ...(store.redis ? { REDIS_URL: testRedisUrl!, REDIS_KEY_PREFIX: testRedisPrefix() } : {}),
        });
        const p = pair;
        await untilProcessesSeen(p.servers, METRICS_TOKEN, 2);
        const answers = await Promise.all(
          Array.from({ length: 30 }, async (_, i) => {
            const r = await post(p.pick(i).url, '/api/validate', '203.0.113.83', idea(i));
            return { status: r.status, body: (await r.json()) as { error?: { message: string } } };
          }),
        );
        const ok = answers.filter((a) => a.status === 200).length;
        expect(ok).toBeGreaterThan(0);
        expect(answers.filter((a) => a.status === 429).every((a) => /AI allowance/.test(a.body.error?.message ?? ''))).toBe(true);
        expect(ok + answers.filter((a) => a.status === 429).length).toBe(30);
        // What the calls really spent (prompt + answer, as each process metered it).
        const spent = (await Promise.all(p.servers.map((s) => metric(s, METRICS_TOKEN, 'val_ai_tokens_total')))).reduce((a, b) => a + b, 0);
        expect(spent).toBeGreaterThan(0);
        expect(spent).toBeLessThanOrEqual(BUDGET);
      } finally {
        await pair?.stop();
        await created.drop();
      }
    }, 90_000);
  });
}
