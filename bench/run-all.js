#!/usr/bin/env node
/**
 * `npm run bench`: runs every benchmark (bench/<name>/run.js) one after another and prints a
 * summary table of figure, target and pass/fail. Each bench prints its own details and one line
 * `BENCH {"bench": name, "results": [{name, value, target, pass}]}`.
 *   BENCH_ONLY=bundles,validate npm run bench     (a subset)
 */
const { spawnSync } = require('node:child_process');
const fs = require('node:fs');
const path = require('node:path');

const dir = __dirname;
const only = (process.env.BENCH_ONLY || '').split(',').filter(Boolean);
const benches = fs
  .readdirSync(dir)
  .filter((d) => fs.existsSync(path.join(dir, d, 'run.js')))
  .filter((d) => !only.length || only.includes(d))
  .sort();

const rows = [];
for (const b of benches) {
  console.log(`\n=== bench/${b} ===`);
  const t0 = Date.now();
  const r = spawnSync(process.execPath, [path.join(dir, b, 'run.js')], { encoding: 'utf8', stdio: ['ignore', 'pipe', 'inherit'], timeout: 30 * 60 * 1000 });
  process.stdout.write(r.stdout || '');
  const line = (r.stdout || '')
    .split('\n')
    .reverse()
    .find((l) => l.startsWith('BENCH '));
  if (!line) {
    rows.push({ bench: b, name: '(no result)', value: `exit ${r.status ?? r.signal}`, target: '', pass: false });
    continue;
  }
  for (const res of JSON.parse(line.slice(6)).results) rows.push({ bench: b, ...res });
  console.log(`(bench/${b} took ${((Date.now() - t0) / 1000).toFixed(1)} s)`);
}

const cols = ['bench', 'name', 'value', 'target', 'result'];
// pass: null means the figure could not be taken here (e.g. the registry refused `npm audit`).
const table = rows.map((r) => ({ ...r, result: r.pass === null ? 'n/a' : r.pass ? 'pass' : 'FAIL' }));
const width = Object.fromEntries(cols.map((c) => [c, Math.max(c.length, ...table.map((r) => String(r[c]).length))]));
const line = (r) => cols.map((c) => String(r[c]).padEnd(width[c])).join(' | ');
const os = require('node:os');
console.log(
  `\nSummary — Node.js ${process.version} (${process.platform}-${process.arch}), ${os.cpus().length} CPU ${os.cpus()[0]?.model ?? ''}, ${new Date().toISOString()}`,
);
console.log(line(Object.fromEntries(cols.map((c) => [c, c]))));
console.log(cols.map((c) => '-'.repeat(width[c])).join('-|-'));
for (const r of table) console.log(line(r));
process.exitCode = rows.every((r) => r.pass !== false) ? 0 : 1;
