import type { Browser } from 'playwright-core';
import { launchBrowser, newPage } from './browser';
import { startTestServer, stopTestServers, type TestServer } from './server';

/**
 * The /api page renders the OpenAPI document the server generates (GET /api/openapi.json): one
 * card per operation, in the document's groups, readable at 375 px; if the document cannot be
 * loaded it says so and offers a retry.
 */

let browser: Browser;
let server: TestServer;

beforeAll(async () => {
  [browser, server] = await Promise.all([launchBrowser(), startTestServer()]);
}, 120_000);

afterAll(async () => {
  await browser?.close();
  await stopTestServers();
});

type Doc = { paths: Record<string, Record<string, { summary: string; operationId: string }>>; tags: Array<{ name: string }> };

describe('/api', () => {
  it.each([
    [375, 'dark'],
    [1280, 'light'],
  ] as const)('shows every operation of the document at %i px (%s), without horizontal scrolling', async (width, colorScheme) => {
    const doc = (await (await fetch(`${server.url}/api/openapi.json`)).json()) as Doc;
    const expected = Object.entries(doc.paths).flatMap(([path, item]) =>
      Object.entries(item).map(([m, op]) => ({ line: `${m.toUpperCase()} ${path}`, summary: op.summary })),
    );
    const { page, errors, context } = await newPage(browser, { width, colorScheme });
    await page.goto(`${server.url}/api`);
    await page.getByRole('heading', { level: 1, name: 'The Val API' }).waitFor();
    await page.locator('[data-testid=api-endpoint]').first().waitFor();
    const cards = await page.locator('[data-testid=api-endpoint]').evaluateAll((els) =>
      els.map((el) => ({
        line: `${el.querySelector('.line span')?.textContent} ${el.querySelector('.path')?.textContent}`,
        summary: el.querySelector('h3')?.textContent,
      })),
    );
    expect(cards.sort((a, b) => a.line.localeCompare(b.line))).toEqual(expected.sort((a, b) => a.line.localeCompare(b.line)));
    for (const tag of doc.tags) await page.getByRole('heading', { level: 2, name: tag.name, exact: true }).waitFor();
    expect(await page.locator('#validate').getByText('idea', { exact: true }).count()).toBeGreaterThan(0);
    expect(await page.locator('#adminLinkStats').getByText('Admin session').count()).toBe(1);
    expect(await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth)).toBeLessThanOrEqual(0);
    expect(errors).toEqual([]);
    await context.close();
  });

  it('says when the document cannot be loaded, and loads it on Retry', async () => {
    const { page, context } = await newPage(browser, { width: 375 });
    await page.route('**/api/openapi.json', (route) =>
      route.fulfill({ status: 503, contentType: 'application/json', body: '{"error":{"code":"unavailable","message":"x"}}' }),
    );
    await page.goto(`${server.url}/api`);
    await page.getByRole('alert').getByText('The API description could not be loaded (503').waitFor();
    await page.unroute('**/api/openapi.json');
    await page.getByRole('button', { name: 'Retry' }).click();
    await page.locator('[data-testid=api-endpoint]').first().waitFor();
    expect(await page.getByRole('alert').count()).toBe(0);
    await context.close();
  });
});
