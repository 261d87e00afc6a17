#!/usr/bin/env node
/**
 * bench/lcp: Core Web Vitals of the landing page `/` on an emulated mid-range phone —
 * headless Chromium via CDP: 412×823 viewport (DPR 2.625, touch), 4× CPU slowdown, 150 ms RTT,
 * 1.6 Mbps down / 750 kbps up; a cold cache and a fresh context for every load; the median of
 * LCP_RUNS loads (5). Per load:
 *   - LCP: the last 'largest-contentful-paint' entry; FCP: the 'first-contentful-paint' paint entry.
 *   - CLS: layout-shift entries without recent input (hadRecentInput ignored), grouped in session
 *     windows as web-vitals does (a window ends at a gap of ≥ 1 s or when it would exceed 5 s);
 *     CLS is the largest window's sum.
 *   - TBT: total blocking time, the sum of max(0, duration − 50 ms) over long tasks
 *     ('longtask' observer registered before any page script) that start after FCP and before
 *     the end of the observation window: the ready selector appears, then a 3 s settle (so
 *     hydration and late remotes are inside); the run prints where that window ended, where
 *     the last long task did, and the blocking time before FCP (not part of TBT).
 * Goals for every page measured: LCP ≤ 1.0 s (issue 26), LCP ≤ 1.8 s (the older goal, still its
 * own result), CLS ≤ 0.02, TBT ≤ 200 ms.
 *   node bench/lcp/run.js                 (build first: node scripts/ensure-built.js)
 *   LCP_URL=http://127.0.0.1:3000 node bench/lcp/run.js   (measure a server that is already up)
 *   LCP_PATHS=/,/products,/about node bench/lcp/run.js    (more pages; `/` is always measured)
 * Ready selector per page: `/` waits for `#hero [data-remote]`, any other page for `main h1, main h2`.
 * Prints each load (LCP, FCP, CLS, TBT, bytes transferred, the LCP element), the medians, and a
 * JSON line `BENCH {...}` for `npm run bench`: the goals above for `/` ("landing") and for every
 * other page (named by its path). Baseline, measured in the same run
 * on the same emulated phone: a static page with the hero's text and no JavaScript (the floor this
 * network and CPU allow: connection, one round trip, paint); the ratio says what the product's
 * JavaScript costs on top of it for `/`.
 */
const http = require('node:http');
const { chromium } = require('playwright-core');
const { startServer } = require('../lib/server');

const GOAL_MS = 1000; // issue 26
const OLD_GOAL_MS = 1800;
const CLS_GOAL = 0.02;
const TBT_GOAL_MS = 200;
const RUNS = Number(process.env.LCP_RUNS || 5);
const NETWORK = { offline: false, latency: 150, downloadThroughput: (1.6 * 1024 * 1024) / 8, uploadThroughput: (750 * 1024) / 8 };
const CPU_SLOWDOWN = 4;
// After the ready selector: late paints land (the LCP candidate can still change after the hero renders), hydration finishes.
const SETTLE_MS = 3000;
const READY = { '/': '#hero [data-remote]' };
const DEFAULT_READY = 'main h1, main h2';
const PATHS = [
  ...new Set([
    '/',
    ...(process.env.LCP_PATHS || '/')
      .split(',')
      .map((p) => p.trim())
      .filter(Boolean)
      .map((p) => (p.startsWith('/') ? p : '/' + p)),
  ]),
];

/** CLS as web-vitals computes it: the largest session window (gap < 1 s, span ≤ 5 s) of shifts without recent input. */
function cls(shifts) {
  let max = 0;
  let value = 0;
  let first = -Infinity;
  let last = -Infinity;
  for (const s of shifts) {
    if (value && s.t - last < 1000 && s.t - first < 5000) value += s.value;
    else {
      value = s.value;
      first = s.t;
    }
    last = s.t;
    max = Math.max(max, value);
  }
  return max;
}

/** TBT: blocking time (over 50 ms) of the long tasks that start after FCP, up to the end of the window. */
function tbt(tasks, fcp, end) {
  return tasks.filter((t) => fcp != null && t.start >= fcp && t.start < end).reduce((sum, t) => sum + Math.max(0, t.duration - 50), 0);
}

/** One cold load of `url` on the emulated phone: LCP, FCP, CLS, TBT, the LCP element, bytes on the wire. */
async function measure(browser, url, readySelector, settleMs = SETTLE_MS) {
  const context = await browser.newContext({
    viewport: { width: 412, height: 823 },
    deviceScaleFactor: 2.625,
    isMobile: true,
    hasTouch: true,
    colorScheme: 'dark',
  });
  try {
    const page = await context.newPage();
    const cdp = await context.newCDPSession(page);
    await cdp.send('Network.enable');
    await cdp.send('Network.setCacheDisabled', { cacheDisabled: true });
    await cdp.send('Network.emulateNetworkConditions', NETWORK);
    await cdp.send('Emulation.setCPUThrottlingRate', { rate: CPU_SLOWDOWN });
    let bytes = 0;
    cdp.on('Network.loadingFinished', (e) => (bytes += e.encodedDataLength));
    await page.addInitScript(() => {
      const w = window;
      w.__lcp = [];
      w.__shifts = [];
      w.__longtasks = [];
      const observe = (type, onEntry) => {
        try {
          new PerformanceObserver((list) => list.getEntries().forEach(onEntry)).observe({ type, buffered: true });
        } catch {
          /* entry type not supported: the figure stays empty */
        }
      };
      observe('largest-contentful-paint', (e) => {
        const el = e.element;
        const desc = el ? `${el.tagName.toLowerCase()}${el.id ? '#' + el.id : ''} "${(el.textContent || '').trim().slice(0, 40)}"` : '(removed)';
        w.__lcp.push({ t: e.startTime, desc });
      });
      observe('layout-shift', (e) => {
        if (!e.hadRecentInput) w.__shifts.push({ t: e.startTime, value: e.value });
      });
      observe('longtask', (e) => w.__longtasks.push({ start: e.startTime, duration: e.duration }));
    });
    await page.goto(url, { waitUntil: 'load', timeout: 120000 });
    await page.waitForSelector(readySelector, { timeout: 120000 });
    const ready = await page.evaluate(() => performance.now());
    await page.waitForTimeout(settleMs);
    const r = await page.evaluate(() => {
      const fcp = performance.getEntriesByName('first-contentful-paint')[0];
      return { lcp: window.__lcp, shifts: window.__shifts, tasks: window.__longtasks, fcp: fcp ? fcp.startTime : null, end: performance.now() };
    });
    const last = r.lcp[r.lcp.length - 1];
    const shifts = [...r.shifts].sort((a, b) => a.t - b.t);
    const lastTaskEnd = r.tasks.reduce((m, t) => Math.max(m, t.start + t.duration), 0);
    return {
      lcp: last ? last.t : NaN,
      element: last ? last.desc : '(none)',
      fcp: r.fcp,
      cls: cls(shifts),
      tbt: tbt(r.tasks, r.fcp, r.end),
      // Not in TBT: blocking time of the long tasks before FCP (they delay the first paint itself).
      preFcp: tbt(r.tasks, 0, r.fcp ?? r.end),
      longTasks: r.tasks.length,
      lastTaskEnd,
      ready,
      end: r.end,
      bytes,
    };
  } finally {
    await context.close();
  }
}

const median = (xs) => {
  const s = [...xs].sort((a, b) => a - b);
  return s.length % 2 ? s[(s.length - 1) / 2] : (s[s.length / 2 - 1] + s[s.length / 2]) / 2;
};

/** The floor: the hero's heading and paragraph as a static page, no script, no stylesheet. */
function startStaticFloor() {
  const html =
    '<!doctype html><html><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><title>Val</title></head>' +
    '<body style="background:#0b0d17;color:#eef0fa;font-family:sans-serif"><main id="hero"><h1>Will your product work in your market?</h1>' +
    '<p data-remote>10 AI agents study your idea in your target market — customers, trends, regulation, competitors, costs and risks — and hand you a feasibility report with a clear go or no-go.</p></main></body></html>';
  const srv = http.createServer((_req, res) => res.writeHead(200, { 'Content-Type': 'text/html; charset=utf-8' }).end(html));
  return new Promise((resolve) => srv.listen(0, '127.0.0.1', () => resolve({ url: `http://127.0.0.1:${srv.address().port}`, close: () => srv.close() })));
}

const ms = (x) => (x == null || Number.isNaN(x) ? 'n/a' : `${x.toFixed(0)} ms`);
const readyOf = (p) => READY[p] || DEFAULT_READY;

(async () => {
  const server = process.env.LCP_URL ? null : await startServer();
  const floorServer = await startStaticFloor();
  const base = process.env.LCP_URL || server.url;
  const browser = await chromium.launch({
    executablePath: process.env.CHROMIUM_PATH || '/usr/bin/chromium',
    args: ['--headless', '--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--disable-sync', '--disable-quic'],
  });
  const runs = Object.fromEntries(PATHS.map((p) => [p, []]));
  const floors = [];
  console.log(`Pages: ${PATHS.map((p) => `${p} (ready: ${readyOf(p)})`).join(', ')}; ${RUNS} loads each`);
  console.log(
    `TBT window: long tasks starting after FCP, up to the ready selector + ${(SETTLE_MS / 1000).toFixed(1)} s settle; CLS: largest session window (gap < 1 s, ≤ 5 s)`,
  );
  try {
    // One unmeasured load of each page first: the server's own caches (files, stats) are warm for every run.
    for (const p of PATHS) await measure(browser, base + p, readyOf(p));
    // Pages and the floor alternate, so all see the same machine load.
    for (let i = 0; i < RUNS; i++) {
      for (const p of PATHS) {
        const r = await measure(browser, base + p, readyOf(p));
        runs[p].push(r);
        console.log(
          `  ${p} load ${i + 1}: LCP ${ms(r.lcp)}, FCP ${ms(r.fcp)}, CLS ${r.cls.toFixed(3)}, TBT ${ms(r.tbt)}, ${(r.bytes / 1024).toFixed(1)} KB transferred, LCP element ${r.element}`,
        );
        if (p === '/') floors.push((await measure(browser, floorServer.url + '/', '#hero', 1000)).lcp);
      }
    }
  } finally {
    await browser.close();
    await server?.stop();
    floorServer.close();
  }
  const med = (p, k) => median(runs[p].map((r) => r[k] ?? NaN));
  const results = [];
  for (const p of PATHS) {
    const [lcp, fcp, c, t] = ['lcp', 'fcp', 'cls', 'tbt'].map((k) => med(p, k));
    console.log(`${p} median of ${RUNS}: LCP ${ms(lcp)}, FCP ${ms(fcp)}, CLS ${c.toFixed(3)}, TBT ${ms(t)}`);
    console.log(
      `  TBT window ${p}: ready selector at ${ms(med(p, 'ready'))}, window end ${ms(med(p, 'end'))}, last long task ended ${ms(med(p, 'lastTaskEnd'))} (${med(p, 'longTasks')} long tasks; medians); not in TBT: ${ms(med(p, 'preFcp'))} blocking before FCP`,
    );
    const name = p === '/' ? 'landing' : p;
    console.log(
      `  goals: LCP ≤ ${GOAL_MS} ms (issue 26) → ${(lcp / GOAL_MS).toFixed(2)}× the goal; older goal ≤ ${OLD_GOAL_MS} ms → ${(lcp / OLD_GOAL_MS).toFixed(2)}×; CLS ≤ ${CLS_GOAL}; TBT ≤ ${TBT_GOAL_MS} ms`,
    );
    // Every page's first screen comes as HTML now: the 1.0 s goal holds for each page measured.
    results.push({
      name: `${name} LCP, phone (median of ${RUNS})`,
      value: `${(lcp / 1000).toFixed(2)} s`,
      target: `≤ ${(GOAL_MS / 1000).toFixed(1)} s`,
      pass: lcp <= GOAL_MS,
    });
    results.push(
      {
        name: `${name} LCP, phone (median of ${RUNS}; older goal)`,
        value: `${(lcp / 1000).toFixed(2)} s`,
        target: `≤ ${(OLD_GOAL_MS / 1000).toFixed(1)} s`,
        pass: lcp <= OLD_GOAL_MS,
      },
      { name: `${name} CLS, phone (median of ${RUNS})`, value: c.toFixed(3), target: `≤ ${CLS_GOAL}`, pass: c <= CLS_GOAL },
      { name: `${name} TBT, phone (median of ${RUNS})`, value: `${t.toFixed(0)} ms`, target: `≤ ${TBT_GOAL_MS} ms`, pass: t <= TBT_GOAL_MS },
    );
  }
  const lcp = med('/', 'lcp');
  const floor = median(floors);
  console.log(
    `Baseline, same run: the hero's text as static HTML, no JavaScript: LCP ${floor.toFixed(0)} ms → the product's / takes ${(lcp / floor).toFixed(2)}× that`,
  );
  console.log('  (412×823 phone, 4× CPU slowdown, 150 ms RTT, 1.6 Mbps down, cold cache)');
  console.log(`BENCH ${JSON.stringify({ bench: 'lcp', results })}`);
  process.exitCode = results.every((r) => r.pass) ? 0 : 1;
})().catch((e) => {
  console.error(e);
  process.exit(1);
});
