import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { Browser } from 'playwright-core';
import { buildRemote } from './remoteBuild';
import { launchBrowser, newPage } from './browser';
import { startTestServer, stopTestServers, type TestServer } from './server';
import { startStaticHost, type StaticHost } from './staticHost';

/**
 * A remote deployed by its own team on its own origin, then redeployed: the admin remote's built
 * folder is copied to a plain static host on another port (another origin; no help from the BFF,
 * no Cache-Control, only Last-Modified, like `python3 -m http.server`), REMOTE_ADMIN_URL points
 * at it, and /admin renders and works from there. Then the remote is rebuilt with a visible change
 * into a temp folder and copied over the deployed one: without rebuilding or restarting the shell,
 * the next page load in the same browser (its HTTP cache warm) shows the new version.
 */
const repoRoot = path.resolve(__dirname, '..', '..');
const PASSWORD = 'federation e2e password';
const V1_HEADING = 'Admin Login';
const V2_HEADING = 'Admin Login · v2';

let browser: Browser;
let server: TestServer;
let host: StaticHost;
let work: string;
let deployed: string;

/** Copies a folder's files (the way a deploy uploads a build). */
function deploy(from: string, to: string) {
  fs.mkdirSync(to, { recursive: true });
  for (const e of fs.readdirSync(from, { withFileTypes: true })) {
    if (e.isDirectory()) deploy(path.join(from, e.name), path.join(to, e.name));
    else fs.copyFileSync(path.join(from, e.name), path.join(to, e.name));
  }
}

/** Sets every file's mtime: old files make a browser's heuristic cache trust them for hours. */
function touchAll(dir: string, when: Date) {
  for (const e of fs.readdirSync(dir, { withFileTypes: true })) {
    const p = path.join(dir, e.name);
    if (e.isDirectory()) touchAll(p, when);
    else fs.utimesSync(p, when, when);
  }
}

/** Builds mf-admin as its team would, with one visible text changed, into `out` (never into the repo). */
function buildAdminV2(out: string): Promise<void> {
  const loader = path.join(work, 'replace-loader.js');
  fs.writeFileSync(loader, 'module.exports = function (src) { const o = this.getOptions(); return src.split(o.from).join(o.to); };');
  return buildRemote('mf-admin', out, [
    {
      test: /LoginView\.tsx$/,
      enforce: 'pre',
      use: [{ loader, options: { from: `<h1>${V1_HEADING}</h1>`, to: `<h1>${V2_HEADING}</h1>` } }],
    },
  ]);
}

beforeAll(async () => {
  work = fs.mkdtempSync(path.join(os.tmpdir(), 'val-remote-deploy-'));
  deployed = path.join(work, 'www', 'admin');
  deploy(path.join(repoRoot, 'mf-admin', 'dist'), deployed);
  // Deployed ten days ago: without its own measures, the shell would be served this version from
  // the browser cache long after a redeploy.
  touchAll(deployed, new Date(Date.now() - 10 * 24 * 3600 * 1000));
  host = await startStaticHost(path.join(work, 'www'));
  [browser, server] = await Promise.all([launchBrowser(), startTestServer({ REMOTE_ADMIN_URL: `${host.url}/admin/`, ADMIN_PASSWORD: PASSWORD })]);
});
afterAll(async () => {
  await browser?.close();
  await Promise.all([stopTestServers(), host?.close()]);
  if (work) fs.rmSync(work, { recursive: true, force: true });
});

describe('a remote deployed on its own origin', () => {
  it('renders and works from there, and a redeploy shows on the next page load without touching the shell', async () => {
    const csp = (await fetch(server.url + '/admin')).headers.get('content-security-policy') ?? '';
    for (const d of ['script-src', 'connect-src', 'img-src', 'font-src', 'style-src']) {
      expect({
        d,
        hasOrigin: csp
          .split('; ')
          .find((x) => x.startsWith(d))
          ?.includes(host.url),
      }).toEqual({ d, hasOrigin: true });
    }

    const { page, context, errors } = await newPage(browser);
    const consoleErrors: string[] = [];
    page.on('console', (m) => m.type() === 'error' && consoleErrors.push(m.text()));

    // v1, from the other origin.
    await page.goto(server.url + '/admin');
    await page.getByRole('heading', { name: V1_HEADING, exact: true }).waitFor();
    expect(host.log.some((l) => l.startsWith('GET /admin/mf-manifest.json '))).toBe(true);
    expect(host.log.some((l) => /^GET \/admin\/remoteEntry\.js\?v=\w+ 200$/.test(l))).toBe(true);
    expect(host.log.filter((l) => / 404$/.test(l))).toEqual([]);
    // It works: the remote's login talks to the BFF and shows the dashboard.
    await page.getByPlaceholder('Enter admin password').fill(PASSWORD);
    await page.getByRole('button', { name: 'Login' }).click();
    await page.getByRole('heading', { name: 'Val Analytics Dashboard' }).waitFor();
    await page.getByRole('button', { name: 'Log out' }).click();
    await page.getByRole('heading', { name: V1_HEADING, exact: true }).waitFor();

    // A second load of v1 comes from the browser cache (only the manifest is revalidated).
    const before = host.log.length;
    await page.goto(server.url + '/admin');
    await page.getByRole('heading', { name: V1_HEADING, exact: true }).waitFor();
    expect(host.log.slice(before).filter((l) => !l.includes('mf-manifest.json'))).toEqual([]);

    // The remote's team rebuilds with a visible change and uploads it over the old files.
    const shellStamp = fs.statSync(path.join(repoRoot, 'shell', 'dist', 'main.js')).mtimeMs;
    const out = path.join(work, 'build-v2');
    await buildAdminV2(out);
    expect(fs.readFileSync(path.join(out, 'mf-manifest.json'), 'utf8')).not.toBe(fs.readFileSync(path.join(deployed, 'mf-manifest.json'), 'utf8'));
    deploy(out, deployed);

    // The next page load, same browser, same shell process and build: v2.
    const redeployAt = host.log.length;
    await page.goto(server.url + '/admin');
    await page.getByRole('heading', { name: V2_HEADING, exact: true }).waitFor({ timeout: 20000 });
    expect(host.log.slice(redeployAt).some((l) => /^GET \/admin\/remoteEntry\.js\?v=\w+ 200$/.test(l))).toBe(true);
    await page.getByPlaceholder('Enter admin password').fill(PASSWORD);
    await page.getByRole('button', { name: 'Login' }).click();
    await page.getByRole('heading', { name: 'Val Analytics Dashboard' }).waitFor();

    expect(server.proc.exitCode).toBeNull();
    expect(fs.statSync(path.join(repoRoot, 'shell', 'dist', 'main.js')).mtimeMs).toBe(shellStamp);
    expect(errors).toEqual([]);
    expect(consoleErrors.filter((e) => /Content Security Policy|CORS/i.test(e))).toEqual([]);
    await context.close();
  }, 240_000);
});
