import { getProduct } from '@val/content';
import { startChatServer, type ChatServer } from '../../bff/test/chatServer';
import { testDbs } from '../../bff/test/db';
import { assertBuilt, runCli, spawnCli } from '../test/run';
import { ADMIN_PASSWORD, startCliTestServer, type CliTestServer } from '../test/server';

beforeAll(assertBuilt);

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

async function statusOf(
  env: Record<string, string>,
  id: string,
): Promise<{ processing_status: string; flow_execution_steps: Array<{ id: string; title: string; raw_output: string }>; error: string | null }> {
  const r = await runCli(['report', 'status', id, '--json'], { env });
  if (r.code !== 0) throw new Error(`status failed: ${r.stderr}`);
  return JSON.parse(r.stdout);
}

async function startReport(env: Record<string, string>, product: string, inputs: string[]): Promise<string> {
  const r = await runCli(['report', 'start', '--product', product, ...inputs.flatMap((i) => ['--input', i])], { env });
  if (r.code !== 0) throw new Error(`report start failed (${r.code}): ${r.stderr}`);
  const id = r.stdout.trim();
  expect(id).toMatch(/^[A-Za-z0-9_-]{16,64}$/);
  return id;
}

describe.each(testDbs)('val report against a real server on $label', (kind) => {
  let srv: CliTestServer;
  let env: Record<string, string>;
  beforeAll(async () => {
    srv = await startCliTestServer(kind, { OFFLINE_AI_DELAY_MS: '30', REPORT_POLL_MS: '100' });
    env = { VAL_API_URL: srv.url, VAL_ADMIN_PASSWORD: ADMIN_PASSWORD };
  });
  afterAll(() => srv?.stop());

  it('start prints the id (stdout) and the link (stderr); wait follows it to finished (exit 0)', async () => {
    const start = await runCli(
      ['report', 'start', '--product', 'tam-assessment-for-ideas', '--input', 'idea=Meal kits for climbers at city gyms', '--email', 'ops@example.com'],
      { env },
    );
    expect({ code: start.code, stderr: start.stderr }).toMatchObject({ code: 0 });
    const id = start.stdout.trim();
    expect(start.stdout).toBe(`${id}\n`);
    expect(start.stderr).toMatch(new RegExp(`Report queued: http://\\S+/report/${id}`));
    const job = (await srv.db.knex('report_jobs').where({ id }).first()) as { product: string; email: string; inputs: string };
    expect(job).toMatchObject({ product: 'tam-assessment-for-ideas', email: 'ops@example.com' });
    expect(JSON.parse(job.inputs)).toEqual({ idea: 'Meal kits for climbers at city gyms' });

    const wait = await runCli(['report', 'wait', id, '--interval', '1', '--timeout', '120'], { env, timeoutMs: 130_000 });
    // On failure the diff shows the CLI's stderr (the reason), not only the exit code.
    expect({ code: wait.code, stderr: wait.stderr }).toMatchObject({ code: 0 });
    expect(wait.stdout).toContain(`Id:       ${id}`);
    expect(wait.stdout).toContain('Status:   finished');
    const visible = getProduct('tam-assessment-for-ideas')!.agents.filter((a) => !a.internal);
    for (const a of visible) expect(wait.stdout).toContain(`✓ ${a.title} (${a.id})`);
    expect(wait.stderr).toContain('Report finished:');
    expect(wait.stderr).not.toMatch(/\u001b\[/); // no live display when piped

    const st = await statusOf(env, id);
    expect(st.processing_status).toBe('finished');
    expect(st.flow_execution_steps.map((s) => s.id)).toEqual(visible.map((a) => a.id));
    expect(st.flow_execution_steps.every((s) => s.raw_output.length > 20)).toBe(true);
  });

  it('wait --json prints the final status as JSON', async () => {
    const id = await startReport(env, 'idea-desirability-assessment', ['idea=A marketplace for used climbing shoes']);
    const r = await runCli(['report', 'wait', id, '--json', '--interval', '1'], { env });
    expect(r.code).toBe(0);
    expect(JSON.parse(r.stdout)).toMatchObject({ processing_status: 'finished', product: 'idea-desirability-assessment' });
    expect(r.stderr).toBe('');
  });

  it('status of an unknown id: exit 1 saying so', async () => {
    const r = await runCli(['report', 'status', 'abcdefghijklmnopqrstuv'], { env });
    expect(r.code).toBe(1);
    expect(r.stderr).toContain('Report abcdefghijklmnopqrstuv not found.');
  });

  it('start with a wrong admin password: exit 3, nothing queued', async () => {
    const before = Number(((await srv.db.knex('report_jobs').count({ n: '*' })) as Array<{ n: number | string }>)[0].n);
    const r = await runCli(['report', 'start', '--product', 'idea-desirability-assessment', '--input', 'idea=x'], {
      env: { ...env, VAL_ADMIN_PASSWORD: 'wrong' },
    });
    expect(r.code).toBe(3);
    expect(r.stderr).toContain('Wrong admin password');
    const after = Number(((await srv.db.knex('report_jobs').count({ n: '*' })) as Array<{ n: number | string }>)[0].n);
    expect(after).toBe(before);
  });
});

describe('val report wait on a report that fails', () => {
  let chat: ChatServer;
  let srv: CliTestServer;
  beforeAll(async () => {
    chat = await startChatServer();
    chat.reply({ type: 'error', status: 500, message: 'model exploded' });
    srv = await startCliTestServer(testDbs[0], {
      AI_PROVIDER: 'openai',
      OPENAI_API_KEY: 'sk-test',
      OPENAI_BASE_URL: chat.baseURL,
      AI_MAX_RETRIES: '0',
      AI_TIMEOUT_MS: '2000',
      REPORT_STEP_MAX_ATTEMPTS: '1',
      REPORT_POLL_MS: '100',
    });
  });
  afterAll(async () => {
    await srv?.stop();
    await chat?.close();
  });

  it('exits 1 with the reason', async () => {
    const env = { VAL_API_URL: srv.url, VAL_ADMIN_PASSWORD: ADMIN_PASSWORD };
    const id = await startReport(env, 'idea-desirability-assessment', ['idea=Meal kits for climbers']);
    const r = await runCli(['report', 'wait', id, '--interval', '1', '--timeout', '60'], { env });
    expect(r.code).toBe(1);
    expect(r.stdout).toContain('Status:   failed');
    expect(r.stderr).toMatch(new RegExp(`Error: Report ${id} failed: .+`));
  });
});

describe.each(testDbs)('val worker on $label', (kind) => {
  let srv: CliTestServer;
  let env: Record<string, string>;
  beforeAll(async () => {
    // No inline worker: only the standalone `val worker` processes run reports.
    srv = await startCliTestServer(kind, { REPORT_WORKER: 'off' });
    env = { VAL_API_URL: srv.url, VAL_ADMIN_PASSWORD: ADMIN_PASSWORD };
  });
  afterAll(() => srv?.stop());

  const workerEnv = (extra: Record<string, string> = {}) => ({
    ...srv.dbEnv,
    LOG_LEVEL: 'warn',
    REPORT_POLL_MS: '100',
    REPORT_LEASE_MS: '5000',
    MIGRATE_ON_START: 'false',
    ...extra,
  });
  const job = async (id: string) =>
    (await srv.db.knex('report_jobs').where({ id }).first()) as { status: string; lease_owner: string | null; worker_id: string | null };

  it('picks up a queued report, finishes it, and stops cleanly on SIGTERM (exit 0)', async () => {
    const id = await startReport(env, 'tam-assessment-for-ideas', ['idea=Meal kits for climbers']);
    await sleep(700);
    expect((await statusOf(env, id)).processing_status).toBe('queued');

    const worker = spawnCli(['worker', '--concurrency', '2'], { env: workerEnv({ OFFLINE_AI_DELAY_MS: '20' }) });
    try {
      const wait = await runCli(['report', 'wait', id, '--interval', '1', '--timeout', '90'], { env, timeoutMs: 100_000 });
      expect(wait.code).toBe(0);
      expect((await job(id)).worker_id).toBeTruthy();
    } finally {
      worker.kill('SIGTERM');
    }
    const r = await worker.result;
    expect(r.code).toBe(0);
    expect(r.stderr).toMatch(/Report worker \S+ running on (SQLite|MySQL) .*\(up to 2 reports at a time\)/);
    expect(r.stderr).toContain('SIGTERM: stopping — no report running');
    expect(r.stderr).toContain('Report worker stopped.');
  });

  it('SIGTERM mid-report releases the lease: the report is queued again and another worker finishes it', async () => {
    const id = await startReport(env, 'idea-desirability-assessment', ['idea=A slow idea about climbing']);
    const slow = spawnCli(['worker'], { env: workerEnv({ OFFLINE_AI_DELAY_MS: '4000' }) });
    try {
      for (let i = 0; (await job(id)).status !== 'running'; i++) {
        if (i > 150) throw new Error('the worker never claimed the report');
        await sleep(100);
      }
      expect((await job(id)).lease_owner).toBeTruthy();
    } finally {
      slow.kill('SIGTERM');
    }
    const stopped = await slow.result;
    expect(stopped.code).toBe(0);
    expect(stopped.stderr).toContain('SIGTERM: stopping — releasing 1 running report for another worker');
    expect(await job(id)).toMatchObject({ status: 'queued', lease_owner: null });

    const fast = spawnCli(['worker'], { env: workerEnv({ OFFLINE_AI_DELAY_MS: '0' }) });
    try {
      const wait = await runCli(['report', 'wait', id, '--interval', '1', '--timeout', '60'], { env });
      expect(wait.code).toBe(0);
    } finally {
      fast.kill('SIGINT');
    }
    expect((await fast.result).code).toBe(0);
  });
});
