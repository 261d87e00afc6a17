import type { IncomingHttpHeaders } from 'node:http';
import type { Browser, Page } from 'playwright-core';
import { launchBrowser, newPage } from './browser';
import { startTestServer, stopTestServers, type TestServer } from './server';

/**
 * Links in what a model answers or a visitor typed cannot phish from a shared page. A model's
 * links never reach the page: Val's consistency check removes the sentences that carry them
 * before the feedback is stored, and says so ("… unsupported claims removed …"); an address left
 * without a scheme ("www.evil.example/w") stays text. A visitor's own addresses in the inputs show
 * as text on the permalink. (The markdown renderer's own rule — links as text with their host —
 * has its render test in ui.)
 */

jest.setTimeout(120_000);

const EVIL = 'evil.example';
const FEEDBACK = [
  '## Market Opportunity',
  '',
  // Plain advice around the links: a feedback that would lose more than a third of itself is
  // written again from the sheet, and the check's removals would not be on the page to see.
  ...'ABCDEFGH'.split('').map((c) => `- Ask customer ${c} how they handle the problem today, in their own words.`),
  '',
  `Your refund is waiting: [Claim your refund](https://${EVIL}/refund). Log in at [paypal.com](https://${EVIL}/pp).`,
  '',
  `More at https://${EVIL}/bare and www.${EVIL}/w, or [write to us](mailto:help@${EVIL}).`,
  '',
  '## Risks',
  '',
  '- Competition is strong.',
].join('\n');

interface ChatServerLike {
  baseURL: string;
  reply(r: (req: { headers: IncomingHttpHeaders; body: { stream?: boolean } }) => unknown): void;
  close(): Promise<void>;
}
// The loopback OpenAI-compatible server of the BFF's tests (outside this project's rootDir, so required).
// eslint-disable-next-line @typescript-eslint/no-require-imports -- outside this project's rootDir (see the line above)
const { startChatServer } = require('../../bff/test/chatServer') as { startChatServer(): Promise<ChatServerLike> };

let browser: Browser;
let server: TestServer;
let chat: ChatServerLike;

beforeAll(async () => {
  chat = await startChatServer();
  chat.reply((req) => (req.body.stream ? { type: 'stream', chunks: FEEDBACK.match(/[\s\S]{1,40}/g) } : { type: 'text', content: FEEDBACK }));
  [browser, server] = await Promise.all([
    launchBrowser(),
    startTestServer({
      AI_PROVIDER: 'openai',
      OPENAI_API_KEY: 'sk-test',
      OPENAI_BASE_URL: chat.baseURL,
      AI_MAX_RETRIES: '0',
      VALIDATE_RATE_LIMIT_PER_MINUTE: '100',
    }),
  ]);
});
afterAll(async () => {
  await browser?.close();
  await stopTestServers();
  await chat?.close();
});

/** Every link on the page that leads off this server, and the text the feedback shows. */
async function offsiteLinks(page: Page, feedback: string) {
  const region = page.getByTestId(feedback);
  // Rendered as markdown (its renderer loads lazily; until then the text shows as it is).
  await region.getByRole('heading', { name: 'Risks' }).waitFor();
  return {
    links: await page.evaluate(
      (origin) =>
        Array.from(document.querySelectorAll('a[href]'))
          .map((a) => (a as HTMLAnchorElement).href)
          .filter((h) => !h.startsWith(origin) && h.includes('evil')),
      server.url,
    ),
    text: (await region.innerText()).replace(/\s+/g, ' '),
  };
}

const expectDefused = (seen: { links: string[]; text: string }) => {
  expect(seen.links).toEqual([]);
  expect(seen.text).not.toMatch(/Claim your refund|paypal\.com|https:\/\/evil|help@evil/);
  expect(seen.text).toMatch(/\d+ unsupported claims? removed by Val's consistency check\./);
  expect(seen.text).toContain('Competition is strong.');
};

describe('links from a model or a visitor', () => {
  it('the lab shows the feedback’s links as text with their host, and nothing on the page leads to them', async () => {
    const { page, context } = await newPage(browser);
    await page.goto(`${server.url}/`);
    const lab = page.locator('#validate [data-view="lab"]');
    await lab.locator('textarea[name="idea"]').fill(`Refund helper, see https://${EVIL}/idea`);
    await lab.locator('input[name="targetCustomer"]').fill(`Shoppers at www.${EVIL}`);
    await lab.locator('input[name="problemSolved"]').fill('Refunds take weeks');
    await lab.getByRole('button', { name: 'Get AI Feedback!' }).click();
    expectDefused(await offsiteLinks(page, 'validation-feedback'));
    await context.close();
  });

  it('the permalink /v/:id shows the inputs’ addresses and the feedback’s links as text', async () => {
    const { page, context } = await newPage(browser);
    const made = await page.request.post(`${server.url}/api/validate`, {
      data: { idea: `Refund helper, see https://${EVIL}/idea`, targetCustomer: `Shoppers at www.${EVIL}`, problemSolved: 'Refunds take weeks' },
    });
    expect(made.status()).toBe(200);
    const { id } = (await made.json()) as { id: string };
    await page.goto(`${server.url}/v/${id}`);
    expectDefused(await offsiteLinks(page, 'permalink-feedback'));
    expect(await page.getByTestId('permalink-idea').innerText()).toBe(`Refund helper, see https://${EVIL}/idea`);
    expect(await page.getByTestId('permalink-customer').innerText()).toBe(`Shoppers at www.${EVIL}`);
    await context.close();
  });
});
