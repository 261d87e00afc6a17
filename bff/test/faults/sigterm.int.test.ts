import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { diagnostics } from '../diagnostics';
import { testDbs } from '../db';
import { startClickLoad, tally } from './clickLoad';
import { spawnServer } from './spawnServer';

/**
 * SIGTERM under load, on the built server: a steady click load, slow AI requests and a report
 * job are in flight when the process gets SIGTERM. Every request the server accepted is
 * answered with success (none fails), every accepted click is stored exactly once (the click
 * buffer is flushed, nothing spilled), the report job's lease is released (the job is queued
 * again, the interrupted attempt not counted), and the process exits 0 within 10 s. The timeline
 * of every click around the SIGTERM and the figures go to a diagnostics file (printed on failure).
 */

const AI_DELAY_MS = 4000;

describe.each(testDbs)('SIGTERM under load on $label', (kind) => {
  it('drains: no accepted request fails, all clicks stored once, leases released, exit 0 within 10 s', async () => {
    const created = await kind.create();
    const dataDir = created.sqliteFile ? path.dirname(created.sqliteFile) : fs.mkdtempSync(path.join(os.tmpdir(), 'val-sigterm-'));
    const server = await spawnServer({
      DATA_DIR: dataDir,
      ...(created.url ? { DATABASE_URL: created.url } : {}),
      TRACK_RATE_LIMIT_PER_MINUTE: '100000',
      VALIDATE_RATE_LIMIT_PER_MINUTE: '1000',
      OFFLINE_AI_DELAY_MS: String(AI_DELAY_MS),
      REPORT_POLL_MS: '50',
    });
    const knex = created.db.knex;
    const d = diagnostics(`sigterm-${kind.label}`);
    try {
      await d.check(async () => {
        const started = await fetch(`${server.url}/api/dev/reports`, {
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          // 10 agents in 4 rounds of AI_DELAY_MS each: still running when the worker stops.
          body: JSON.stringify({ product: 'new-product-feasibility-study', inputs: { targetMarket: 'Small towns', productIdea: 'A repair café network' } }),
        });
        expect(started.status).toBe(201);
        const { id: jobId } = (await started.json()) as { id: string };
        for (let i = 0; i < 100; i++) {
          const row = (await knex('report_jobs').where({ id: jobId }).first()) as { status: string } | undefined;
          if (row?.status === 'running') break;
          await new Promise((r) => setTimeout(r, 50));
        }
        expect(((await knex('report_jobs').where({ id: jobId }).first()) as { status: string }).status).toBe('running');

        const load = startClickLoad({ url: server.url, workers: 4, gapMs: 10, company: () => 'bubble' });
        await new Promise((r) => setTimeout(r, 1200));
        const slow = Array.from({ length: 3 }, (_, i) =>
          fetch(`${server.url}/api/validate`, {
            method: 'POST',
            headers: { 'content-type': 'application/json' },
            body: JSON.stringify({
              idea: `Drain test idea ${i}: mobile bike repair`,
              targetCustomer: 'Commuters',
              problemSolved: 'Flat tyres on the way to work',
            }),
          }).then(
            async (r) => ({ status: r.status, body: await r.text() }),
            (e: Error) => ({ status: 0, body: String((e as { cause?: unknown }).cause ?? e.message) }),
          ),
        );
        await new Promise((r) => setTimeout(r, 300));
        const sigtermAt = Date.now();
        server.kill('SIGTERM');
        let timer: NodeJS.Timeout | undefined;
        const exit = await Promise.race([server.exited, new Promise<null>((r) => (timer = setTimeout(() => r(null), 15_000)))]);
        clearTimeout(timer);
        const results = await load.stop();
        const slowResults = await Promise.all(slow);

        const rel = (t: number) => t - sigtermAt;
        d.add(
          `SIGTERM (${kind.label}) timeline: ` +
            results
              .filter((r) => r.endedAt >= sigtermAt - 50)
              .map((r) => `[${rel(r.startedAt)}..${rel(r.endedAt)} ${r.status || r.error}]`)
              .join(' '),
        );
        expect(exit).not.toBeNull();
        expect(exit!.code).toBe(0);
        expect(exit!.at - sigtermAt).toBeLessThan(10_000);

        // Every request the server answered was a success: nothing accepted failed.
        const answered = results.filter((r) => r.status !== 0);
        expect(answered.filter((r) => r.status !== 202)).toEqual([]);
        expect(slowResults.map((r) => r.status)).toEqual([200, 200, 200]);
        // Requests without an answer are those sent after the listener closed (never accepted).
        const unanswered = results.filter((r) => r.status === 0);
        expect(unanswered.filter((r) => r.startedAt < sigtermAt)).toEqual([]);
        const t = tally(results).get('bubble')!;
        d.add(
          `SIGTERM (${kind.label}): ${t.accepted} clicks accepted (${results.filter((r) => r.startedAt >= sigtermAt && r.status === 202).length} after SIGTERM), ` +
            `${unanswered.length} refused after the listener closed (${[...new Set(unanswered.map((r) => r.error))].join(', ')}); exit ${exit!.code} after ${exit!.at - sigtermAt} ms`,
        );
        expect(t.accepted).toBeGreaterThan(50);

        // All accepted clicks stored exactly once; none spilled to disk.
        const [{ n }] = (await knex('link_click_events').count({ n: '*' })) as Array<{ n: number | string }>;
        expect(Number(n)).toBe(t.accepted);
        expect(fs.readdirSync(dataDir).filter((f) => f.startsWith('analytics-spill-'))).toEqual([]);
        const [{ v }] = (await knex('validations').count({ v: '*' })) as Array<{ v: number | string }>;
        expect(Number(v)).toBe(3);

        // The report job went back to the queue for another worker: lease released, attempt not counted.
        const job = (await knex('report_jobs').where({ id: jobId }).first()) as {
          status: string;
          lease_owner: string | null;
          lease_until: unknown;
          attempts: number;
        };
        expect(job).toMatchObject({ status: 'queued', lease_owner: null, lease_until: null, attempts: 0 });
      });
    } finally {
      server.kill('SIGKILL');
      await created.drop();
      if (!created.sqliteFile) fs.rmSync(dataDir, { recursive: true, force: true });
    }
  }, 60_000);
});
