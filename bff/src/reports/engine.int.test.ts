import { FEASIBILITY_STEP_IDS } from '@val/contracts';
import { getProduct } from '@val/content';
import { AiError, type AiTextTask } from '../ai/types';
import { createAi, type Ai } from '../ai/service';
import { startTestApp, type TestApp } from '../../test/app';
import { testDbs, type TestDb } from '../../test/db';
import { FEASIBILITY_INPUTS, spawnWorker, waitFor, waitForReport, workerReady, type WorkerChild } from '../../test/reports';
import { createReportService } from './service';

jest.setTimeout(120_000);

const stepRows = (app: TestApp, id: string) =>
  app.deps.db.knex('report_steps').where({ job_id: id }).orderBy('position') as Promise<
    Array<{ step_id: string; status: string; attempts: number; finished_at: unknown; raw_output: string | null }>
  >;
const eventRows = (app: TestApp, id: string) =>
  app.deps.db.knex('report_events').where({ job_id: id }).orderBy('id') as Promise<Array<{ id: number; type: string; data: string }>>;

/** An Ai whose text() can fail or hang per agent; otherwise the offline analyst with a small delay. */
function scriptedAi(base: Ai, script: (agentId: string, call: number) => 'ok' | 'fail' | 'hang'): Ai {
  const calls = new Map<string, number>();
  return {
    ...base,
    async text<I>(task: AiTextTask<I>, input: I, opts: { signal?: AbortSignal } = {}) {
      const agentId = task.name.replace(/^report-/, '');
      const n = (calls.get(agentId) ?? 0) + 1;
      calls.set(agentId, n);
      const what = script(agentId, n);
      if (what === 'fail') throw new AiError('upstream 500', 'upstream');
      if (what === 'hang') {
        await new Promise((_, reject) => {
          if (opts.signal?.aborted) reject(new AiError('aborted', 'aborted'));
          opts.signal?.addEventListener('abort', () => reject(new AiError('aborted', 'aborted')));
        });
      }
      await new Promise((r) => setTimeout(r, 5));
      return base.text(task, input, opts);
    },
  };
}

describe.each(testDbs)('report engine on $label', (dbKind: TestDb) => {
  let app: TestApp;
  const children: WorkerChild[] = [];
  beforeEach(async () => {
    app = await startTestApp({ dbKind, env: { REPORT_WORKER: 'off', REPORT_POLL_MS: '20', REPORT_LEASE_MS: '2000' } });
  });
  afterEach(async () => {
    for (const c of children.splice(0)) if (c.proc.exitCode === null) c.proc.kill('SIGKILL');
    await app.close();
  });

  it('runs a feasibility study queued → running → finished, each of the 10 agents once, the 9 steps in the spec order', async () => {
    const { reports } = app.deps;
    const id = await reports.start({ product: 'new-product-feasibility-study', inputs: FEASIBILITY_INPUTS, email: null });
    expect(id).toMatch(/^[A-Za-z0-9_-]{22}$/);
    const queued = await reports.status(id);
    expect(queued).toMatchObject({ processing_status: 'queued', flow_execution_steps: [], progress: { finished: 0, total: 10 } });
    expect(queued?.title).toBe('New Product Feasibility Study: An app that lets members book and pay for classes in two taps');

    const worker = reports.createWorker({ id: 'w-test' });
    worker.start();
    const done = await waitForReport(reports, id);
    await worker.stop();

    expect(done.processing_status).toBe('finished');
    expect(done.provider).toBe('offline');
    expect(done.error).toBeNull();
    expect(done.flow_execution_steps.map((s) => s.id)).toEqual([...FEASIBILITY_STEP_IDS]);
    expect(done.flow_execution_steps[0]).toMatchObject({ title: 'Target Customers' });
    expect(done.flow_execution_steps[0].raw_output).toContain('independent gyms in the UK');
    const rows = await stepRows(app, id);
    expect(rows).toHaveLength(10);
    expect(rows.every((r) => r.status === 'finished' && Number(r.attempts) === 1)).toBe(true);
    const events = await eventRows(app, id);
    expect(events.filter((e) => e.type === 'step-started')).toHaveLength(10);
    expect(events.filter((e) => e.type === 'step-finished')).toHaveLength(10);
    expect(events[events.length - 1].type).toBe('job-finished');
    const job = await reports.get(id);
    expect(job).toMatchObject({ status: 'finished', attempts: 1, leaseOwner: null, workerId: 'w-test' });
  });

  it('runs independent agents in parallel and each agent only after the agents it reads', async () => {
    const { config, logger, repos } = app.deps;
    // Every agent takes 400 ms, so agents that run in parallel overlap even on a busy machine.
    const reports = createReportService({ config, logger, repos, ai: createAi({ ...config, OFFLINE_AI_DELAY_MS: 400 }, logger) });
    const id = await reports.start({ product: 'new-product-feasibility-study', inputs: FEASIBILITY_INPUTS });
    const w = reports.createWorker();
    w.start();
    await waitForReport(reports, id);
    await w.stop();
    const events = (await eventRows(app, id)).map((e) => ({ type: e.type, step: (JSON.parse(e.data) as { step?: string }).step }));
    const at = (type: string, step: string) => events.findIndex((e) => e.type === type && e.step === step);
    for (const agent of getProduct('new-product-feasibility-study')!.agents) {
      for (const dep of agent.dependsOn) expect(at('step-finished', dep)).toBeLessThan(at('step-started', agent.id));
    }
    // The five researchers all start before any of them finishes.
    const researchers = ['target-customers', 'market-trends', 'regulatory-impact', 'ai-marketplace-mindmap', 'technical-feasibility'];
    const lastStart = Math.max(...researchers.map((s) => at('step-started', s)));
    const firstEnd = Math.min(...researchers.map((s) => at('step-finished', s)));
    expect(lastStart).toBeLessThan(firstEnd);
  });

  it('retries a failing step and finishes; a step that keeps failing fails the job with a readable error', async () => {
    const { config, logger, repos } = app.deps;
    const flaky = createReportService({ config, logger, repos, ai: scriptedAi(app.deps.ai, (a, n) => (a === 'market-trends' && n === 1 ? 'fail' : 'ok')) });
    const id1 = await flaky.start({ product: 'new-product-feasibility-study', inputs: FEASIBILITY_INPUTS });
    const w1 = flaky.createWorker();
    w1.start();
    const s1 = await waitForReport(flaky, id1);
    await w1.stop();
    expect(s1.processing_status).toBe('finished');
    const trends = (await stepRows(app, id1)).find((r) => r.step_id === 'market-trends')!;
    expect(Number(trends.attempts)).toBe(2);
    expect((await eventRows(app, id1)).filter((e) => e.type === 'step-retry')).toHaveLength(1);

    const broken = createReportService({ config, logger, repos, ai: scriptedAi(app.deps.ai, (a) => (a === 'risk-analysis' ? 'fail' : 'ok')) });
    const id2 = await broken.start({ product: 'new-product-feasibility-study', inputs: FEASIBILITY_INPUTS });
    const w2 = broken.createWorker();
    w2.start();
    const s2 = await waitForReport(broken, id2);
    await w2.stop();
    expect(s2.processing_status).toBe('failed');
    expect(s2.error).toBe('The Risk Analyst could not complete "Risk Analysis" after 3 attempts: the AI provider returned an error.');
    // What finished is kept and shown; the final synthesis never ran.
    expect(s2.flow_execution_steps.map((s) => s.id)).toEqual(FEASIBILITY_STEP_IDS.filter((s) => s !== 'risk-analysis' && s !== 'final-recommendations'));
    const risk = (await stepRows(app, id2)).find((r) => r.step_id === 'risk-analysis')!;
    expect(risk).toMatchObject({ status: 'failed' });
    expect(Number(risk.attempts)).toBe(3);
    expect((await eventRows(app, id2)).at(-1)?.type).toBe('job-failed');
  });

  it('gives the job back on a graceful stop (lease released, attempt not counted) and another worker finishes it', async () => {
    const { config, logger, repos } = app.deps;
    const hanging = createReportService({ config, logger, repos, ai: scriptedAi(app.deps.ai, (a) => (a === 'final-recommendations' ? 'hang' : 'ok')) });
    const id = await hanging.start({ product: 'new-product-feasibility-study', inputs: FEASIBILITY_INPUTS });
    const w1 = hanging.createWorker({ id: 'w-stop' });
    w1.start();
    await waitFor(
      async () => (await stepRows(app, id)).find((r) => r.step_id === 'final-recommendations' && r.status === 'running'),
      20000,
      'final step running',
    );
    await w1.stop();
    const released = await app.deps.reports.get(id);
    expect(released).toMatchObject({ status: 'queued', leaseOwner: null, attempts: 0 });
    expect((await stepRows(app, id)).filter((r) => r.status === 'finished')).toHaveLength(9);

    const w2 = app.deps.reports.createWorker({ id: 'w-next' });
    w2.start();
    const s = await waitForReport(app.deps.reports, id);
    await w2.stop();
    expect(s.processing_status).toBe('finished');
    const rows = await stepRows(app, id);
    expect(rows.map((r) => Number(r.attempts))).toEqual(rows.map(() => 1));
    expect((await eventRows(app, id)).filter((e) => e.type === 'step-finished')).toHaveLength(10);
  });

  it('resumes a job after its worker process is killed (SIGKILL): no step lost, none run twice once stored', async () => {
    const db = await testDbLocation(app);
    const { reports } = app.deps;
    const id = await reports.start({ product: 'new-product-feasibility-study', inputs: FEASIBILITY_INPUTS });
    const env = { OFFLINE_AI_DELAY_MS: '400', REPORT_LEASE_MS: '1500' };
    const first = spawnWorker(db, env);
    children.push(first);
    await workerReady(first);
    const before = await waitFor(
      async () => {
        const rows = await stepRows(app, id);
        const finished = rows.filter((r) => r.status === 'finished');
        return finished.length >= 2 && finished.length < 10 ? finished : undefined;
      },
      30000,
      'two steps done',
    );
    first.proc.kill('SIGKILL');
    expect(await first.exited).toBe('SIGKILL');
    const crashed = await reports.get(id);
    expect(crashed?.status).toBe('running');
    const firstOwner = crashed?.leaseOwner;

    const second = spawnWorker(db, env);
    children.push(second);
    const s = await waitForReport(reports, id, 60000);
    second.proc.kill('SIGTERM');
    expect(await second.exited).toBe(0);

    expect(s.processing_status).toBe('finished');
    expect(s.flow_execution_steps.map((x) => x.id)).toEqual([...FEASIBILITY_STEP_IDS]);
    const rows = await stepRows(app, id);
    for (const b of before) {
      const after = rows.find((r) => r.step_id === b.step_id)!;
      expect(Number(after.attempts)).toBe(1);
      expect(after.finished_at).toEqual(b.finished_at);
      expect(after.raw_output).toBe(b.raw_output);
    }
    const finishedEvents = (await eventRows(app, id)).filter((e) => e.type === 'step-finished').map((e) => (JSON.parse(e.data) as { step: string }).step);
    expect(finishedEvents.sort()).toEqual(
      getProduct('new-product-feasibility-study')!
        .agents.map((a) => a.id)
        .sort(),
    );
    const job = await reports.get(id);
    expect(job?.attempts).toBe(2);
    expect(job?.workerId).not.toBe(firstOwner);
  });

  it('4 worker processes share the queue: every job runs exactly once', async () => {
    const jobs = dbKind.label === 'mysql' ? 200 : 40;
    const db = await testDbLocation(app);
    const { reports } = app.deps;
    const ids: string[] = [];
    for (let i = 0; i < jobs; i += 1) {
      ids.push(
        await reports.start({ product: 'tam-assessment-for-ideas', inputs: { idea: `Idea number ${i}: a booking app for independent barbers in city ${i}` } }),
      );
    }
    const workers = Array.from({ length: 4 }, () => spawnWorker(db, { REPORT_WORKER_CONCURRENCY: '4' }));
    children.push(...workers);
    await waitFor(
      async () => {
        const r = (await app.deps.db.knex('report_jobs').whereIn('status', ['finished', 'failed']).count({ n: '*' }))[0] as { n: number | string };
        return Number(r.n) === jobs;
      },
      100000,
      'all jobs done',
    );
    for (const w of workers) w.proc.kill('SIGTERM');
    await Promise.all(workers.map((w) => w.exited));

    const rows = (await app.deps.db.knex('report_jobs').select('id', 'status', 'attempts', 'worker_id')) as Array<{
      id: string;
      status: string;
      attempts: number;
      worker_id: string;
    }>;
    expect(rows).toHaveLength(jobs);
    expect(rows.every((r) => r.status === 'finished' && Number(r.attempts) === 1)).toBe(true);
    expect(new Set(rows.map((r) => r.worker_id)).size).toBeGreaterThanOrEqual(2);
    const steps = (await app.deps.db.knex('report_steps').select('attempts', 'status')) as Array<{ attempts: number; status: string }>;
    expect(steps).toHaveLength(jobs * 5);
    expect(steps.every((s) => s.status === 'finished' && Number(s.attempts) === 1)).toBe(true);
    const ev = (await app.deps.db.knex('report_events').select('type').count({ n: '*' }).groupBy('type')) as Array<{ type: string; n: number | string }>;
    const byType = Object.fromEntries(ev.map((e) => [e.type, Number(e.n)]));
    expect(byType).toEqual({ 'step-started': jobs * 5, 'step-finished': jobs * 5, 'job-finished': jobs });
  });
});

/** Where a child worker finds the test's database: the MySQL URL, or the SQLite file (its folder is DATA_DIR). */
async function testDbLocation(app: TestApp): Promise<{ url?: string; sqliteFile?: string }> {
  if (app.deps.db.dialect === 'mysql') {
    const conn = (app.deps.db.knex.client as { config: { connection: { uri: string } } }).config.connection;
    return { url: conn.uri };
  }
  const rows = (await app.deps.db.knex.raw('PRAGMA database_list')) as Array<{ name: string; file: string }>;
  return { sqliteFile: rows.find((r) => r.name === 'main')?.file };
}
