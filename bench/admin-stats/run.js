#!/usr/bin/env node
/**
 * Admin stats at scale (MySQL). Seeds BENCH_EVENTS click events (default 10,000,000, split
 * between partner-link and product clicks) into a fresh MySQL database with LOAD DATA LOCAL
 * INFILE (multi-row INSERT batches when the server refuses local infile), builds the daily
 * rollups from the raw events with INSERT ... SELECT ... GROUP BY (the repository's
 * rebuildRollups), then, in the same run, times:
 *   - GET /api/admin/link-stats and GET /api/admin/product-stats on the real, built server
 *     (all time, and the last 30 days), p50/p95 over BENCH_ITERATIONS requests each;
 *   - the equivalent GROUP BY over the raw events, p50/p95 over BENCH_RAW_ITERATIONS runs;
 * checks that both give the same records, and prints the figures and the ratio.
 *
 *   node bench/admin-stats/run.js                       (build first: node scripts/ensure-built.js)
 *   BENCH_EVENTS=1000000 node bench/admin-stats/run.js  (a smaller run)
 *
 * Env: BENCH_MYSQL_URL (server, default mysql://root@127.0.0.1:3306), BENCH_EVENTS,
 * BENCH_LINK_SHARE (0.5), BENCH_DAYS (365), BENCH_ITERATIONS (200), BENCH_RAW_ITERATIONS (5),
 * BENCH_DB (reuse this database if it already holds the events), BENCH_KEEP=1 (keep it).
 * Prints a JSON line `BENCH {...}` for `npm run bench`.
 */
const crypto = require('node:crypto');
const { Readable } = require('node:stream');
const { performance } = require('node:perf_hooks');
// The BFF's public entry (bff/dist, built by scripts/ensure-built.js): the same seeded PRNG as the offline reports.
const { createDb, knexAnalyticsRepository, rng } = require('@val/bff');
const { PARTNER_TOOLS } = require('@val/contracts');
const { startServer } = require('../lib/server');

const N = Number(process.env.BENCH_EVENTS || 10_000_000);
const LINK_SHARE = Number(process.env.BENCH_LINK_SHARE || 0.5);
const DAYS = Number(process.env.BENCH_DAYS || 365);
const ITER = Number(process.env.BENCH_ITERATIONS || 200);
const RAW_ITER = Number(process.env.BENCH_RAW_ITERATIONS || 5);
const SERVER = (() => {
  const u = new URL(process.env.BENCH_MYSQL_URL || 'mysql://root@127.0.0.1:3306');
  u.pathname = '';
  return u.toString().replace(/\/$/, '');
})();
const TARGET_P95_MS = 50;
const PASSWORD = 'bench-admin-password';
const HASH_KEY = 'bench-only-analytics-hash-key-0123456789';
const LOAD_CHUNK = 1_000_000;

/**
 * The partner tools' share of the seeded link clicks, by their place in the list (the first gets
 * the most); a partner past the end of this list gets the last share.
 */
const PARTNER_SHARES = [30, 22, 15, 12, 9, 7, 5];
const COMPANIES = PARTNER_TOOLS.map((p, i) => [p.company, PARTNER_SHARES[Math.min(i, PARTNER_SHARES.length - 1)], p.url, p.logoUrl]);
const PRODUCTS = [
  ['new-product-feasibility-study', 25],
  ['idea-desirability-assessment', 18],
  ['tam-assessment-for-ideas', 14],
  ['business-idea-evaluation', 12],
  ['porter-5-forces-analysis', 10],
  ['voice-of-customer-insights', 9],
  ['market-pain-points-analysis', 7],
  ['revenue-opportunity-validation', 5],
];
const LOCATIONS = [
  ['purchase', 70],
  ['dialog', 20],
  ['catalogue', 10],
];
const EMAIL_POOL = 250_000;
const EMAIL_SHARE = 0.35;

const picker = (items, random) => {
  const total = items.reduce((s, it) => s + it[1], 0);
  return () => {
    let r = random() * total;
    for (const it of items) if ((r -= it[1]) < 0) return it;
    return items[items.length - 1];
  };
};

const pad = (n, w = 2) => String(n).padStart(w, '0');
const sqlTime = (ms) => {
  const d = new Date(ms);
  return `${d.getUTCFullYear()}-${pad(d.getUTCMonth() + 1)}-${pad(d.getUTCDate())} ${pad(d.getUTCHours())}:${pad(d.getUTCMinutes())}:${pad(d.getUTCSeconds())}.${pad(d.getUTCMilliseconds(), 3)}`;
};

/** Rows of one table, in time order (as a live system appends them), as TSV chunks. */
function* rows(kind, count, seed, startMs, spanMs) {
  const random = rng(seed);
  const step = spanMs / count;
  const company = picker(COMPANIES, random);
  const product = picker(PRODUCTS, random);
  const location = picker(LOCATIONS, random);
  const emails =
    kind === 'product' ? Array.from({ length: EMAIL_POOL }, (_, i) => crypto.createHmac('sha256', HASH_KEY).update(`user${i}@example.com`).digest('hex')) : [];
  let buf = [];
  for (let i = 0; i < count; i++) {
    const at = sqlTime(Math.floor(startMs + i * step + random() * step));
    if (kind === 'link') {
      const [c, , url, logoUrl] = company();
      const logo = random() < 0.3;
      buf.push(`${c}\t${logo ? 'logo' : 'button'}\t${logo ? logoUrl : url}\t${at}`);
    } else {
      const email = random() < EMAIL_SHARE ? emails[Math.floor(random() ** 2 * EMAIL_POOL)] : '\\N';
      buf.push(`${product()[0]}\t${location()[0]}\t${Math.floor(random() * 5)}\t${email}\t${at}`);
    }
    if (buf.length === 20_000) {
      yield { text: buf.join('\n') + '\n', n: buf.length };
      buf = [];
    }
  }
  if (buf.length) yield { text: buf.join('\n') + '\n', n: buf.length };
}

const TABLES = {
  link: { table: 'link_click_events', cols: ['company', 'link_type', 'url', 'clicked_at'] },
  product: { table: 'product_click_events', cols: ['product', 'location', 'inputs', 'email_hash', 'clicked_at'] },
};

async function seedTable(conn, kind, count, seed, startMs, spanMs) {
  const { table, cols } = TABLES[kind];
  const gen = rows(kind, count, seed, startMs, spanMs);
  let done = 0;
  let useInfile = true;
  while (done < count) {
    const n = Math.min(LOAD_CHUNK, count - done);
    const chunkGen = (function* () {
      let left = n;
      while (left > 0) {
        const { value, done: end } = gen.next();
        if (end) return;
        left -= value.n;
        yield Buffer.from(value.text, 'utf8');
      }
    })();
    if (useInfile) {
      try {
        await conn.query({
          sql: `LOAD DATA LOCAL INFILE 'events.tsv' INTO TABLE ${table} FIELDS TERMINATED BY '\\t' LINES TERMINATED BY '\\n' (${cols.join(', ')})`,
          infileStreamFactory: () => Readable.from(chunkGen),
        });
      } catch (err) {
        if (!/local|infile|3948|1148/i.test(String(err && (err.message || err.code)))) throw err;
        console.log(`  LOAD DATA LOCAL INFILE refused (${err.code || err.message}); using multi-row INSERT batches`);
        useInfile = false;
      }
    }
    if (!useInfile) {
      for (const text of chunkGen) {
        const values = text
          .toString('utf8')
          .trim()
          .split('\n')
          .map((line) => line.split('\t').map((v) => (v === '\\N' ? null : v)));
        for (let i = 0; i < values.length; i += 5000) {
          const part = values.slice(i, i + 5000);
          await conn.query(`INSERT INTO ${table} (${cols.join(', ')}) VALUES ?`, [part]);
        }
      }
    }
    done += n;
    process.stdout.write(`  ${table}: ${done.toLocaleString('en-US')} rows\r`);
  }
  process.stdout.write('\n');
}

const pct = (sorted, p) => sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1))];
const summary = (xs) => {
  const s = [...xs].sort((a, b) => a - b);
  return { n: s.length, p50: pct(s, 50), p95: pct(s, 95), max: s[s.length - 1] };
};
const ms = (n) => (n >= 1000 ? `${(n / 1000).toFixed(2)} s` : `${n.toFixed(1)} ms`);
const fmt = (s) => `p50 ${ms(s.p50)}  p95 ${ms(s.p95)}  max ${ms(s.max)}  (n=${s.n})`;

async function timeIt(times, fn) {
  const out = [];
  for (let i = 0; i < times; i++) {
    const t0 = performance.now();
    await fn();
    out.push(performance.now() - t0);
  }
  return summary(out);
}

async function main() {
  const mysql = require('mysql2/promise');

  const dbName = process.env.BENCH_DB || `val_bench_${crypto.randomBytes(4).toString('hex')}`;
  const keep = process.env.BENCH_KEEP === '1' || !!process.env.BENCH_DB;
  const admin = await mysql.createConnection({ uri: SERVER, multipleStatements: false });
  await admin.query(`CREATE DATABASE IF NOT EXISTS \`${dbName}\` CHARACTER SET utf8mb4 COLLATE utf8mb4_unicode_ci`);
  await admin.end();
  const url = `${SERVER}/${dbName}`;
  const db = createDb({ url, pool: { min: 0, max: 4 } });
  const repo = knexAnalyticsRepository(db.knex);
  let server;
  const results = [];
  try {
    await db.migrate();
    const nLinks = Math.round(N * LINK_SHARE);
    const nProducts = N - nLinks;
    const [[{ have }]] = await db.knex.raw('select (select count(*) from link_click_events) + (select count(*) from product_click_events) as have');
    console.log(`MySQL ${(await db.knex.raw('select version() as v'))[0][0].v}, database ${dbName}`);
    if (Number(have) === N) {
      console.log(`Reusing ${N.toLocaleString('en-US')} seeded events.`);
    } else {
      if (Number(have) > 0) throw new Error(`${dbName} holds ${have} events, not ${N}: use another BENCH_DB`);
      console.log(
        `Seeding ${N.toLocaleString('en-US')} click events over ${DAYS} days (${nLinks.toLocaleString('en-US')} link, ${nProducts.toLocaleString('en-US')} product)...`,
      );
      const conn = await mysql.createConnection({ uri: url, infileStreamFactory: undefined });
      await conn.query("SET time_zone = '+00:00'");
      await conn.query('SET unique_checks = 0');
      const end = Date.UTC(new Date().getUTCFullYear(), new Date().getUTCMonth(), new Date().getUTCDate()) + 86_400_000 - 1;
      const start = end - DAYS * 86_400_000 + 1;
      const t0 = performance.now();
      await seedTable(conn, 'link', nLinks, 1, start, end - start);
      await seedTable(conn, 'product', nProducts, 2, start, end - start);
      const seedMs = performance.now() - t0;
      await conn.end();
      console.log(`  seeded in ${ms(seedMs)} (${Math.round(N / (seedMs / 1000)).toLocaleString('en-US')} rows/s)`);
      const t1 = performance.now();
      await repo.rebuildRollups();
      console.log(`  rollups built from the raw events (INSERT ... SELECT ... GROUP BY) in ${ms(performance.now() - t1)}`);
    }
    const counts = {};
    for (const t of ['link_click_events', 'product_click_events', 'link_click_daily', 'product_click_daily', 'product_emails', 'product_email_days']) {
      counts[t] = Number((await db.knex(t).count({ n: '*' }))[0].n);
    }
    console.log(
      'Rows:',
      Object.entries(counts)
        .map(([t, n]) => `${t} ${n.toLocaleString('en-US')}`)
        .join(', '),
    );

    server = await startServer({
      NODE_ENV: 'test',
      DATABASE_URL: url,
      MIGRATE_ON_START: 'false',
      ADMIN_PASSWORD: PASSWORD,
      ANALYTICS_HASH_KEY: HASH_KEY,
      LOG_LEVEL: 'warn',
    });
    const login = await fetch(`${server.url}/api/admin/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ password: PASSWORD }),
    });
    if (login.status !== 200) throw new Error(`login failed: ${login.status} ${await login.text()}`);
    const cookie = login.headers
      .getSetCookie()
      .map((c) => c.split(';')[0])
      .join('; ');
    const get = async (p) => {
      const r = await fetch(server.url + p, { headers: { cookie } });
      if (r.status !== 200) throw new Error(`${p}: ${r.status} ${await r.text()}`);
      return r.json();
    };
    const today = new Date().toISOString().slice(0, 10);
    const from30 = new Date(Date.now() - 29 * 86_400_000).toISOString().slice(0, 10);
    for (let i = 0; i < 10; i++) await Promise.all([get('/api/admin/link-stats'), get('/api/admin/product-stats')]);

    console.log(`\nRollup endpoints over HTTP (${ITER} sequential requests each):`);
    const ep = {
      links: await timeIt(ITER, () => get('/api/admin/link-stats')),
      products: await timeIt(ITER, () => get('/api/admin/product-stats')),
      links30: await timeIt(ITER, () => get(`/api/admin/link-stats?from=${from30}&to=${today}`)),
      products30: await timeIt(ITER, () => get(`/api/admin/product-stats?from=${from30}&to=${today}`)),
    };
    console.log(`  GET /api/admin/link-stats              ${fmt(ep.links)}`);
    console.log(`  GET /api/admin/product-stats           ${fmt(ep.products)}`);
    console.log(`  GET /api/admin/link-stats (30 days)    ${fmt(ep.links30)}`);
    console.log(`  GET /api/admin/product-stats (30 days) ${fmt(ep.products30)}`);

    console.log(`\nThe same records with GROUP BY over the raw events (${RAW_ITER} runs each, in process):`);
    let rawLinks;
    let rawProducts;
    const raw = {
      links: await timeIt(RAW_ITER, async () => {
        rawLinks = await repo.linkStatsFromRaw();
      }),
      products: await timeIt(RAW_ITER, async () => {
        rawProducts = await repo.productStatsFromRaw();
      }),
    };
    console.log(`  link stats from raw events             ${fmt(raw.links)}`);
    console.log(`  product stats from raw events          ${fmt(raw.products)}`);
    const rolledIn = {
      links: await timeIt(ITER, () => repo.linkStats()),
      products: await timeIt(ITER, () => repo.productStats()),
    };
    console.log(`  (rollup queries alone, in process: links ${fmt(rolledIn.links)}; products ${fmt(rolledIn.products)})`);

    const same =
      JSON.stringify(await get('/api/admin/link-stats')) === JSON.stringify(rawLinks) &&
      JSON.stringify(await get('/api/admin/product-stats')) === JSON.stringify(rawProducts);
    console.log(`\nEndpoint records equal the raw GROUP BY records: ${same ? 'yes' : 'NO'}`);
    const ratioLinks = raw.links.p50 / ep.links.p50;
    const ratioProducts = raw.products.p50 / ep.products.p50;
    console.log(`Ratio raw GROUP BY p50 / endpoint p50: link-stats ${ratioLinks.toFixed(0)}x, product-stats ${ratioProducts.toFixed(0)}x`);

    const label = `${(N / 1e6).toLocaleString('en-US')}M events`;
    results.push(
      { name: `link-stats p95 (${label})`, value: ms(ep.links.p95), target: `≤ ${TARGET_P95_MS} ms`, pass: ep.links.p95 <= TARGET_P95_MS },
      { name: `product-stats p95 (${label})`, value: ms(ep.products.p95), target: `≤ ${TARGET_P95_MS} ms`, pass: ep.products.p95 <= TARGET_P95_MS },
      {
        name: 'raw GROUP BY p50 / endpoint p50 (links, products)',
        value: `${ratioLinks.toFixed(0)}x, ${ratioProducts.toFixed(0)}x`,
        target: '> 1x',
        pass: ratioLinks > 1 && ratioProducts > 1,
      },
      { name: 'rollups equal raw', value: same ? 'yes' : 'no', target: 'yes', pass: same },
    );
  } finally {
    if (server) await server.stop();
    if (!keep) await db.knex.raw(`DROP DATABASE IF EXISTS \`${dbName}\``).catch(() => undefined);
    await db.close();
  }
  console.log(`BENCH ${JSON.stringify({ bench: 'admin-stats', results })}`);
  if (!results.every((r) => r.pass)) process.exitCode = 1;
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
