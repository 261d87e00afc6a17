import type { Browser, Page } from 'playwright-core';
import { launchBrowser, newPage } from './browser';
import { startTestServer, stopTestServers, type TestServer } from './server';

/**
 * The Content-Security-Policy in a real browser: every page of the product runs under it with no
 * violation and no page error — the shell's bootstrap, its bundles, all four remotes (one of
 * them loaded from ANOTHER origin, configured by REMOTE_CATALOGUE_URL), the styles, the
 * server-rendered sign-in and checkout pages — and a page cannot be framed.
 */

jest.setTimeout(120_000);

let browser: Browser;
let remoteHost: TestServer;
let server: TestServer;

beforeAll(async () => {
  browser = await launchBrowser();
  // A second server stands in for a CDN: it serves the built catalogue remote (with CORS).
  remoteHost = await startTestServer();
  server = await startTestServer({ REMOTE_CATALOGUE_URL: `${remoteHost.url}/remotes/catalogue/` });
});
afterAll(async () => {
  await browser?.close();
  await stopTestServers();
});

/** Opens a page that records CSP violations (before any script of the page runs). */
async function open(): Promise<{ page: Page; errors: string[]; violations: () => Promise<string[]>; close: () => Promise<void> }> {
  const { page, context, errors } = await newPage(browser);
  await context.addInitScript(() => {
    const w = window as unknown as { __csp: string[] };
    w.__csp = [];
    document.addEventListener('securitypolicyviolation', (e) =>
      w.__csp.push(`${e.violatedDirective} ${e.blockedURI} at ${e.sourceFile}:${e.lineNumber}:${e.columnNumber}`),
    );
  });
  return {
    page,
    errors,
    violations: () => page.evaluate(() => (window as unknown as { __csp: string[] }).__csp),
    close: () => context.close(),
  };
}

describe('the Content-Security-Policy in the browser', () => {
  it('serves a CSP whose script-src names the configured remote origin', async () => {
    const r = await fetch(`${server.url}/`, { headers: { accept: 'text/html' } });
    const csp = r.headers.get('content-security-policy') ?? '';
    expect(csp).toMatch(/script-src [^;]*'self'/);
    expect(csp).toContain(new URL(remoteHost.url).origin);
    expect(csp).toContain("frame-ancestors 'none'");
  });

  it.each([
    [
      '/',
      [
        '#validate [data-remote="validation"][data-view="lab"]',
        '#simulate [data-remote="simulation"]',
        '#products [data-remote="catalogue"]',
        '#hero [data-remote="catalogue"][data-view="hero"]',
      ],
    ],
    ['/products', ['[data-remote="catalogue"][data-view="products"]']],
    ['/admin', ['[data-remote="admin"]']],
    ['/about', ['[data-testid="contact-form"]']],
    ['/validation-strategy', ['h1']],
    ['/no-such-page', ['text=404 Page Not Found']],
  ])('%s runs with no CSP violation and no page error; its remotes render', async (path, selectors) => {
    const { page, errors, violations, close } = await open();
    const remoteRequests: string[] = [];
    page.on('request', (r) => {
      if (r.url().startsWith(remoteHost.url)) remoteRequests.push(r.url());
    });
    await page.goto(server.url + path);
    for (const s of selectors) await page.locator(s).first().waitFor({ timeout: 20_000 });
    await page.waitForLoadState('networkidle');
    expect(await page.getByText('This section is unavailable').count()).toBe(0);
    expect(await violations()).toEqual([]);
    expect(errors).toEqual([]);
    if (path === '/' || path === '/products') expect(remoteRequests.some((u) => u.includes('/remotes/catalogue/'))).toBe(true);
    await close();
  });

  it('the server-rendered sign-in and test checkout pages run with no CSP violation', async () => {
    const { page, errors, violations, close } = await open();
    await page.goto(`${server.url}/api/auth/login`);
    await page.waitForURL(/\/oidc\/interaction\//);
    await page.getByRole('heading', { name: 'Development sign-in' }).waitFor();
    expect(await violations()).toEqual([]);
    await page.locator('input[name="email"]').fill('csp@example.com');
    await page.getByRole('button', { name: 'Sign in' }).click();
    await page.waitForURL(/\/checkout\/test\/cs_test_/);
    await page.getByText('TEST MODE').waitFor();
    expect(await violations()).toEqual([]);
    expect(errors).toEqual([]);
    await close();
  });

  it('cannot be framed by another site', async () => {
    const { page, close } = await open();
    await page.goto(`${remoteHost.url}/remotes.json`);
    await page.evaluate((target) => {
      const frame = document.createElement('iframe');
      frame.src = target;
      document.body.appendChild(frame);
    }, `${server.url}/about`);
    await page.waitForTimeout(1500);
    const child = page.frames().find((f) => f !== page.mainFrame());
    expect(child).toBeDefined();
    // Refused by frame-ancestors: Chromium shows its error page instead of ours.
    const shellInside =
      child!.url().startsWith(server.url) &&
      (await child!
        .locator('[data-testid="contact-form"]')
        .count()
        .catch(() => 0)) > 0;
    expect(shellInside).toBe(false);
    await close();
  });
});
