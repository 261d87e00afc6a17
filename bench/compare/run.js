#!/usr/bin/env node
/**
 * `GET /api/validations/compare` must not stall the process. On the real, built server (SQLite,
 * offline analyst) with validations whose three inputs are maximum-length texts of 1–3-letter
 * words (the worst case of a word diff), times `GET /healthz` (one request every 10 ms):
 *  1. idle, as the baseline of the same run;
 *  2. while one client compares distinct pairs at the read limit (120 a minute: 2 a second);
 *  3. while one client sends a whole minute's allowance (120 compares, 110 distinct pairs) at once,
 *     beside the same burst of permalink reads (`GET /api/validations/:id`, same limit) as its
 *     baseline: what 120 requests at once cost the process without any diff.
 * Targets: /healthz p99 ≤ 50 ms in 2; in 3, at most 50 ms above the permalink-read burst's p99
 * (120 requests arriving at once delay a /healthz by themselves; the diffs must add little to that).
 *   node bench/compare/run.js        (build first: node scripts/ensure-built.js)
 * Env: BENCH_SECONDS (15, length of phase 2). Prints a JSON line `BENCH {...}` for `npm run bench`.
 */
const { performance } = require('node:perf_hooks');
const { startServer } = require('../lib/server');

const SECONDS = Number(process.env.BENCH_SECONDS || 15);
const READ_LIMIT_PER_MINUTE = 120;
const VALIDATIONS = 11;
const TARGET_P99_MS = 50;
const LIMITS = { idea: 4000, targetCustomer: 1000, problemSolved: 2000 };

const pct = (sorted, p) => sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1))] ?? 0;
const stats = (xs) => {
  const s = [...xs].sort((a, b) => a - b);
  return { n: s.length, p50: pct(s, 50), p99: pct(s, 99), max: s[s.length - 1] ?? 0 };
};
const ms = (n) => `${n.toFixed(1)} ms`;
const sleep = (t) => new Promise((r) => setTimeout(r, t));

/** `length` characters of 1–3-letter words over ten letters (seeded). */
function shortWords(length, seed) {
  let s = seed;
  const next = () => (s = (s * 1103515245 + 12345) & 0x7fffffff);
  let out = '';
  while (out.length < length) {
    let w = '';
    for (let i = 0, n = 1 + (next() % 3); i < n; i++) w += 'abcdefghij'[next() % 10];
    out += (out ? ' ' : '') + w;
  }
  return out.slice(0, length);
}

/** GET /healthz every 10 ms until `until()`; the latencies. */
async function healthWhile(url, until) {
  const out = [];
  while (!until()) {
    const t0 = performance.now();
    const r = await fetch(`${url}/healthz`);
    await r.arrayBuffer();
    out.push(performance.now() - t0);
    await sleep(10);
  }
  return out;
}

async function compare(url, base, head, ip) {
  const t0 = performance.now();
  const r = await fetch(`${url}/api/validations/compare?base=${base}&head=${head}`, { headers: { 'x-forwarded-for': ip } });
  await r.arrayBuffer();
  return { status: r.status, ms: performance.now() - t0 };
}

async function main() {
  const server = await startServer({
    TRUST_PROXY: '1',
    VALIDATE_RATE_LIMIT_PER_MINUTE: '1000',
    ANALYTICS_HASH_KEY: 'bench-only-analytics-hash-key-0123456789',
  });
  try {
    const ids = [];
    for (let i = 0; i < VALIDATIONS; i++) {
      const body = Object.fromEntries(Object.entries(LIMITS).map(([k, n], j) => [k, shortWords(n, 1 + i * 3 + j)]));
      const r = await fetch(`${server.url}/api/validate`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', 'x-forwarded-for': '10.9.0.1' },
        body: JSON.stringify(body),
      });
      const v = await r.json();
      if (!r.ok || !v.id) throw new Error(`validate answered ${r.status}: ${JSON.stringify(v).slice(0, 300)}`);
      ids.push(v.id);
    }
    const pairs = ids.flatMap((a) => ids.filter((b) => b !== a).map((b) => [a, b]));

    await healthWhile(
      server.url,
      (
        (n) => () =>
          n-- <= 0
      )(50),
    );
    let stop = false;
    const idleRun = healthWhile(server.url, () => stop);
    await sleep(SECONDS * 1000);
    stop = true;
    const idle = stats(await idleRun);

    // Phase 2: one client at the read limit, a new pair each time.
    stop = false;
    const steadyHealth = healthWhile(server.url, () => stop);
    const steady = [];
    const interval = 60_000 / READ_LIMIT_PER_MINUTE;
    const t0 = performance.now();
    for (let i = 0; performance.now() - t0 < SECONDS * 1000; i++) {
      const [a, b] = pairs[i % pairs.length];
      steady.push(compare(server.url, a, b, '10.9.1.1'));
      await sleep(Math.max(0, t0 + (i + 1) * interval - performance.now()));
    }
    const steadyResults = await Promise.all(steady);
    stop = true;
    const during = stats(await steadyHealth);
    const compareTimes = stats(steadyResults.map((r) => r.ms));

    const burstOf = async (send) => {
      stop = false;
      const health = healthWhile(server.url, () => stop);
      await sleep(200);
      const t = performance.now();
      const rs = await Promise.all(Array.from({ length: READ_LIMIT_PER_MINUTE }, (_, i) => send(i)));
      const took = performance.now() - t;
      stop = true;
      return { rs, took, health: stats(await health) };
    };
    const reads = await burstOf(async (i) => {
      const t = performance.now();
      const r = await fetch(`${server.url}/api/validations/${ids[i % ids.length]}`, { headers: { 'x-forwarded-for': '10.9.3.1' } });
      await r.arrayBuffer();
      return { status: r.status, ms: performance.now() - t };
    });

    // Phase 3: a minute's allowance at once (distinct pairs first; the cache has the phase-2 ones).
    const fresh = pairs.map(([a, b]) => [b, a]).filter(([a, b]) => !pairs.slice(0, steady.length).some(([x, y]) => x === a && y === b));
    const burstPairs = Array.from({ length: READ_LIMIT_PER_MINUTE }, (_, i) => fresh[i % fresh.length]);
    const { rs: burstResults, took: burstMs, health: burst } = await burstOf((i) => compare(server.url, burstPairs[i][0], burstPairs[i][1], '10.9.2.1'));

    const statusesOf = (rs) =>
      Object.entries(rs.reduce((m, r) => ({ ...m, [r.status]: (m[r.status] || 0) + 1 }), {}))
        .map(([s, n]) => `${n}×${s}`)
        .join(', ');
    console.log(`${VALIDATIONS} validations with maximum-length inputs of 1–3-letter words (${Object.values(LIMITS).join(' + ')} characters)`);
    console.log(`/healthz idle:                       p50 ${ms(idle.p50)} p99 ${ms(idle.p99)} max ${ms(idle.max)} (n=${idle.n})`);
    console.log(
      `/healthz, compares at 2/s for ${SECONDS} s: p50 ${ms(during.p50)} p99 ${ms(during.p99)} max ${ms(during.max)} (n=${during.n}); compares ${statusesOf(steadyResults)}, p50 ${ms(compareTimes.p50)} p99 ${ms(compareTimes.p99)}`,
    );
    console.log(
      `/healthz, ${READ_LIMIT_PER_MINUTE} compares at once:      p50 ${ms(burst.p50)} p99 ${ms(burst.p99)} max ${ms(burst.max)} (n=${burst.n}); compares ${statusesOf(burstResults)}, all answered in ${ms(burstMs)}`,
    );
    console.log(
      `/healthz, ${READ_LIMIT_PER_MINUTE} permalink reads at once: p50 ${ms(reads.health.p50)} p99 ${ms(reads.health.p99)} max ${ms(reads.health.max)} (n=${reads.health.n}); reads ${statusesOf(reads.rs)}, all answered in ${ms(reads.took)} (baseline of the burst)`,
    );
    const ok = (rs) => rs.every((r) => r.status === 200);
    const results = [
      {
        name: '/healthz p99 while compares run at the read limit (2/s)',
        value: ms(during.p99),
        target: `<= ${TARGET_P99_MS} ms (idle p99 ${ms(idle.p99)})`,
        pass: during.p99 <= TARGET_P99_MS && ok(steadyResults),
      },
      {
        name: `/healthz p99 during ${READ_LIMIT_PER_MINUTE} compares at once, above the same burst of permalink reads`,
        value: ms(burst.p99 - reads.health.p99),
        target: `<= ${TARGET_P99_MS} ms (p99 ${ms(burst.p99)} against ${ms(reads.health.p99)})`,
        pass: burst.p99 - reads.health.p99 <= TARGET_P99_MS && ok(burstResults) && ok(reads.rs),
      },
    ];
    console.log(`BENCH ${JSON.stringify({ bench: 'compare', results })}`);
  } finally {
    await server.stop();
  }
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
