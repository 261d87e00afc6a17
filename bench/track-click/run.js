#!/usr/bin/env node
/**
 * Click capture under load, twice: on MySQL alone (the per-IP click limit counted in MySQL's
 * table) and on MySQL + Redis (REDIS_URL: the limit counted in Redis). Each run starts the real,
 * built server on a fresh MySQL database, drives POST /api/track-click and, in the same run, a
 * trivial route (GET /healthz) with the same closed-loop load (BENCH_CONNECTIONS keep-alive
 * connections, BENCH_SECONDS each), prints req/s of both, their ratio, latency p50/p99, then
 * checks that the stored clicks equal the accepted (202) requests after the batched writer has
 * flushed.
 *   node bench/track-click/run.js        (build first: node scripts/ensure-built.js)
 * Targets: ratio ≥ 0.5, p99 ≤ 25 ms, 0 lost, on each. Env: BENCH_MYSQL_URL (server),
 * BENCH_REDIS_URL (redis://127.0.0.1:6379), BENCH_SECONDS (10), BENCH_CONNECTIONS (32).
 * Prints a JSON line `BENCH {...}` for `npm run bench`.
 */
const http = require('node:http');
const net = require('node:net');
const { performance } = require('node:perf_hooks');
const { startServer } = require('../lib/server');

const SECONDS = Number(process.env.BENCH_SECONDS || 10);
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS || 32);
const SERVER = (() => {
  const u = new URL(process.env.BENCH_MYSQL_URL || 'mysql://root@127.0.0.1:3306');
  u.pathname = '';
  return u.toString().replace(/\/$/, '');
})();
const PASSWORD = 'bench-admin-password';
const REDIS = process.env.BENCH_REDIS_URL || 'redis://127.0.0.1:6379';

const pct = (sorted, p) => sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? 0;

/** Closed-loop load: each connection sends its next request when the previous one answers. */
async function drive(port, makeRequest, seconds) {
  const agent = new http.Agent({ keepAlive: true, maxSockets: CONNECTIONS });
  const lat = [];
  const status = {};
  const end = performance.now() + seconds * 1000;
  // Each connection is its own client (X-Forwarded-For, TRUST_PROXY on): the per-IP limit is not
  // what this measures, and one address sending 100,000+ clicks a minute is not a visitor.
  const one = (client) =>
    new Promise((resolve) => {
      const { method, path, body } = makeRequest();
      const t0 = performance.now();
      const ip = { 'x-forwarded-for': `10.42.0.${client + 1}` };
      const req = http.request(
        {
          host: '127.0.0.1',
          port,
          method,
          path,
          agent,
          headers: body ? { ...ip, 'content-type': 'application/json', 'content-length': Buffer.byteLength(body) } : ip,
        },
        (res) => {
          res.resume();
          res.on('end', () => {
            lat.push(performance.now() - t0);
            status[res.statusCode] = (status[res.statusCode] || 0) + 1;
            resolve();
          });
        },
      );
      req.on('error', () => {
        status.error = (status.error || 0) + 1;
        resolve();
      });
      if (body) req.write(body);
      req.end();
    });
  const t0 = performance.now();
  await Promise.all(
    Array.from({ length: CONNECTIONS }, async (_, client) => {
      while (performance.now() < end) await one(client);
    }),
  );
  const elapsed = (performance.now() - t0) / 1000;
  agent.destroy();
  lat.sort((a, b) => a - b);
  return { rps: lat.length / elapsed, p50: pct(lat, 50), p99: pct(lat, 99), status, count: lat.length };
}

/** CPU seconds (user + system) a process has used so far, from /proc (Linux); null elsewhere. */
function cpuSeconds(pid) {
  try {
    const fields = require('node:fs').readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1].split(' ');
    return (Number(fields[11]) + Number(fields[12])) / 100;
  } catch {
    return null;
  }
}

/** `drive`, plus the server's CPU time per answered request (steady when other work shares the machine). */
async function measured(server, makeRequest, seconds) {
  const c0 = cpuSeconds(server.proc.pid);
  const r = await drive(server.port, makeRequest, seconds);
  const c1 = cpuSeconds(server.proc.pid);
  return { ...r, cpuUs: c0 === null || c1 === null ? null : ((c1 - c0) / r.count) * 1e6 };
}

/** One run on a fresh MySQL database: the trivial route, then the click route, then the stored clicks. */
async function run(label, extraEnv) {
  const knex = require('knex')({ client: 'mysql2', connection: SERVER });
  const db = `val_bench_clicks_${Date.now()}`;
  await knex.raw(`CREATE DATABASE \`${db}\` CHARACTER SET utf8mb4 COLLATE utf8mb4_unicode_ci`);
  const server = await startServer({
    DATABASE_URL: `${SERVER}/${db}`,
    ADMIN_PASSWORD: PASSWORD,
    TRACK_RATE_LIMIT_PER_MINUTE: '100000',
    TRUST_PROXY: 'true',
    ANALYTICS_MAX_BUFFER: '200000',
    REPORT_WORKER: 'off',
    ...extraEnv,
  });
  try {
    const { PARTNER_TOOLS } = require('@val/contracts');
    let i = 0;
    const click = () => {
      const p = PARTNER_TOOLS[i++ % PARTNER_TOOLS.length];
      const logo = i % 3 === 0;
      return {
        method: 'POST',
        path: '/api/track-click',
        body: JSON.stringify({ company: p.company, linkType: logo ? 'logo' : 'button', url: logo ? p.logoUrl : p.url }),
      };
    };
    // Warm-up, then the trivial route and the click route with the same load.
    await drive(server.port, () => ({ method: 'GET', path: '/healthz' }), 1);
    const base = await measured(server, () => ({ method: 'GET', path: '/healthz' }), SECONDS);
    const clicks = await measured(server, click, SECONDS);
    const accepted = clicks.status[202] || 0;

    // Stored clicks (after the writer's last flush) through the admin API.
    await new Promise((r) => setTimeout(r, 1500));
    const login = await fetch(`${server.url}/api/admin/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', origin: server.url },
      body: JSON.stringify({ password: PASSWORD }),
    });
    const cookie = (login.headers.getSetCookie?.() || []).map((c) => c.split(';')[0]).join('; ');
    const stats = await (await fetch(`${server.url}/api/admin/link-stats`, { headers: { cookie } })).json();
    const stored = stats.reduce((a, r) => a + r.clickCount, 0);
    const lost = accepted - stored;
    const ratio = clicks.rps / base.rps;

    console.log(`\n${label}:`);
    console.log(
      `  GET /healthz          ${base.rps.toFixed(0).padStart(6)} req/s   p50 ${base.p50.toFixed(2)} ms   p99 ${base.p99.toFixed(2)} ms   ${JSON.stringify(base.status)}`,
    );
    console.log(
      `  POST /api/track-click ${clicks.rps.toFixed(0).padStart(6)} req/s   p50 ${clicks.p50.toFixed(2)} ms   p99 ${clicks.p99.toFixed(2)} ms   ${JSON.stringify(clicks.status)}`,
    );
    console.log(
      `  ratio track-click / healthz: ${ratio.toFixed(2)}   accepted ${accepted}, stored ${stored}, lost ${lost}   (${CONNECTIONS} connections, ${SECONDS} s each)`,
    );
    if (base.cpuUs && clicks.cpuUs) {
      console.log(
        `  server CPU per request: healthz ${base.cpuUs.toFixed(0)} µs, track-click ${clicks.cpuUs.toFixed(0)} µs (ratio ${(base.cpuUs / clicks.cpuUs).toFixed(2)}: the req/s ratio a CPU-bound server would reach, whatever else runs on the machine)`,
      );
    }
    return [
      { name: `${label}: track-click req/s ÷ trivial route req/s`, value: ratio.toFixed(2), target: '≥ 0.5', pass: ratio >= 0.5 },
      { name: `${label}: track-click p99`, value: `${clicks.p99.toFixed(1)} ms`, target: '≤ 25 ms', pass: clicks.p99 <= 25 },
      { name: `${label}: accepted clicks lost`, value: String(lost), target: '0', pass: lost === 0 && accepted > 0 },
    ];
  } finally {
    await server.stop();
    await knex.raw(`DROP DATABASE IF EXISTS \`${db}\``);
    await knex.destroy();
  }
}

/** True when Redis answers a PING at `url`. */
function redisAnswers(url) {
  const u = new URL(url);
  return new Promise((resolve) => {
    const s = net.connect({ host: u.hostname, port: Number(u.port || 6379) }, () => s.write('PING\r\n'));
    s.setTimeout(1000, () => (s.destroy(), resolve(false)));
    s.on('data', (d) => (s.destroy(), resolve(d.toString().startsWith('+PONG'))));
    s.on('error', () => resolve(false));
  });
}

(async () => {
  const results = await run('MySQL', {});
  if (await redisAnswers(REDIS)) {
    results.push(...(await run('MySQL + Redis', { REDIS_URL: REDIS, REDIS_KEY_PREFIX: `val-bench-${Date.now()}` })));
  } else {
    console.log(`\nRedis does not answer at ${REDIS}: the MySQL + Redis run needs it (BENCH_REDIS_URL)`);
    results.push({ name: 'MySQL + Redis: track-click req/s ÷ trivial route req/s', value: 'no Redis', target: '≥ 0.5', pass: false });
  }
  console.log(`BENCH ${JSON.stringify({ bench: 'track-click', results })}`);
  process.exitCode = results.every((r) => r.pass) ? 0 : 1;
})().catch((e) => {
  console.error(e);
  process.exit(1);
});
