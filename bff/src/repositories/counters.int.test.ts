import { createDb } from '../db/knex';
import { skippedWithoutMysql, testDbs } from '../../test/db';
import { createCounterStore, knexCounterStore, memoryCounterStore } from './counters';

/**
 * The counter store behind every rate limit, token budget and the login throttle: on MySQL one
 * shared table, so two processes (two knex pools here) count into the same windows atomically.
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
      expect((await c.peek('k'))?.total).toBe(42);
      await c.reset('k');
      expect(await c.peek('k')).toBeNull();
    } finally {
      await created.drop();
    }
  });
});

const mysql = testDbs.find((d) => d.label === 'mysql');
(mysql ? describe : describe.skip)(`counter store shared by two processes on MySQL${skippedWithoutMysql}`, () => {
  it('counts 200 parallel hits from two pools exactly once each, and windows expire', async () => {
    const created = await mysql!.create();
    const other = createDb({ url: created.url });
    try {
      await created.db.migrate();
      // 200 hits on one key queue for its row lock: a generous timeout, so none counts in memory.
      const a = knexCounterStore(created.db.knex, { timeoutMs: 10_000 }).counter('t-shared', 1500);
      const b = knexCounterStore(other.knex, { timeoutMs: 10_000 }).counter('t-shared', 1500);
      const results = await Promise.all(Array.from({ length: 200 }, (_, i) => (i % 2 ? a : b).add('ip')));
      expect(results.map((r) => r.total).sort((x, y) => x - y)).toEqual(Array.from({ length: 200 }, (_, i) => i + 1));
      expect((await b.peek('ip'))?.total).toBe(200);
      const rows = await created.db.knex('rate_limits').select('key', 'points');
      expect(rows).toEqual([{ key: 't-shared:ip', points: 200 }]);
      await new Promise((r) => setTimeout(r, 1600));
      expect(await a.peek('ip')).toBeNull();
      expect((await a.add('ip')).total).toBe(1);
    } finally {
      await other.close();
      await created.drop();
    }
  });

  it('falls back to counting in memory when the database is gone (no 500s)', async () => {
    const created = await mysql!.create();
    await created.db.migrate();
    const c = knexCounterStore(created.db.knex).counter('t-down', 60_000);
    await created.drop();
    expect((await c.add('ip')).total).toBe(1);
    expect((await c.add('ip')).total).toBe(2);
  });
});

describe('memory counter store', () => {
  it('refuses one name with two windows', () => {
    const s = memoryCounterStore();
    s.counter('x', 1000);
    expect(() => s.counter('x', 2000)).toThrow(/another window/);
  });
});
