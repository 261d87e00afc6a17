/**
 * Bundle-size measurements shared by `bench/bundles` and the budget test.
 * - remoteEntrySizes(): gzip size of each remote's remoteEntry.js on disk.
 * - criticalPathJs(url, {viewport}): gzip size of every script `/` loads before it is
 *   interactive: the scripts fetched until the `load` event and until every remote on the first
 *   screen has rendered — at 1280×900 the feasibility hero and the top of the validation lab
 *   (#validate starts at ~810 px), on a 412×823 phone the hero alone. The lab's top comes as HTML
 *   (the server renders it as a preview, shell/src/federation/RemoteSlot.tsx): its code is not on
 *   the first screen's path and loads once its form comes on screen (at ~1040 px), on a touch, or
 *   when the browser is idle after load. `onDemand` (desktop) is what scrolling to that form then
 *   loads, measured in the same page, so the lab's cost stays in view.
 */
const fs = require('node:fs');
const path = require('node:path');
const zlib = require('node:zlib');

const root = path.resolve(__dirname, '..', '..');
const REMOTES = ['validation', 'simulation', 'catalogue', 'admin'];
const gz = (buf) => zlib.gzipSync(buf, { level: 9 }).length;

function remoteEntrySizes() {
  return Object.fromEntries(
    REMOTES.map((r) => {
      const f = path.join(root, `mf-${r}`, 'dist', 'remoteEntry.js');
      return [r, fs.existsSync(f) ? gz(fs.readFileSync(f)) : null];
    }),
  );
}

/** The first screen: the viewport and the remote slots it shows. */
const FIRST_SCREENS = {
  desktop: { viewport: { width: 1280, height: 900 }, readySelectors: ['#hero [data-remote]', '#validate [data-remote]'] },
  phone: { viewport: { width: 412, height: 823 }, readySelectors: ['#hero [data-remote]'] },
};

async function criticalPathJs(url, { executablePath = process.env.CHROMIUM_PATH || '/usr/bin/chromium', screen = 'desktop' } = {}) {
  const { viewport, readySelectors } = FIRST_SCREENS[screen];
  const { chromium } = require('playwright-core');
  const browser = await chromium.launch({
    executablePath,
    args: ['--headless', '--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--disable-sync'],
  });
  try {
    const page = await browser.newPage({ viewport });
    const seen = [];
    let recording = true;
    page.on('response', async (res) => {
      const u = res.url();
      if (!recording || !/\.js(\?|$)/.test(u)) return;
      const entry = { url: u.replace(/^https?:\/\/[^/]+/, ''), raw: 0, gzip: 0 };
      seen.push(entry);
      try {
        const body = await res.body();
        entry.raw = body.length;
        entry.gzip = gz(body);
        // Libraries that must stay off the landing page (loaded only on demand).
        const text = body.toString('latin1');
        entry.libs = ['ZodError', 'jsPDF', 'remark-parse', 'micromark'].filter((m) => text.includes(m));
      } catch {
        /* navigation raced */
      }
    });
    await page.goto(url, { waitUntil: 'load' });
    for (const sel of readySelectors) await page.waitForSelector(sel, { timeout: 30000 });
    recording = false;
    await page.waitForTimeout(200);
    const files = seen.filter((f) => f.raw > 0);
    const result = { files, totalGzip: files.reduce((a, f) => a + f.gzip, 0), totalRaw: files.reduce((a, f) => a + f.raw, 0) };
    if (screen !== 'desktop') return result;
    // Below the first screen, on demand: scroll to the lab's form and wait for the live lab.
    const before = seen.length;
    recording = true;
    await page.evaluate(() => document.querySelector('#validate textarea, #validate input')?.scrollIntoView({ block: 'center' }));
    await page.waitForSelector('#validate [data-remote-slot]:not([data-preview])', { timeout: 30000 });
    await page.waitForTimeout(300);
    recording = false;
    const later = seen.slice(before).filter((f) => f.raw > 0);
    return { ...result, onDemand: { files: later, totalGzip: later.reduce((a, f) => a + f.gzip, 0) } };
  } finally {
    await browser.close();
  }
}

/**
 * Budgets: each remote's entry ≤ 30 KB gzip; the landing page's critical-path JS ≤ 170 KB gzip
 * with the Module Federation 2.0 runtime, as the target `npm run bench` reports and as the CI
 * gate (e2e/src/budgets.e2e.test.ts; it was 185 KB before the first screen came as HTML).
 */
const BUDGETS = { landingGzip: 170 * 1024, landingGate: 170 * 1024, remoteEntryGzip: 30 * 1024 };

module.exports = { remoteEntrySizes, criticalPathJs, BUDGETS, FIRST_SCREENS };
