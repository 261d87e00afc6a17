import path from 'node:path';
import type { Browser } from 'playwright-core';
import { launchBrowser, newPage } from './browser';
import { startTestServer, stopTestServers, type TestServer } from './server';
import { startStaticHost, type StaticHost } from './staticHost';

const repoRoot = path.resolve(__dirname, '..', '..');

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

  it("the tab's title is the page's: in the HTML of the first page, then as the visitor navigates", async () => {
    const { page, context } = await newPage(browser);
    await page.goto(server.url + '/about');
    await page.getByRole('heading', { name: 'About Val' }).waitFor();
    expect(await page.title()).toBe('About Val');
    await page.getByRole('contentinfo').getByRole('link', { name: 'Terms of Service' }).click();
    await page.getByRole('heading', { name: 'Terms of Service' }).waitFor();
    await page.waitForFunction(() => document.title === 'Terms of Service — Val');
    await page.getByRole('contentinfo').getByRole('link', { name: 'Enterprise' }).click();
    await page.waitForFunction(() => document.title === 'Enterprise — Val');
    await page.goBack();
    await page.waitForFunction(() => document.title === 'Terms of Service — Val');
    await context.close();
  });

  it("shows '404 Page Not Found' for an unknown route, and the founder page at its slug", async () => {
    const { page, context } = await newPage(browser);
    // The server's status agrees with the page: 404 where the app shows its not-found page.
    expect((await page.goto(server.url + '/no/such/page'))?.status()).toBe(404);
    await page.getByRole('heading', { name: '404 Page Not Found' }).waitFor();
    expect((await page.goto(server.url + '/nonexistent-slug'))?.status()).toBe(404);
    await page.getByRole('heading', { name: '404 Page Not Found' }).waitFor();
    expect((await page.goto(server.url + '/founder'))?.status()).toBe(200);
    await page.getByRole('heading', { name: 'The founder' }).waitFor();
    expect(await page.title()).toBe('The founder — Val');
    await context.close();
  });
});

describe('a remote whose host is down', () => {
  const adminDist = path.join(repoRoot, 'mf-admin', 'dist');
  let host: StaticHost | undefined;
  let port: number;
  let shell: TestServer;
  beforeAll(async () => {
    // The admin remote is deployed on a host of its own, which is down when the page loads.
    const first = await startStaticHost(adminDist);
    port = Number(new URL(first.url).port);
    await first.close();
    shell = await startTestServer({ REMOTE_ADMIN_URL: `http://127.0.0.1:${port}/`, ADMIN_PASSWORD: 'retry test password' });
  });
  afterAll(async () => {
    await host?.close();
    await shell?.stop();
  });

  it('shows the fallback in its slot while the page keeps working, and Retry renders the section once the host is back', async () => {
    const { page, context } = await newPage(browser);
    await page.goto(shell.url + '/admin');
    const fallback = page.getByTestId('remote-fallback');
    await fallback.waitFor({ timeout: 20000 });
    expect(await fallback.textContent()).toContain('This section is unavailable');
    expect(await page.locator('[data-remote="admin"]').count()).toBe(0);
    await page.locator('footer').waitFor();

    // The host is back at its address; the visitor presses Retry on the same page.
    host = await startStaticHost(adminDist, port);
    await fallback.getByRole('button', { name: 'Retry' }).click();
    await page.locator('[data-remote="admin"]').waitFor({ timeout: 20000 });
    await page.getByPlaceholder('Enter admin password').waitFor();
    expect(await page.getByTestId('remote-fallback').count()).toBe(0);
    expect(host.log.some((l) => /^GET \/remoteEntry\.js\?v=\w+ 200$/.test(l))).toBe(true);

    await page.getByRole('link', { name: 'About' }).first().click();
    await page.getByRole('heading', { name: 'About Val' }).waitFor();
    await page.getByRole('button', { name: 'Val — home' }).click();
    await page.locator('#validate [data-remote="validation"]').waitFor();
    await context.close();
  });
});
