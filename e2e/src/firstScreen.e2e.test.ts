import type { Browser } from 'playwright-core';
import { launchBrowser, newPage } from './browser';
import { startTestServer, stopTestServers, type TestServer } from './server';

/**
 * The first screen arrives as HTML: each page's main text and its head are in the server's answer
 * (what a crawler, a link preview or a phone before its JavaScript sees), and the browser then
 * hydrates that HTML in place — the same nodes, no console error, no mismatch.
 */
let server: TestServer;
let browser: Browser;

/** The page's visible text without JavaScript: tags, styles and scripts out. */
const textOf = (html: string) =>
  html
    .replace(/<(style|script|noscript)\b[\s\S]*?<\/\1>/g, ' ')
    .replace(/<[^>]+>/g, ' ')
    .replace(/&#x27;|&#39;/g, "'")
    .replace(/&amp;/g, '&')
    .replace(/\s+/g, ' ');
const attr = (html: string, re: RegExp) => re.exec(html)?.[1];

const PAGES: Array<{ path: string; title: string; text: string[]; parts: string }> = [
  {
    path: '/',
    title: 'Val — validate your startup idea with AI',
    text: ['Will your product work in your market?', 'Start Feasibility Study - $25'],
    parts: 'catalogue/Hero',
  },
  {
    path: '/products',
    title: 'AI research reports — Val',
    text: ['Research a consultant would charge thousands for', 'New Product Feasibility Study', 'Porter'],
    parts: 'catalogue/Routes',
  },
  { path: '/enterprise', title: 'Enterprise — Val', text: ['Research teams of AI agents, for your whole organisation'], parts: 'catalogue/Routes' },
  { path: '/about', title: 'About Val', text: ['About Val', 'Why Val exists'], parts: '' },
  { path: '/terms', title: 'Terms of Service — Val', text: ['Terms of Service'], parts: '' },
  { path: '/privacy', title: 'Privacy Policy — Val', text: ['Privacy Policy'], parts: '' },
  { path: '/security', title: 'Security — Val', text: ['Security'], parts: '' },
  { path: '/consulting', title: 'Consulting — Val', text: ['Consulting'], parts: '' },
  {
    path: '/validation-strategy',
    title: 'How I Validate Startup Ideas Before Building Them — Val',
    text: ['How I Validate Startup Ideas Before Building Them'],
    parts: '',
  },
  { path: '/api', title: 'The Val API — Val', text: ['The Val API', 'Every screen of Val runs on a plain JSON-over-HTTP API'], parts: '' },
];

let permalink: { id: string; deleteToken: string; idea: string; score: number };
const UNKNOWN_REPORT = 'zzzzzzzzzzzzzzzzzzzzzz';

/** A feasibility study started through the dev-only route and run to the end by the server's worker: its id, title and step titles. */
let finished: Promise<{ id: string; title: string; steps: string[] }> | undefined;
function finishedReport() {
  finished ??= (async () => {
    const r = await fetch(`${server.url}/api/dev/reports`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({
        product: 'new-product-feasibility-study',
        inputs: { targetMarket: 'Dental clinics in Germany', productIdea: 'An AI receptionist that books patients' },
      }),
    });
    expect(r.status).toBe(201);
    const { id } = (await r.json()) as { id: string };
    for (const deadline = Date.now() + 60_000; Date.now() < deadline; await new Promise((res) => setTimeout(res, 200))) {
      const status = (await (
        await fetch(`${server.url}/api/reports/status`, {
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body: JSON.stringify({ execution_id: id }),
        })
      ).json()) as { processing_status: string; title: string; flow_execution_steps: Array<{ title: string }> };
      if (status.processing_status === 'finished') return { id, title: status.title, steps: status.flow_execution_steps.map((s) => s.title) };
    }
    throw new Error('the report did not finish within 60 s');
  })();
  return finished;
}

beforeAll(async () => {
  [server, browser] = await Promise.all([startTestServer({ AI_PROVIDER: 'offline', OFFLINE_AI_DELAY_MS: '0' }), launchBrowser()]);
  const res = await fetch(`${server.url}/api/validate`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({
      idea: 'An app that books & pays for climbing gym sessions in London',
      targetCustomer: 'Indoor climbers in London',
      problemSolved: 'Booking a session takes five apps and a phone call, and most gyms are full at peak hours',
    }),
  });
  expect(res.status).toBe(200);
  permalink = (await res.json()) as typeof permalink;
}, 120_000);
afterAll(async () => {
  await browser?.close();
  await stopTestServers();
});

describe('plain HTTP, no JavaScript', () => {
  it.each(PAGES)('$path: its main text, its title, description, Open Graph and canonical tags are in the HTML', async ({ path, title, text, parts }) => {
    const res = await fetch(server.url + path);
    expect(res.status).toBe(200);
    const html = await res.text();
    expect(attr(html, /<div id="root" data-ssr="([^"]*)">/)).toBe(parts);
    const body = textOf(html.slice(html.indexOf('<div id="root"')));
    for (const t of text) expect(body).toContain(t);
    // The frame is there too: the header's link and the footer.
    expect(body).toContain('About');
    expect(body).toMatch(/© \d{4} Val\. All rights reserved\./);
    expect(attr(html, /<title>([^<]*)<\/title>/)).toBe(title);
    expect(attr(html, /<meta property="og:title" content="([^"]*)"/)).toBe(title);
    expect(attr(html, /<meta name="description" content="([^"]*)"/)).toBeTruthy();
    expect(attr(html, /<link rel="canonical" href="([^"]*)"/)).toBe(server.url + path);
    // Styled: the CSS of what is in the HTML came with it.
    expect(html).toMatch(/<style data-styled="true"[^>]*>[^<]{500,}<\/style>/);
    // The page no longer claims it needs JavaScript to be read.
    expect(html).not.toContain('Val needs JavaScript to run.');
  });

  it('a permalink shows its idea, its score and Val’s analysis, with the preview tags; never its delete token', async () => {
    const res = await fetch(`${server.url}/v/${permalink.id}`);
    expect(res.status).toBe(200);
    const html = await res.text();
    expect(attr(html, /<div id="root" data-ssr="([^"]*)">/)).toBe('validation/Routes');
    const body = textOf(html.slice(html.indexOf('<div id="root"')));
    expect(body).toContain('Shared validation');
    expect(body).toContain(permalink.idea);
    expect(body).toContain(`${permalink.score.toFixed(1)} score / 10`);
    expect(body).toContain('Val’s analysis');
    expect(body).toContain('Indoor climbers in London');
    // Time zone unknown to the server: UTC, said so.
    expect(body).toMatch(/\d{4} at \d{1,2}:\d{2} [AP]M UTC/);
    expect(attr(html, /<meta property="og:title" content="([^"]*)"/)).toContain(`scored ${permalink.score}/10`);
    expect(html).not.toContain(permalink.deleteToken);
    // The data it was rendered with, for the browser's first render (JSON that cannot close its element).
    const data = JSON.parse(attr(html, /<script id="val-page-data" type="application\/json">([^<]*)<\/script>/) ?? 'null') as Record<string, { id: string }>;
    expect(data[`/api/validations/${permalink.id}`]?.id).toBe(permalink.id);
    expect(body).not.toContain('Delete');
  });

  it('a path nobody owns answers 404 with the not-found page in the HTML', async () => {
    const res = await fetch(`${server.url}/nope-xyz/deeper`);
    expect(res.status).toBe(404);
    const body = textOf(await res.text());
    expect(body).toContain('404 Page Not Found');
    expect(body).toContain('The page you are looking for does not exist or has moved.');
  });

  it('a finished report shows its title and its sections, kept out of search engines, with what the browser needs to start from the same', async () => {
    const report = await finishedReport();
    const res = await fetch(`${server.url}/report/${report.id}`);
    expect(res.status).toBe(200);
    const html = await res.text();
    expect(attr(html, /<div id="root" data-ssr="([^"]*)">/)).toBe('catalogue/Routes');
    const body = textOf(html.slice(html.indexOf('<div id="root"')));
    expect(body).toContain(report.title);
    for (const step of report.steps.slice(0, 3)) expect(body).toContain(step);
    expect(attr(html, /<title>([^<]*)<\/title>/)).toBe('Your report — Val');
    expect(html).toMatch(/<meta name="robots" content="noindex/);
    const data = JSON.parse(attr(html, /<script id="val-page-data" type="application\/json">([^<]*)<\/script>/) ?? 'null') as Record<string, unknown>;
    expect(Object.keys(data).sort()).toEqual(['/api/feasibility/config', `/api/reports/status?execution_id=${report.id}`]);
  });

  it('a report the server does not have comes in its loading state, with no page data (the browser asks, and says it is not found)', async () => {
    const html = await (await fetch(`${server.url}/report/${UNKNOWN_REPORT}`)).text();
    expect(attr(html, /<div id="root" data-ssr="([^"]*)">/)).toBe('catalogue/Routes');
    expect(html).not.toContain('val-page-data');
    expect(html).toMatch(/data-view="report"[^>]*>[\s\S]*aria-busy="true"/);
  });

  it("a visitor's own page (noindex: a payment, the dashboard) comes with the frame, and the screen is left to the browser", async () => {
    for (const path of ['/success', '/admin']) {
      const html = await (await fetch(server.url + path)).text();
      expect(attr(html, /<div id="root" data-ssr="([^"]*)">/)).toBe('');
      expect(textOf(html)).toMatch(/© \d{4} Val\. All rights reserved\./);
      expect(html).toContain('data-testid="remote-loading"');
    }
  });
});

describe('the lab below the first screen', () => {
  it('shows its top from the HTML on a desktop, loads its code only as its form comes on screen, and then works', async () => {
    const { page, context, errors } = await newPage(browser, { width: 1280, height: 900 });
    const labCode: string[] = [];
    page.on('request', (r) => /\/remotes\/validation\/.+\.js/.test(r.url()) && labCode.push(new URL(r.url()).pathname));
    await page.goto(server.url + '/', { waitUntil: 'load' });
    // The heading is on the first screen, from the server's preview; the form below it is not yet live.
    await expect(page.getByRole('heading', { name: 'Idea Validation Lab' }).boundingBox()).resolves.toMatchObject({ y: expect.any(Number) });
    expect(((await page.getByRole('heading', { name: 'Idea Validation Lab' }).boundingBox()) ?? { y: 9999 }).y).toBeLessThan(900);
    await expect(page.locator('#validate [data-preview="validation/Lab"]').count()).resolves.toBe(1);
    await page.waitForTimeout(500);
    expect(labCode).toEqual([]);
    // Scrolled to: the live lab takes the preview's place, and takes typing.
    await page.evaluate(() => document.querySelector('#validate textarea')?.scrollIntoView({ block: 'center' }));
    await page.locator('#validate [data-remote-slot="validation"]:not([data-preview])').waitFor();
    expect(labCode.some((u) => u.endsWith('/remoteEntry.js'))).toBe(true);
    const idea = page.locator('#validate textarea[name="idea"]');
    await idea.fill('A test idea typed into the live lab');
    await expect(idea.inputValue()).resolves.toBe('A test idea typed into the live lab');
    expect(errors).toEqual([]);
    await context.close();
  }, 60_000);
});

describe('hydration', () => {
  const paths = async () => [
    '/',
    '/products',
    '/about',
    '/terms',
    '/api',
    `/v/${permalink.id}`,
    `/report/${(await finishedReport()).id}`,
    `/report/${UNKNOWN_REPORT}`,
    '/nope-xyz',
  ];

  it.each(['dark', 'light'] as const)(
    'keeps the server’s nodes and logs nothing, on every page (%s theme)',
    async (colorScheme) => {
      for (const path of await paths()) {
        const { page, context, errors } = await newPage(browser, { colorScheme });
        const consoleErrors: string[] = [];
        page.on('console', (m) => (m.type() === 'error' || m.type() === 'warning') && consoleErrors.push(`${path}: ${m.text()}`));
        // The first heading as the server sent it, before any script ran (for a report still loading,
        // whose heading changes once the browser learns there is no such report: its section).
        const selector = path.endsWith(UNKNOWN_REPORT) ? '#root main > *' : '#root h1';
        await page.addInitScript((sel) => {
          document.addEventListener('DOMContentLoaded', () => {
            (window as unknown as { serverHeading: Element | null }).serverHeading = document.querySelector(sel);
          });
        }, selector);
        await page.goto(server.url + path, { waitUntil: 'commit' });
        // Tapped as soon as it shows: the header's theme toggle answers once hydrated (a React
        // handler, not in the HTML; a tap before that is kept and replayed).
        await page.getByTestId('theme-toggle').click();
        await page.waitForFunction((scheme) => document.documentElement.getAttribute('data-theme') === (scheme === 'dark' ? 'light' : 'dark'), colorScheme);
        const kept = await page.evaluate(() => {
          const first = (window as unknown as { serverHeading: Element | null }).serverHeading;
          // Still in the document: hydration kept the server's node (rendering from scratch would have replaced it).
          return { same: first !== null && first.isConnected, text: first?.textContent };
        });
        expect({ path, ...kept }).toEqual({ path, same: true, text: expect.any(String) });
        expect(errors).toEqual([]);
        // Chromium's own line for a 404 answer (the missing page; the unknown report's status) is all there may be.
        expect(consoleErrors.filter((e) => !((path === '/nope-xyz' || path.endsWith(UNKNOWN_REPORT)) && /404 \(Not Found\)/.test(e)))).toEqual([]);
        await context.close();
      }
    },
    120_000,
  );

  it('a permalink’s creator gets Delete and the local time once hydrated; the page is not rendered again', async () => {
    const { page, context, errors } = await newPage(browser, { timezoneId: 'America/New_York' });
    await page.addInitScript(
      ([id, token]) => {
        localStorage.setItem('val.myValidations', JSON.stringify([{ id, title: 'x', createdAt: new Date().toISOString(), score: 5, deleteToken: token }]));
        document.addEventListener('DOMContentLoaded', () => {
          (window as unknown as { serverHeading: Element | null }).serverHeading = document.querySelector('#root h1');
        });
      },
      [permalink.id, permalink.deleteToken],
    );
    await page.goto(`${server.url}/v/${permalink.id}`, { waitUntil: 'networkidle' });
    await page.getByRole('button', { name: 'Delete', exact: true }).waitFor();
    await expect(page.locator('time').textContent()).resolves.not.toContain('UTC');
    expect(await page.evaluate(() => (window as unknown as { serverHeading: Element | null }).serverHeading === document.querySelector('#root h1'))).toBe(true);
    expect(errors).toEqual([]);
    await context.close();
  }, 60_000);
});
