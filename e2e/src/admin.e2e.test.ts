import type { Browser, Page } from 'playwright-core';
import { PARTNER_TOOLS } from '@val/contracts';
import { launchBrowser, newPage } from './browser';
import { startTestServer, stopTestServers, type TestServer } from './server';

const PASSWORD = 'e2e admin password';

let browser: Browser;
let fresh: TestServer;
let seeded: TestServer;

const partner = (company: string) => PARTNER_TOOLS.find((p) => p.company === company)!;

async function post(server: TestServer, path: string, body: unknown, cookie?: string) {
  const r = await fetch(server.url + path, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...(cookie ? { cookie } : {}) },
    body: JSON.stringify(body),
  });
  if (r.status >= 300) throw new Error(`${path}: ${r.status} ${await r.text()}`);
  return r;
}

/** Clicks through the real endpoints, then waits until the batched writer has stored them. */
async function seedClicks(server: TestServer) {
  const click = (company: string, linkType: 'logo' | 'button') =>
    post(server, '/api/track-click', { company, linkType, url: linkType === 'logo' ? partner(company).logoUrl : partner(company).url });
  for (let i = 0; i < 3; i++) await click('bubble', 'button');
  await click('bubble', 'logo');
  await click('gamma', 'logo');
  await click('gamma', 'logo');
  await click('notion', 'button');
  const product = (p: string, inputs: number, email?: string) =>
    post(server, '/api/track-product-click', { product: p, location: 'purchase', inputs, ...(email ? { email } : {}) });
  await product('tam-assessment-for-ideas', 1, 'ada@example.com');
  await product('tam-assessment-for-ideas', 2, 'ADA@example.com');
  await product('tam-assessment-for-ideas', 3, 'bob@example.com');
  await product('idea-desirability-assessment', 1);
  await waitForStats(server, 7, 4);
}

async function waitForStats(server: TestServer, links: number, products: number) {
  const login = await post(server, '/api/admin/login', { password: PASSWORD });
  const cookie = login.headers
    .getSetCookie()
    .map((c) => c.split(';')[0])
    .join('; ');
  const sum = async (p: string) =>
    ((await (await fetch(server.url + p, { headers: { cookie } })).json()) as { clickCount: number }[]).reduce((n, s) => n + s.clickCount, 0);
  const deadline = Date.now() + 10_000;
  while ((await sum('/api/admin/link-stats')) !== links || (await sum('/api/admin/product-stats')) !== products) {
    if (Date.now() > deadline) throw new Error('clicks were not stored in time');
    await new Promise((r) => setTimeout(r, 100));
  }
}

async function login(page: Page, server: TestServer, password = PASSWORD) {
  await page.goto(server.url + '/admin');
  await page.getByPlaceholder('Enter admin password').fill(password);
  await page.getByRole('button', { name: 'Login' }).click();
}

const toast = (page: Page) => page.getByTestId('toast');

beforeAll(async () => {
  [browser, fresh, seeded] = await Promise.all([launchBrowser(), startTestServer({ ADMIN_PASSWORD: PASSWORD }), startTestServer({ ADMIN_PASSWORD: PASSWORD })]);
  await seedClicks(seeded);
});
afterAll(async () => {
  await browser?.close();
  await stopTestServers();
});

describe('admin login', () => {
  it("shows 'Admin Login' with a required, masked password field and a 'Login' button", async () => {
    const { page, context, errors } = await newPage(browser);
    await page.goto(fresh.url + '/admin');
    await page.getByRole('heading', { name: 'Admin Login' }).waitFor();
    const field = page.getByPlaceholder('Enter admin password');
    expect(await field.getAttribute('type')).toBe('password');
    expect(await field.evaluate((el) => (el as HTMLInputElement).required)).toBe(true);
    await page.getByRole('button', { name: 'Login' }).click();
    expect(await field.evaluate((el) => (el as HTMLInputElement).validity.valueMissing)).toBe(true);
    expect(await toast(page).count()).toBe(0);
    expect(errors).toEqual([]);
    await context.close();
  });

  it("shows the destructive toast 'Login failed' - 'Invalid password' for a wrong password", async () => {
    const { page, context } = await newPage(browser);
    await login(page, fresh, 'not the password');
    await toast(page).filter({ hasText: 'Login failed' }).waitFor();
    expect(await toast(page).textContent()).toContain('Invalid password');
    expect(await toast(page).getAttribute('data-variant')).toBe('destructive');
    await page.getByRole('heading', { name: 'Admin Login' }).waitFor();
    await context.close();
  });

  it("shows 'Error' - 'Failed to login' when the login request cannot be made", async () => {
    const { page, context } = await newPage(browser);
    await page.goto(fresh.url + '/admin');
    await page.route('**/api/admin/login', (route) => route.abort('failed'));
    await page.getByPlaceholder('Enter admin password').fill(PASSWORD);
    await page.getByRole('button', { name: 'Login' }).click();
    await toast(page).filter({ hasText: 'Failed to login' }).waitFor();
    expect(await toast(page).locator('strong').textContent()).toBe('Error');
    await context.close();
  });

  it("reads 'Logging in...' while busy, then toasts 'Login successful', clears the field and shows the dashboard", async () => {
    const { page, context } = await newPage(browser);
    await page.goto(fresh.url + '/admin');
    await page.route('**/api/admin/login', async (route) => {
      await new Promise((r) => setTimeout(r, 600));
      await route.continue();
    });
    await page.getByPlaceholder('Enter admin password').fill(PASSWORD);
    await page.getByRole('button', { name: 'Login' }).click();
    await page.getByRole('button', { name: 'Logging in...' }).waitFor();
    await toast(page).filter({ hasText: 'Login successful' }).waitFor();
    expect(await toast(page).textContent()).toContain('Welcome to the admin dashboard');
    await page.getByRole('heading', { name: 'Val Analytics Dashboard' }).waitFor();
    await page.getByText('Track product engagement and partner link performance').waitFor();
    expect(await page.getByPlaceholder('Enter admin password').count()).toBe(0);
    expect(await page.getByRole('tab', { name: 'Product Clicks' }).getAttribute('aria-selected')).toBe('true');

    await page.reload();
    await page.getByRole('heading', { name: 'Val Analytics Dashboard' }).waitFor();
    await page.getByRole('button', { name: 'Log out' }).click();
    await page.getByRole('heading', { name: 'Admin Login' }).waitFor();
    await page.reload();
    await page.getByRole('heading', { name: 'Admin Login' }).waitFor();
    await context.close();
  });
});

describe('admin login form when signed out', () => {
  it('asks the server once which screen to show: the login form comes with no failed request and no console error', async () => {
    const { page, context, errors } = await newPage(browser);
    const consoleErrors: string[] = [];
    const failed: string[] = [];
    page.on('console', (m) => {
      if (m.type() === 'error') consoleErrors.push(m.text());
    });
    page.on('response', (r) => {
      if (r.status() >= 400) failed.push(`${r.status()} ${new URL(r.url()).pathname}`);
    });
    await page.goto(fresh.url + '/admin');
    await page.getByRole('heading', { name: 'Admin Login' }).waitFor();
    await page.waitForLoadState('networkidle');
    expect(failed).toEqual([]);
    expect(consoleErrors).toEqual([]);
    expect(errors).toEqual([]);
    await context.close();
  });
});

describe('admin dashboard on a fresh database', () => {
  it('shows the empty states of both tabs and "of N partners" (every partner tool)', async () => {
    const { page, context } = await newPage(browser);
    await login(page, fresh);
    await page.getByText('No product clicks tracked yet. Product engagement will appear here once users interact with the research products.').waitFor();
    expect(await page.getByTestId('total-product-clicks').textContent()).toContain('0');
    expect(await page.getByTestId('most-popular-product').textContent()).toContain('None');
    expect(await page.getByTestId('total-user-inputs').textContent()).toContain('form submissions');
    await page.getByRole('tab', { name: 'Partner Links' }).click();
    await page.getByText('No link clicks tracked yet.').waitFor();
    await page.getByText('Clicks will appear here once users interact with the partner links.').waitFor();
    expect(await page.getByTestId('top-partner').textContent()).toContain('None');
    expect(await page.getByTestId('active-partners').textContent()).toBe(`Active Partners0of ${PARTNER_TOOLS.length} partners`);
    await context.close();
  });
});

describe('admin dashboard with clicks', () => {
  it('Product Clicks: the three cards and the ranked product list', async () => {
    const { page, context, errors } = await newPage(browser);
    await login(page, seeded);
    const rows = page.getByTestId('product-row');
    await rows.first().waitFor();
    expect(await page.getByTestId('total-product-clicks').textContent()).toBe('Total Product Clicks4');
    expect(await page.getByTestId('most-popular-product').textContent()).toBe('Most Popular ProductTAM Assessment for Ideas3 clicks');
    expect(await page.getByTestId('total-user-inputs').textContent()).toBe('Total User Inputs7form submissions');
    expect(await rows.count()).toBe(2);
    const first = (await rows.nth(0).innerText()).replace(/\s+/g, ' ');
    expect(first).toMatch(/^#1 TAM Assessment for Ideas purchase Last clicked: \w{3} \d{1,2}, \d{4} 3 Clicks 6 Inputs 2 Emails$/i);
    expect((await rows.nth(1).innerText()).replace(/\s+/g, ' ')).toMatch(/^#2 Idea Desirability Assessment purchase .* 1 Click 1 Input 0 Emails$/i);
    await page.getByTestId('daily-chart').waitFor();
    expect(await page.getByTestId('daily-chart').locator('svg').getAttribute('aria-label')).toMatch(/4 clicks/);
    expect(errors).toEqual([]);
    await context.close();
  });

  it('Partner Links: cards, partners ranked by total clicks, derived rows and new-tab links', async () => {
    const { page, context } = await newPage(browser);
    await login(page, seeded);
    await page.getByRole('tab', { name: 'Partner Links' }).click();
    const rows = page.getByTestId('partner-row');
    await rows.first().waitFor();
    expect(await page.getByTestId('total-clicks').textContent()).toBe('Total Clicks7');
    expect(await page.getByTestId('top-partner').textContent()).toBe('Top PartnerBubble4 clicks');
    expect(await page.getByTestId('active-partners').textContent()).toBe(`Active Partners3of ${PARTNER_TOOLS.length} partners`);
    expect(await rows.count()).toBe(PARTNER_TOOLS.length);
    const text = async (i: number) => (await rows.nth(i).innerText()).replace(/\s+/g, ' ');
    expect(await text(0)).toMatch(/^#1 Bubble Last clicked: \w{3} \d{1,2}, \d{4} Logo Button 1 Logo 3 Button 4 Total$/);
    expect(await text(1)).toMatch(/^#2 Gamma Last clicked: .* 2 Logo 0 Button 2 Total$/);
    expect(await text(2)).toMatch(/^#3 Notion Last clicked: .* 0 Logo 1 Button 1 Total$/);
    expect(await text(3)).toMatch(/^#4 Beehiiv Logo Button 0 Logo 0 Button 0 Total$/);
    const logoLink = rows.nth(0).getByRole('link', { name: 'Open Bubble logo link in a new tab' });
    expect(await logoLink.getAttribute('href')).toBe(partner('bubble').logoUrl);
    expect(await logoLink.getAttribute('target')).toBe('_blank');
    expect(await rows.nth(0).getByRole('link', { name: 'Open Bubble button link in a new tab' }).getAttribute('href')).toBe(partner('bubble').url);
    await context.close();
  });

  it("refreshes: 'Refreshing...' while loading, then the new numbers", async () => {
    const { page, context } = await newPage(browser);
    await login(page, seeded);
    await page.getByTestId('product-row').first().waitFor();
    await post(seeded, '/api/track-product-click', { product: 'porter-5-forces-analysis', location: 'purchase', inputs: 2 });
    await waitForStats(seeded, 7, 5);
    await page.route('**/api/admin/product-stats*', async (route) => {
      await new Promise((r) => setTimeout(r, 500));
      await route.continue();
    });
    await page.getByRole('button', { name: 'Refresh Data' }).click();
    await page.getByRole('button', { name: 'Refreshing...' }).waitFor();
    await page.getByRole('button', { name: 'Refresh Data' }).waitFor();
    expect(await page.getByTestId('total-product-clicks').textContent()).toBe('Total Product Clicks5');
    expect(await page.getByTestId('product-row').count()).toBe(3);
    await context.close();
  });

  it("toasts 'Error' - 'Failed to fetch stats' when the stats request fails", async () => {
    const { page, context } = await newPage(browser);
    await login(page, seeded);
    await page.getByTestId('product-row').first().waitFor();
    await page.route('**/api/admin/link-stats*', (route) => route.fulfill({ status: 500, body: 'boom' }));
    await page.getByRole('button', { name: 'Refresh Data' }).click();
    await toast(page).filter({ hasText: 'Failed to fetch stats' }).waitFor();
    expect(await toast(page).locator('strong').textContent()).toBe('Error');
    await context.close();
  });

  it('filters by date range and lists contact messages', async () => {
    const { page, context } = await newPage(browser);
    await post(seeded, '/api/contact', { name: 'Grace', email: 'grace@example.com', subject: 'Partnership', message: 'Hello from the e2e test.' });
    await login(page, seeded);
    await page.getByTestId('product-row').first().waitFor();
    const asked = page.waitForRequest((r) => /\/api\/admin\/product-stats\?from=\d{4}-\d{2}-\d{2}&to=\d{4}-\d{2}-\d{2}$/.test(r.url()));
    await page.getByLabel('Date range').selectOption({ label: 'Last 7 days' });
    await asked;
    expect(await page.getByTestId('total-product-clicks').textContent()).toBe('Total Product Clicks5');
    expect(await page.getByTestId('daily-chart').locator('svg rect').count()).toBe(7);

    await page.getByRole('tab', { name: 'Messages' }).click();
    const msg = page.getByTestId('message').first();
    await msg.waitFor();
    expect(await msg.innerText()).toContain('Partnership');
    expect(await msg.innerText()).toContain('grace@example.com');
    expect(await msg.innerText()).toContain('Hello from the e2e test.');
    await context.close();
  });

  it('looks right at 375 px in the light theme (no horizontal overflow)', async () => {
    const { page, context } = await newPage(browser, { width: 375, colorScheme: 'light' });
    await login(page, seeded);
    await page.getByTestId('product-row').first().waitFor();
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
    expect(overflow).toBeLessThanOrEqual(0);
    await page.getByRole('tab', { name: 'Partner Links' }).click();
    await page.getByTestId('partner-row').first().waitFor();
    expect(await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth)).toBeLessThanOrEqual(0);
    await context.close();
  });
});

/** The texts of what a visible toast overlaps: clickable elements and the parts marked to keep clear (the first row). */
async function coveredByToast(page: Page): Promise<string[]> {
  return page.evaluate((selector) => {
    const toasts = Array.from(document.querySelectorAll('[data-testid="toast"]')).map((t) => t.getBoundingClientRect());
    return Array.from(document.querySelectorAll(selector))
      .filter((e) => !e.closest('[data-testid="toast-viewport"]'))
      .filter((e) => {
        const r = e.getBoundingClientRect();
        return r.width > 0 && r.height > 0 && toasts.some((t) => r.left < t.right && r.right > t.left && r.top < t.bottom && r.bottom > t.top);
      })
      .map((e) => (e.textContent || e.getAttribute('aria-label') || e.tagName).trim());
  }, 'a[href], button, input, select, textarea, [role="button"], [role="tab"], [data-toast-avoid]');
}

describe('toasts on the admin dashboard', () => {
  it.each([
    [1280, 900, 'dark'],
    [1280, 900, 'light'],
    [375, 812, 'dark'],
    [375, 812, 'light'],
  ] as const)(
    'at %i×%i (%s) the login toast covers nothing clickable nor the first row: Refresh and Log out stay usable while it shows',
    async (width, height, colorScheme) => {
      const { page, context, errors } = await newPage(browser, { width, height, colorScheme });
      await login(page, seeded);
      await toast(page).filter({ hasText: 'Login successful' }).waitFor();
      await page.getByTestId('product-row').first().waitFor();
      // Once the page has settled (the toast moves off what appears within a couple of frames; on a
      // loaded machine a frame can take a while), and for a while after (the toast shows for 5 s),
      // nothing clickable is under it.
      await page.waitForFunction(
        () => {
          const t = document.querySelector('[data-testid="toast"]')?.getBoundingClientRect();
          const row = document.querySelector('[data-toast-avoid]')?.getBoundingClientRect();
          return !!t && !!row && !(row.left < t.right && row.right > t.left && row.top < t.bottom && row.bottom > t.top);
        },
        undefined,
        { timeout: 2000, polling: 'raf' },
      );
      const covered = new Set<string>();
      for (let i = 0; i < 12; i++) {
        for (const c of await coveredByToast(page)) covered.add(c);
        await page.waitForTimeout(100);
      }
      expect(await toast(page).count()).toBe(1);
      expect([...covered]).toEqual([]);
      // A user's click lands on the buttons, not on the toast.
      await page.getByRole('button', { name: 'Refresh Data' }).click({ trial: true, timeout: 2000 });
      await page.getByRole('button', { name: 'Log out' }).click({ trial: true, timeout: 2000 });
      if (process.env.VAL_SCREENSHOTS) await page.screenshot({ path: `${process.env.VAL_SCREENSHOTS}/admin-login-toast-${width}-${colorScheme}.png` });
      expect(errors).toEqual([]);
      await context.close();
    },
  );
});

describe('admin switched off (no ADMIN_PASSWORD)', () => {
  let off: TestServer;
  beforeAll(async () => {
    off = await startTestServer({});
  });
  afterAll(() => off?.stop());

  it('asks the server once and shows the off state with no failed request and no console error', async () => {
    const { page, context, errors } = await newPage(browser);
    const consoleErrors: string[] = [];
    const failed: string[] = [];
    const adminCalls: string[] = [];
    page.on('console', (m) => {
      if (m.type() === 'error') consoleErrors.push(m.text());
    });
    page.on('requestfailed', (r) => failed.push(`${r.url()} ${r.failure()?.errorText}`));
    page.on('response', (r) => {
      if (r.status() >= 400) failed.push(`${r.status()} ${r.url()}`);
    });
    page.on('request', (r) => {
      if (new URL(r.url()).pathname.startsWith('/api/admin')) adminCalls.push(new URL(r.url()).pathname);
    });
    await page.goto(off.url + '/admin');
    await page.getByRole('heading', { name: 'The admin dashboard is off' }).waitFor();
    await page.waitForLoadState('networkidle');
    const text = (await page.getByTestId('admin-disabled').innerText()).replace(/\s+/g, ' ');
    expect(text).toContain('This server has no admin password, so the analytics dashboard is switched off. To turn it on:');
    expect(text).toContain('Set ADMIN_PASSWORD_HASH');
    expect(await page.getByPlaceholder('Enter admin password').count()).toBe(0);
    expect(adminCalls).toEqual(['/api/admin/session']);
    expect(failed).toEqual([]);
    expect(consoleErrors).toEqual([]);
    expect(errors).toEqual([]);
    await context.close();
  });

  it.each([
    [1280, 900, 'dark'],
    [375, 812, 'light'],
  ] as const)("at %i×%i (%s) shows how to switch it on and never toasts 'Failed to fetch stats'", async (width, height, colorScheme) => {
    const { page, context, errors } = await newPage(browser, { width, height, colorScheme });
    const seen: string[] = [];
    await page.exposeFunction('__toastSeen', (text: string) => seen.push(text));
    // Every toast that ever appears, however briefly.
    await page.addInitScript(() => {
      new MutationObserver(() => {
        for (const t of Array.from(document.querySelectorAll('[data-testid="toast"]'))) {
          if ((t as HTMLElement).dataset.seen) continue;
          (t as HTMLElement).dataset.seen = '1';
          (window as unknown as { __toastSeen(text: string): void }).__toastSeen(t.textContent ?? '');
        }
      }).observe(document, { childList: true, subtree: true });
    });
    await page.goto(off.url + '/admin');
    await page.getByRole('heading', { name: 'The admin dashboard is off' }).waitFor();
    await page.waitForTimeout(1500);
    // Back to the home page and to /admin again inside the app (once the page is up: its HTML comes
    // first and the app takes it over as its code arrives; an address changed before that is a new page).
    await page.goto(off.url + '/', { waitUntil: 'networkidle' });
    await page.evaluate(() => {
      history.pushState({}, '', '/admin');
      dispatchEvent(new PopStateEvent('popstate'));
    });
    await page.getByRole('heading', { name: 'The admin dashboard is off' }).waitFor();
    await page.waitForTimeout(1500);
    expect(seen).toEqual([]);
    if (process.env.VAL_SCREENSHOTS) await page.screenshot({ path: `${process.env.VAL_SCREENSHOTS}/admin-off-${width}-${colorScheme}.png` });
    expect(errors).toEqual([]);
    await context.close();
  });
});
