import type { Browser } from 'playwright-core';
import { launchBrowser, newPage } from './browser';
import { startTestServer, type TestServer } from './server';

let browser: Browser;
let server: TestServer;

beforeAll(async () => {
  browser = await launchBrowser();
  server = await startTestServer();
});
afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

describe('the shell', () => {
  it('renders / with the header, the footer and every home remote loaded through federation', async () => {
    const { page, errors, context } = await newPage(browser);
    await page.goto(server.url + '/');
    await expect(page.getByRole('button', { name: 'Val — home' }).isVisible()).resolves.toBe(true);
    await expect(page.getByRole('link', { name: 'About' }).first().isVisible()).resolves.toBe(true);
    await page.locator('footer').getByRole('link', { name: 'Terms of Service' }).waitFor();
    await page.locator('#validate [data-remote="validation"][data-view="lab"]').waitFor();
    await page.locator('#resources [data-remote="validation"][data-view="resources"]').waitFor();
    await page.locator('#simulate [data-remote="simulation"]').waitFor();
    await page.locator('#products [data-remote="catalogue"]').waitFor();
    await page.locator('#hero [data-remote="catalogue"][data-view="hero"]').waitFor();
    expect(await page.locator('[data-testid="remote-fallback"]').count()).toBe(0);
    expect(errors).toEqual([]);
    await context.close();
  });

  it('loads the catalogue remote on /products and the admin remote on /admin', async () => {
    const { page, context } = await newPage(browser);
    await page.goto(server.url + '/products');
    await page.locator('[data-remote="catalogue"][data-view="products"]').waitFor();
    await page.goto(server.url + '/admin');
    await page.locator('[data-remote="admin"]').waitFor();
    await context.close();
  });

  it('flips the theme attribute with the toggle and keeps it after a reload', async () => {
    const { page, context } = await newPage(browser, { colorScheme: 'dark' });
    await page.goto(server.url + '/');
    const html = page.locator('html');
    expect(await html.getAttribute('data-theme')).toBe('dark');
    await page.getByTestId('theme-toggle').click();
    expect(await html.getAttribute('data-theme')).toBe('light');
    expect(await page.evaluate(() => localStorage.getItem('theme'))).toBe('light');
    await page.reload();
    await page.getByTestId('theme-toggle').waitFor();
    expect(await html.getAttribute('data-theme')).toBe('light');
    const bg = await page.evaluate(() => getComputedStyle(document.body).backgroundColor);
    expect(bg).toBe('rgb(247, 247, 251)');
    await context.close();
  });

  it('follows the system setting when nothing is stored', async () => {
    const { page, context } = await newPage(browser, { colorScheme: 'light' });
    await page.goto(server.url + '/about');
    await page.getByRole('heading', { name: 'About Val' }).waitFor();
    expect(await page.locator('html').getAttribute('data-theme')).toBe('light');
    await page.emulateMedia({ colorScheme: 'dark' });
    await page.waitForFunction(() => document.documentElement.getAttribute('data-theme') === 'dark');
    await context.close();
  });

  it("shows '404 Page Not Found' for an unknown route, and the founder page at its slug", async () => {
    const { page, context } = await newPage(browser);
    await page.goto(server.url + '/no/such/page');
    await page.getByRole('heading', { name: '404 Page Not Found' }).waitFor();
    await page.goto(server.url + '/nonexistent-slug');
    await page.getByRole('heading', { name: '404 Page Not Found' }).waitFor();
    await page.goto(server.url + '/founder');
    await page.getByRole('heading', { name: 'The founder' }).waitFor();
    await context.close();
  });
});

describe('a remote at a dead address', () => {
  let dead: TestServer;
  beforeAll(async () => {
    dead = await startTestServer({ REMOTE_ADMIN_URL: 'http://127.0.0.1:9/admin/' });
  });
  afterAll(() => dead?.stop());

  it('shows the fallback in its slot while the page and navigation keep working', async () => {
    const { page, context } = await newPage(browser);
    await page.goto(dead.url + '/admin');
    const fallback = page.getByTestId('remote-fallback');
    await fallback.waitFor({ timeout: 20000 });
    expect(await fallback.textContent()).toContain('This section is unavailable');
    await expect(fallback.getByRole('button', { name: 'Retry' }).isVisible()).resolves.toBe(true);
    await page.locator('footer').waitFor();

    await fallback.getByRole('button', { name: 'Retry' }).click();
    await page.getByTestId('remote-fallback').waitFor({ timeout: 20000 });

    await page.getByRole('link', { name: 'About' }).first().click();
    await page.getByRole('heading', { name: 'About Val' }).waitFor();
    await page.getByRole('button', { name: 'Val — home' }).click();
    await page.locator('#validate [data-remote="validation"]').waitFor();
    await context.close();
  });
});
