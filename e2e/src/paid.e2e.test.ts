import type { Browser, Page } from 'playwright-core';
import { launchBrowser, newPage } from './browser';
import { alerts, fillHero as fillHeroAt, finishedReport, HERO_BUTTON, payOnTestCheckout, signInAtDevProvider } from './paidFlow';
import { startTestServer, stopTestServers, type TestServer } from './server';

let browser: Browser;
let server: TestServer;

beforeAll(async () => {
  browser = await launchBrowser();
  // A little latency per agent, so the report page's progress screen is there to be seen.
  server = await startTestServer({ OFFLINE_AI_DELAY_MS: '250' });
});
afterAll(async () => {
  await browser?.close();
  await stopTestServers();
});

const fillHero = (page: Page, targetMarket: string, idea: string) => fillHeroAt(page, server.url, targetMarket, idea);

const storage = (page: Page) =>
  page.evaluate(() => Object.fromEntries(['email', 'customer_id', 'name', 'target_market', 'idea', 'code'].map((k) => [k, localStorage.getItem(k)])));

describe('feasibility hero', () => {
  it('marks each blank field with a red border, goes nowhere, and clears a mark as soon as non-blank text is typed', async () => {
    const { page, context, errors } = await newPage(browser, { colorScheme: 'dark' });
    await page.goto(`${server.url}/`);
    const hero = page.locator('#hero [data-view="hero"]');
    await hero.getByText('TARGET MARKET', { exact: true }).waitFor();
    await hero.getByText('PRODUCT IDEA', { exact: true }).waitFor();
    const tm = hero.locator('textarea[name="target_market"]');
    const idea = hero.locator('input[name="product_idea"]');
    expect(await tm.getAttribute('maxlength')).toBe('100');
    expect(await idea.getAttribute('maxlength')).toBe('200');
    expect(await tm.getAttribute('required')).not.toBeNull();
    expect(await idea.getAttribute('required')).not.toBeNull();

    const border = (l: typeof tm) => l.evaluate((el) => getComputedStyle(el).borderTopColor);
    const normal = await border(tm);
    await tm.fill('   ');
    await hero.getByRole('button', { name: HERO_BUTTON }).click();
    await page.waitForTimeout(300);
    expect(new URL(page.url()).pathname).toBe('/');
    expect(await border(tm)).toBe('rgb(248, 113, 113)');
    expect(await border(idea)).toBe('rgb(248, 113, 113)');
    expect(await tm.getAttribute('aria-invalid')).toBe('true');

    await idea.pressSequentially('  ');
    expect(await border(idea)).toBe('rgb(248, 113, 113)');
    await idea.pressSequentially('A');
    expect(await idea.getAttribute('aria-invalid')).toBe('false');
    expect(await border(tm)).toBe('rgb(248, 113, 113)');

    await tm.fill('Gyms');
    expect(await tm.getAttribute('aria-invalid')).toBe('false');
    await tm.blur();
    expect(await border(tm)).toBe(normal);
    expect(await storage(page)).toMatchObject({ target_market: null, idea: null });
    expect(errors).toEqual([]);
    await context.close();
  });
});

describe('the paid path', () => {
  it('fresh browser: hero → development sign-in → /log → test checkout → /success/… → report progress → finished report', async () => {
    const { page, context, errors } = await newPage(browser);
    const seen = alerts(page);
    const logPages: string[] = [];
    page.on('framenavigated', (f) => {
      if (f === page.mainFrame()) logPages.push(new URL(f.url()).pathname);
    });
    await fillHero(page, 'Independent gyms in the UK', 'An app that books and pays for classes in two taps');
    await signInAtDevProvider(page, 'ada@example.com', 'Ada Lovelace');

    await page.waitForURL(/\/checkout\/test\/cs_test_/);
    await page.getByText('TEST MODE').waitFor();
    await page.getByText('New Product Feasibility Study').waitFor();
    await page.getByText('$25.00').first().waitFor();
    await page.getByText('ada@example.com').waitFor();
    await payOnTestCheckout(page, '4242 4242 4242 4242');

    await page.waitForURL(/\/(success\/cs_test_\w+|report\/[\w-]+)$/);
    await page.waitForURL(/\/report\/[\w-]{16,}$/, { timeout: 20000 });
    await page.getByTestId('report-loading').waitFor();
    const id = await finishedReport(page);
    await page
      .getByRole('heading', { level: 1 })
      .filter({ hasText: /Independent gyms in the UK|books and pays/ })
      .first()
      .waitFor();

    expect(logPages).toContain('/log');
    expect(logPages.some((p) => /^\/success\/cs_test_/.test(p))).toBe(true);
    const stored = await storage(page);
    expect(stored).toMatchObject({
      email: 'ada@example.com',
      name: 'Ada Lovelace',
      target_market: 'Independent gyms in the UK',
      idea: 'An app that books and pays for classes in two taps',
    });
    expect(stored.customer_id).toMatch(/^cus_test_/);
    expect(stored.code).toBeTruthy();

    // Refreshing the success link never starts a second report: it lands on the same one.
    const successPath = logPages.find((p) => /^\/success\/cs_test_/.test(p)) as string;
    await page.goto(server.url + successPath);
    await page.waitForURL(/\/report\//);
    expect(page.url().split('/').pop()).toBe(id);
    expect(seen).toEqual([]);
    expect(errors).toEqual([]);
    await context.close();
  });

  it('returning paid visitor (email + customer_id stored) goes straight to /success: an unused payment starts the report, none left goes to checkout', async () => {
    const { page, context } = await newPage(browser);
    const seen = alerts(page);
    // First purchase through the UI (signs in, pays, gets a report).
    await fillHero(page, 'Vegan bakeries in Berlin', 'Subscription bread boxes');
    await signInAtDevProvider(page, 'ret@example.com', 'Ret');
    await payOnTestCheckout(page, '4242424242424242');
    await finishedReport(page);

    // A second payment made but not yet used (e.g. the tab closed before /success).
    const create = await page.request.post(`${server.url}/api/checkout/session`, {
      form: { email: 'ret@example.com' },
      headers: { origin: server.url },
      maxRedirects: 0,
    });
    const sid = (create.headers().location ?? '').split('/').pop() as string;
    const pay = await page.request.post(`${server.url}/checkout/test/${sid}`, {
      form: { number: '4242424242424242', expiry: '12/34', cvc: '123' },
      headers: { origin: server.url },
      maxRedirects: 0,
    });
    expect(pay.status()).toBe(303);

    const startCall = page.waitForRequest((r) => r.url().endsWith('/api/feasibility/start'));
    const detours: string[] = [];
    page.on('request', (r) => {
      if (/\/api\/(auth\/login|checkout\/session)|\/oidc\//.test(r.url())) detours.push(r.url());
    });
    await fillHero(page, 'Vegan bakeries in Munich', 'Subscription bread boxes');
    const req = await startCall;
    // Sent by the /success page (its Referer; the frame itself may already be on /report/...).
    expect(new URL(req.headers().referer ?? '').pathname).toBe('/success');
    expect(JSON.parse(req.postData() ?? '{}')).toEqual({
      target_market: 'Vegan bakeries in Munich',
      product_idea: 'Subscription bread boxes',
      email: 'ret@example.com',
    });
    await finishedReport(page);
    await page
      .getByRole('heading', { level: 1 })
      .filter({ hasText: /Subscription bread boxes|Munich/ })
      .first()
      .waitFor();
    expect(detours).toEqual([]);

    // Nothing left to spend: the stored customer_id does not buy a report; the hero goes on to
    // the checkout instead, with no alert and no spinner left behind.
    await fillHero(page, 'Vegan bakeries in Hamburg', 'Subscription bread boxes');
    await page.waitForURL(/\/checkout\/test\/cs_test_/);
    await page.getByText('ret@example.com').waitFor();
    expect(seen).toEqual([]);
    expect(await page.evaluate(() => localStorage.getItem('customer_id'))).toBeNull();
    await context.close();
  });

  it('a declined card stays on the test checkout with the message; a good card then goes through', async () => {
    const { page, context } = await newPage(browser, { width: 375, colorScheme: 'light' });
    await page.goto(`${server.url}/`);
    await page.evaluate(() => localStorage.setItem('email', 'dee@example.com'));
    await fillHero(page, 'Dog owners in Lyon', 'Same-day raw food delivery');
    // A stored email alone buys nothing: the checkout asks for the sign-in it is for.
    await signInAtDevProvider(page, 'dee@example.com');
    await payOnTestCheckout(page, '4000 0000 0000 0002');
    await page.getByText('Your card was declined.').waitFor();
    expect(page.url()).toMatch(/\/checkout\/test\/cs_test_/);
    expect(await page.locator('input[name="number"]').getAttribute('aria-invalid')).toBe('true');
    expect(await page.evaluate(() => localStorage.getItem('customer_id'))).toBeNull();

    await payOnTestCheckout(page, '5555 5555 5555 4444');
    await finishedReport(page);
    await context.close();
  });

  it('a catalogue product is bought through the same flow: dialog → sign-in → /log → its checkout → its report', async () => {
    const { page, context } = await newPage(browser);
    const seen = alerts(page);
    await page.goto(`${server.url}/products`);
    const card = page.getByTestId('product-tam-assessment-for-ideas');
    await card.getByRole('button', { name: 'View details' }).click();
    const dialog = page.getByTestId('purchase-dialog');
    await dialog.getByRole('button', { name: 'Get This Report' }).click();
    await dialog.locator('[name="idea"]').fill('Refill stations for eco detergent in supermarkets');
    await dialog.getByRole('button', { name: 'Proceed to Checkout' }).click();

    await signInAtDevProvider(page, 'cat@example.com', 'Cat');
    await page.waitForURL(/\/checkout\/test\/cs_test_/);
    await page.getByText('TAM Assessment', { exact: false }).first().waitFor();
    await page.getByText('$19.00').first().waitFor();
    await payOnTestCheckout(page, '4242424242424242');
    await finishedReport(page);
    await page
      .getByRole('heading', { level: 1 })
      .filter({ hasText: /Refill stations/ })
      .first()
      .waitFor();
    expect(seen[0]).toMatch(/^Thank you! Your .* will be processed\. You'll be redirected to secure checkout\.$/);
    expect(seen).toHaveLength(1);
    await context.close();
  });

  it('a catalogue purchase with a stored email but no sign-in signs in first, then checks out that product (not the hero study)', async () => {
    const { page, context } = await newPage(browser);
    alerts(page);
    await page.goto(`${server.url}/products`);
    await page.evaluate(() => localStorage.setItem('email', 'stale@example.com'));
    const card = page.getByTestId('product-tam-assessment-for-ideas');
    await card.getByRole('button', { name: 'View details' }).click();
    const dialog = page.getByTestId('purchase-dialog');
    await dialog.getByRole('button', { name: 'Get This Report' }).click();
    await dialog.locator('[name="idea"]').fill('Refill stations for eco detergent in supermarkets');
    await dialog.getByRole('button', { name: 'Proceed to Checkout' }).click();

    await signInAtDevProvider(page, 'stale@example.com');
    await page.waitForURL(/\/checkout\/test\/cs_test_/);
    await page.getByText('TAM Assessment', { exact: false }).first().waitFor();
    await page.getByText('$19.00').first().waitFor();
    await page.getByText('stale@example.com').waitFor();
    await context.close();
  });
});

describe('/test', () => {
  it('/test renders an empty screen and starts the diagnostic run in the background', async () => {
    const { page, context } = await newPage(browser);
    const started = page.waitForResponse((r) => r.url().endsWith('/api/admin/test-flow') && r.request().method() === 'POST');
    const polled = page.waitForResponse((r) => r.url().includes('/api/admin/test-flow?execution_id='));
    await page.goto(`${server.url}/test`);
    const res = await started;
    expect(res.status()).toBe(200);
    expect((await res.json()).execution_id).toBeTruthy();
    expect((await polled).status()).toBe(200);
    await page.getByTestId('test-page').waitFor({ state: 'attached' });
    expect((await page.getByTestId('test-page').innerText()).trim()).toBe('');
    await context.close();
  });
});
