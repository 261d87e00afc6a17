#!/usr/bin/env node
/**
 * The report engine.
 *
 * 1. DAG parallelism: the 10-agent feasibility study with every agent given the same artificial
 *    latency L (the offline analyst with OFFLINE_AI_DELAY_MS = L), run by one worker over SQLite.
 *    Prints wall time / (10 x L): 1.0 would be agents one after another; the critical path of
 *    our DAG is 4 agents, so the floor is 0.40. Target <= 0.45 (median of BENCH_RUNS runs).
 * 2. Queue throughput: BENCH_JOBS feasibility jobs (10 agents each, no artificial latency)
 *    through 4 standalone worker processes (`node bff/dist/src/worker.js`) sharing one MySQL
 *    database. Prints jobs/s (target >= 5) and agent steps/s, and checks every job ran exactly once.
 *    Skipped (and reported) when MySQL cannot be reached.
 *
 *   node bench/report-engine/run.js            (build first: node scripts/ensure-built.js)
 *   BENCH_L_MS=500 BENCH_JOBS=1000 node bench/report-engine/run.js
 *
 * Env: BENCH_L_MS (300), BENCH_RUNS (3, after one warm-up run), BENCH_JOBS (400), BENCH_WORKERS (4),
 * BENCH_WORKER_CONCURRENCY (4), BENCH_MYSQL_URL (server, default mysql://root@127.0.0.1:3306).
 * Prints a JSON line `BENCH {...}` for `npm run bench`.
 */
const { spawn } = require('node:child_process');
const crypto = require('node:crypto');
const fs = require('node:fs');
const os = require('node:os');
const path = require('node:path');

const root = path.resolve(__dirname, '..', '..');

const L = Number(process.env.BENCH_L_MS || 300);
const RUNS = Number(process.env.BENCH_RUNS || 3);
const JOBS = Number(process.env.BENCH_JOBS || 400);
const WORKERS = Number(process.env.BENCH_WORKERS || 4);
const CONCURRENCY = Number(process.env.BENCH_WORKER_CONCURRENCY || 4);
const TARGET_RATIO = 0.45;
// A real agent call takes 10-60 s, so the queue only has to stay far from being the bottleneck:
// 5 jobs/s is 50 agent steps/s, each persisted in its own transaction (fsync per commit).
const TARGET_JOBS_PER_S = 5;
const MYSQL = (() => {
  const u = new URL(process.env.BENCH_MYSQL_URL || 'mysql://root@127.0.0.1:3306');
  u.pathname = '';
  return u.toString().replace(/\/$/, '');
})();
const INPUTS = { targetMarket: 'Independent gyms in the UK', productIdea: 'An app that lets members book and pay for classes in two taps' };

const sleep = (ms) => new Promise((r) => setTimeout(r, ms));

async function dagRatio() {
  if (!fs.existsSync(path.join(root, 'bff', 'dist', 'src', 'worker.js'))) throw new Error('Build first: node scripts/ensure-built.js');
  const { loadConfig, createDb, createLogger, createServices } = require('@val/bff');
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'val-bench-reports-'));
  const config = loadConfig({
    NODE_ENV: 'test',
    LOG_LEVEL: 'silent',
    DATA_DIR: dir,
    OFFLINE_AI_DELAY_MS: String(L),
    REPORT_POLL_MS: '20',
    AI_PROVIDER: 'offline',
  });
  const logger = createLogger(config);
  const db = createDb({ dataDir: dir });
  await db.migrate();
  const { reports } = await createServices(config, { db, logger });
  const worker = reports.createWorker({ concurrency: 1 });
  worker.start();
  const ratios = [];
  try {
    // One warm-up run (JIT, SQLite page cache), not counted.
    for (let i = -1; i < RUNS; i += 1) {
      const id = await reports.start({ product: 'new-product-feasibility-study', inputs: INPUTS });
      let job;
      for (;;) {
        job = await reports.get(id);
        if (job.status === 'finished' || job.status === 'failed') break;
        await sleep(10);
      }
      if (job.status !== 'finished') throw new Error(`job ${id} failed: ${job.error}`);
      const wall = job.finishedAt.getTime() - job.startedAt.getTime();
      const ratio = wall / (10 * L);
      if (i < 0) {
        console.log(`warm-up: wall ${wall} ms`);
        continue;
      }
      ratios.push(ratio);
      console.log(`run ${i + 1}: wall ${wall} ms for 10 agents x ${L} ms  ->  ratio ${ratio.toFixed(3)}`);
    }
  } finally {
    await worker.stop();
    await db.close();
    fs.rmSync(dir, { recursive: true, force: true });
  }
  ratios.sort((a, b) => a - b);
  return ratios[Math.floor(ratios.length / 2)];
}

async function queueThroughput() {
  const knexFactory = require(require.resolve('knex', { paths: [path.join(root, 'bff')] }));
  const admin = knexFactory({ client: 'mysql2', connection: MYSQL });
  try {
    await admin.raw('select 1');
  } catch (err) {
    await admin.destroy().catch(() => undefined);
    console.log(`MySQL not reachable at ${MYSQL} (${err.message}): queue throughput skipped`);
    return null;
  }
  const name = `val_bench_reports_${crypto.randomBytes(4).toString('hex')}`;
  await admin.raw(`CREATE DATABASE \`${name}\` CHARACTER SET utf8mb4 COLLATE utf8mb4_unicode_ci`);
  const url = `${MYSQL}/${name}`;
  const { loadConfig, createDb, createLogger, createServices } = require('@val/bff');
  const db = createDb({ url });
  const procs = [];
  try {
    await db.migrate();
    const config = loadConfig({ NODE_ENV: 'test', LOG_LEVEL: 'silent', DATABASE_URL: url, AI_PROVIDER: 'offline' });
    const logger = createLogger(config);
    const { reports } = await createServices(config, { db, logger });
    for (let i = 0; i < JOBS; i += 1) {
      await reports.start({ product: 'new-product-feasibility-study', inputs: { ...INPUTS, productIdea: `${INPUTS.productIdea} (variant ${i})` } });
    }
    console.log(`queued ${JOBS} feasibility jobs (${JOBS * 10} agent steps); starting ${WORKERS} worker processes x concurrency ${CONCURRENCY}`);
    const ready = [];
    for (let w = 0; w < WORKERS; w += 1) {
      let out = '';
      const proc = spawn(process.execPath, [path.join(root, 'bff', 'dist', 'src', 'worker.js')], {
        env: {
          PATH: process.env.PATH,
          NODE_ENV: 'test',
          LOG_LEVEL: 'info',
          DATABASE_URL: url,
          AI_PROVIDER: 'offline',
          MIGRATE_ON_START: 'false',
          REPORT_WORKER_CONCURRENCY: String(CONCURRENCY),
          REPORT_POLL_MS: '20',
        },
        stdio: ['ignore', 'pipe', 'pipe'],
      });
      proc.stdout.on('data', (d) => (out += d));
      proc.stderr.on('data', (d) => (out += d));
      procs.push(proc);
      ready.push(
        (async () => {
          const deadline = Date.now() + 20000;
          while (!out.includes('report worker ready')) {
            if (proc.exitCode !== null || Date.now() > deadline) throw new Error(`worker did not start:\n${out}`);
            await sleep(10);
          }
        })(),
      );
    }
    const t0 = Date.now();
    await Promise.all(ready);
    let done = 0;
    const deadline = Date.now() + 10 * 60_000;
    while (done < JOBS) {
      if (Date.now() > deadline) throw new Error(`only ${done}/${JOBS} jobs done in 10 minutes`);
      await sleep(50);
      done = Number((await db.knex('report_jobs').whereIn('status', ['finished', 'failed']).count({ n: '*' }))[0].n);
    }
    const seconds = (Date.now() - t0) / 1000;
    const jobs = await db.knex('report_jobs').select('status', 'attempts', 'worker_id');
    const onceEach = jobs.every((j) => j.status === 'finished' && Number(j.attempts) === 1);
    const steps = Number((await db.knex('report_events').where({ type: 'step-finished' }).count({ n: '*' }))[0].n);
    const perWorker = {};
    for (const j of jobs) perWorker[j.worker_id] = (perWorker[j.worker_id] ?? 0) + 1;
    console.log(`${JOBS} jobs in ${seconds.toFixed(2)} s: ${(JOBS / seconds).toFixed(1)} jobs/s, ${(steps / seconds).toFixed(0)} agent steps/s`);
    console.log(
      `jobs per worker: ${Object.values(perWorker).join(', ')}; every job exactly once: ${onceEach}; step-finished events: ${steps} (expected ${JOBS * 10})`,
    );
    return { jobsPerS: JOBS / seconds, exact: onceEach && steps === JOBS * 10 };
  } finally {
    for (const p of procs) if (p.exitCode === null) p.kill('SIGTERM');
    await Promise.all(procs.map((p) => (p.exitCode === null ? new Promise((r) => p.once('exit', r)) : null)));
    await db.close();
    await admin.raw(`DROP DATABASE IF EXISTS \`${name}\``);
    await admin.destroy();
  }
}

(async () => {
  console.log(`DAG parallelism: feasibility study, 10 agents, L = ${L} ms each, ${RUNS} runs`);
  const ratio = await dagRatio();
  console.log(`median wall / (10 x L) = ${ratio.toFixed(3)} (target <= ${TARGET_RATIO}; critical path 4 agents = 0.40)`);
  console.log('\nQueue throughput: 4 worker processes on one MySQL');
  const q = await queueThroughput();
  const results = [{ name: 'feasibility wall / (10 x L)', value: Number(ratio.toFixed(3)), target: `<= ${TARGET_RATIO}`, pass: ratio <= TARGET_RATIO }];
  if (q) {
    results.push({
      name: `jobs/s, ${WORKERS} workers on MySQL`,
      value: Number(q.jobsPerS.toFixed(1)),
      target: `>= ${TARGET_JOBS_PER_S}`,
      pass: q.jobsPerS >= TARGET_JOBS_PER_S,
    });
    results.push({ name: 'every job exactly once', value: q.exact, target: 'true', pass: q.exact });
  } else {
    results.push({ name: `jobs/s, ${WORKERS} workers on MySQL`, value: 'skipped (no MySQL)', target: `>= ${TARGET_JOBS_PER_S}`, pass: false });
  }
  console.log(`BENCH ${JSON.stringify({ bench: 'report-engine', results })}`);
  process.exitCode = results.every((r) => r.pass) ? 0 : 1;
})().catch((err) => {
  console.error(err);
  process.exit(1);
});
