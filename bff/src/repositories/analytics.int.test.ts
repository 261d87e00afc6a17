import { migrationSource, migrations } from '../../migrations';
import { testDbs } from '../../test/db';
import { knexAnalyticsRepository } from './analytics';

describe.each(testDbs)('analytics repository on $label', (kind) => {
  it('backfills product_emails.last_day from the email-days when that migration runs over existing data', async () => {
    const { db, drop } = await kind.create();
    try {
      const upTo = migrations.findIndex(([name]) => name === '20261126200004_product_emails_last_day');
      for (let i = 0; i < upTo; i++) await db.knex.migrate.up({ migrationSource });
      await db.knex('product_emails').insert([
        { product: 'p', location: 'purchase', email_hash: 'a'.repeat(64), first_day: '2026-01-01' },
        { product: 'p', location: 'purchase', email_hash: 'b'.repeat(64), first_day: '2026-01-02' },
      ]);
      await db.knex('product_email_days').insert([
        { day: '2026-01-01', product: 'p', location: 'purchase', email_hash: 'a'.repeat(64) },
        { day: '2026-01-07', product: 'p', location: 'purchase', email_hash: 'a'.repeat(64) },
        { day: '2026-01-02', product: 'p', location: 'purchase', email_hash: 'b'.repeat(64) },
      ]);
      await db.knex.migrate.up({ migrationSource });
      const rows = await db.knex('product_emails').select('email_hash', 'last_day').orderBy('email_hash');
      const day = (v: unknown) => (v instanceof Date ? v.toISOString().slice(0, 10) : String(v));
      expect(rows.map((r: { last_day: unknown }) => day(r.last_day))).toEqual(['2026-01-07', '2026-01-02']);
    } finally {
      await drop();
    }
  });

  it('counts distinct emails of a window ending today and of a past window the same way as the raw events', async () => {
    const { db, drop } = await kind.create();
    try {
      await db.migrate();
      const repo = knexAnalyticsRepository(db.knex);
      const today = new Date().toISOString().slice(0, 10);
      const daysAgo = (n: number) => new Date(Date.now() - n * 86_400_000);
      const click = (email: string | null, when: Date, location = 'purchase') => ({ product: 'p', location, inputs: 1, emailHash: email, clickedAt: when });
      await repo.recordBatch({
        links: [],
        products: [click('a', daysAgo(20)), click('b', daysAgo(10)), click('c', daysAgo(3)), click(null, daysAgo(2))],
      });
      await repo.recordBatch({ links: [], products: [click('a', daysAgo(1)), click('b', daysAgo(40)), click('d', daysAgo(1), 'dialog')] });
      const iso = (d: Date) => d.toISOString().slice(0, 10);
      for (const range of [
        { from: iso(daysAgo(6)) },
        { from: iso(daysAgo(6)), to: today },
        { from: iso(daysAgo(15)), to: iso(daysAgo(2)) },
        { to: iso(daysAgo(5)) },
      ]) {
        const rolled = await repo.productStats(range);
        const raw = await repo.productStatsFromRaw(range);
        expect([range, rolled]).toEqual([range, raw]);
      }
      expect((await repo.productStats({ from: iso(daysAgo(6)) })).find((s) => s.location === 'purchase')?.uniqueEmails).toBe(2);
      expect((await repo.productStats()).find((s) => s.location === 'purchase')).toMatchObject({ clickCount: 6, uniqueEmails: 3 });
      expect((await repo.checkConsistency()).differences).toEqual([]);
    } finally {
      await drop();
    }
  });

  it('stores a batch once per id: a retry after a lost COMMIT answer is skipped, counts stay exact', async () => {
    const { db, drop } = await kind.create();
    try {
      await db.migrate();
      const repo = knexAnalyticsRepository(db.knex);
      const when = new Date();
      const batch = {
        batchId: 'b7e1c0de-0000-4000-8000-000000000001',
        links: [{ company: 'Stripe', linkType: 'button' as const, url: 'https://stripe.com', clickedAt: when }],
        products: [{ product: 'p', location: 'purchase', inputs: 2, emailHash: 'e'.repeat(64), clickedAt: when }],
      };
      expect(await repo.recordBatch(batch)).toBe(true);
      expect(await repo.recordBatch(batch)).toBe(false);
      expect(await repo.recordBatch({ ...batch, batchId: 'b7e1c0de-0000-4000-8000-000000000002' })).toBe(true);
      expect(await db.knex('link_click_events').count({ n: '*' })).toEqual([{ n: 2 }]);
      expect((await repo.linkStats())[0]).toMatchObject({ company: 'Stripe', clickCount: 2 });
      expect((await repo.productStats())[0]).toMatchObject({ product: 'p', clickCount: 2, totalInputs: 4, uniqueEmails: 1 });
      expect((await repo.checkConsistency()).differences).toEqual([]);
      // Old ids are pruned; fresh ones stay.
      expect(await repo.pruneBatches(new Date(Date.now() - 60_000))).toBe(0);
      expect(await repo.pruneBatches(new Date(Date.now() + 60_000))).toBe(2);
      expect(await db.knex('analytics_batches').count({ n: '*' })).toEqual([{ n: 0 }]);
    } finally {
      await drop();
    }
  });
});
