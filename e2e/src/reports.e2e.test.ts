import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { Browser, Page, Request } from 'playwright-core';
import { FACT_SHEET_TITLE, NO_LIVE_SOURCES_NOTE } from '@val/contracts';
import { launchBrowser, newPage } from './browser';
import { startTestServer, startTestWorker, stopTestServers, type TestServer, type TestWorker } from './server';

/**
 * The report catalogue, the purchase dialog and the report page, in Chromium against the built
 * server. Reports are started through the dev-only `POST /api/dev/reports` (mounted outside
 * production). The server runs no report worker (REPORT_WORKER=off): a report stays queued until
 * the test starts the standalone worker, so the page is open before the agents begin, however slow
 * the machine; OFFLINE_AI_DELAY_MS slows the offline analyst so live progress is visible.
 */

jest.setTimeout(120_000);

let browser: Browser;
let server: TestServer;
let worker: TestWorker | undefined;

beforeAll(async () => {
  [browser, server] = await Promise.all([launchBrowser(), startTestServer({ OFFLINE_AI_DELAY_MS: '700', REPORT_POLL_MS: '100', REPORT_WORKER: 'off' })]);
});
afterAll(async () => {
  await browser?.close();
  await stopTestServers();
});

/** The few better-sqlite3 calls used here (the package ships no types). */
interface SqliteDb {
  prepare(sql: string): { all(...args: unknown[]): unknown[]; run(...args: unknown[]): unknown };
  close(): void;
}
// eslint-disable-next-line @typescript-eslint/no-require-imports -- better-sqlite3 ships no types: the calls used are typed here
const openSqlite = require('better-sqlite3') as (file: string) => SqliteDb;

/** The e2e server's SQLite file, opened from the test (WAL allows a second connection). */
function db(): SqliteDb {
  return openSqlite(path.join(server.dataDir, 'val.sqlite'));
}

async function startReport(product: string, inputs: Record<string, string>): Promise<string> {
  const r = await fetch(`${server.url}/api/dev/reports`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ product, inputs }),
  });
  expect(r.status).toBe(201);
  return ((await r.json()) as { id: string }).id;
}

/** Waits until `check` holds (polling every 50 ms) or fails after `ms`. */
async function until(check: () => boolean | Promise<boolean>, ms = 10000, what = 'condition'): Promise<void> {
  const deadline = Date.now() + ms;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 50));
  }
}

/** Collects window.alert texts (and accepts them). */
function alerts(page: Page): string[] {
  const seen: string[] = [];
  page.on('dialog', (d) => {
    seen.push(d.message());
    void d.accept();
  });
  return seen;
}

describe('/products and the purchase dialog', () => {
  it('shows the product numbers, validates the inputs, tracks the purchase click and thanks the buyer', async () => {
    const { page, errors, context } = await newPage(browser);
    const seen = alerts(page);
    await page.goto(`${server.url}/products`);
    await page.getByRole('heading', { name: 'Research a consultant would charge thousands for' }).waitFor();
    expect(await page.locator('[data-testid^="product-"]').count()).toBe(8);
    await page.getByRole('heading', { name: 'What founders say' }).waitFor();
    await page.getByRole('link', { name: 'Subscribe free' }).waitFor();

    await page.locator('[data-testid="product-new-product-feasibility-study"]').getByRole('button', { name: 'View details' }).click();
    const dialog = page.getByRole('dialog', { name: 'New Product Feasibility Study' });
    await dialog.waitFor();
    expect(await dialog.getByText('Feasibility', { exact: true }).isVisible()).toBe(true);
    expect(await dialog.getByTestId('stat-agents').textContent()).toBe('10');
    expect(await dialog.getByTestId('stat-sources').textContent()).toBe('8');
    expect(await dialog.getByTestId('stat-runtime').textContent()).toBe('25m 54s');
    expect(await dialog.getByTestId('agent-list').locator('li').count()).toBe(10);
    expect(await dialog.getByTestId('agent-list').textContent()).toContain('Risk Analyst');
    expect(await dialog.getByTestId('you-save').textContent()).toBe('$1,475');
    expect(await dialog.getByTestId('percent-off').textContent()).toBe('98% off consultant rates');
    expect(await dialog.getByTestId('price').textContent()).toBe('$25');
    expect(await dialog.getByTestId('original-price').textContent()).toBe('$1,500');
    expect(await dialog.getByText('Save 98%').isVisible()).toBe(true);
    expect(await dialog.getByText('One-time payment. No subscription. Your report is delivered by email within 25m 54s.').isVisible()).toBe(true);

    await dialog.getByRole('button', { name: 'Get This Report' }).click();
    const market = dialog.getByRole('textbox', { name: 'Target market' });
    const idea = dialog.getByRole('textbox', { name: 'Product idea' });
    expect(await market.evaluate((el) => el.tagName)).toBe('INPUT');
    expect(await idea.evaluate((el) => el.tagName)).toBe('TEXTAREA');

    await market.fill('Independent gyms in the UK');
    await idea.fill('   ');
    await dialog.getByRole('button', { name: 'Proceed to Checkout' }).click();
    await until(() => seen.length === 1, 5000, 'the validation alert');
    expect(seen[0]).toBe('Please fill in all required fields');
    expect(await dialog.isVisible()).toBe(true);

    await idea.fill('An app that lets members book and pay for classes in two taps');
    const tracked = page.waitForRequest((r: Request) => r.url().endsWith('/api/track-product-click') && r.method() === 'POST');
    await dialog.getByRole('button', { name: 'Proceed to Checkout' }).click();
    const req = await tracked;
    expect(req.postDataJSON()).toEqual({ product: 'new-product-feasibility-study', location: 'purchase', inputs: 2 });
    await until(() => seen.length === 2, 5000, 'the thank-you alert');
    expect(seen[1]).toBe("Thank you! Your New Product Feasibility Study will be processed. You'll be redirected to secure checkout.");
    await dialog.waitFor({ state: 'detached' });
    const res = await req.response();
    expect(res?.ok()).toBe(true);
    // Stored by the analytics endpoint (batched writer).
    const stored = () => {
      const d = db();
      try {
        return (
          d.prepare("SELECT inputs FROM product_click_events WHERE product = 'new-product-feasibility-study' AND location = 'purchase'").all() as Array<{
            inputs: number;
          }>
        ).map((r) => r.inputs);
      } finally {
        d.close();
      }
    };
    await until(() => stored().length > 0, 10000, 'the stored click');
    expect(stored()).toEqual([2]);
    expect(errors).toEqual([]);
    await context.close();
  });

  it('closes on Escape and shows the catalogue on the home page (#products)', async () => {
    const { page, context } = await newPage(browser, { width: 375, colorScheme: 'light' });
    await page.goto(`${server.url}/`);
    const section = page.locator('#products [data-remote="catalogue"][data-view="catalogue"]');
    await section.locator('[data-testid="product-voice-of-customer-insights"]').getByRole('button', { name: 'View details' }).click();
    const dialog = page.getByRole('dialog', { name: 'Voice of Customer Insights' });
    await dialog.getByRole('button', { name: 'Get This Report' }).click();
    expect(await dialog.getByRole('textbox', { name: 'Research questions' }).evaluate((el) => el.tagName)).toBe('TEXTAREA');
    expect(await dialog.getByRole('textbox', { name: 'Target customer persona' }).evaluate((el) => el.tagName)).toBe('INPUT');
    await page.keyboard.press('Escape');
    await dialog.waitFor({ state: 'detached' });
    await context.close();
  });
});

describe('/enterprise', () => {
  it('lists the two enterprise reports with a contact call-to-action', async () => {
    const { page, context } = await newPage(browser);
    await page.goto(`${server.url}/enterprise`);
    await page.getByRole('heading', { name: 'Market Intelligence Report' }).waitFor();
    await page.getByRole('heading', { name: 'Enterprise Idea Assessment' }).waitFor();
    expect(await page.getByRole('link', { name: 'Contact sales' }).getAttribute('href')).toBe('/about#contact');
    await context.close();
  });
});

describe('/report/:reportId', () => {
  it('shows live progress, then the report with collapsed sections that expand one by one', async () => {
    const id = await startReport('new-product-feasibility-study', {
      targetMarket: 'Dental clinics in Germany',
      productIdea: 'AI receptionist that answers calls and books patients',
    });
    const { page, errors, context } = await newPage(browser);
    // Everything the loading screen shows, recorded in the page as it changes: what the test sees
    // does not depend on how often it looks.
    await page.addInitScript(() => {
      const seen = { lines: [] as string[], maxFinished: 0, maxRunning: 0 };
      (window as unknown as { __progress: typeof seen }).__progress = seen;
      new MutationObserver(() => {
        const line = document.querySelector('[data-testid="report-status-line"]')?.textContent ?? '';
        if (line && seen.lines[seen.lines.length - 1] !== line) seen.lines.push(line);
        const loading = document.querySelector('[data-testid="report-loading"]');
        if (!loading) return;
        seen.maxFinished = Math.max(seen.maxFinished, loading.querySelectorAll('li[data-state="finished"]').length);
        seen.maxRunning = Math.max(seen.maxRunning, loading.querySelectorAll('li[data-state="running"]').length);
      }).observe(document, { subtree: true, childList: true, characterData: true, attributes: true, attributeFilter: ['data-state'] });
    });
    await page.goto(`${server.url}/report/${id}`);
    const loading = page.getByTestId('report-loading');
    await loading.waitFor();
    // The frame shows "Loading the report..." until the first status arrives; then the product line.
    // The spec's waiting text: a wait of about 20 minutes and 10 AI agents.
    const intro = loading.getByText(
      'New Product Feasibility Study: your report takes about 20 minutes, with 10 AI agents researching it in parallel. You can leave this page; the report also arrives by email.',
      { exact: true },
    );
    await intro.waitFor({ timeout: 10000 });
    expect(await intro.isVisible()).toBe(true);
    // No worker runs yet: the report waits in the queue, and the page says so.
    const line = page.getByTestId('report-status-line');
    await page.getByText('Queued: your agents start in a moment').waitFor({ timeout: 10000 });
    expect(await loading.locator('li[data-state="waiting"]').count()).toBe(10);

    expect(await line.textContent()).toBe('Queued: your agents start in a moment');

    worker = await startTestWorker(server);
    const report = page.getByTestId('report');
    await report.waitFor({ timeout: 60000 });
    // While the agents worked, the line moved through several counts and the list marked agents
    // running, then finished.
    const progress = await page.evaluate(() => (window as unknown as { __progress: { lines: string[]; maxFinished: number; maxRunning: number } }).__progress);
    const counts = progress.lines.map((l) => /(\d+) of 10 agents done/.exec(l)?.[1]).filter((n): n is string => n !== undefined);
    expect(progress.lines[0]).toBe('Queued: your agents start in a moment');
    expect(new Set(counts).size).toBeGreaterThanOrEqual(2);
    expect(counts.map(Number)).toEqual([...counts.map(Number)].sort((a, b) => a - b));
    expect(progress.maxRunning).toBeGreaterThan(0);
    expect(progress.maxFinished).toBeGreaterThan(0);
    await page.getByRole('heading', { name: 'New Product Feasibility Study: AI receptionist that answers calls and books patients' }).waitFor();
    expect(await page.getByText('Target market: Dental clinics in Germany', { exact: false }).isVisible()).toBe(true);
    const toggles = report.locator('section[data-step] button[aria-expanded]');
    expect(await toggles.count()).toBe(9);
    expect(await toggles.allTextContents()).toEqual([
      'Target Customers',
      'Market Trends',
      'Regulatory Impact',
      'Strategic Implications',
      'AI Marketplace Mind Map',
      'Profitability Forecast',
      'Technical Feasibility',
      'Risk Analysis',
      'Final Recommendations',
    ]);
    for (const v of await toggles.evaluateAll((els) => els.map((e) => e.getAttribute('aria-expanded')))) expect(v).toBe('false');
    expect(await report.locator('[data-testid^="step-body-"]').count()).toBe(0);
    expect(await report.locator('section[data-step] svg[data-icon]').evaluateAll((els) => new Set(els.map((e) => e.getAttribute('data-icon'))).size)).toBe(9);

    await toggles.nth(0).click();
    const body0 = page.getByTestId('step-body-target-customers');
    await body0.locator('table').waitFor();
    expect(await body0.textContent()).toContain('dental clinics in Germany');
    await toggles.nth(7).click();
    await page.getByTestId('step-body-risk-analysis').locator('h3', { hasText: 'Risk register' }).waitFor();
    expect(await toggles.nth(0).getAttribute('aria-expanded')).toBe('true');
    await toggles.nth(0).click();
    await body0.waitFor({ state: 'detached' });
    expect(await toggles.nth(7).getAttribute('aria-expanded')).toBe('true');

    // The numbers behind the report, above its sections: the verdict by rule, and no live sources (none configured).
    const sheet = report.getByTestId('fact-sheet');
    await sheet.getByRole('heading', { level: 2, name: FACT_SHEET_TITLE }).waitFor();
    const verdict = (await sheet.getByTestId('sheet-verdict').getAttribute('data-verdict')) ?? '';
    expect(['Go', 'Go with changes', 'No-go']).toContain(verdict);
    expect(await sheet.getByTestId('sheet-verdict').locator('strong').textContent()).toBe(verdict);
    expect(await sheet.getByTestId('sheet-sources-note').textContent()).toBe(NO_LIVE_SOURCES_NOTE);
    expect(await sheet.getByTestId('sheet-market').textContent()).toContain('Germany');
    expect(await sheet.getByTestId('sheet-break-even').textContent()).toMatch(/^(month \d+|none within 5 years)$/);
    expect(await sheet.getByRole('columnheader', { name: 'Profit / loss' }).count()).toBe(1);
    const [sheetBox, firstSection] = await Promise.all([sheet.boundingBox(), report.locator('section[data-step]').first().boundingBox()]);
    expect(sheetBox!.y).toBeLessThan(firstSection!.y);

    expect(await page.getByRole('link', { name: 'Download PDF' }).getAttribute('href')).toBe(`/api/reports/${id}/pdf`);
    const pdf = await page.request.get(`${server.url}/api/reports/${id}/pdf`);
    expect(pdf.headers()['content-type']).toBe('application/pdf');
    const pdfFile = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'val-report-pdf-')), 'report.pdf');
    fs.writeFileSync(pdfFile, await pdf.body());
    const pdfText = execFileSync('pdftotext', [pdfFile, '-'], { encoding: 'utf8' }).replace(/\s+/g, ' ');
    expect(pdfText).toContain(FACT_SHEET_TITLE);
    expect(pdfText).toContain(`Verdict: ${verdict}`);
    // Germany plans in euros; the PDF's fonts have no €, so every amount carries EUR.
    expect(pdfText).toMatch(/EUR \d/);
    await page.getByRole('button', { name: 'Copy link' }).click();
    await page.getByText('Link copied').waitFor();
    expect(errors).toEqual([]);
    await context.close();
  });

  it('on a 375 px phone the numbers fit: wide tables scroll inside their box, never the page', async () => {
    const id = await startReport('new-product-feasibility-study', {
      targetMarket: 'Cafés in Zürich',
      productIdea: 'Surplus pastries at closing time for CHF 9 a bag',
    });
    worker ??= await startTestWorker(server);
    const { page, errors, context } = await newPage(browser, { width: 375, colorScheme: 'light' });
    await page.goto(`${server.url}/report/${id}`);
    await page.locator('[data-testid="report"][data-status="finished"]').waitFor({ timeout: 60000 });
    const sheet = page.getByTestId('fact-sheet');
    await sheet.getByTestId('sheet-years').waitFor();
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);
    const years = await sheet
      .getByTestId('sheet-years')
      .evaluate((el) => ({ scroll: el.scrollWidth, client: el.clientWidth, overflow: getComputedStyle(el).overflowX }));
    expect(years.overflow).toBe('auto');
    expect(years.client).toBeLessThanOrEqual(375);
    expect(await sheet.getByTestId('sheet-market').textContent()).toContain('CHF');
    expect(errors).toEqual([]);
    await context.close();
  });

  it("shows 'Report Not Found' without an id and for an unknown id", async () => {
    const { page, context } = await newPage(browser, { width: 375 });
    await page.goto(`${server.url}/report`);
    await page.getByRole('heading', { name: 'Report Not Found' }).waitFor();
    await page.getByText('The requested report could not be loaded.').waitFor();
    await page.goto(`${server.url}/report/AAAAAAAAAAAAAAAAAAAAAA`);
    await page.getByRole('heading', { name: 'Report Not Found' }).waitFor();
    await context.close();
  });

  it("shows 'No Report Data' for a finished report without steps and a failed one without results", async () => {
    const d = db();
    const now = Date.now();
    const insert = d.prepare(
      `INSERT INTO report_jobs (id, product, inputs, email, status, title, description, error, attempts, created_at, updated_at, finished_at)
       VALUES (?, 'idea-desirability-assessment', '{"idea":"x"}', NULL, ?, 'Idea Desirability Assessment: x', 'Idea: x', ?, 1, ?, ?, ?)`,
    );
    insert.run('emptyFinishedReport00001', 'finished', null, now, now, now);
    insert.run('emptyFailedReport0000001', 'failed', 'The Desirability Analyst could not complete "Desirability Assessment" after 3 attempts.', now, now, now);
    d.close();
    const { page, context } = await newPage(browser);
    await page.goto(`${server.url}/report/emptyFinishedReport00001`);
    await page.getByRole('heading', { name: 'No Report Data' }).waitFor();
    await page.goto(`${server.url}/report/emptyFailedReport0000001`);
    await page.getByRole('heading', { name: 'No Report Data' }).waitFor();
    expect(await page.getByTestId('report-loading').count()).toBe(0);
    await context.close();
  });
});
