import fs from 'node:fs';
import path from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { launchBrowser, newPage } from './browser';
import { startTestServer, stopTestServers, type TestServer } from './server';

/**
 * A founder validates, edits the customer and re-validates; the lab compares the two
 * versions; the result has a permalink anyone can open; its creator can delete it; "My
 * validations" lists both, newest first. PIVOT_SCREENSHOT_DIR=… also saves the comparison and the
 * permalink at 1280 and 375 px in both themes.
 */
const before = {
  idea: 'An app that plans a week of cheap, healthy dinners from what is already in your fridge',
  targetCustomer: 'Everyone who cooks',
  problemSolved: 'They waste money on food that spoils and spend 30 minutes every evening deciding what to cook',
};
const NARROW = 'Busy working parents with two or more kids';
const SHOTS = process.env.PIVOT_SCREENSHOT_DIR;

let browser: Browser;
let server: TestServer;

beforeAll(async () => {
  [browser, server] = await Promise.all([
    launchBrowser(),
    startTestServer({ AI_PROVIDER: 'offline', OFFLINE_AI_DELAY_MS: '5', VALIDATE_RATE_LIMIT_PER_MINUTE: '50' }),
  ]);
});
afterAll(async () => {
  await browser?.close();
  await stopTestServers();
});

const lab = (page: Page) => page.locator('#validate [data-view="lab"]');
const myIds = (page: Page) => page.evaluate(() => (JSON.parse(localStorage.getItem('val.myValidations') || '[]') as Array<{ id: string }>).map((v) => v.id));

async function shoot(name: string, page: Page, fullPage = false) {
  if (!SHOTS) return;
  fs.mkdirSync(SHOTS, { recursive: true });
  await page.screenshot({ path: path.join(SHOTS, `${name}.png`), fullPage });
}

describe('pivots compared, permalinks shared', () => {
  it('validate → edit and re-validate → comparison; the permalink in a fresh context; delete → not found; My validations', async () => {
    const { page, errors } = await newPage(browser);
    await page.goto(server.url + '/');
    await lab(page).getByRole('heading', { name: 'Idea Validation Lab' }).waitFor();
    // Nothing of the shareable-validation screens (comparison, "My validations") is loaded before there is something to show.
    expect(await page.getByTestId('my-validations').count()).toBe(0);

    // Version 1: a broad customer.
    await lab(page).locator('textarea[name="idea"]').fill(before.idea);
    await lab(page).locator('input[name="targetCustomer"]').fill(before.targetCustomer);
    await lab(page).locator('input[name="problemSolved"]').fill(before.problemSolved);
    await lab(page).getByRole('button', { name: 'Get AI Feedback!' }).click();
    await page.getByRole('heading', { name: "Val's Analysis is Ready!" }).waitFor({ timeout: 30000 });
    const [idA] = await myIds(page);
    expect(idA).toMatch(/^[0-9a-f-]{36}$/);
    const scoreA = (await page.request.get(`${server.url}/api/validations/${idA}`).then((r) => r.json())).score as number;

    // 'Edit and re-validate': the form keeps the inputs and says what the new result is compared with.
    await page.getByTestId('validation-result').getByRole('button', { name: 'Edit and re-validate' }).click();
    await page.getByTestId('version-note').getByText('New version of “An app that plans a week', { exact: false }).waitFor();
    const customer = lab(page).locator('input[name="targetCustomer"]');
    expect(await customer.inputValue()).toBe(before.targetCustomer);
    await customer.fill(NARROW);
    await lab(page).getByRole('button', { name: 'Get AI Feedback!' }).click();

    // The new result shows "Compared with <previous>": the score change, the inputs' diff, the sections.
    const cmp = page.getByTestId('comparison');
    await cmp.waitFor({ timeout: 30000 });
    await cmp.getByRole('heading', { name: `Compared with “${before.idea}”` }).waitFor();
    const ids = await myIds(page);
    expect(ids).toHaveLength(2);
    const idB = ids[0];
    expect(ids).toEqual([idB, idA]);
    const b = await page.request.get(`${server.url}/api/validations/${idB}`).then((r) => r.json());
    expect(b.targetCustomer).toBe(NARROW);
    expect(b.score).toBeGreaterThan(scoreA);
    const change = (Math.round((b.score - scoreA) * 10) / 10).toFixed(1);
    const scoreText = (await page.getByTestId('comparison-score').innerText()).replace(/\s+/g, ' ');
    expect(scoreText).toContain(`${scoreA.toFixed(1)}/10 → ${b.score.toFixed(1)}/10 +${change}`);
    const inputs = page.getByTestId('comparison-inputs');
    expect(await inputs.locator('del').allInnerTexts()).toEqual([before.targetCustomer]);
    expect(await inputs.locator('ins').allInnerTexts()).toEqual([NARROW]);
    expect(await inputs.locator('dd').first().innerText()).toBe('unchanged');
    const changed = page.getByTestId('comparison-sections').locator('li[data-state="changed"]');
    expect(await changed.count()).toBeGreaterThanOrEqual(3);
    const customerSection = changed.filter({ hasText: 'Target Customer Profile' });
    await customerSection.waitFor();
    expect(await customerSection.locator('li[data-op="added"]').count()).toBeGreaterThan(0);
    // The changed lines are one click away.
    expect(await customerSection.locator('li[data-op="added"]').first().isVisible()).toBe(false);
    await customerSection.locator('summary').click();
    expect((await customerSection.innerText()).toLowerCase()).toContain('busy working parents');
    await changed.filter({ hasText: `Validation Score: ${b.score.toFixed(1)}/10` }).waitFor();

    // My validations: both, newest first, the current one marked.
    const mine = page.getByTestId('my-validation');
    await mine.nth(1).waitFor();
    expect(await mine.evaluateAll((els) => els.map((e) => e.getAttribute('data-id')))).toEqual([idB, idA]);
    expect(await mine.first().innerText()).toContain('shown above');
    expect(await mine.first().innerText()).toContain(`${b.score.toFixed(1)}/10`);
    expect(await mine.nth(1).innerText()).toContain(`${scoreA.toFixed(1)}/10`);

    // 'Copy link' copies the permalink.
    await page.context().grantPermissions(['clipboard-read', 'clipboard-write'], { origin: server.url });
    await page.getByTestId('validation-result').getByRole('button', { name: 'Copy link' }).click();
    await page.getByText('Link copied').waitFor();
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(`${server.url}/v/${idB}`);

    if (SHOTS) {
      for (const [w, h] of [
        [1280, 900],
        [375, 812],
      ]) {
        await page.setViewportSize({ width: w, height: h });
        for (const scheme of ['dark', 'light'] as const) {
          await page.emulateMedia({ colorScheme: scheme });
          await page.evaluate((s) => localStorage.setItem('theme', s), scheme);
          await page.reload();
          await lab(page).getByTestId('my-validations').waitFor();
          // The comparison is shown for a fresh result: compare again from the list after the reload.
          await page.getByTestId('my-validation').nth(1).getByRole('button', { name: 'Compare with current' }).click();
          await cmp.waitFor();
          await cmp.locator('li[data-state="changed"]').filter({ hasText: 'Target Customer Profile' }).locator('summary').click();
          await cmp.scrollIntoViewIfNeeded();
          await page.waitForTimeout(400);
          await cmp.screenshot({ path: path.join(SHOTS, `compare-${w}-${scheme}.png`) });
          await page.getByTestId('my-validations').screenshot({ path: path.join(SHOTS, `my-validations-${w}-${scheme}.png`) });
        }
      }
      await page.setViewportSize({ width: 1280, height: 900 });
    }

    // The permalink opens in a fresh browser context (no storage): the same result, read-only.
    const fresh = await newPage(browser);
    await fresh.page.goto(`${server.url}/v/${idB}`);
    const perma = fresh.page.getByTestId('validation-permalink');
    await perma.waitFor();
    expect(await fresh.page.getByTestId('permalink-customer').innerText()).toBe(NARROW);
    expect(await fresh.page.getByTestId('permalink-idea').innerText()).toBe(before.idea);
    expect(await fresh.page.getByTestId('permalink-score').innerText()).toContain(b.score.toFixed(1));
    await fresh.page.getByTestId('permalink-feedback').getByRole('heading', { name: 'Market Opportunity' }).waitFor();
    expect(await fresh.page.getByTestId('permalink-feedback').innerText()).toContain('busy working parents with two or more kids');
    expect(await perma.getByRole('button', { name: 'Download PDF Report' }).isVisible()).toBe(true);
    expect(await perma.getByRole('button', { name: 'Delete' }).count()).toBe(0); // not the creator
    const downloading = fresh.page.waitForEvent('download');
    await perma.getByRole('button', { name: 'Download PDF Report' }).click();
    expect((await downloading).suggestedFilename()).toMatch(/^val-report-an-app-that-\d{6}\.pdf$/);
    if (SHOTS) {
      for (const [w, h] of [
        [1280, 900],
        [375, 812],
      ]) {
        for (const scheme of ['dark', 'light'] as const) {
          const p = await newPage(browser, { width: w, height: h, colorScheme: scheme });
          await p.page.goto(`${server.url}/v/${idB}`);
          await p.page.getByTestId('permalink-feedback').getByRole('heading', { name: 'Market Opportunity' }).waitFor();
          await p.page.waitForTimeout(300);
          await shoot(`permalink-${w}-${scheme}`, p.page);
          await p.context.close();
        }
      }
    }

    // 'Validate a new version' opens the lab pre-filled from it.
    await perma.getByRole('button', { name: 'Validate a new version' }).click();
    await fresh.page.waitForURL(`${server.url}/#validate`);
    await fresh.page.getByTestId('version-note').waitFor();
    expect(await lab(fresh.page).locator('input[name="targetCustomer"]').inputValue()).toBe(NARROW);
    expect(await lab(fresh.page).locator('textarea[name="idea"]').inputValue()).toBe(before.idea);
    await fresh.context.close();

    // The creator deletes it from the permalink page: the link is now 'not found', everywhere.
    await page.goto(`${server.url}/v/${idB}`);
    await page.getByTestId('validation-permalink').getByRole('button', { name: 'Delete' }).click();
    await page.getByTestId('confirm-delete').click();
    await page.getByTestId('validation-not-found').getByRole('heading', { name: 'Validation not found' }).waitFor();
    expect((await page.request.get(`${server.url}/api/validations/${idB}`)).status()).toBe(404);
    const after = await newPage(browser);
    await after.page.goto(`${server.url}/v/${idB}`);
    await after.page.getByTestId('validation-not-found').getByText('This validation does not exist, or its creator deleted it.').waitFor();
    if (SHOTS) await shoot('permalink-not-found-1280-dark', after.page);
    await after.context.close();

    // My validations now lists only the first version.
    await page.goto(`${server.url}/#validate`);
    await page.getByTestId('my-validation').first().waitFor();
    expect(await page.getByTestId('my-validation').evaluateAll((els) => els.map((e) => e.getAttribute('data-id')))).toEqual([idA]);
    expect(errors).toEqual([]);
  }, 180_000);

  it('keeps the last 50 in My validations: a 51st validation drops the oldest', async () => {
    const { page, errors, context } = await newPage(browser);
    await page.goto(server.url + '/');
    // 50 earlier validations of this browser, one a day in January and February.
    const stored = Array.from({ length: 50 }, (_, i) => ({
      id: `10000000-0000-4000-8000-${String(i + 1).padStart(12, '0')}`,
      title: `Stored idea ${i + 1}`,
      createdAt: new Date(Date.UTC(2026, 0, 1 + i)).toISOString(),
      score: 5,
    }));
    await page.evaluate((list) => localStorage.setItem('val.myValidations', JSON.stringify(list)), stored);
    await page.reload();
    const mine = page.getByTestId('my-validation');
    await mine.first().waitFor();
    expect(await mine.count()).toBe(50);

    await lab(page).locator('textarea[name="idea"]').fill(before.idea);
    await lab(page).locator('input[name="targetCustomer"]').fill(NARROW);
    await lab(page).locator('input[name="problemSolved"]').fill(before.problemSolved);
    await lab(page).getByRole('button', { name: 'Get AI Feedback!' }).click();
    await page.getByRole('heading', { name: "Val's Analysis is Ready!" }).waitFor({ timeout: 30000 });
    const [made] = await myIds(page);
    expect(made).toMatch(/^[0-9a-f-]{36}$/);
    expect(stored.map((v) => v.id)).not.toContain(made);

    const newestFirst = [
      made,
      ...stored
        .slice(1)
        .reverse()
        .map((v) => v.id),
    ];
    expect(await myIds(page)).toEqual(newestFirst);
    await page.reload();
    await mine.first().waitFor();
    expect(await mine.evaluateAll((els) => els.map((e) => e.getAttribute('data-id')))).toEqual(newestFirst);
    expect(errors).toEqual([]);
    await context.close();
  }, 120_000);

  it('keeps My validations working over corrupt storage, and a malformed permalink is not found', async () => {
    const { page, errors } = await newPage(browser);
    await page.goto(server.url + '/');
    await page.evaluate(() => {
      localStorage.setItem(
        'val.myValidations',
        JSON.stringify([
          { id: 'not-a-uuid' },
          42,
          null,
          { id: '10000000-0000-4000-8000-000000000001', title: 'Kept', createdAt: '2026-01-02T00:00:00Z', score: 'x' },
        ]),
      );
    });
    await page.reload();
    const mine = page.getByTestId('my-validation');
    await mine.first().waitFor();
    expect(await mine.count()).toBe(1);
    expect(await mine.first().innerText()).toContain('Kept');
    await page.evaluate(() => localStorage.setItem('val.myValidations', '{broken json'));
    await page.reload();
    await lab(page).getByRole('heading', { name: 'Idea Validation Lab' }).waitFor();
    expect(await page.getByTestId('my-validations').count()).toBe(0);

    await page.goto(`${server.url}/v/not-a-validation`);
    await page.getByTestId('validation-not-found').waitFor();
    expect(errors).toEqual([]);
  }, 60_000);
});
