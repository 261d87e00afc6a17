import fs from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import zlib from 'node:zlib';
import Koa from 'koa';
import { remoteRouteLists } from '../routes/remotes/routeLists';
import { serveDist, spaFallback } from './staticFiles';

/**
 * Static hosting of the built shell and remotes: caching headers, compressed copies, CORS for
 * remotes, no source maps, and the shell page with its inlined data blocks.
 */
const tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'val-static-'));
const shellDist = path.join(tmp, 'shell');
const remoteDist = path.join(tmp, 'admin');
const JS = 'console.log("a hashed chunk");'.repeat(80);
/** A remote's manifest: `routes` is what its build copies from its src/routes.json. */
const manifestOf = (name: string, routes: unknown[]) =>
  JSON.stringify({ id: name, name, metaData: { remoteEntry: { name: 'remoteEntry.js', path: '' }, publicPath: 'auto', routes }, exposes: [] });
const page = (p: string, title: string, noindex?: boolean) => ({ path: p, title, description: `${title}.`, ...(noindex ? { noindex } : {}) });
const MANIFEST = manifestOf('val_admin', [page('/admin', 'Analytics Dashboard — Val', true)]);
const dists = {
  validation: path.join(tmp, 'validation'),
  simulation: path.join(tmp, 'simulation'),
  catalogue: path.join(tmp, 'catalogue'),
  admin: remoteDist,
};

function write(dir: string, files: Record<string, string | Buffer>) {
  fs.mkdirSync(dir, { recursive: true });
  for (const [name, body] of Object.entries(files)) fs.writeFileSync(path.join(dir, name), body);
}
write(shellDist, {
  'index.html':
    '<!doctype html><html><head><title>Val</title><script id=val-preload>/* preload */</script><script defer src="/main.js"></script></head><body></body></html>',
  'main.js': 'console.log("runtime")',
  'main.js.map': '{"sources":["secret.ts"]}',
  'app.0123456789.js': JS,
  'app.0123456789.js.map': '{"sourcesContent":["the full source"]}',
  'app.0123456789.js.gz': zlib.gzipSync(JS),
  'app.0123456789.js.br': zlib.brotliCompressSync(JS),
});
write(dists.validation, { 'mf-manifest.json': manifestOf('val_validation', [page('/v/:id', 'A startup idea validated by Val')]) });
write(dists.simulation, { 'mf-manifest.json': manifestOf('val_simulation', []) });
write(dists.catalogue, {
  'mf-manifest.json': manifestOf('val_catalogue', [
    page('/products', 'AI research reports — Val'),
    page('/report/:reportId?', 'Your report — Val', true),
    page('/success/:session_id?', 'Payment received — Val', true),
    page('/test', 'Test — Val', true),
  ]),
});
write(remoteDist, {
  'mf-manifest.json': MANIFEST,
  'remoteEntry.js': 'var val_admin = {}',
  '__federation_expose_App.0123456789.js': JS,
});

let server: http.Server;
let url: string;
beforeAll(async () => {
  const app = new Koa();
  app.use(
    spaFallback({
      shellDist,
      remotes: remoteRouteLists({
        remoteUrls: {
          validation: '/remotes/validation/mf-manifest.json',
          simulation: '/remotes/simulation/mf-manifest.json',
          catalogue: '/remotes/catalogue/mf-manifest.json',
          admin: '/remotes/admin/mf-manifest.json',
        },
        remoteDists: dists,
        FOUNDER_SLUG: 'founder',
      }),
      manifests: { '/remotes/admin/mf-manifest.json': path.join(remoteDist, 'mf-manifest.json') },
      founderSlug: 'founder',
      pageMeta: async (owner, p) =>
        !('remote' in owner) || owner.route.path !== '/v/:id'
          ? undefined
          : p === '/v/known'
            ? { title: '“An idea” scored 7/10 — Val', description: 'd' }
            : p === '/v/gone'
              ? null
              : undefined,
    }),
  );
  app.use(serveDist({ prefix: '/remotes/admin/', root: remoteDist, cors: true }));
  app.use(serveDist({ prefix: '/', root: shellDist, skip: (rel) => rel === 'index.html' }));
  server = http.createServer(app.callback());
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(async () => {
  server.closeAllConnections();
  await new Promise((r) => server.close(r));
  fs.rmSync(tmp, { recursive: true, force: true });
});

const get = (p: string, headers: Record<string, string> = {}) => fetch(url + p, { headers });

describe('serveDist', () => {
  it('never serves a source map, even one left in the build folder', async () => {
    for (const p of ['/app.0123456789.js.map', '/main.js.map']) {
      const r = await get(p);
      expect({ p, status: r.status }).toEqual({ p, status: 404 });
      expect(await r.text()).not.toContain('source');
    }
  });

  it('sends hashed files as immutable, also as their brotli or gzip copy', async () => {
    for (const enc of ['br', 'gzip', 'identity']) {
      const r = await get('/app.0123456789.js', { 'Accept-Encoding': enc });
      expect(r.status).toBe(200);
      expect({ enc, cc: r.headers.get('cache-control') }).toEqual({ enc, cc: 'public, max-age=31536000, immutable' });
      expect(r.headers.get('content-encoding')).toBe(enc === 'identity' ? null : enc);
      expect(await r.text()).toBe(JS);
    }
  });

  it('prefers brotli when the browser takes both', async () => {
    const r = await get('/app.0123456789.js', { 'Accept-Encoding': 'gzip, deflate, br, zstd' });
    expect(r.headers.get('content-encoding')).toBe('br');
    expect(r.headers.get('vary')).toContain('Accept-Encoding');
  });

  it("sends a remote's manifest and entry no-cache and its files with CORS, so a shell on any origin can load them", async () => {
    for (const p of ['/remotes/admin/mf-manifest.json', '/remotes/admin/remoteEntry.js']) {
      const r = await get(p, { Origin: 'https://shell.example.com' });
      expect({ p, status: r.status, cc: r.headers.get('cache-control'), cors: r.headers.get('access-control-allow-origin') }).toEqual({
        p,
        status: 200,
        cc: 'no-cache',
        cors: '*',
      });
    }
    const chunk = await get('/remotes/admin/__federation_expose_App.0123456789.js');
    expect(chunk.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
    expect(chunk.headers.get('access-control-allow-origin')).toBe('*');
  });
});

describe('spaFallback', () => {
  it('serves the shell page with the remote list and the hosted manifests inlined before its preload script', async () => {
    for (const p of ['/', '/index.html', '/products', '/report/abc']) {
      const r = await get(p);
      expect({ p, status: r.status, cc: r.headers.get('cache-control') }).toEqual({ p, status: 200, cc: 'no-cache' });
      const html = await r.text();
      const list = html.indexOf('<script id="val-remotes" type="application/json">');
      const manifest = html.indexOf('<script type="application/json" data-manifest="/remotes/admin/mf-manifest.json">' + MANIFEST + '</script>');
      const preload = html.indexOf('<script id=val-preload>');
      expect({ p, list: list >= 0, manifest: manifest >= 0, before: list < preload && manifest < preload }).toEqual({
        p,
        list: true,
        manifest: true,
        before: true,
      });
      const data = html.slice(list).match(/^<script id="val-remotes" type="application\/json">(.*?)<\/script>/)![1];
      expect(JSON.parse(data).remotes.map((r: { entry: string }) => r.entry)).toContain('/remotes/admin/mf-manifest.json');
    }
  });

  it('gzips the page for browsers that take it', async () => {
    const r = await get('/', { 'Accept-Encoding': 'gzip' });
    expect(r.headers.get('content-encoding')).toBe('gzip');
    expect(await r.text()).toContain('data-manifest="/remotes/admin/mf-manifest.json"');
  });

  it('inlines a rebuilt remote manifest on the next page, without a restart', async () => {
    const next = MANIFEST.replace('"exposes":[]', '"exposes":[{"path":"./Routes"}]');
    const file = path.join(remoteDist, 'mf-manifest.json');
    fs.writeFileSync(file, next);
    const later = new Date(Date.now() + 5000);
    fs.utimesSync(file, later, later);
    expect(await (await get('/')).text()).toContain(next);
  });

  it("a page a redeployed remote adds is a page at once (200, its head, in the page's remote list), without a restart", async () => {
    expect((await get('/admin/audit')).status).toBe(404);
    const file = path.join(remoteDist, 'mf-manifest.json');
    fs.writeFileSync(file, manifestOf('val_admin', [page('/admin', 'Analytics Dashboard — Val', true), page('/admin/audit', 'Audit log — Val', true)]));
    const later = new Date(Date.now() + 10000);
    fs.utimesSync(file, later, later);
    const r = await get('/admin/audit');
    expect(r.status).toBe(200);
    const html = await r.text();
    expect(html).toContain('<title>Audit log — Val</title>');
    const data = JSON.parse(html.match(/<script id="val-remotes" type="application\/json">(.*?)<\/script>/)![1]);
    expect(data.remotes.find((x: { key: string }) => x.key === 'admin').routes.map((x: { path: string }) => x.path)).toEqual(['/admin', '/admin/audit']);
    // Removed again: 404 again.
    fs.writeFileSync(file, MANIFEST);
    const later2 = new Date(Date.now() + 15000);
    fs.utimesSync(file, later2, later2);
    expect((await get('/admin/audit')).status).toBe(404);
  });

  it("answers 200 for every page the app has (the founder's slug included) and 404 with the app's page for a path no page owns", async () => {
    const known = [
      '/',
      '/about',
      '/about/',
      '/v/abc123',
      '/report',
      '/report/r1',
      '/success',
      '/success/cs_1',
      '/products',
      '/admin',
      '/api',
      '/founder',
      '/test',
    ];
    // /enterprise: no remote lists it here (the real catalogue does).
    const unknown = ['/no/such/page', '/nonexistent-slug', '/products/extra', '/v', '/v/a/b', '/about/team', '/enterprise'];
    const statuses = async (paths: string[]) => Object.fromEntries(await Promise.all(paths.map(async (p) => [p, (await get(p)).status])));
    expect(await statuses(known)).toEqual(Object.fromEntries(known.map((p) => [p, 200])));
    expect(await statuses(unknown)).toEqual(Object.fromEntries(unknown.map((p) => [p, 404])));
    const r = await get('/no/such/page');
    expect(r.headers.get('content-type')).toContain('text/html');
    expect(await r.text()).toContain('<script id="val-remotes"');
  });

  it("writes each page's own title, description and canonical link into its HTML; a path no page owns gets the not-found head, noindex", async () => {
    const about = await (await get('/about')).text();
    expect(about).toContain('<title>About Val</title>');
    expect(about).toContain(`<link rel="canonical" href="${url}/about">`);
    expect(about).toContain('<meta property="og:title" content="About Val">');
    expect(about).not.toContain('<title>Val</title>');
    const home = await (await get('/index.html')).text();
    expect(home).toContain('<title>Val — validate your startup idea with AI</title>');
    expect(home).toContain(`<link rel="canonical" href="${url}/">`);
    const admin = await (await get('/admin')).text();
    expect(admin).toContain('<meta name="robots" content="noindex">');
    const missing = await get('/no/such/page');
    const html = await missing.text();
    expect(html).toContain('<title>404 Page Not Found — Val</title>');
    expect(html).toContain('<meta name="robots" content="noindex">');
    expect(html).not.toContain('canonical');
  });

  it("a page's own head (a permalink's) replaces the default, and a page with nothing at its address answers 404", async () => {
    const r = await get('/v/known');
    expect(r.status).toBe(200);
    expect(await r.text()).toContain('<title>“An idea” scored 7/10 — Val</title>');
    const gone = await get('/v/gone');
    expect(gone.status).toBe(404);
    expect(await gone.text()).toContain('<title>404 Page Not Found — Val</title>');
    expect(await (await get('/v/slow-store')).text()).toContain('<title>A startup idea validated by Val</title>');
  });

  it('never answers a source map or an unknown /api path with the page', async () => {
    expect((await get('/anything.js.map')).status).toBe(404);
    expect((await get('/api/nope')).status).toBe(404);
  });
});
