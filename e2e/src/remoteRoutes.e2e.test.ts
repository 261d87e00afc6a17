import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { Browser } from 'playwright-core';
import { launchBrowser, newPage } from './browser';
import { startTestServer, stopTestServers, type TestServer } from './server';
import { buildRemote } from './remoteBuild';
import { startStaticHost, type StaticHost } from './staticHost';

/**
 * The catalogue team ships a new page alone: a variant of mf-catalogue adds `/guides` (its route
 * list, its screen, and a link to it in its home-page hero) and is built against a newer
 * @val/contracts (one more export, which the new page calls). It is deployed on another origin
 * (a plain static host) and REMOTE_CATALOGUE_URL points there. The shell is the one built for
 * the rest of the suite, not rebuilt: it shows the page by deep link and by in-app navigation,
 * and the server answers 200 with the page's own head for /guides and 404 for a path nobody owns.
 */
const repoRoot = path.resolve(__dirname, '..', '..');
const GUIDES_TITLE = 'Founder guides — Val';
const GUIDES_HEADING = 'Founder guides';
const NEWER_EXPORT_TEXT = 'Written with a newer @val/contracts';

let browser: Browser;
let server: TestServer;
let host: StaticHost;
let work: string;

/** A loader that replaces exact texts in one file (and fails the build when a text is not there, so a moved line cannot make this test vacuous). */
const LOADER = `module.exports = function (src) {
  const { pairs } = this.getOptions();
  for (const [from, to] of pairs) {
    if (!src.includes(from)) throw new Error(this.resourcePath + ': text to replace not found: ' + from);
    src = src.split(from).join(to);
  }
  return src;
};`;

/** Builds mf-catalogue as its team would, with the new page and the newer contracts, into `out` (never into the repo). */
function buildCatalogueWithGuides(out: string): Promise<void> {
  const loader = path.join(work, 'replace-loader.js');
  fs.writeFileSync(loader, LOADER);
  const edit = (test: RegExp, pairs: Array<[string, string]>) => ({ test, enforce: 'pre' as const, use: [{ loader, options: { pairs } }] });
  return buildRemote('mf-catalogue', out, [
    // The route list: one more page (the manifest carries it to the BFF and the shell).
    edit(/mf-catalogue[\\/]src[\\/]routes\.json$/, [
      ['[', `[{ "path": "/guides", "title": "${GUIDES_TITLE}", "description": "Guides for founders, from the catalogue team." },`],
    ]),
    // Its screen, which calls the export only the newer contracts have.
    edit(/mf-catalogue[\\/]src[\\/]exposes[\\/]Routes\.tsx$/, [
      [
        "import { parseRemoteRoutes, type RemoteRoutesProps } from '@val/contracts';",
        "import { newerContractsNote, parseRemoteRoutes, type RemoteRoutesProps } from '@val/contracts';",
      ],
      [
        'export const SCREENS: Record<string, ComponentType<RemoteRoutesProps>> = {',
        `const Guides = () => (<section><h1>${GUIDES_HEADING}</h1><p data-testid="newer">{newerContractsNote()}</p></section>);
export const SCREENS: Record<string, ComponentType<RemoteRoutesProps>> = {
  '/guides': framed('guides', Guides),`,
      ],
    ]),
    // A link to it on the home page, in the catalogue's own hero.
    edit(/mf-catalogue[\\/]src[\\/]exposes[\\/]Hero\.tsx$/, [
      [
        "import { FeasibilityHero } from '../paid/FeasibilityHero';",
        "import { Link } from '@val/ui/router';\nimport { FeasibilityHero } from '../paid/FeasibilityHero';",
      ],
      ['<FeasibilityHero apiBase={apiBase} />', '<FeasibilityHero apiBase={apiBase} /><Link to="/guides">Read the founder guides</Link>'],
    ]),
    // The newer contracts: one more export (the shell was built without it).
    edit(/contracts[\\/]src[\\/]browser\.ts$/, [
      ["export * from './pages';", `export * from './pages';\nexport const newerContractsNote = (): string => '${NEWER_EXPORT_TEXT}';`],
    ]),
  ]);
}

const shellMain = path.join(repoRoot, 'shell', 'dist', 'main.js');
let shellBefore: { mtimeMs: number; size: number };

beforeAll(async () => {
  shellBefore = fs.statSync(shellMain);
  work = fs.mkdtempSync(path.join(os.tmpdir(), 'val-remote-routes-'));
  await buildCatalogueWithGuides(path.join(work, 'www', 'catalogue'));
  host = await startStaticHost(path.join(work, 'www'));
  [browser, server] = await Promise.all([launchBrowser(), startTestServer({ REMOTE_CATALOGUE_URL: `${host.url}/catalogue/` })]);
}, 240_000);
afterAll(async () => {
  await browser?.close();
  await Promise.all([stopTestServers(), host?.close()]);
  if (work) fs.rmSync(work, { recursive: true, force: true });
});

describe('a remote adds a page without the shell', () => {
  it('the built manifest carries the new route, and the built shell does not know it', () => {
    const manifest = JSON.parse(fs.readFileSync(path.join(work, 'www', 'catalogue', 'mf-manifest.json'), 'utf8'));
    expect(manifest.metaData.routes.map((r: { path: string }) => r.path)).toEqual([
      '/guides',
      '/products',
      '/enterprise',
      '/report/:reportId?',
      '/success/:session_id?',
      '/log',
      '/test',
    ]);
    expect(fs.readFileSync(shellMain, 'utf8')).not.toContain('/guides');
  });

  it('the server answers 200 with the page’s own head for the new page, and 404 for a path nobody owns', async () => {
    const guides = await fetch(server.url + '/guides');
    expect(guides.status).toBe(200);
    const html = await guides.text();
    expect(html).toContain(`<title>${GUIDES_TITLE}</title>`);
    expect(html).toContain('content="Guides for founders, from the catalogue team."');
    const inlined = JSON.parse(html.match(/<script id="val-remotes" type="application\/json">(.*?)<\/script>/)?.[1] ?? 'null');
    expect(inlined.remotes.find((r: { key: string }) => r.key === 'catalogue').routes[0]).toMatchObject({ path: '/guides', title: GUIDES_TITLE });
    expect((await fetch(server.url + '/guides/more')).status).toBe(404);
    expect((await fetch(server.url + '/nope-xyz')).status).toBe(404);
    expect((await fetch(server.url + '/products')).status).toBe(200);
  });

  it('the server renders the new page and the new hero from the remote’s own server part, on its origin, with no shell build', async () => {
    // Plain HTTP, no JavaScript: what a crawler or a link preview gets.
    const text = (html: string) =>
      html
        .replace(/<(style|script)\b[\s\S]*?<\/\1>/g, '')
        .replace(/<[^>]+>/g, ' ')
        .replace(/\s+/g, ' ');
    const guides = await (await fetch(server.url + '/guides')).text();
    expect(guides).toMatch(/<div id="root" data-ssr="catalogue\/Routes">/);
    expect(text(guides)).toContain(GUIDES_HEADING);
    expect(text(guides)).toContain(NEWER_EXPORT_TEXT);
    const home = await (await fetch(server.url + '/')).text();
    expect(home).toMatch(/<div id="root" data-ssr="catalogue\/Hero">/);
    expect(text(home)).toContain('Read the founder guides');
    // The part came from the remote's host (the repo's own build has neither text).
    expect(host.log).toContain('GET /catalogue/server/ssr.js 200');
    expect(fs.readFileSync(path.join(repoRoot, 'mf-catalogue', 'dist', 'server', 'ssr.js'), 'utf8')).not.toContain('Read the founder guides');
  });

  it('the unchanged shell shows it by in-app navigation and by deep link, and the newer contracts export works under it', async () => {
    const { page, context, errors } = await newPage(browser);
    const consoleErrors: string[] = [];
    page.on('console', (m) => m.type() === 'error' && consoleErrors.push(m.text()));

    // In-app: from the home page, the catalogue's own link; no page load in between.
    await page.goto(server.url + '/');
    await page.evaluate(() => ((window as unknown as { sameDocument: boolean }).sameDocument = true));
    await page.getByRole('link', { name: 'Read the founder guides' }).click();
    await page.getByRole('heading', { name: GUIDES_HEADING, exact: true }).waitFor();
    expect(new URL(page.url()).pathname).toBe('/guides');
    expect(await page.evaluate(() => (window as unknown as { sameDocument?: boolean }).sameDocument)).toBe(true);
    expect(await page.getByTestId('newer').textContent()).toBe(NEWER_EXPORT_TEXT);
    await page.waitForFunction((t) => document.title === t, GUIDES_TITLE);
    // Back and forward stay in the app.
    await page.goBack();
    await page.locator('#hero').waitFor();
    await page.goForward();
    await page.getByRole('heading', { name: GUIDES_HEADING, exact: true }).waitFor();

    // Deep link: a fresh load of /guides.
    await page.goto(server.url + '/guides');
    await page.getByRole('heading', { name: GUIDES_HEADING, exact: true }).waitFor();
    expect(await page.title()).toBe(GUIDES_TITLE);
    expect(await page.getByTestId('newer').textContent()).toBe(NEWER_EXPORT_TEXT);
    expect(host.log.some((l) => /^GET \/catalogue\/remoteEntry\.js\?v=\w+ 200$/.test(l))).toBe(true);

    // The catalogue's other pages still work from there, and a path nobody owns is the 404 page.
    await page.goto(server.url + '/products');
    await page.locator('[data-remote="catalogue"][data-view="products"]').waitFor();
    await page.goto(server.url + '/nope-xyz');
    await page.getByRole('heading', { name: '404 Page Not Found' }).waitFor();

    expect(errors).toEqual([]);
    expect(consoleErrors.filter((e) => !/404 \(Not Found\)/.test(e))).toEqual([]);
    expect(fs.statSync(shellMain)).toMatchObject({ mtimeMs: shellBefore.mtimeMs, size: shellBefore.size });
    await context.close();
  }, 120_000);
});
