import { createDb } from '../db/knex';
import { skippedWithoutMysql, skippedWithoutRedis, testDbs, testRedisPrefix, testRedisUrl } from '../../test/db';
import { windowLimit } from '../services/windowLimit';
import { createCounterStore, CounterUnavailableError, knexCounterStore, memoryCounterStore, redisCounterStore, type CounterStore } from './counters';

/**
 * The counter store behind every rate limit, token budget and the login throttle: in Redis
 * (REDIS_URL) or one MySQL table, so two processes (two stores here, each with its own
 * connections) count into the same windows atomically; in memory on SQLite.
 */
describe.each(testDbs)('counter store on $label', (kind) => {
  it('is shared on MySQL and in memory on SQLite', async () => {
    const created = await kind.create();
    try {
      await created.db.migrate();
      const store = createCounterStore(created.db);
      expect(store.kind).toBe(kind.label === 'mysql' ? 'database' : 'memory');
      const c = store.counter('t-basic', 60_000);
      expect(await c.peek('k')).toBeNull();
      expect(await c.add('k')).toMatchObject({ total: 1 });
      const after = await c.add('k', 41);
      expect(after.total).toBe(42);
      expect(after.msLeft).toBeGreaterThan(55_000);
      expect(after.msLeft).toBeLessThanOrEqual(60_000);
      expect((await c.add('k', -2)).total).toBe(40);
      expect((await c.peek('k'))?.total).toBe(40);
      await c.reset('k');
      expect(await c.peek('k')).toBeNull();
      await store.close();
    } finally {
      await created.drop();
    }
  });
});

/** Two stores over one shared backend, as two processes have them; `stop` closes both and cleans up. */
interface SharedPair {
  label: string;
  skipped: string;
  run: boolean;
  open(): Promise<{ a: CounterStore; b: CounterStore; stop(): Promise<void> }>;
}

const mysql = testDbs.find((d) => d.label === 'mysql');
const shared: SharedPair[] = [
  {
    label: 'MySQL',
    skipped: skippedWithoutMysql,
    run: !!mysql,
    async open() {
      const created = await mysql!.create();
      await created.db.migrate();
      const other = createDb({ url: created.url });
      // 200 hits on one key queue for its row lock: a generous timeout, so none times out.
      const a = knexCounterStore(created.db.knex, { timeoutMs: 10_000 });
      const b = knexCounterStore(other.knex, { timeoutMs: 10_000 });
      return {
        a,
        b,
        async stop() {
          await a.close();
          await b.close();
          await other.close();
          await created.drop();
        },
      };
    },
  },
  {
    label: 'Redis',
    skipped: skippedWithoutRedis,
    run: !!testRedisUrl,
    async open() {
      const prefix = testRedisPrefix();
      const a = redisCounterStore(testRedisUrl!, { prefix, timeoutMs: 10_000 });
      const b = redisCounterStore(testRedisUrl!, { prefix, timeoutMs: 10_000 });
      return {
        a,
        b,
        async stop() {
          await a.close();
          await b.close();
        },
      };
    },
  },
];

for (const backend of shared) {
  (backend.run ? describe : describe.skip)(`counter store shared by two processes in ${backend.label}${backend.skipped}`, () => {
    it('counts 200 parallel hits from two stores exactly once each, and windows expire', async () => {
      const { a: sa, b: sb, stop } = await backend.open();
      try {
        const a = sa.counter('t-shared', 1500);
        const b = sb.counter('t-shared', 1500);
        const results = await Promise.all(Array.from({ length: 200 }, (_, i) => (i % 2 ? a : b).add('ip')));
        expect(results.map((r) => r.total).sort((x, y) => x - y)).toEqual(Array.from({ length: 200 }, (_, i) => i + 1));
        expect((await b.peek('ip'))?.total).toBe(200);
        // Redis keeps whole seconds of a window: 1.5 s is 1 s there.
        await new Promise((r) => setTimeout(r, 1600));
        expect(await a.peek('ip')).toBeNull();
        expect((await a.add('ip')).total).toBe(1);
      } finally {
        await stop();
      }
    });

    it('knows how many processes count into it once they have started', async () => {
      const { a, b, stop } = await backend.open();
      try {
        expect(a.processes()).toBeNull();
        a.start();
        await until(() => a.processes() === 1);
        b.start();
        await until(() => b.processes() === 2);
      } finally {
        await stop();
      }
    });

    it('windowLimit: 1,000 parallel takes over two processes allow exactly the limit; blocks keep a big limit within its total', async () => {
      const { a, b, stop } = await backend.open();
      try {
        const exact = [a, b].map((store) =>
          windowLimit({ store, name: 't-exact', windowMs: 60_000, max: 10, exact: true, countRefused: true, whenUnavailable: 'closed' }),
        );
        const takes = await Promise.all(Array.from({ length: 1000 }, (_, i) => exact[i % 2].take('burst')));
        expect(takes.filter((t) => t.allowed)).toHaveLength(10);
        expect((await a.counter('t-exact', 60_000).peek('burst'))?.total).toBe(1000);

        const blocks = [a, b].map((store) => windowLimit({ store, name: 't-blocks', windowMs: 60_000, max: 200, whenUnavailable: 'share' }));
        let allowed = 0;
        for (let i = 0; i < 260; i++) if ((await blocks[i % 2].take('clicks')).allowed) allowed += 1;
        // One block (200 / 20 = 10) may sit unused in the other process, never more than the limit.
        expect(allowed).toBeLessThanOrEqual(200);
        expect(allowed).toBeGreaterThanOrEqual(190);
        expect((await a.counter('t-blocks', 60_000).peek('clicks'))?.total).toBeLessThanOrEqual(200);
      } finally {
        await stop();
      }
    });

    it('windowLimit: what was held and not used goes back, for the other process to take', async () => {
      const { a, b, stop } = await backend.open();
      try {
        const [la, lb] = [a, b].map((store) => windowLimit({ store, name: 't-tokens', windowMs: 60_000, max: 5000, whenUnavailable: 'share' }));
        expect((await la.take('ip', 4000)).allowed).toBe(true);
        expect((await lb.take('ip', 2000)).allowed).toBe(false);
        await la.adjust('ip', -3000); // the call spent 1,000 of its 4,000
        expect((await lb.take('ip', 3000)).allowed).toBe(true);
        // Process a still holds a block (5,000 / 20 = 250): 4,000 + 3,000 - 3,000 + 250 is counted.
        expect((await lb.take('ip', 1000)).allowed).toBe(false);
        expect((await lb.take('ip', 750)).allowed).toBe(true);
        expect((await la.take('ip', 250)).allowed).toBe(true);
        expect((await la.take('ip', 1)).allowed).toBe(false);
      } finally {
        await stop();
      }
    });
  });
}

async function until(ok: () => boolean, ms = 5000) {
  const deadline = Date.now() + ms;
  while (!ok()) {
    if (Date.now() > deadline) throw new Error('condition not met in time');
    await new Promise((r) => setTimeout(r, 50));
  }
}

(mysql ? describe : describe.skip)(`counter store on a MySQL that is gone${skippedWithoutMysql}`, () => {
  it('rejects with CounterUnavailableError (the limits decide what that means), not with a driver error', async () => {
    const created = await mysql!.create();
    await created.db.migrate();
    const c = knexCounterStore(created.db.knex).counter('t-down', 60_000);
    await created.drop();
    await expect(c.add('ip')).rejects.toBeInstanceOf(CounterUnavailableError);
    await expect(c.add('ip')).rejects.toBeInstanceOf(CounterUnavailableError);
  });
});

describe('memory counter store', () => {
  it('refuses one name with two windows', () => {
    const s = memoryCounterStore();
    s.counter('x', 1000);
    expect(() => s.counter('x', 2000)).toThrow(/another window/);
  });
});
