import { json, startTestApp, type TestApp } from '../../../test/app';
import { testDbs } from '../../../test/db';
import { FEASIBILITY_INPUTS, readSse } from '../../../test/reports';

/**
 * Finding 3 of the attack run: report event streams. Concurrent streams per IP are capped (429
 * past it), and all streams of one report in one process share ONE database poll: 600 open
 * streams made ~2,400 queries/s before.
 */

interface OpenStream {
  status: number;
  close(): void;
}

/** Opens an event stream and keeps it open (its first bytes read), until close(). */
async function openStream(url: string, ip: string): Promise<OpenStream> {
  const ac = new AbortController();
  const res = await fetch(url, { headers: { 'x-forwarded-for': ip }, signal: ac.signal });
  if (res.ok && res.body) {
    const reader = res.body.getReader();
    await reader.read();
    // Keep reading in the background so the server's writes never back up.
    void (async () => {
      try {
        for (;;) if ((await reader.read()).done) break;
      } catch {
        /* aborted */
      }
    })();
  } else {
    await res.text();
  }
  return { status: res.status, close: () => ac.abort() };
}

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

describe.each(testDbs)('report event streams on $label', (dbKind) => {
  let app: TestApp;
  let id: string;
  beforeAll(async () => {
    // No worker: the report stays queued, so its streams stay open.
    app = await startTestApp({ dbKind, env: { REPORT_WORKER: 'off', REPORT_EVENT_STREAMS_PER_IP: '40' } });
    id = await app.deps.reports.start({ product: 'new-product-feasibility-study', inputs: FEASIBILITY_INPUTS });
  });
  afterAll(() => app.close());

  it('caps concurrent streams per IP with a 429, counts another IP apart, and frees a slot when a stream closes', async () => {
    const url = `${app.url}/api/reports/${id}/events`;
    const mine = await Promise.all(Array.from({ length: 40 }, () => openStream(url, '203.0.113.60')));
    try {
      expect(mine.map((s) => s.status)).toEqual(Array(40).fill(200));
      const over = await fetch(url, { headers: { 'x-forwarded-for': '203.0.113.60' } });
      expect(over.status).toBe(429);
      expect((await json(over)).error.code).toBe('rate_limited');
      const other = await openStream(url, '198.51.100.60');
      expect(other.status).toBe(200);
      other.close();
      mine[0].close();
      await sleep(200);
      const again = await openStream(url, '203.0.113.60');
      expect(again.status).toBe(200);
      again.close();
    } finally {
      for (const s of mine) s.close();
    }
  });

  it('shares one database poll among all open streams of a report', async () => {
    const url = `${app.url}/api/reports/${id}/events`;
    const streams = await Promise.all(Array.from({ length: 40 }, (_, i) => openStream(url, `10.60.${i}.1`)));
    try {
      let queries = 0;
      const count = () => (queries += 1);
      app.deps.db.knex.on('query', count);
      await sleep(2000);
      app.deps.db.knex.off('query', count);
      // One poll (events + job state) every 500 ms: ~8 queries in 2 s. Per stream it was ~320.
      expect(streams.every((s) => s.status === 200)).toBe(true);
      expect(queries).toBeLessThanOrEqual(20);
    } finally {
      for (const s of streams) s.close();
    }
  });

  it('a late stream still gets every event from the start, and all streams end with the report', async () => {
    const worker = await startTestApp({ dbKind, env: { REPORT_WORKER: 'inline', REPORT_POLL_MS: '20', OFFLINE_AI_DELAY_MS: '100' } });
    try {
      const rid = await worker.deps.reports.start({ product: 'idea-desirability-assessment', inputs: { idea: 'Bike repair at the office' } });
      const url = `${worker.url}/api/reports/${rid}/events`;
      const first = readSse(url, { until: (e) => e.event === 'job-finished' });
      await sleep(150);
      const late = readSse(url, { until: (e) => e.event === 'job-finished' });
      const [a, b] = await Promise.all([first, late]);
      expect(a.map((e) => e.event)).toEqual(b.map((e) => e.event));
      expect(a.at(-1)?.event).toBe('job-finished');
      expect(a.map((e) => e.event)).toContain('step-started');
    } finally {
      await worker.close();
    }
  });
});
