#!/usr/bin/env node
/**
 * Fault injection figures (the longer runs that do not fit CI): the built server reaches MySQL
 * through a TCP proxy of our own (bff/test/faults/tcpProxy.ts) under a steady click load.
 *   1. refuse: the database host goes down for BENCH_FAULT_CUT_MS (10 s): connections reset,
 *      new ones refused.
 *   2. blackhole: a silent network partition for the same time: open connections stop
 *      answering, new ones hang.
 *   3. flapping: BENCH_FAULT_FLAPS (20) cuts of 300 ms with 300 ms of working link between.
 * For each: /readyz 503 after the cut (target ≤ 2 s) and 200 after it ends (≤ 5 s), the slowest
 * /readyz answer, when the buffered clicks were written, the status of database-backed API
 * calls during the cut (503 expected), and whether every accepted click was stored exactly once
 * (raw events and admin rollups). The CI part (a 10 s refuse cut) is bff/test/faults/dbOutage.int.test.ts.
 *   node bench/faults/run.js
 * Env: BENCH_MYSQL_URL (default mysql://root@127.0.0.1:3306), BENCH_FAULT_CUT_MS, BENCH_FAULT_FLAPS.
 * Prints a JSON line `BENCH {...}` for `npm run bench`.
 */
const path = require('node:path');
const { root } = require('../lib/server');
const { requireTestSupport } = require('../lib/testSupport');

const MYSQL = process.env.BENCH_MYSQL_URL || 'mysql://root@127.0.0.1:3306';
const CUT_MS = Number(process.env.BENCH_FAULT_CUT_MS || 10_000);
const FLAPS = Number(process.env.BENCH_FAULT_FLAPS || 20);
const { runOutageScenario } = requireTestSupport('faults/outageScenario');

const fmt = (ms) => (ms === null || ms === undefined || Number.isNaN(ms) ? 'n/a' : `${Math.round(ms)} ms`);

async function scenario(label, opts) {
  console.log(`\n--- ${label} ---`);
  const f = await runOutageScenario({ mysqlUrl: MYSQL, log: (l) => console.log(`  ${l}`), ...opts });
  for (const [phase, p] of Object.entries(f.phases)) {
    console.log(
      `  clicks ${phase.padEnd(6)}: sent ${String(p.sent).padStart(5)}, accepted ${String(p.accepted).padStart(5)}, errors ${p.httpErrors}, no answer ${p.noAnswer}, stored ${p.stored}, rollup ${p.rollup}  ${JSON.stringify(p.statuses)}`,
    );
  }
  console.log(
    `  /readyz: 503 after ${fmt(f.readyzDownAfterMs)}, 200 again ${fmt(f.readyzUpAfterMs)} after the link came back, slowest answer ${fmt(f.readyzSlowestMs)}`,
  );
  console.log(`  buffered clicks written ${fmt(f.backlogWrittenAfterMs)} after the link came back; spilled files: ${f.spilledFiles}`);
  console.log(`  database-backed API calls during the cut: ${JSON.stringify(f.apiDuringOutage)}`);
  const once = Object.values(f.phases).every((p) => p.stored === p.accepted && p.rollup === p.accepted) && f.spilledFiles === 0;
  const answered = Object.values(f.phases).every((p) => p.noAnswer === 0);
  return { f, once, answered };
}

/** True when MySQL answers at MYSQL. */
async function mysqlReachable() {
  const knex = require(require.resolve('knex', { paths: [path.join(root, 'bff')] }))({ client: 'mysql2', connection: MYSQL });
  try {
    await knex.raw('select 1');
    return true;
  } catch (err) {
    console.log(`MySQL not reachable at ${MYSQL} (${err.message}): the fault scenarios need it`);
    return false;
  } finally {
    await knex.destroy();
  }
}

(async () => {
  const results = [];
  if (!(await mysqlReachable())) {
    console.log(
      `BENCH ${JSON.stringify({ bench: 'faults', results: [{ name: 'database outage scenarios', value: 'skipped (no MySQL)', target: 'run', pass: false }] })}`,
    );
    process.exitCode = 1;
    return;
  }
  const cut = (n) => `${n / 1000} s`;
  for (const mode of ['refuse', 'blackhole']) {
    const { f, once, answered } = await scenario(`${mode}: ${cut(CUT_MS)} cut`, { mode, cutMs: CUT_MS, beforeMs: 3000, afterMs: 6000 });
    const api = Object.keys(f.apiDuringOutage);
    results.push(
      {
        name: `${mode}: /readyz 503 after the cut`,
        value: fmt(f.readyzDownAfterMs),
        target: '≤ 2000 ms',
        pass: f.readyzDownAfterMs !== null && f.readyzDownAfterMs <= 2000,
      },
      {
        name: `${mode}: /readyz 200 after the cut ends`,
        value: fmt(f.readyzUpAfterMs),
        target: '≤ 5000 ms',
        pass: f.readyzUpAfterMs !== null && f.readyzUpAfterMs <= 5000,
      },
      { name: `${mode}: slowest /readyz during the cut`, value: fmt(f.readyzSlowestMs), target: '≤ 2000 ms', pass: f.readyzSlowestMs <= 2000 },
      { name: `${mode}: accepted clicks stored exactly once`, value: once ? 'yes' : 'no', target: 'yes', pass: once },
      { name: `${mode}: clicks without an answer`, value: String(Object.values(f.phases).reduce((n, p) => n + p.noAnswer, 0)), target: '0', pass: answered },
      {
        name: `${mode}: buffered clicks written after the cut`,
        value: fmt(f.backlogWrittenAfterMs),
        target: '(figure)',
        pass: f.backlogWrittenAfterMs !== null,
      },
      {
        name: `${mode}: DB-backed API during the cut`,
        value: api.join(', ') || 'none',
        target: '503 only',
        pass: api.length > 0 && api.every((k) => / 503( |$)/.test(k)),
      },
    );
  }
  const flap = await scenario(`flapping: ${FLAPS} cuts of 300 ms`, { mode: 'refuse', cutMs: 300, cuts: FLAPS, upMs: 300, beforeMs: 2000, afterMs: 4000 });
  results.push(
    { name: `flapping (${FLAPS} cuts): accepted clicks stored exactly once`, value: flap.once ? 'yes' : 'no', target: 'yes', pass: flap.once },
    {
      name: `flapping (${FLAPS} cuts): clicks without an answer`,
      value: String(Object.values(flap.f.phases).reduce((n, p) => n + p.noAnswer, 0)),
      target: '0',
      pass: flap.answered,
    },
  );
  console.log(`BENCH ${JSON.stringify({ bench: 'faults', results })}`);
  process.exitCode = results.every((r) => r.pass) ? 0 : 1;
})().catch((err) => {
  console.error(err);
  process.exit(1);
});
