/**
 * Every tap counts: a control the server's HTML shows answers a tap made before its code has
 * arrived. Each test holds the code back on purpose (the requests wait on a gate the test opens),
 * taps while it is held, then lets it through: no timing, no waiting for the network to go quiet.
 */
import type { Browser, Page } from 'playwright-core';
import { launchBrowser, newPage } from './browser';
import { startTestServer, stopTestServers, type TestServer } from './server';

let browser: Browser;
let server: TestServer;

beforeAll(async () => {
  browser = await launchBrowser();
  server = await startTestServer();
});
afterAll(async () => {
  await browser?.close();
  await stopTestServers();
});

/** Holds every script request whose path `holds` until `open()`; `held` lists what waited. */
async function holdScripts(page: Page, holds: (path: string) => boolean) {
  let open!: () => void;
  const opened = new Promise<void>((resolve) => (open = resolve));
  const held: string[] = [];
  await page.route(
    (url) => url.pathname.endsWith('.js') && holds(url.pathname),
    async (route) => {
      held.push(new URL(route.request().url()).pathname);
      await opened;
      await route.continue().catch(() => undefined);
    },
  );
  return { open, held };
}

describe('a tap before the code has arrived', () => {
  it('"View details" on /products opens the purchase dialog once the catalogue\'s code is in', async () => {
    const { page, context, errors } = await newPage(browser);
    const gate = await holdScripts(page, (p) => p.startsWith('/remotes/catalogue/'));
    await page.goto(`${server.url}/products`, { waitUntil: 'commit' });
    const card = page.getByTestId('product-tam-assessment-for-ideas');
    await card.getByRole('button', { name: 'View details' }).click();
    // The tap was made while the catalogue's code was still held back.
    expect(gate.held.length).toBeGreaterThan(0);
    expect(await page.getByTestId('purchase-dialog').count()).toBe(0);
    expect(await page.evaluate(() => document.documentElement.hasAttribute('data-taps-waiting'))).toBe(true);
    gate.open();
    const dialog = page.getByTestId('purchase-dialog');
    await dialog.waitFor();
    await dialog.getByRole('button', { name: 'Get This Report' }).waitFor();
    expect(await dialog.getByText('TAM Assessment', { exact: false }).count()).toBeGreaterThan(0);
    expect(await page.evaluate(() => document.documentElement.hasAttribute('data-taps-waiting'))).toBe(false);
    expect(errors).toEqual([]);
    await context.close();
  });

  it("the header's theme switch answers a tap made before the shell's code arrived", async () => {
    const { page, context, errors } = await newPage(browser, { colorScheme: 'dark' });
    const gate = await holdScripts(page, (p) => !p.startsWith('/remotes/') && !/\/tap-keeper\.[0-9a-f]+\.js$/.test(p));
    await page.goto(`${server.url}/about`, { waitUntil: 'commit' });
    const toggle = page.getByTestId('theme-toggle');
    await toggle.click();
    expect(gate.held.some((p) => p.startsWith('/main.js'))).toBe(true);
    expect(await page.evaluate(() => document.documentElement.getAttribute('data-theme'))).toBe('dark');
    gate.open();
    await page.waitForFunction(() => document.documentElement.getAttribute('data-theme') === 'light');
    expect(errors).toEqual([]);
    await context.close();
  });

  it("'Try AI Validation Free' is a link: it goes to the validation section with no code at all", async () => {
    const { page, context } = await newPage(browser);
    // The page's scripts never arrive in this test.
    await page.route(
      (url) => url.pathname.endsWith('.js'),
      (route) => route.abort(),
    );
    await page.goto(`${server.url}/validation-strategy`, { waitUntil: 'commit' });
    await page.getByRole('link', { name: 'Try AI Validation Free' }).click();
    await page.waitForURL((u) => u.pathname === '/' && u.hash === '#validation');
    await context.close();
  });
});
