#!/usr/bin/env node
/**
 * Screenshots of pages at 1280 px and 375 px, dark and light, for looking at the product:
 *   node scripts/screenshot.js http://localhost:3000 / /about ...   → screenshots/*.png
 */
const path = require('node:path');
const fs = require('node:fs');
const { chromium } = require('playwright-core');

(async () => {
  const [base = 'http://localhost:3000', ...paths] = process.argv.slice(2);
  const routes = paths.length ? paths : ['/'];
  const out = path.resolve(__dirname, '..', 'screenshots');
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
        await page.waitForTimeout(600);
        const name = `${route.replace(/[^a-z0-9]+/gi, '_') || 'home'}-${width}-${scheme}.png`;
        await page.screenshot({ path: path.join(out, name), fullPage: full });
        console.log(path.join(out, name));
        await ctx.close();
      }
    }
  }
  await browser.close();
})();
