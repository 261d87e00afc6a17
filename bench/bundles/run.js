#!/usr/bin/env node
/**
 * Bundle budgets: gzip size of each remoteEntry.js (≤ 30 KB) and of the landing page's
 * critical-path JS — every script `/` loads before its first screen is interactive, at 1280×900
 * (the hero and the top of the validation lab, which comes as HTML: its code loads as its form
 * comes on screen, printed after) and on a 412×823 phone (the hero): target and CI gate ≤ 170 KB
 * (the 1280×900 figure, e2e/src/budgets.e2e.test.ts).
 *   node bench/bundles/run.js          (build first: node scripts/ensure-built.js)
 * Prints a table and a JSON line `BENCH {...}` for `npm run bench`.
 */
const { criticalPathJs, remoteEntrySizes, BUDGETS, FIRST_SCREENS } = require('../lib/bundles');
const { startServer } = require('../lib/server');

const kb = (n) => `${(n / 1024).toFixed(1)} KB`;

(async () => {
  const entries = remoteEntrySizes();
  const server = await startServer();
  const landing = {};
  try {
    for (const screen of ['desktop', 'phone']) landing[screen] = await criticalPathJs(server.url + '/', { screen });
  } finally {
    await server.stop();
  }
  for (const [screen, r] of Object.entries(landing)) {
    const { width, height } = FIRST_SCREENS[screen].viewport;
    console.log(`Landing page critical-path JS at ${width}×${height} (gzip -9; first screen: ${FIRST_SCREENS[screen].readySelectors.join(', ')}):`);
    for (const f of r.files.sort((a, b) => b.gzip - a.gzip)) console.log(`  ${kb(f.gzip).padStart(9)}  ${f.url}`);
    console.log(
      `  ${kb(r.totalGzip).padStart(9)}  TOTAL (${r.files.length} files, ${kb(r.totalRaw)} raw)  target ${kb(BUDGETS.landingGzip)}, CI gate ${kb(BUDGETS.landingGate)}`,
    );
    const runtime = r.files.filter((f) => /\/main\.js|remoteEntry\.js/.test(f.url)).reduce((a, f) => a + f.gzip, 0);
    console.log(`  federation runtime (main.js + remote entries): ${kb(runtime)} = ${((runtime / r.totalGzip) * 100).toFixed(1)}% of it`);
    if (r.onDemand) {
      console.log(`  then, scrolling to the lab's form (its code, on demand): ${kb(r.onDemand.totalGzip)} in ${r.onDemand.files.length} files`);
      for (const f of r.onDemand.files.sort((a, b) => b.gzip - a.gzip)) console.log(`  ${kb(f.gzip).padStart(9)}  ${f.url}`);
    }
  }
  console.log('remoteEntry.js (gzip -9):');
  for (const [k, v] of Object.entries(entries)) console.log(`  ${kb(v ?? 0).padStart(9)}  ${k}  budget ${kb(BUDGETS.remoteEntryGzip)}`);
  const { desktop, phone } = landing;
  const results = [
    {
      name: 'landing JS 1280×900 (hero + lab), CI gate',
      value: kb(desktop.totalGzip),
      target: `≤ ${kb(BUDGETS.landingGate)}`,
      pass: desktop.totalGzip <= BUDGETS.landingGate,
    },
    {
      name: 'landing JS 1280×900 (hero + lab), target',
      value: kb(desktop.totalGzip),
      target: `≤ ${kb(BUDGETS.landingGzip)}`,
      pass: desktop.totalGzip <= BUDGETS.landingGzip,
    },
    {
      name: 'landing JS 412×823 phone (hero), target',
      value: kb(phone.totalGzip),
      target: `≤ ${kb(BUDGETS.landingGzip)}`,
      pass: phone.totalGzip <= BUDGETS.landingGzip,
    },
    ...Object.entries(entries).map(([k, v]) => ({
      name: `mf-${k} remoteEntry.js (gzip)`,
      value: v === null ? 'not built' : kb(v),
      target: `≤ ${kb(BUDGETS.remoteEntryGzip)}`,
      pass: v !== null && v <= BUDGETS.remoteEntryGzip,
    })),
  ];
  console.log(`BENCH ${JSON.stringify({ bench: 'bundles', results })}`);
  process.exitCode = results.every((r) => r.pass) ? 0 : 1;
})().catch((e) => {
  console.error(e);
  process.exit(1);
});
