import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { Browser, Page, Request } from 'playwright-core';
import { PDFParse } from 'pdf-parse';
import { NO_LIVE_SOURCES_NOTE, PARTNER_TOOLS, RESOURCE_CATEGORIES, partnerByCompany } from '@val/contracts';
import { launchBrowser, newPage } from './browser';
import { startTestServer, stopTestServers, type TestServer } from './server';

const ADMIN_PASSWORD = 'e2e-validation-admin-password';
const idea = {
  idea: 'An app that plans a week of cheap, healthy dinners from what is already in your fridge',
  targetCustomer: 'Busy working parents with two or more kids',
  problemSolved: 'They waste money on food that spoils and spend 30 minutes every evening deciding what to cook',
};
const HIGHLIGHTED = PARTNER_TOOLS.filter((p) => p.highlighted).map((p) => p.company);
/** The partners this test clicks or looks at: a highlighted one, a plain one, the one with a perk, one clicked by its logo. */
const bubble = partnerByCompany('bubble')!;
const miro = partnerByCompany('miro')!;
const withPerk = PARTNER_TOOLS.find((p) => p.perk)!;
const gamma = partnerByCompany('gamma')!;

let browser: Browser;
let server: TestServer;

beforeAll(async () => {
  [browser, server] = await Promise.all([
    launchBrowser(),
    // The offline delay spreads the analyst's answer over a couple of seconds, like a model.
    startTestServer({ AI_PROVIDER: 'offline', OFFLINE_AI_DELAY_MS: '2000', ADMIN_PASSWORD, VALIDATE_RATE_LIMIT_PER_MINUTE: '50' }),
  ]);
});
afterAll(async () => {
  await browser?.close();
  await stopTestServers();
});

async function fillForm(page: Page) {
  const lab = page.locator('#validate [data-view="lab"]');
  await lab.locator('textarea[name="idea"]').fill(idea.idea);
  await lab.locator('input[name="targetCustomer"]').fill(idea.targetCustomer);
  await lab.locator('input[name="problemSolved"]').fill(idea.problemSolved);
}

async function pdfText(file: string): Promise<string> {
  const parser = new PDFParse({ data: fs.readFileSync(file) });
  try {
    return (await parser.getText()).text;
  } finally {
    await parser.destroy();
  }
}

/** The admin's link stats, read the way the dashboard reads them (a same-origin session). */
async function linkStats(page: Page): Promise<Array<{ company: string; linkType: string; clickCount: number }>> {
  return page.evaluate(async (password) => {
    const login = await fetch('/api/admin/login', {
      method: 'POST',
      credentials: 'include',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({ password }),
    });
    if (!login.ok) throw new Error(`login ${login.status}`);
    const r = await fetch('/api/admin/link-stats', { credentials: 'include' });
    if (!r.ok) throw new Error(`link-stats ${r.status}`);
    const body = (await r.json()) as unknown;
    return (Array.isArray(body) ? body : ((body as { stats?: unknown[]; links?: unknown[] }).stats ?? (body as { links?: unknown[] }).links ?? [])) as Array<{
      company: string;
      linkType: string;
      clickCount: number;
    }>;
  }, ADMIN_PASSWORD);
}

describe('Idea validation (step 1) and the Startup Resources Kit (step 2)', () => {
  it('validates an idea, streams the analysis, downloads the PDF, unlocks the kit and tracks a partner click', async () => {
    const { page, context, errors } = await newPage(browser);
    // Partner sites are outside this machine: answer them locally so the new tabs load.
    await context.route(/^https:\/\//, (route) => route.fulfill({ status: 200, contentType: 'text/html', body: '<title>partner</title>' }));
    const requested: string[] = [];
    page.on('request', (r) => requested.push(r.url()));
    await page.goto(server.url + '/');

    const lab = page.locator('#validate [data-view="lab"]');
    const kit = page.locator('#resources [data-view="resources"]');
    await lab.getByRole('heading', { name: 'Idea Validation Lab' }).waitFor();

    // Locked kit: step 1 first, and the categories.
    await kit.getByText('Complete Step 1 to unlock your kit').waitFor();
    expect(await kit.locator('[aria-label="Resource categories"] li').allTextContents()).toEqual([...RESOURCE_CATEGORIES]);

    // Blank fields: the spec's toast, no call.
    await lab.getByRole('button', { name: 'Get AI Feedback!' }).click();
    await page.getByText('Missing Information').waitFor();
    await page.getByText('Please fill in all three fields!').waitFor();
    expect(requested.some((u) => u.includes('/api/validate'))).toBe(false);

    await fillForm(page);
    await lab.getByRole('button', { name: 'Get AI Feedback!' }).click();
    const pendingButton = lab.getByRole('button', { name: 'AI analysis coming in 30 seconds...' });
    await pendingButton.waitFor();
    expect(await pendingButton.isDisabled()).toBe(true);
    // Text shows as it arrives, before the result heading.
    await page.getByTestId('validation-live').getByText('Validation Score', { exact: false }).waitFor();
    expect(await page.getByRole('heading', { name: "Val's Analysis is Ready!" }).count()).toBe(0);

    const heading = page.getByRole('heading', { name: "Val's Analysis is Ready!" });
    await heading.waitFor({ timeout: 30000 });
    await lab.getByRole('button', { name: 'Get AI Feedback!' }).waitFor();
    const feedback = page.getByTestId('validation-feedback');
    await feedback.getByRole('heading', { name: 'Market Opportunity' }).waitFor();
    expect(await feedback.locator('h4').count()).toBeGreaterThanOrEqual(8);
    expect(await feedback.textContent()).toContain('busy working parents with two or more kids');
    await expect(page.getByTestId('val-avatar').first().isVisible()).resolves.toBe(true);
    await page.getByText('Answered by the offline analyst — connect a model for deeper analysis').waitFor();
    // The result scrolled into view.
    await page.waitForFunction(() => {
      const r = document.querySelector('[data-testid="validation-result"]')?.getBoundingClientRect();
      return !!r && r.top >= -2 && r.top < window.innerHeight / 2;
    });
    // The numbers behind the analysis, under the feedback: collapsed, then the verdict, the score's reasons and the figures.
    const sheet = page.getByTestId('validation-result').getByTestId('validation-sheet');
    await sheet.getByRole('heading', { level: 4, name: 'The numbers behind this analysis' }).waitFor();
    expect(await sheet.getAttribute('open')).toBeNull();
    await sheet.locator('summary').click();
    expect(['Go', 'Go with changes', 'No-go']).toContain(await sheet.getByTestId('sheet-verdict').getAttribute('data-verdict'));
    expect(await sheet.getByTestId('validation-sheet-factors').innerText()).toContain('starting point');
    await sheet.getByTestId('validation-sheet-figures').getByRole('columnheader', { name: 'How it is worked out' }).waitFor();
    expect(await sheet.getByTestId('sheet-sources-note').textContent()).toBe(NO_LIVE_SOURCES_NOTE);

    // PDF: 'Generating PDF...', the file under its spec name, its text, the toast; jspdf only loads now.
    expect(requested.some((u) => /validation-report-pdf/.test(u))).toBe(false);
    await page.getByRole('heading', { name: 'Save Your Results' }).waitFor();
    const downloading = page.waitForEvent('download');
    await page.getByRole('button', { name: 'Download PDF Report' }).click();
    const download = await downloading;
    expect(download.suggestedFilename()).toMatch(/^val-report-an-app-that-\d{6}\.pdf$/);
    const file = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'val-pdf-')), download.suggestedFilename());
    await download.saveAs(file);
    const text = await pdfText(file);
    for (const s of [
      'Startup Idea Validation Report',
      'Idea',
      'Target Customer',
      'Problem Solved',
      'Validation Score',
      'Market Opportunity',
      'Target Customer Profile',
      'Problem Urgency Analysis',
      'Revenue Options',
      'Key Risks and Mitigations',
      'Success Metrics',
      'Page 1 of',
    ]) {
      expect({ s, found: text.includes(s) }).toEqual({ s, found: true });
    }
    expect(text).toContain(idea.targetCustomer);
    await page.getByText('PDF Downloaded!').waitFor();
    await page.getByText('Your validation report has been saved as a PDF').waitFor();
    expect(requested.some((u) => /validation-report-pdf/.test(u))).toBe(true);

    // Step 2 unlocked: a card per partner tool, the highlighted ones, the course perk, links in a new tab.
    await kit.getByRole('link', { name: `Try ${bubble.name}` }).waitFor();
    const cards = kit.locator('[data-testid^="partner-"]');
    expect(await cards.count()).toBe(PARTNER_TOOLS.length);
    const highlighted = await kit.locator('[data-highlighted="true"]').evaluateAll((els) => els.map((e) => e.getAttribute('data-testid')));
    expect(highlighted.sort()).toEqual(HIGHLIGHTED.map((c) => `partner-${c}`).sort());
    const purple = await kit.getByTestId(`partner-${bubble.company}`).evaluate((e) => getComputedStyle(e).borderTopColor);
    const plain = await kit.getByTestId(`partner-${miro.company}`).evaluate((e) => getComputedStyle(e).borderTopColor);
    expect(purple).not.toBe(plain);
    await kit.getByTestId(`partner-${withPerk.company}`).getByText(withPerk.perk!).waitFor();
    for (const { name } of PARTNER_TOOLS) {
      const link = kit.getByRole('link', { name: `Try ${name}` });
      expect(await link.getAttribute('target')).toBe('_blank');
    }

    // A click on a card's button is tracked (and the link still opens).
    const tracked = page.waitForRequest((r: Request) => r.url().endsWith('/api/track-click') && r.method() === 'POST');
    const popup = page.waitForEvent('popup');
    await kit.getByRole('link', { name: `Try ${bubble.name}` }).click();
    const req = await tracked;
    expect(req.postDataJSON()).toEqual({ company: bubble.company, linkType: 'button', url: bubble.url });
    expect(req.headers()['content-type']).toContain('application/json');
    const tab = await popup;
    expect(tab.url()).toBe(bubble.url);
    await tab.close();
    const res = await req.response();
    expect(res?.status()).toBe(202);

    // The logo is tracked too.
    const logoTracked = page.waitForRequest((r: Request) => r.url().endsWith('/api/track-click'));
    const logoPopup = page.waitForEvent('popup');
    await kit
      .getByTestId(`partner-${gamma.company}`)
      .getByRole('link', { name: `${gamma.name} website` })
      .click();
    expect((await logoTracked).postDataJSON()).toEqual({ company: gamma.company, linkType: 'logo', url: gamma.logoUrl });
    await (await logoPopup).close();

    // ...and counted in the admin's partner stats (the batched writer flushes within 250 ms).
    let stats: Awaited<ReturnType<typeof linkStats>> = [];
    for (let i = 0; i < 30; i++) {
      stats = await linkStats(page);
      if (stats.some((s) => s.company === gamma.company && s.linkType === 'logo')) break;
      await page.waitForTimeout(200);
    }
    expect(stats.find((s) => s.company === bubble.company && s.linkType === 'button')?.clickCount).toBe(1);
    expect(stats.find((s) => s.company === gamma.company && s.linkType === 'logo')?.clickCount).toBe(1);

    // A reload keeps the result (the shell stores it) and the kit stays unlocked.
    await page.reload();
    await page.getByRole('heading', { name: "Val's Analysis is Ready!" }).waitFor();
    expect(await page.locator('textarea[name="idea"]').inputValue()).toBe(idea.idea);
    await kit.getByRole('link', { name: `Try ${bubble.name}` }).waitFor();

    // Start over clears the lab and locks the kit again.
    await page.getByTestId('start-over').click();
    await page.getByTestId('start-over-confirm').getByRole('button', { name: 'Yes, start over' }).click();
    await kit.getByText('Complete Step 1 to unlock your kit').waitFor();
    expect(await page.getByRole('heading', { name: "Val's Analysis is Ready!" }).count()).toBe(0);
    expect(await page.locator('textarea[name="idea"]').inputValue()).toBe('');
    expect(errors).toEqual([]);
    await context.close();
  });

  it('falls back to POST /api/validate when the stream fails, and fits a 375 px screen', async () => {
    const { page, context, errors } = await newPage(browser, { width: 375, colorScheme: 'light' });
    await page.route('**/api/validate/stream', (route) => route.abort('connectionreset'));
    const calls: string[] = [];
    page.on('request', (r) => {
      if (r.url().includes('/api/validate')) calls.push(new URL(r.url()).pathname);
    });
    await page.goto(server.url + '/');
    await fillForm(page);
    await page.getByRole('button', { name: 'Get AI Feedback!' }).click();
    await page.getByRole('heading', { name: "Val's Analysis is Ready!" }).waitFor({ timeout: 30000 });
    expect(calls).toEqual(['/api/validate/stream', '/api/validate']);
    await page.getByTestId('validation-feedback').getByRole('heading', { name: 'Revenue Options' }).waitFor();
    await page.getByTestId('validation-sheet').locator('summary').click();
    await page.getByTestId('validation-sheet-figures').waitFor();
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
    expect(overflow).toBeLessThanOrEqual(0);
    expect(errors).toEqual([]);
    await context.close();
  });

  it("shows the spec's error toast when the validation fails", async () => {
    const { page, context } = await newPage(browser);
    await page.route('**/api/validate/stream', (route) =>
      route.fulfill({ status: 502, contentType: 'application/json', body: JSON.stringify({ error: { code: 'upstream_error', message: 'x' } }) }),
    );
    await page.goto(server.url + '/');
    await fillForm(page);
    await page.getByRole('button', { name: 'Get AI Feedback!' }).click();
    await page.getByText('Failed to validate your idea. Please try again.').waitFor();
    await page.getByRole('button', { name: 'Get AI Feedback!' }).waitFor();
    expect(await page.getByRole('heading', { name: "Val's Analysis is Ready!" }).count()).toBe(0);
    await page.locator('#resources').getByText('Complete Step 1 to unlock your kit').waitFor();
    await context.close();
  });
});
