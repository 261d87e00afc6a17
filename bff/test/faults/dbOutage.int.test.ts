import { runOutageScenario, type OutageFigures } from './outageScenario';
import { diagnostics } from '../diagnostics';
import { skippedWithoutMysql } from '../db';

/**
 * Database outage (MySQL only; CI sets TEST_MYSQL_URL): the built server reaches MySQL through a
 * TCP proxy of our own, which is cut for 10 s under a steady click load. /readyz answers 503
 * within 2 s of the cut and 200 again within 5 s of its end; every click the API accepted —
 * before, during and after the cut — is stored exactly once (raw events and the admin rollups);
 * a click during the outage is either stored or was answered with an error, none is lost; other
 * database-backed calls answer 503 while the database is away.
 * The longer variants (a silent network partition, longer cuts) run in bench/faults.
 */

const url = process.env.TEST_MYSQL_URL;

(url ? describe : describe.skip)(`database outage under a steady click load (MySQL behind a cut TCP proxy)${skippedWithoutMysql}`, () => {
  let f: OutageFigures;
  const d = diagnostics('db-outage-figures');
  beforeAll(async () => {
    f = await runOutageScenario({ mysqlUrl: url as string, mode: 'refuse', beforeMs: 3000, cutMs: 10_000, afterMs: 5000 });
    d.add(`Database outage figures:\n${JSON.stringify(f, null, 2)}`);
  }, 90_000);

  it('/readyz answers 503 within 2 s of the cut, never hangs, and 200 again within 5 s of its end', () =>
    d.check(() => {
      expect(f.readyzDownAfterMs).not.toBeNull();
      expect(f.readyzDownAfterMs!).toBeLessThanOrEqual(2000);
      expect(f.readyzSlowestMs).toBeLessThanOrEqual(2000);
      expect(f.readyzUpAfterMs).not.toBeNull();
      expect(f.readyzUpAfterMs!).toBeLessThanOrEqual(5000);
    }));

  it('stores every click accepted before, during and after the cut exactly once (raw events and rollups)', () =>
    d.check(() => {
      for (const p of ['before', 'during', 'after'] as const) {
        const ph = f.phases[p];
        expect({ phase: p, accepted: ph.accepted, stored: ph.stored, rollup: ph.rollup }).toEqual({
          phase: p,
          accepted: ph.accepted,
          stored: ph.accepted,
          rollup: ph.accepted,
        });
      }
      expect(f.phases.before.accepted).toBeGreaterThan(20);
      expect(f.phases.after.accepted).toBeGreaterThan(20);
      expect(f.spilledFiles).toBe(0);
    }));

  it('answers database-backed API calls during the outage with 503 (and Retry-After), not 500', () =>
    d.check(() => {
      expect(Object.keys(f.apiDuringOutage).length).toBeGreaterThan(0);
      expect(Object.keys(f.apiDuringOutage).filter((k) => !k.endsWith(' 503 Retry-After'))).toEqual([]);
    }));

  it('answers every click during the outage: accepted (stored later) or an explicit error, none without an answer', () =>
    d.check(() => {
      const during = f.phases.during;
      expect(during.sent).toBeGreaterThan(20);
      expect(during.noAnswer).toBe(0);
      expect(Object.keys(during.statuses).filter((s) => s !== '202' && s !== '503')).toEqual([]);
      expect(during.stored).toBe(during.accepted);
    }));
});
