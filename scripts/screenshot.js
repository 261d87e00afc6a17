#!/usr/bin/env node
/**
 * Screenshots of pages at 1280 px and 375 px, dark and light, for looking at the product:
 *   node scripts/screenshot.js http://localhost:3000 / /about ...   → screenshots/*.png
 *
 * Each page is scrolled from top to bottom first, so the sections that load when they come near
 * the viewport are drawn, and the shot waits until no loading spinner is left (at most
 * SCREENSHOT_WAIT_MS, default 15000). Each line printed names the file and how many spinners
 * were still showing: "(0 still loading)" is a complete page. The home page is `home-…png`,
 * other routes their path (`/report/abc` → `report_abc-…png`). SCREENSHOT_DIR changes the
 * folder; FULL=0 shoots only the viewport.
 */
const path = require('node:path');
const fs = require('node:fs');
const { chromium } = require('playwright-core');

/** File name stem of a route: '/' is 'home'. */
function stem(route) {
  const s = route
    .replace(/[?#].*$/, '')
    .replace(/[^a-z0-9]+/gi, '_')
    .replace(/^_+|_+$/g, '');
  return s || 'home';
}

/** Loading spinners a visitor would see (the @val/ui Spinner: role=progressbar, "Loading"). */
function visibleSpinners() {
  return [...document.querySelectorAll('[role="progressbar"][aria-label="Loading"]')].filter((el) => {
    const r = el.getBoundingClientRect();
    const st = getComputedStyle(el);
    return r.width > 0 && r.height > 0 && st.visibility !== 'hidden' && st.display !== 'none';
  }).length;
}

/** Scrolls down the whole page (lazily drawn sections load near the viewport), then back up. */
async function scrollThrough(page) {
  await page.evaluate(async () => {
    const step = Math.max(200, Math.floor(window.innerHeight * 0.6));
    for (let y = 0; y <= document.documentElement.scrollHeight; y += step) {
      window.scrollTo(0, y);
      await new Promise((r) => setTimeout(r, 120));
    }
    window.scrollTo(0, document.documentElement.scrollHeight);
    await new Promise((r) => setTimeout(r, 200));
  });
}

(async () => {
  const [base = 'http://localhost:3000', ...paths] = process.argv.slice(2);
  const routes = paths.length ? paths : ['/'];
  const out = path.resolve(process.env.SCREENSHOT_DIR || path.join(__dirname, '..', 'screenshots'));
  const waitMs = Number(process.env.SCREENSHOT_WAIT_MS) || 15000;
  fs.mkdirSync(out, { recursive: true });
  const browser = await chromium.launch({
    executablePath: process.env.CHROMIUM_PATH || '/usr/bin/chromium',
    args: ['--headless', '--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--disable-sync'],
  });
  const full = process.env.FULL !== '0';
  for (const route of routes) {
    for (const width of [1280, 375]) {
      for (const scheme of ['dark', 'light']) {
        const ctx = await browser.newContext({ viewport: { width, height: 900 }, colorScheme: scheme });
        const page = await ctx.newPage();
        page.on('pageerror', (e) => console.error(`[${route}] page error:`, e.message));
        await page.goto(base + route, { waitUntil: 'networkidle' });
        await scrollThrough(page);
        const deadline = Date.now() + waitMs;
        let loading = await page.evaluate(visibleSpinners);
        while (loading > 0 && Date.now() < deadline) {
          await page.waitForTimeout(200);
          await scrollThrough(page);
          loading = await page.evaluate(visibleSpinners);
        }
        await page.evaluate(() => window.scrollTo(0, 0));
        await page.waitForLoadState('networkidle').catch(() => undefined);
        await page.waitForTimeout(400);
        loading = await page.evaluate(visibleSpinners);
        const name = `${stem(route)}-${width}-${scheme}.png`;
        await page.screenshot({ path: path.join(out, name), fullPage: full });
        console.log(`${path.join(out, name)} (${loading} still loading)`);
        await ctx.close();
      }
    }
  }
  await browser.close();
})().catch((e) => {
  console.error(e);
  process.exit(1);
});
