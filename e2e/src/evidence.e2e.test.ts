import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { launchBrowser, newPage } from './browser';
import { alerts, finishedReport, payOnTestCheckout, signInAtDevProvider } from './paidFlow';
import { startTestServer, stopTestServers, type TestServer } from './server';

/**
 * Step 3's interviews travel with a report order. The customer- and
 * market-facing sections quote them, and the report page and its PDF list them under
 * "Evidence used", labelled synthetic. Without interviews the report has no such list.
 */

const LABEL = 'Synthetic interview — an AI persona, not a real customer';
const validation = {
  idea: 'A booking app that lets independent hair salons fill last-minute cancellations with nearby customers',
  targetCustomer: 'Independent hair salon owners in mid-sized cities',
  problemSolved: 'Last-minute cancellations leave chairs empty and cost salons money every week',
  feedback: '## Score: 7/10\nA promising niche with a clear, painful problem.',
};
const QUESTIONS = ['How much do last-minute cancellations cost you each week?', 'Would you pay $29 a month for an app that fills those gaps?'];
/** Where the screenshots of the Evidence section go (looked at by hand; kept out of the repo). */
const SHOTS = process.env.EVIDENCE_SHOTS_DIR ?? path.join(os.tmpdir(), 'val-evidence-shots');

let browser: Browser;
let server: TestServer;
beforeAll(async () => {
  browser = await launchBrowser();
  server = await startTestServer({ SIMULATION_CHAT_RATE_LIMIT_PER_MINUTE: '1000', SIMULATION_GENERATE_RATE_LIMIT_PER_MINUTE: '1000' });
});
afterAll(async () => {
  await browser?.close();
  await stopTestServers();
});

const squash = (s: string) => s.replace(/\s+/g, ' ').trim();
/** What the PDF's standard fonts print for typographic quotes and dashes. */
const latin = (s: string) =>
  s
    .replace(/[\u201C\u201D]/g, '"')
    .replace(/[\u2018\u2019]/g, "'")
    .replace(/[\u2013\u2014]/g, '-');

/** Asks the selected persona a question and returns its reply as shown. */
async function ask(page: Page, question: string): Promise<string> {
  const chat = page.locator('#simulate').getByTestId('interview-chat');
  const before = await chat.getByTestId('persona-message').count();
  await chat.getByPlaceholder('Ask about their pain points, budget and timeline...').fill(question);
  await chat.getByRole('button', { name: 'Send' }).click();
  await page.waitForFunction((n) => document.querySelectorAll('#simulate [data-testid="persona-message"]').length > n, before);
  // The reply streams in: Done is disabled until it is complete.
  await page.waitForFunction(() => {
    const done = Array.from(document.querySelectorAll<HTMLButtonElement>('#simulate [data-testid="interview-chat"] button')).find(
      (b) => b.textContent?.trim() === 'Done',
    );
    return !!done && !done.disabled;
  });
  // The bubble's own text, without the persona's name above it.
  const text = await chat
    .getByTestId('persona-message')
    .nth(before)
    .evaluate((el) => {
      // The reply is rendered markdown below the name: everything but the first child (the name).
      const copy = el.cloneNode(true) as HTMLElement;
      copy.firstElementChild?.remove();
      return copy.textContent ?? '';
    });
  return squash(text);
}

/**
 * Buys the feasibility study from /products (dialog → sign-in → /log → checkout → report); returns
 * the report id. `note` checks the dialog's line about the interviews that go with the order.
 */
async function buyFeasibility(page: Page, email: string, note: (text: string | null) => void): Promise<string> {
  await page.goto(`${server.url}/products`);
  const card = page.getByTestId('product-new-product-feasibility-study');
  await card.getByRole('button', { name: 'View details' }).click();
  const dialog = page.getByTestId('purchase-dialog');
  await dialog.getByRole('button', { name: 'Get This Report' }).click();
  await dialog.locator('[name="targetMarket"]').fill('Independent hair salons in Leeds');
  await dialog.locator('[name="productIdea"]').fill('An app that fills last-minute cancellations with nearby customers');
  const shown = dialog.getByTestId('evidence-note');
  note((await shown.count()) ? squash((await shown.textContent()) ?? '') : null);
  await dialog.getByRole('button', { name: 'Proceed to Checkout' }).click();
  await signInAtDevProvider(page, email, 'Sam');
  await payOnTestCheckout(page);
  return finishedReport(page);
}

/** The report's PDF as the Download PDF button saves it, read with pdftotext. */
async function downloadedPdfText(page: Page): Promise<string> {
  const [download] = await Promise.all([page.waitForEvent('download'), page.getByRole('link', { name: 'Download PDF' }).click()]);
  const file = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'val-evidence-pdf-')), 'report.pdf');
  await download.saveAs(file);
  expect(fs.readFileSync(file).subarray(0, 5).toString()).toBe('%PDF-');
  return execFileSync('pdftotext', ['-layout', file, '-'], { encoding: 'utf8' });
}

describe('interview evidence in the paid reports', () => {
  it('step 3 with two questions → a report whose page and PDF list the quotes under "Evidence used"', async () => {
    const { page, context, errors } = await newPage(browser);
    alerts(page);
    await context.addInitScript((v) => {
      if (sessionStorage.getItem('seeded')) return;
      sessionStorage.setItem('seeded', '1');
      localStorage.setItem('val.validation', v);
    }, JSON.stringify(validation));
    await page.goto(`${server.url}/#simulate`);
    const sim = page.locator('#simulate');
    await sim.getByRole('button', { name: 'Simulate Customer Conversations' }).click();
    const cards = sim.getByTestId('persona-card');
    await cards.nth(2).waitFor();
    const names = (await sim.getByTestId('persona-name').allTextContents()).map(squash);

    // Two interview questions: one to each of the first two personas.
    await cards.nth(0).click();
    await sim.getByTestId('interview-chat').getByTestId('persona-message').first().waitFor();
    const reply1 = await ask(page, QUESTIONS[0]);
    await cards.nth(1).click();
    await page.waitForFunction(() => document.querySelectorAll('#simulate [data-testid="persona-message"]').length === 1);
    const reply2 = await ask(page, QUESTIONS[1]);
    expect(reply1.length).toBeGreaterThan(20);
    expect(reply2.length).toBeGreaterThan(20);
    const stored = JSON.parse((await page.evaluate(() => localStorage.getItem('val.interviewEvidence'))) ?? 'null');
    expect(stored.map((p: { name: string; exchanges: unknown[] }) => [p.name, p.exchanges.length])).toEqual([
      [names[0], 1],
      [names[1], 1],
    ]);

    // Before paying, the dialog says which interviews go with the order.
    const reportId = await buyFeasibility(page, 'evidence@example.com', (note) => {
      expect(note?.startsWith(`Your step 3 interviews go with this order: 2 replies from ${names[0]} (`)).toBe(true);
      expect(note).toContain(`) and ${names[1]} (`);
      expect(note).toContain(`${LABEL}; the report quotes them under “Evidence used”.`);
    });

    // The report page: "Evidence used" with both personas, their questions and quotes, labelled synthetic.
    const evidence = page.getByTestId('evidence-used');
    await evidence.getByRole('heading', { name: 'Evidence used' }).waitFor();
    const personas = evidence.getByTestId('evidence-persona');
    await expect(personas.count()).resolves.toBe(2);
    expect(await evidence.getByText(LABEL, { exact: true }).count()).toBe(2);
    const shown = squash((await evidence.textContent()) ?? '');
    for (const [i, reply] of [reply1, reply2].entries()) {
      expect(shown).toContain(names[i]);
      expect(shown).toContain(QUESTIONS[i]);
      expect(shown).toContain(reply.slice(0, 120));
    }
    // The customer-facing section quotes them too.
    const section = page.locator('[data-step="target-customers"]');
    await section.getByRole('button').click();
    await section.getByRole('heading', { name: 'What the synthetic interviews said' }).waitFor();
    expect(squash((await section.textContent()) ?? '')).toContain(reply1.slice(0, 60));

    // The PDF the Download PDF button saves lists them as well.
    const pdf = squash(await downloadedPdfText(page));
    expect(pdf).toContain('Evidence used');
    expect(pdf).toContain('Synthetic interview - an AI persona, not a real customer');
    for (const [i, reply] of [reply1, reply2].entries()) {
      expect(pdf).toContain(`Q: ${QUESTIONS[i]}`);
      expect(pdf).toContain(latin(reply.slice(0, 120)));
    }

    // Screenshots of the Evidence section: 1280 and 375 px wide, dark and light.
    fs.mkdirSync(SHOTS, { recursive: true });
    for (const scheme of ['dark', 'light'] as const) {
      for (const width of [1280, 375]) {
        const view = await newPage(browser, { width, colorScheme: scheme });
        await view.page.goto(`${server.url}/report/${reportId}`);
        const ev = view.page.getByTestId('evidence-used');
        await ev.waitFor();
        // The whole page laid out at once, cut to the section (the sticky header stays at the top).
        const box = await ev.evaluate((el) => {
          const r = el.getBoundingClientRect();
          return { x: r.left + window.scrollX, y: r.top + window.scrollY, width: r.width, height: r.height };
        });
        await view.page.screenshot({ path: path.join(SHOTS, `evidence-${width}-${scheme}.png`), fullPage: true, clip: box });
        const overflow = await view.page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
        expect(overflow).toBeLessThanOrEqual(0);
        expect(view.errors).toEqual([]);
        await view.context.close();
      }
    }
    expect(errors).toEqual([]);
    await context.close();
  });

  it('an order without interviews shows no "Evidence used", on the page or in the PDF', async () => {
    const { page, context, errors } = await newPage(browser);
    alerts(page);
    await buyFeasibility(page, 'plain@example.com', (note) => expect(note).toBeNull());
    await page.getByTestId('report').waitFor();
    expect(await page.getByTestId('evidence-used').count()).toBe(0);
    expect(await page.getByText('Evidence used').count()).toBe(0);
    const pdf = squash(await downloadedPdfText(page));
    expect(pdf).not.toContain('Evidence used');
    expect(pdf).not.toContain('Synthetic interview');
    expect(errors).toEqual([]);
    await context.close();
  });
});
