#!/usr/bin/env node
/**
 * Bundle budgets: gzip size of each remoteEntry.js (≤ 30 KB) and of the landing page's
 * critical-path JS — every script `/` loads before it is interactive (≤ 170 KB).
 *   node bench/bundles/run.js          (build first: node scripts/ensure-built.js)
 * Prints a table and a JSON line `BENCH {...}` for `npm run bench`.
 */
const { criticalPathJs, remoteEntrySizes, BUDGETS } = require('../lib/bundles');
const { startServer } = require('../lib/server');

const kb = (n) => `${(n / 1024).toFixed(1)} KB`;

(async () => {
  const entries = remoteEntrySizes();
  const server = await startServer();
  let landing;
  try {
    landing = await criticalPathJs(server.url + '/');
  } finally {
    await server.stop();
  }
  console.log('Landing page critical-path JS (gzip -9):');
  for (const f of landing.files.sort((a, b) => b.gzip - a.gzip)) console.log(`  ${kb(f.gzip).padStart(9)}  ${f.url}`);
  console.log(`  ${kb(landing.totalGzip).padStart(9)}  TOTAL (${landing.files.length} files, ${kb(landing.totalRaw)} raw)  budget ${kb(BUDGETS.landingGzip)}`);
  console.log('remoteEntry.js (gzip -9):');
  for (const [k, v] of Object.entries(entries)) console.log(`  ${kb(v ?? 0).padStart(9)}  ${k}  budget ${kb(BUDGETS.remoteEntryGzip)}`);
  const maxEntry = Math.max(...Object.values(entries).map((v) => v ?? 0));
  const results = [
    { name: 'landing critical-path JS (gzip)', value: kb(landing.totalGzip), target: `≤ ${kb(BUDGETS.landingGzip)}`, pass: landing.totalGzip <= BUDGETS.landingGzip },
    { name: 'largest remoteEntry.js (gzip)', value: kb(maxEntry), target: `≤ ${kb(BUDGETS.remoteEntryGzip)}`, pass: maxEntry <= BUDGETS.remoteEntryGzip },
  ];
  console.log(`BENCH ${JSON.stringify({ bench: 'bundles', results })}`);
  process.exitCode = results.every((r) => r.pass) ? 0 : 1;
})().catch((e) => {
  console.error(e);
  process.exit(1);
});
