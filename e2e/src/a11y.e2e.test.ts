/**
 * An axe-core WCAG 2.1 AA sweep (wcag2a, wcag2aa, wcag21a, wcag21aa) of the main pages, in the
 * light and the dark theme: the landing page, the same page with a validation answer, the
 * catalogue, a finished report, the admin login and the API page. No rule is switched off.
 */
import type { Browser, Page } from 'playwright-core';
import { launchBrowser } from './browser';
import { startTestServer, stopTestServers, type TestServer } from './server';

const ADMIN_PASSWORD = 'e2e-a11y-admin-password';

let browser: Browser;
let server: TestServer;
let reportId: string;

interface AxeViolation {
  id: string;
  impact: string | null;
  help: string;
  nodes: Array<{ target: unknown; failureSummary?: string }>;
}

/** The sweep's violations on what the page shows now, one line per element ("rule: target: why"). */
async function axeViolations(page: Page): Promise<string[]> {
  await page.addScriptTag({ path: require.resolve('axe-core/axe.min.js') });
  const violations = await page.evaluate(async () => {
    const axe = (window as unknown as { axe: { run(ctx: unknown, opts: unknown): Promise<{ violations: AxeViolation[] }> } }).axe;
    const r = await axe.run(document, { runOnly: { type: 'tag', values: ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'] }, resultTypes: ['violations'] });
    return r.violations;
  });
  return violations.flatMap((v) => v.nodes.map((n) => `${v.id}: ${JSON.stringify(n.target)}: ${(n.failureSummary ?? v.help).replace(/\s+/g, ' ')}`));
}

beforeAll(async () => {
  [browser, server] = await Promise.all([
    launchBrowser(),
    startTestServer({ AI_PROVIDER: 'offline', OFFLINE_AI_DELAY_MS: '5', ADMIN_PASSWORD, REPORT_POLL_MS: '100' }),
  ]);
  // A short report, run to the end by the server's own worker.
  const r = await fetch(`${server.url}/api/dev/reports`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({
      product: 'new-product-feasibility-study',
      inputs: { targetMarket: 'Independent gyms in the UK', productIdea: 'book and pay for classes in two taps' },
    }),
  });
  expect(r.status).toBe(201);
  reportId = ((await r.json()) as { id: string }).id;
  const deadline = Date.now() + 60_000;
  for (;;) {
    const s = await fetch(`${server.url}/api/reports/status`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ execution_id: reportId }),
    });
    const status = ((await s.json()) as { processing_status: string }).processing_status;
    if (status === 'finished') break;
    if (status === 'failed' || Date.now() > deadline) throw new Error(`the report did not finish (${status})`);
    await new Promise((res) => setTimeout(res, 200));
  }
}, 90_000);
afterAll(async () => {
  await browser?.close();
  await stopTestServers();
});

/** Each page: where it is and what shows it is ready. */
const pages: Array<[string, (page: Page) => Promise<void>]> = [
  [
    'the landing page',
    async (page) => {
      await page.goto(server.url + '/');
      await page.locator('#validate [data-view="lab"]').getByRole('heading', { name: 'Idea Validation Lab' }).waitFor();
    },
  ],
  [
    'the landing page with a validation answer',
    async (page) => {
      await page.goto(server.url + '/');
      const lab = page.locator('#validate [data-view="lab"]');
      await lab.locator('textarea[name="idea"]').fill('An app that plans a week of cheap, healthy dinners from what is already in your fridge');
      await lab.locator('input[name="targetCustomer"]').fill('Busy working parents with two or more kids');
      await lab.locator('input[name="problemSolved"]').fill('They waste money on food that spoils');
      await lab.getByRole('button', { name: 'Get AI Feedback!' }).click();
      await page.getByRole('heading', { name: "Val's Analysis is Ready!" }).waitFor({ timeout: 30_000 });
      await page.getByTestId('validation-feedback').getByRole('heading', { name: 'Market Opportunity' }).waitFor();
    },
  ],
  [
    'the catalogue',
    async (page) => {
      await page.goto(server.url + '/products');
      await page.getByRole('heading', { name: 'New Product Feasibility Study' }).first().waitFor();
    },
  ],
  [
    'a finished report',
    async (page) => {
      await page.goto(`${server.url}/report/${reportId}`);
      await page.locator('section[data-step]').first().waitFor();
      await page.getByTestId('fact-sheet').waitFor();
    },
  ],
  [
    'the admin login',
    async (page) => {
      await page.goto(server.url + '/admin');
      await page.getByRole('heading', { name: 'Admin Login' }).waitFor();
    },
  ],
  [
    'the API page',
    async (page) => {
      await page.goto(server.url + '/api');
      await page.locator('pre').first().waitFor();
    },
  ],
];

describe('WCAG 2.1 AA (axe-core) on the main pages', () => {
  const cases = pages.flatMap(([name, open]) => (['light', 'dark'] as const).map((theme) => [name, theme, open] as const));
  it.each(cases)(
    '%s in the %s theme has no violation',
    async (_name, colorScheme, open) => {
      // The page's CSP allows no inline script; axe is injected as one, so this context bypasses it.
      const context = await browser.newContext({ viewport: { width: 1280, height: 900 }, colorScheme, bypassCSP: true });
      const page = await context.newPage();
      const errors: string[] = [];
      page.on('pageerror', (e) => errors.push(String(e)));
      await open(page);
      expect(await page.locator('html').getAttribute('data-theme')).toBe(colorScheme);
      // Transitions and entrance animations settle before colours are measured.
      await page.waitForTimeout(600);
      expect(await axeViolations(page)).toEqual([]);
      expect(errors).toEqual([]);
      await context.close();
    },
    60_000,
  );
});
