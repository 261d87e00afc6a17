import http from 'node:http';
import type { AddressInfo } from 'node:net';
import type { Browser, Page } from 'playwright-core';
import { launchBrowser, newPage } from './browser';
import { startTestServer, stopTestServers, type TestServer } from './server';

/** What the validation helper stores after step 1 (the shell's 'val.validation'). */
const validation = {
  idea: 'A booking app that lets independent hair salons fill last-minute cancellations with nearby customers',
  targetCustomer: 'Independent hair salon owners in mid-sized cities',
  problemSolved: 'Last-minute cancellations leave chairs empty and cost salons money every week',
  feedback: '## Score: 7/10\nA promising niche with a clear, painful problem.',
};
const LIMITS = { SIMULATION_CHAT_RATE_LIMIT_PER_MINUTE: '1000', SIMULATION_GENERATE_RATE_LIMIT_PER_MINUTE: '1000' };

let browser: Browser;
let server: TestServer;
let failing: TestServer;
let brokenModel: http.Server;

beforeAll(async () => {
  // A chat-completions "model" that always fails: the failing server's provider answers 500.
  brokenModel = http.createServer((req, res) => {
    req.resume();
    req.on('end', () => {
      res.writeHead(500, { 'content-type': 'application/json' });
      res.end(JSON.stringify({ error: { message: 'boom', type: 'server_error' } }));
    });
  });
  await new Promise<void>((r) => brokenModel.listen(0, '127.0.0.1', r));
  const modelUrl = `http://127.0.0.1:${(brokenModel.address() as AddressInfo).port}/v1`;
  [browser, server, failing] = await Promise.all([
    launchBrowser(),
    startTestServer(LIMITS),
    startTestServer({ ...LIMITS, AI_PROVIDER: 'openai', OPENAI_API_KEY: 'sk-test', OPENAI_BASE_URL: modelUrl, AI_MAX_RETRIES: '0', AI_TIMEOUT_MS: '3000' }),
  ]);
});
afterAll(async () => {
  await browser?.close();
  await stopTestServers();
  await new Promise((r) => brokenModel?.close(r));
});

/** A page whose storage holds the validation (and optionally step-3 progress) before the app loads. */
async function openHome(base: string, opts: { withValidation?: boolean; progress?: string | null; width?: number } = {}) {
  const { page, context, errors } = await newPage(browser, { width: opts.width ?? 1280 });
  await context.addInitScript(
    ([v, progress]) => {
      if (sessionStorage.getItem('seeded')) return;
      sessionStorage.setItem('seeded', '1');
      if (v) localStorage.setItem('val.validation', v);
      if (progress) localStorage.setItem('val.simulation', progress);
    },
    [opts.withValidation === false ? null : JSON.stringify(validation), opts.progress ?? null] as const,
  );
  await page.goto(base + '/#simulate');
  await page.locator('#simulate [data-remote="simulation"]').waitFor();
  return { page, context, errors, sim: page.locator('#simulate') };
}

const toast = (page: Page) => page.getByTestId('toast');
async function expectToast(page: Page, title: string, description?: string) {
  // Wait for the toast that has both texts: an earlier toast with the same title may still be
  // on screen for a moment before the new one replaces it.
  let t = toast(page).filter({ hasText: title });
  if (description) t = t.filter({ hasText: description });
  await t.waitFor();
  expect(await t.textContent()).toContain(title);
}

describe('step 3: customer interviews and the launch simulation', () => {
  it('is locked until a validation exists', async () => {
    const { sim, context } = await openHome(server.url, { withValidation: false });
    await sim.getByText('Complete Steps 1 and 2 above to unlock customer interviews and startup simulation!').waitFor();
    expect(await sim.getByRole('button', { name: 'Simulate Customer Conversations' }).count()).toBe(0);
    await context.close();
  });

  it('runs the whole journey: personas → interview → simulation → challenge → Val chat → complete, and survives a reload', async () => {
    const { page, sim, context, errors } = await openHome(server.url);
    const start = sim.getByRole('button', { name: 'Simulate Customer Conversations' });
    await start.click();
    await expectToast(page, 'Customers Generated!', 'Ready to start customer interviews');

    const cards = sim.getByTestId('persona-card');
    await expect(cards.count()).resolves.toBe(3);
    const names = await sim.getByTestId('persona-name').allTextContents();
    expect(new Set(names).size).toBe(3);
    expect((await cards.first().textContent())!.toLowerCase()).toContain('hair salon owner');

    // Interview the first persona: opening message, a question, a reply.
    await cards.first().click();
    expect(await cards.first().getAttribute('aria-pressed')).toBe('true');
    const chat = sim.getByTestId('interview-chat');
    await chat.getByTestId('persona-message').first().waitFor();
    expect(await chat.getByTestId('persona-message').first().textContent()).toContain(names[0]);
    const box = chat.getByPlaceholder('Ask about their pain points, budget and timeline...');
    const send = chat.getByRole('button', { name: 'Send' });
    expect(await send.isDisabled()).toBe(true);
    await box.fill('   ');
    expect(await send.isDisabled()).toBe(true);
    await box.fill('How much would you pay per month, and when could you start?');
    await send.click();
    await chat.getByTestId('founder-message').waitFor();
    await page.waitForFunction(() => document.querySelectorAll('#simulate [data-testid="persona-message"]').length >= 2);
    const reply = await chat.getByTestId('persona-message').nth(1).textContent();
    expect(reply).toMatch(/\$\d+/);
    expect(reply).toContain('How much would you pay per month');

    // No simulation button before an interview is done.
    expect(await sim.getByRole('button', { name: 'Generate Journey Simulation' }).count()).toBe(0);
    await chat.getByRole('button', { name: 'Done' }).click();
    await sim.getByTestId('persona-done').waitFor();
    expect(await sim.getByTestId('interview-chat').count()).toBe(0);
    expect(await cards.first().getAttribute('data-done')).toBe('true');

    // Reload in the middle: personas, the interview and the checkmark are still there.
    await page.reload();
    await sim.getByTestId('persona-done').waitFor();
    await expect(sim.getByTestId('persona-card').count()).resolves.toBe(3);
    await sim.getByTestId('persona-card').first().click();
    await expect(sim.getByTestId('persona-message').count()).resolves.toBe(2);
    await expect(sim.getByTestId('founder-message').count()).resolves.toBe(1);

    // The simulation.
    const generate = sim.getByRole('button', { name: 'Generate Journey Simulation' });
    await generate.click();
    await sim.getByTestId('month-card').first().waitFor();
    const monthCards = sim.getByTestId('month-card');
    await expect(monthCards.count()).resolves.toBe(6);
    const users = (await sim.getByTestId('month-users').allTextContents()).map((t) => Number(t.replace(/\D/g, '')));
    expect(users.every((u) => u > 0)).toBe(true);
    const growth = await sim.getByTestId('month-growth').allTextContents();
    expect(growth[0]).toBe('Launch');
    expect(growth[1]).toBe(`${users[1] >= users[0] ? '+' : ''}${Math.round(((users[1] - users[0]) / users[0]) * 100)}%`);
    const bars = await sim.getByRole('progressbar').evaluateAll((els) => els.map((e) => Number(e.getAttribute('aria-valuenow'))));
    expect(Math.max(...bars)).toBe(100);
    // The numbers behind the cards: the sheet's month table matches them, and the model's figures are explained.
    await sim.getByText('The numbers behind this simulation').click();
    const monthsTable = sim.getByTestId('simulation-sheet-months');
    await monthsTable.waitFor();
    const rows = await monthsTable.locator('tbody tr').evaluateAll((trs) => trs.map((tr) => Array.from(tr.children, (c) => c.textContent ?? '')));
    expect(rows.map((r) => Number(r[1].replace(/\D/g, '')))).toEqual(users);
    expect(rows[0][4]).toBe('Launch');
    expect(rows[1][4]).toBe(growth[1].replace('-', '\u2212'));
    await sim.getByRole('rowheader', { name: 'Users in the launch month' }).waitFor();
    await sim.getByText('These numbers come from a model in code, not from the AI.', { exact: false }).waitFor();

    // Answer a challenge and get Val's feedback.
    const challenge = sim.getByTestId('month-challenge').first();
    const feedbackButton = challenge.getByRole('button', { name: "Get Val's Feedback" });
    expect(await feedbackButton.isDisabled()).toBe(true);
    await challenge.getByRole('textbox').fill('I will track weekly rebookings and call 5 salons by Friday to ask what would make them book twice.');
    await feedbackButton.click();
    await expectToast(page, "Val's Feedback Ready!");
    const feedback = await challenge.getByTestId('month-feedback').textContent();
    expect(feedback).toContain('I will track weekly rebookings');
    expect(feedback).toMatch(/Month \d/);

    // Chat with Val in month 2: greeting, question, reply; one chat open at a time; X closes.
    const month2 = monthCards.nth(1);
    await month2.getByRole('button', { name: 'Chat with Val' }).click();
    const valChat = month2.getByTestId('val-chat');
    await valChat.getByTestId('val-message').first().waitFor();
    expect(await valChat.getByTestId('val-message').first().textContent()).toContain('Month 2');
    await valChat.getByRole('textbox').fill('How do I grow faster next month?');
    await valChat.getByRole('button', { name: 'Send' }).click();
    await page.waitForFunction(() => document.querySelectorAll('#simulate [data-month="2"] [data-testid="val-message"]').length >= 2);
    const valReply = await valChat.getByTestId('val-message').nth(1).textContent();
    expect(valReply).toContain(`${users[1]} users`);
    await monthCards.nth(2).getByRole('button', { name: 'Chat with Val' }).click();
    await expect(sim.getByTestId('val-chat').count()).resolves.toBe(1);
    await monthCards.nth(2).getByRole('button', { name: 'Close chat' }).click();
    await expect(sim.getByTestId('val-chat').count()).resolves.toBe(0);

    // The end: 'Simulation Complete!' with the website-builder and pitch-deck cards.
    await sim.getByText('Simulation Complete!').waitFor();
    const affiliates = sim.getByTestId('affiliate-card');
    await expect(affiliates.count()).resolves.toBe(2);
    const links = await affiliates
      .getByRole('link', { name: /^Try / })
      .evaluateAll((els) => els.map((e) => ({ text: e.textContent, href: e.getAttribute('href'), target: e.getAttribute('target') })));
    expect(links).toEqual([
      { text: 'Try Bubble', href: 'https://bubble.io/?ref=val', target: '_blank' },
      { text: 'Try Gamma', href: 'https://gamma.app/?ref=val', target: '_blank' },
    ]);

    // Reload: the simulation, the answer, the feedback and the month-2 chat are kept.
    await page.reload();
    await sim.getByTestId('month-card').first().waitFor();
    expect((await sim.getByTestId('month-users').allTextContents()).map((t) => Number(t.replace(/\D/g, '')))).toEqual(users);
    expect(await sim.getByTestId('month-feedback').first().textContent()).toContain('I will track weekly rebookings');
    await sim.getByTestId('month-card').nth(1).getByRole('button', { name: 'Chat with Val' }).click();
    await expect(sim.getByTestId('val-message').count()).resolves.toBe(2);
    await expect(sim.getByTestId('founder-chat-message').count()).resolves.toBe(1);

    // 'val:start-over' clears step 3.
    await page.evaluate(() => window.dispatchEvent(new CustomEvent('val:start-over')));
    await page.waitForFunction(() => localStorage.getItem('val.simulation') === null || !JSON.parse(localStorage.getItem('val.simulation')!).personas.length);
    expect(errors).toEqual([]);
    await context.close();
  });

  it('starts over when the validation is for another idea', async () => {
    const { page, sim, context } = await openHome(server.url);
    await sim.getByRole('button', { name: 'Simulate Customer Conversations' }).click();
    await sim.getByTestId('persona-card').first().waitFor();
    const stored = await page.evaluate(() => localStorage.getItem('val.simulation'));
    const other = await openHome(server.url, { progress: stored });
    await expect(other.sim.getByTestId('persona-card').count()).resolves.toBe(3);
    await other.page.evaluate(
      (v) => localStorage.setItem('val.validation', JSON.stringify({ ...v, idea: 'A completely different idea about bikes' })),
      validation,
    );
    await other.page.reload();
    await other.sim.getByRole('button', { name: 'Simulate Customer Conversations' }).waitFor();
    expect(await other.sim.getByTestId('persona-card').count()).toBe(0);
    await other.context.close();
    await context.close();
  });

  describe('when the AI provider fails', () => {
    /** Step-3 progress made on the working server, to continue on the failing one. */
    let progress: string;
    beforeAll(async () => {
      const { page, sim, context } = await openHome(server.url);
      await sim.getByRole('button', { name: 'Simulate Customer Conversations' }).click();
      await sim.getByTestId('persona-card').first().click();
      await sim.getByTestId('persona-message').first().waitFor();
      await sim.getByRole('button', { name: 'Done' }).click();
      await sim.getByRole('button', { name: 'Generate Journey Simulation' }).click();
      await sim.getByTestId('month-card').first().waitFor();
      progress = (await page.evaluate(() => localStorage.getItem('val.simulation')))!;
      await context.close();
    });
    const withoutSimulation = () => JSON.stringify({ ...JSON.parse(progress), simulation: null, assumptions: null });

    it("shows 'Failed to generate customer personas'", async () => {
      const { page, sim, context } = await openHome(failing.url);
      const button = sim.getByRole('button', { name: 'Simulate Customer Conversations' });
      await button.click();
      await expectToast(page, 'Error', 'Failed to generate customer personas');
      expect(await button.isEnabled()).toBe(true);
      expect(await sim.getByTestId('persona-card').count()).toBe(0);
      await context.close();
    });

    it("greets locally when the opening fails, and shows 'Failed to get customer response' for a reply", async () => {
      const p = JSON.parse(withoutSimulation());
      const { page, sim, context } = await openHome(failing.url, { progress: JSON.stringify({ ...p, interviews: {}, completed: [] }) });
      await sim.getByTestId('persona-card').nth(1).click();
      const first = sim.getByTestId('persona-message').first();
      await first.waitFor();
      expect(await first.textContent()).toContain(`Hi, I'm ${p.personas[1].name}, ${p.personas[1].role}.`);
      await sim.getByPlaceholder('Ask about their pain points, budget and timeline...').fill('What is your budget?');
      await sim.getByRole('button', { name: 'Send' }).click();
      await expectToast(page, 'Error', 'Failed to get customer response');
      expect(await sim.getByTestId('founder-message').count()).toBe(0);
      expect(await sim.getByPlaceholder('Ask about their pain points, budget and timeline...').inputValue()).toBe('What is your budget?');
      await context.close();
    });

    it("shows 'Failed to generate simulation'", async () => {
      const { page, sim, context } = await openHome(failing.url, { progress: withoutSimulation() });
      await sim.getByRole('button', { name: 'Generate Journey Simulation' }).click();
      await expectToast(page, 'Error', 'Failed to generate simulation');
      expect(await sim.getByTestId('month-card').count()).toBe(0);
      await context.close();
    });

    it("shows 'Failed to get feedback' and a destructive 'Failed to get Val's response'", async () => {
      const { page, sim, context } = await openHome(failing.url, { progress });
      const challenge = sim.getByTestId('month-challenge').first();
      await challenge.getByRole('textbox').fill('Call five salons this week.');
      await challenge.getByRole('button', { name: "Get Val's Feedback" }).click();
      await expectToast(page, 'Error', 'Failed to get feedback');
      expect(await sim.getByTestId('month-feedback').count()).toBe(0);

      const month2 = sim.getByTestId('month-card').nth(1);
      await month2.getByRole('button', { name: 'Chat with Val' }).click();
      await month2.getByTestId('val-message').first().waitFor();
      await month2.getByTestId('val-chat').getByRole('textbox').fill('What should I focus on?');
      await month2.getByTestId('val-chat').getByRole('button', { name: 'Send' }).click();
      await expectToast(page, 'Error', "Failed to get Val's response");
      expect(await toast(page).getAttribute('data-variant')).toBe('destructive');
      await context.close();
    });
  });

  it('fits a 375 px screen without horizontal scrolling', async () => {
    const { page, sim, context } = await openHome(server.url, { width: 375 });
    await sim.getByRole('button', { name: 'Simulate Customer Conversations' }).click();
    await sim.getByTestId('persona-card').first().click();
    await sim.getByTestId('persona-message').first().waitFor();
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
    expect(overflow).toBeLessThanOrEqual(0);
    await context.close();
  });
});
