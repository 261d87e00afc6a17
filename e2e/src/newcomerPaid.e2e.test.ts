import type { Browser, Page, Route } from 'playwright-core';
import { launchBrowser, newPage } from './browser';
import { alerts, fillHero, finishedReport, payOnTestCheckout as pay, signInAtDevProvider as signIn } from './paidFlow';
import { startTestServer, stopTestServers, type TestServer } from './server';

/**
 * The paid flow and the report page as a new user meets them: sign-in at both loopback
 * names, failures that leave a way back (never raw JSON, never a forever spinner), an
 * internationalised email end to end, a spent credit that goes to checkout, malformed report
 * ids, a report service that sends only the spec's fields, and a status line for parallel agents.
 */

let browser: Browser;
let server: TestServer;
let noProvider: TestServer;

beforeAll(async () => {
  [browser, server, noProvider] = await Promise.all([
    launchBrowser(),
    startTestServer(),
    // A configured OpenID provider that is down: the sign-in cannot even start.
    startTestServer({ OIDC_ISSUER: 'http://127.0.0.1:9/realms/val', OIDC_CLIENT_ID: 'val', OIDC_CLIENT_SECRET: 'secret' }),
  ]);
});
afterAll(async () => {
  await browser?.close();
  await stopTestServers();
});

/** No spinner is left on the page (the user is never left waiting for nothing). */
const spinners = (page: Page) => page.getByRole('progressbar').count();

describe('sign-in', () => {
  it.each(['localhost', '127.0.0.1'])('the development sign-in works when the browser uses http://%s:PORT', async (host) => {
    const base = `http://${host}:${server.port}`;
    const { page, context, errors } = await newPage(browser);
    await fillHero(page, base, 'Climbing gyms in Leeds', 'A day-pass app with live wall occupancy');
    await signIn(page, `first@${host === 'localhost' ? 'local' : 'loop'}.example.com`);
    await page.waitForURL(/\/checkout\/test\/cs_test_/);
    expect(new URL(page.url()).hostname).toBe(host);
    await page.getByText('TEST MODE').waitFor();
    expect(errors).toEqual([]);
    await context.close();
  });

  it('a sign-in that cannot start shows a page with a way back, not JSON', async () => {
    const { page, context } = await newPage(browser);
    const res = await page.goto(`${noProvider.url}/api/auth/login`);
    expect(res?.headers()['content-type']).toMatch(/^text\/html/);
    await page.getByRole('heading', { name: 'Sign-in failed' }).waitFor();
    expect(await page.locator('body').innerText()).not.toContain('{"error"');
    await page.getByText('The sign-in provider is not reachable right now. Please try again.').waitFor();
    await page.getByRole('link', { name: 'Back to Val' }).click();
    await page.waitForURL(`${noProvider.url}/`);
    await context.close();
  });

  it('a cancelled sign-in lands on /log with the reason and a way back, not a spinner', async () => {
    const { page, context } = await newPage(browser);
    await fillHero(page, server.url, 'Bakeries in Porto', 'Surplus bread boxes');
    await page.waitForURL(/\/oidc\/interaction\//);
    await page.getByRole('button', { name: 'Cancel' }).click();
    await page.waitForURL(/\/log\?/);
    await page.getByRole('heading', { name: 'Sign-in did not complete' }).waitFor();
    await page.getByText('Sign-in was cancelled').waitFor();
    expect(await spinners(page)).toBe(0);
    await page.getByRole('link', { name: 'Back to the home page' }).click();
    await page.waitForURL(`${server.url}/`);
    await context.close();
  });
});

describe('/log and /success never spin forever', () => {
  it('/log without a code says so, with a way back', async () => {
    const { page, context } = await newPage(browser);
    await page.goto(`${server.url}/log`);
    await page.getByRole('heading', { name: 'Sign-in did not complete' }).waitFor();
    await page.getByRole('link', { name: 'Back to the home page' }).waitFor();
    expect(await spinners(page)).toBe(0);
    expect(await page.evaluate(() => localStorage.getItem('code'))).toBeNull();
    await context.close();
  });

  it('/log with a bogus code shows the callback error, with a way back and a retry', async () => {
    const { page, context } = await newPage(browser);
    await page.goto(`${server.url}/log?code=forged&state=nope`);
    await page.getByRole('heading', { name: 'Sign-in did not complete' }).waitFor();
    await page.getByText('No sign-in is in progress in this browser (or it expired). Please start again.').waitFor();
    await page.getByRole('link', { name: 'Back to the home page' }).waitFor();
    expect(await spinners(page)).toBe(0);
    expect(await page.evaluate(() => localStorage.getItem('code'))).toBe('forged');
    expect(await page.evaluate(() => localStorage.getItem('email'))).toBeNull();
    await context.close();
  });

  it('/success after its alert is a state the user can leave', async () => {
    const { page, context } = await newPage(browser);
    const seen = alerts(page);
    await page.goto(`${server.url}/success/cs_test_doesnotexist123`);
    await page.getByRole('heading', { name: 'The report could not start' }).waitFor();
    expect(seen).toEqual(['Error starting flow: Payment required: no checkout was found for this link. Please start again from the home page.']);
    await page.getByText('no checkout was found for this link').waitFor();
    expect(await spinners(page)).toBe(0);
    await page.getByRole('link', { name: 'Back to the home page' }).waitFor();
    await context.close();
  });
});

describe('an internationalised email', () => {
  it('Zoë.Tester@Example.org signs in, pays and gets her report', async () => {
    const { page, context } = await newPage(browser);
    const seen = alerts(page);
    await fillHero(page, server.url, 'Film photographers in Lisbon', 'A film-camera rental subscription');
    await signIn(page, 'Zoë.Tester@Example.org', 'Zoë');
    await pay(page);
    await finishedReport(page);
    expect(seen).toEqual([]);
    expect(await page.evaluate(() => localStorage.getItem('email'))).toBe('zoë.tester@example.org');
    await context.close();
  });

  it('the contact form accepts it too', async () => {
    const { page, context } = await newPage(browser);
    await page.goto(`${server.url}/about`);
    const form = page.getByTestId('contact-form');
    await form.getByLabel('Name').fill('Zoë');
    await form.getByLabel('Email').fill('Zoë.Tester@Example.org');
    await form.getByLabel('Subject').fill('Hello');
    await form.getByLabel('Message').fill('Ünïcödé is fine.');
    await form.getByTestId('contact-submit').click();
    await page.getByTestId('toast').filter({ hasText: 'Message Sent!' }).waitFor();
    await context.close();
  });
});

describe('a returning customer', () => {
  it('whose stored credit is spent goes to checkout instead of an alert and a spinner', async () => {
    const { page, context } = await newPage(browser);
    const seen = alerts(page);
    await page.goto(`${server.url}/`);
    await page.evaluate(() => {
      localStorage.setItem('email', 'spent@example.com');
      localStorage.setItem('customer_id', 'cus_test_spent');
    });
    await fillHero(page, server.url, 'Dog owners in Ghent', 'Raw food delivered the same day');
    // Its sign-in ended with the browser: the checkout is for a signed-in email, so it signs in again.
    await signIn(page, 'spent@example.com');
    await page.waitForURL(/\/checkout\/test\/cs_test_/);
    await page.getByText('spent@example.com').waitFor();
    await page.getByText('New Product Feasibility Study').waitFor();
    expect(seen).toEqual([]);
    expect(await page.evaluate(() => localStorage.getItem('customer_id'))).toBeNull();
    await pay(page);
    await finishedReport(page);
    await page
      .getByRole('heading', { level: 1 })
      .filter({ hasText: /Ghent|Raw food/ })
      .first()
      .waitFor();
    await context.close();
  });
});

describe('the report page', () => {
  it('/report/abc (a malformed id) is Report Not Found', async () => {
    const { page, context } = await newPage(browser);
    await page.goto(`${server.url}/report/abc`);
    await page.getByRole('heading', { name: 'Report Not Found' }).waitFor({ timeout: 5000 });
    await page.getByText('The requested report could not be loaded.').waitFor();
    await context.close();
  });

  /** Answers the status call with `body` (only what the test gives), and has no live stream. */
  async function fakeService(page: Page, body: unknown) {
    await page.route('**/api/reports/status', (route: Route) => route.fulfill({ status: 200, contentType: 'application/json', body: JSON.stringify(body) }));
    await page.route('**/api/reports/*/events', (route: Route) => route.fulfill({ status: 404, body: '' }));
  }

  it('renders from the spec’s fields alone: processing_status, title, description, flow_execution_steps', async () => {
    const { page, context, errors } = await newPage(browser);
    await fakeService(page, { processing_status: 'running', title: '', description: '', flow_execution_steps: [] });
    await page.goto(`${server.url}/report/r-0123456789abcdef`);
    await page.getByTestId('report-loading').waitFor();
    await page.getByTestId('report-status-line').waitFor();
    expect(errors).toEqual([]);
    await context.close();

    const second = await newPage(browser);
    await fakeService(second.page, {
      processing_status: 'finished',
      title: 'Feasibility of a film-camera subscription',
      description: 'What ten agents found.',
      flow_execution_steps: [{ id: 'market-trends', title: 'Market Trends', raw_output: 'Film is **back**.' }],
    });
    await second.page.goto(`${server.url}/report/r-0123456789abcdef`);
    await second.page.getByRole('heading', { name: 'Feasibility of a film-camera subscription' }).waitFor();
    await second.page.getByRole('button', { name: 'Market Trends' }).click();
    await second.page.getByText('Film is').waitFor();
    expect(second.errors).toEqual([]);
    await second.context.close();
  });

  it('names every running agent, not one, while several work in parallel', async () => {
    const { page, context } = await newPage(browser);
    await fakeService(page, {
      id: 'r-0123456789abcdef',
      product: 'new-product-feasibility-study',
      processing_status: 'running',
      title: 'Feasibility study',
      description: '',
      flow_execution_steps: [],
      progress: {
        finished: 1,
        total: 10,
        running: ['target-customers', 'market-trends', 'regulatory-impact', 'ai-marketplace-mindmap', 'technical-feasibility'],
      },
    });
    await page.goto(`${server.url}/report/r-0123456789abcdef`);
    const line = page.getByTestId('report-status-line');
    await line.filter({ hasText: '5 agents are working' }).waitFor();
    const text = await line.innerText();
    expect(text).not.toMatch(/^Technical Architect is working/);
    expect(text).toContain('1 of 10 agents done');
    await context.close();
  });
});
