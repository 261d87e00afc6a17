#!/usr/bin/env node
/**
 * 600 open event streams of one report (GET /api/reports/:id/events) against the real, built
 * server: database queries per second (from GET /metrics, val_db_queries_total) with the shared
 * poll (one per report and process, the default) and with one poll per stream (the old way,
 * REPORT_EVENTS_POLL=per-stream), measured in the same run. Target: shared ≤ 10 queries/s.
 *   node bench/report-streams/run.js          (build first: node scripts/ensure-built.js)
 * BENCH_STREAMS (default 600), BENCH_STREAMS_SECONDS (default 5).
 * Prints the figures and a JSON line `BENCH {...}` for `npm run bench`.
 */
const { startServer } = require('../lib/server');

const STREAMS = Number(process.env.BENCH_STREAMS || 600);
const SECONDS = Number(process.env.BENCH_STREAMS_SECONDS || 5);
const TOKEN = 'bench-metrics-token-0123456789abcdef';
const TARGET_QPS = 10;

async function queries(url) {
  const r = await fetch(`${url}/metrics`, { headers: { authorization: `Bearer ${TOKEN}` } });
  const text = await r.text();
  const m = /^val_db_queries_total (\d+)/m.exec(text);
  if (!m) throw new Error(`no val_db_queries_total in /metrics (${r.status})`);
  return Number(m[1]);
}

/** Each stream from its own address (TRUST_PROXY=1): the per-IP limits are not what this measures. */
async function openStream(url, i) {
  const ac = new AbortController();
  const res = await fetch(url, { signal: ac.signal, headers: { 'x-forwarded-for': `10.${(i >> 8) & 255}.${i & 255}.7` } });
  if (!res.ok || !res.body) throw new Error(`stream answered ${res.status}`);
  const reader = res.body.getReader();
  await reader.read();
  void (async () => {
    try {
      for (;;) if ((await reader.read()).done) break;
    } catch {
      /* closed */
    }
  })();
  return () => ac.abort();
}

async function measure(mode) {
  const server = await startServer({
    METRICS_TOKEN: TOKEN,
    REPORT_WORKER: 'off',
    REPORT_EVENTS_POLL: mode,
    TRUST_PROXY: '1',
    ANALYTICS_HASH_KEY: 'bench-only-analytics-hash-key-0123456789',
  });
  const closers = [];
  try {
    const started = await fetch(`${server.url}/api/dev/reports`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ product: 'new-product-feasibility-study', inputs: { targetMarket: 'Small towns', productIdea: 'A repair cafe network' } }),
    });
    const { id } = await started.json();
    for (let i = 0; i < STREAMS; i += 50) {
      closers.push(
        ...(await Promise.all(Array.from({ length: Math.min(50, STREAMS - i) }, (_, k) => openStream(`${server.url}/api/reports/${id}/events`, i + k)))),
      );
    }
    await new Promise((r) => setTimeout(r, 1000));
    const before = await queries(server.url);
    const t0 = Date.now();
    await new Promise((r) => setTimeout(r, SECONDS * 1000));
    const after = await queries(server.url);
    const qps = (after - before - 1) / ((Date.now() - t0) / 1000);
    return { qps: Math.max(0, qps) };
  } finally {
    for (const close of closers) close();
    await server.stop();
  }
}

async function main() {
  const shared = await measure('shared');
  const perStream = await measure('per-stream');
  console.log(
    `${STREAMS} open streams of one report, ${SECONDS} s: shared poll ${shared.qps.toFixed(1)} queries/s, one poll per stream ${perStream.qps.toFixed(1)} queries/s (${(perStream.qps / Math.max(shared.qps, 0.1)).toFixed(0)}x more)`,
  );
  const results = [
    {
      name: `report event streams: DB queries/s with ${STREAMS} listeners (shared poll)`,
      value: shared.qps.toFixed(1),
      target: `<= ${TARGET_QPS}`,
      pass: shared.qps <= TARGET_QPS,
    },
    {
      name: `report event streams: DB queries/s with ${STREAMS} listeners (one poll per stream, baseline)`,
      value: perStream.qps.toFixed(1),
      target: 'baseline',
      pass: true,
    },
  ];
  console.log(`BENCH ${JSON.stringify({ bench: 'report-streams', results })}`);
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
