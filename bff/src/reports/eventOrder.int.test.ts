import knexFactory, { type Knex } from 'knex';
import { testDbs } from '../../test/db';
import { knexReportRepository } from '../repositories/reportJobs';

/*
 * A report's live stream reads events with id > the last one it has. Agents run in parallel, each
 * writing its step events in its own transaction: if a later id could commit before an earlier
 * one, a stream reading in between would move past the earlier id and never deliver it. Event
 * writes of one job are serialised, so ids commit in order.
 */
const mysqlOnly = testDbs.filter((d) => d.label === 'mysql');
const suite = mysqlOnly.length
  ? describe.each(mysqlOnly)
  : describe.skip.each([{ label: 'mysql (skipped: TEST_MYSQL_URL is not set; SQLite has one writer, so ids commit in order)' }]);

/** The first column of the first row of a query. */
const count = async (k: Knex, sql: string) => Object.values((await k.raw(sql))[0][0] as object)[0];

/** Resolves once `cond` holds (asked every 20 ms); fails after 20 s, naming what it waited for. */
async function until(cond: () => Promise<boolean>, what: string): Promise<void> {
  for (const deadline = Date.now() + 20_000; !(await cond());) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 20));
  }
}

suite('report events on $label', (kind) => {
  it('a stream that reads while two steps write their events in parallel misses none of them', async () => {
    const created = await (kind as (typeof testDbs)[number]).create();
    const { knex } = created.db;
    let holder: Knex | undefined;
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
      // The first step's transaction waits, after its event got its id, for a lock the test holds
      // on a connection of its own: the test decides when it commits.
      await knex.raw(`CREATE TRIGGER slow_event AFTER INSERT ON report_events FOR EACH ROW
        BEGIN IF NEW.data LIKE '%"stepId":"slow"%' THEN DO GET_LOCK('val_slow_event', 30); DO RELEASE_LOCK('val_slow_event'); END IF; END`);
      holder = knexFactory({ client: 'mysql2', connection: created.url!, pool: { min: 1, max: 1 } });
      expect(Object.values((await holder.raw("SELECT GET_LOCK('val_slow_event', 0) AS got"))[0][0])).toEqual([1]);

      const slow = repo.startStep(job!.id, 'worker-1', 'slow', { type: 'step-started', stepId: 'slow' } as never);
      await until(
        async () =>
          Number(
            await count(holder!, "SELECT COUNT(*) AS n FROM information_schema.PROCESSLIST WHERE STATE = 'User lock' AND INFO LIKE '%val_slow_event%'"),
          ) === 1,
        'the slow step to hold its event',
      );
      let fastDone = false;
      const fast = repo.startStep(job!.id, 'worker-1', 'fast', { type: 'step-started', stepId: 'fast' } as never).finally(() => (fastDone = true));
      // The fast step has either committed (its id is after the slow one's) or waits for the job's
      // row, which the slow step's transaction holds until it commits.
      const waitsForJob =
        "SELECT COUNT(*) AS n FROM information_schema.PROCESSLIST WHERE INFO LIKE '%from `report_jobs`%for update%' AND INFO NOT LIKE '%PROCESSLIST%'";
      await until(async () => fastDone || Number(await count(holder!, waitsForJob)) > 0, 'the fast step to commit or wait');

      // A stream reads as the engine's event hub does (id > cursor) while the slow step has not committed.
      const seen: string[] = [];
      let cursor = 0;
      const read = async () => {
        for (const e of await repo.eventsAfter(job!.id, cursor)) {
          cursor = e.id;
          seen.push((e.event as { stepId?: string }).stepId ?? e.event.type);
        }
      };
      await read();
      expect(seen).toEqual([]); // nothing is visible until the earlier id has committed
      await holder.raw("SELECT RELEASE_LOCK('val_slow_event')");
      await Promise.all([slow, fast]);
      await read();

      const all = (await repo.eventsAfter(job!.id, 0)).map((e) => (e.event as { stepId?: string }).stepId);
      expect(all.sort()).toEqual(['fast', 'slow']);
      expect(seen.sort()).toEqual(['fast', 'slow']);
    } finally {
      await holder?.destroy();
      await knex.raw('DROP TRIGGER IF EXISTS slow_event').catch(() => undefined);
      await created.drop();
    }
  }, 30_000);
});
