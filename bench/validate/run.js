#!/usr/bin/env node
/**
 * Validation benchmarks against the real, built server (fresh SQLite):
 *  1. Overhead of `POST /api/validate` with the offline analyst: p50/p99 latency (request parsing,
 *     the analyst, the stored row, the JSON answer), beside `GET /healthz` in the same run.
 *  2. Streaming latency with the openai provider against the loopback chat-completions server
 *     (bff/test/chatServer.ts) streaming with delays: time from the provider's first token to the
 *     first SSE byte at the client (target ≤ 50 ms), p50/p99.
 *   node bench/validate/run.js          (build first: node scripts/ensure-built.js)
 * Prints the figures and a JSON line `BENCH {...}` for `npm run bench`.
 */
const http = require('node:http');
const { performance } = require('node:perf_hooks');
const { startServer } = require('../lib/server');
const { requireTestSupport } = require('../lib/testSupport');

const OFFLINE_REQUESTS = Number(process.env.BENCH_VALIDATE_REQUESTS || 400);
/** Latency is measured one request at a time (the overhead of one validation); throughput with 8 in flight. */
const CONCURRENCY = Number(process.env.BENCH_VALIDATE_CONCURRENCY || 1);
const THROUGHPUT_CONCURRENCY = 8;
const STREAMS = Number(process.env.BENCH_VALIDATE_STREAMS || 100);
const TOKEN_DELAY_MS = 25;
const TARGETS = { offlineP99Ms: 50, firstTokenP99Ms: 50 };

// Not production: production refuses to start without real OIDC, Stripe and session keys,
// none of which the validation routes use.
const env = {
  NODE_ENV: 'test',
  ANALYTICS_HASH_KEY: 'bench-only-analytics-hash-key-0123456789',
  VALIDATE_RATE_LIMIT_PER_MINUTE: '100000',
  // One client sends every request here: lift its token allowance (not what this measures).
  AI_TOKEN_BUDGET_PER_IP: '1000000000',
  MIGRATE_ON_START: 'true',
};

const IDEAS = [
  [
    'A mobile app that plans a week of cheap, healthy dinners from what is already in your fridge.',
    'Busy working parents with two or more kids',
    'They waste money on food that spoils and spend 30 minutes every evening deciding what to cook.',
  ],
  [
    'Scheduling software that fills last-minute cancellations at physiotherapy clinics from a waitlist.',
    'Independent physiotherapy clinics with 2 to 10 practitioners',
    'Each no-show costs a clinic $80 and staff lose hours every week calling patients.',
  ],
  [
    'A marketplace that connects dog owners with vetted neighbours who walk dogs at lunchtime.',
    'Dog owners in city apartments who work in offices',
    'Their dogs are alone for 9 hours a day and walkers are expensive and unreliable.',
  ],
  [
    'An AI tool that turns sales call recordings into CRM notes and follow-up emails.',
    'Sales teams at B2B startups with 5 to 50 reps',
    'Reps spend 5 hours a week on admin after calls and forget follow-ups, which loses deals.',
  ],
].map(([idea, targetCustomer, problemSolved]) => ({ idea, targetCustomer, problemSolved }));

const pct = (sorted, p) => sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1))];
const ms = (n) => `${n.toFixed(1)} ms`;
const stats = (xs) => {
  const s = [...xs].sort((a, b) => a - b);
  return { n: s.length, p50: pct(s, 50), p99: pct(s, 99), max: s[s.length - 1] };
};

async function timed(fn) {
  const t0 = performance.now();
  await fn();
  return performance.now() - t0;
}

/** Runs `total` calls with `concurrency` workers; returns the latencies. */
async function load(total, concurrency, call) {
  const out = [];
  let next = 0;
  await Promise.all(
    Array.from({ length: concurrency }, async () => {
      while (next < total) {
        const i = next++;
        out.push(await timed(() => call(i)));
      }
    }),
  );
  return out;
}

async function offlineOverhead() {
  const server = await startServer({ ...env, AI_PROVIDER: 'offline', OFFLINE_AI_DELAY_MS: '0' });
  try {
    const validate = async (i) => {
      const r = await fetch(`${server.url}/api/validate`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify(IDEAS[i % IDEAS.length]),
      });
      if (r.status !== 200) throw new Error(`/api/validate answered ${r.status}: ${await r.text()}`);
      const body = await r.json();
      if (!body.feedback || body.provider !== 'offline') throw new Error('unexpected answer');
    };
    const health = async () => {
      const r = await fetch(`${server.url}/healthz`);
      if (!r.ok) throw new Error(`/healthz answered ${r.status}`);
      await r.arrayBuffer();
    };
    await load(40, CONCURRENCY, validate);
    await load(40, CONCURRENCY, health);
    const v = stats(await load(OFFLINE_REQUESTS, CONCURRENCY, validate));
    const h = stats(await load(OFFLINE_REQUESTS, CONCURRENCY, health));
    const t0 = performance.now();
    await load(OFFLINE_REQUESTS, THROUGHPUT_CONCURRENCY, validate);
    const rps = OFFLINE_REQUESTS / ((performance.now() - t0) / 1000);
    return { v, h, rps };
  } finally {
    await server.stop();
  }
}

/** Reads an SSE response until `done`; returns the time of the first byte and of the first delta. */
async function readStream(res, t0) {
  const reader = res.body.getReader();
  const decoder = new TextDecoder();
  let firstByte = null;
  let firstDelta = null;
  let buf = '';
  let done = false;
  for (;;) {
    const { value, done: end } = await reader.read();
    if (end) break;
    const now = performance.now();
    if (firstByte === null) firstByte = now;
    buf += decoder.decode(value, { stream: true });
    if (firstDelta === null && buf.includes('event: delta')) firstDelta = now;
    if (buf.includes('event: done')) done = true;
    if (buf.includes('event: error')) throw new Error(`stream error: ${buf}`);
  }
  if (!done) throw new Error('stream ended without done');
  return { firstByte: firstByte - t0, firstDelta: firstDelta - t0 };
}

async function streamingLatency() {
  const { startChatServer } = requireTestSupport('chatServer');
  const chat = await startChatServer();
  const server = await startServer({
    ...env,
    AI_PROVIDER: 'openai',
    OPENAI_API_KEY: 'sk-bench',
    OPENAI_BASE_URL: chat.baseURL,
    AI_MAX_RETRIES: '0',
    AI_TIMEOUT_MS: '10000',
  });
  const tokens = '## Validation Score: 7.4/10\n\nA focused idea with a reachable customer. '.match(/\S+\s*/g);
  chat.reply({ type: 'stream', chunks: tokens, delayMs: TOKEN_DELAY_MS });
  // The moment the loopback provider writes its first content token (it runs in this process;
  // the BFF is a separate process, so this sees only the provider's writes).
  let firstTokenAt = null;
  const write = http.ServerResponse.prototype.write;
  http.ServerResponse.prototype.write = function patched(chunk, ...rest) {
    if (firstTokenAt === null && typeof chunk === 'string' && /"delta":\{"content":"[^"]/.test(chunk)) firstTokenAt = performance.now();
    return write.call(this, chunk, ...rest);
  };
  try {
    const lat = [];
    const firstByteGap = [];
    for (let i = 0; i < STREAMS + 3; i++) {
      firstTokenAt = null;
      const t0 = performance.now();
      const res = await fetch(`${server.url}/api/validate/stream`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', accept: 'text/event-stream' },
        body: JSON.stringify(IDEAS[i % IDEAS.length]),
      });
      if (res.status !== 200) throw new Error(`stream answered ${res.status}: ${await res.text()}`);
      const r = await readStream(res, t0);
      if (firstTokenAt === null) throw new Error('the provider wrote no token');
      const firstToken = firstTokenAt - t0;
      if (i >= 3) {
        lat.push(r.firstByte - firstToken);
        firstByteGap.push(r.firstDelta - r.firstByte);
      }
    }
    return { ttfb: stats(lat), gap: stats(firstByteGap) };
  } finally {
    http.ServerResponse.prototype.write = write;
    await server.stop();
    await chat.close();
  }
}

(async () => {
  const { v, h, rps } = await offlineOverhead();
  console.log(`POST /api/validate, offline analyst (${v.n} requests, concurrency ${CONCURRENCY}):`);
  console.log(`  p50 ${ms(v.p50)}   p99 ${ms(v.p99)}   max ${ms(v.max)}`);
  console.log(`GET /healthz in the same setup:  p50 ${ms(h.p50)}   p99 ${ms(h.p99)}`);
  console.log(`  → validation overhead over a trivial route at p50: ${ms(v.p50 - h.p50)}`);
  console.log(`  throughput with ${THROUGHPUT_CONCURRENCY} in flight: ${rps.toFixed(0)} validations/s (each analysed and stored)`);
  const s = await streamingLatency();
  console.log(`POST /api/validate/stream, openai provider via loopback server, ${TOKEN_DELAY_MS} ms between tokens (${s.ttfb.n} streams):`);
  console.log(
    `  provider's first token → first SSE byte at the client: p50 ${ms(s.ttfb.p50)}   p99 ${ms(s.ttfb.p99)}   max ${ms(s.ttfb.max)}  (target ≤ ${TARGETS.firstTokenP99Ms} ms)`,
  );
  console.log(`  first SSE byte → first delta event: p50 ${ms(s.gap.p50)}`);
  const results = [
    { name: '/api/validate offline p50', value: ms(v.p50), target: '(figure)', pass: true },
    { name: '/api/validate offline p99', value: ms(v.p99), target: `≤ ${TARGETS.offlineP99Ms} ms`, pass: v.p99 <= TARGETS.offlineP99Ms },
    { name: '/api/validate offline throughput', value: `${rps.toFixed(0)}/s`, target: '(figure)', pass: true },
    { name: 'first token → first SSE byte p50', value: ms(s.ttfb.p50), target: '(figure)', pass: true },
    { name: 'first token → first SSE byte p99', value: ms(s.ttfb.p99), target: `≤ ${TARGETS.firstTokenP99Ms} ms`, pass: s.ttfb.p99 <= TARGETS.firstTokenP99Ms },
  ];
  console.log(`BENCH ${JSON.stringify({ bench: 'validate', results })}`);
  process.exitCode = results.every((r) => r.pass) ? 0 : 1;
})().catch((e) => {
  console.error(e);
  process.exit(1);
});
