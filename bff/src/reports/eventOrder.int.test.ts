import { testDbs } from '../../test/db';
import { knexReportRepository } from '../repositories/reportJobs';

/*
 * A report's live stream reads events with id > the last one it has. Agents run in parallel, each
 * writing its step events in its own transaction: if a later id could commit before an earlier
 * one, a stream reading in between would move past the earlier id and never deliver it. Event
 * writes of one job are serialised, so ids commit in order.
 */
const mysqlOnly = testDbs.filter((d) => d.label === 'mysql');
const suite = mysqlOnly.length ? describe.each(mysqlOnly) : describe.skip.each([{ label: 'mysql (skipped: TEST_MYSQL_URL is not set; SQLite has one writer, so ids commit in order)' }]);

suite('report events on $label', (kind) => {
  it('a stream that reads while two steps write their events in parallel misses none of them', async () => {
    const created = await (kind as (typeof testDbs)[number]).create();
    const { knex } = created.db;
    try {
      await created.db.migrate();
      const repo = knexReportRepository(knex, 'mysql');
      await repo.create({
        id: 'job-order-0123456789',
        product: 'market-pain-points-analysis',
        inputs: {},
        email: null,
        title: 't',
        description: 'd',
        steps: [
          { stepId: 'slow', title: 'Slow' },
          { stepId: 'fast', title: 'Fast' },
        ],
      });
      const job = await repo.claim('worker-1', 60_000);
      expect(job?.id).toBe('job-order-0123456789');
      // The first step's transaction holds on for a second after its event got its id.
      await knex.raw(`CREATE TRIGGER slow_event AFTER INSERT ON report_events FOR EACH ROW
        BEGIN IF NEW.data LIKE '%"stepId":"slow"%' THEN DO SLEEP(1); END IF; END`);

      const slow = repo.startStep(job!.id, 'worker-1', 'slow', { type: 'step-started', stepId: 'slow' } as never);
      await new Promise((r) => setTimeout(r, 200));
      const fast = repo.startStep(job!.id, 'worker-1', 'fast', { type: 'step-started', stepId: 'fast' } as never);

      // A stream polling as the engine's event hub does: id > cursor, every 50 ms.
      const seen: string[] = [];
      let cursor = 0;
      const done = Promise.all([slow, fast]);
      let finished = false;
      void done.then(() => (finished = true));
      while (!finished) {
        for (const e of await repo.eventsAfter(job!.id, cursor)) {
          cursor = e.id;
          seen.push((e.event as { stepId?: string }).stepId ?? e.event.type);
        }
        await new Promise((r) => setTimeout(r, 50));
      }
      await done;
      for (const e of await repo.eventsAfter(job!.id, cursor)) seen.push((e.event as { stepId?: string }).stepId ?? e.event.type);

      const all = (await repo.eventsAfter(job!.id, 0)).map((e) => (e.event as { stepId?: string }).stepId);
      expect(all.sort()).toEqual(['fast', 'slow']);
      expect(seen.sort()).toEqual(['fast', 'slow']);
    } finally {
      await knex.raw('DROP TRIGGER IF EXISTS slow_event').catch(() => undefined);
      await created.drop();
    }
  }, 30_000);
});
