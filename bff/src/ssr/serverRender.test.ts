import fs from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import type { PageOwner, RemoteName, RemotesManifest } from '@val/contracts';
import type { ManifestSource, RemoteRouteLists } from '../routes/remotes/routeLists';
import { createServerRenderer, evaluateBundle, firstScreenParts, satisfiesCaret } from './serverRender';

/**
 * How the BFF finds, checks and runs the server parts: the shell's from its build folder, each
 * remote's from next to its manifest (a file, or a URL on another origin), with the shared modules
 * only and the versions they were built with; and what happens when any of it fails (the page is
 * left to the browser, never a 500). The parts here are small CommonJS files written like the
 * builds' (e2e/src/firstScreen.e2e.test.ts renders the real ones).
 */
const tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'val-ssr-'));
afterAll(() => fs.rmSync(tmp, { recursive: true, force: true }));

const LIST: RemotesManifest = {
  remotes: [
    { key: 'catalogue', name: 'val_catalogue', entry: '/remotes/catalogue/mf-manifest.json', routes: [{ path: '/products', title: 'P', description: 'P.' }] },
  ],
  founderSlug: 'founder',
};
const HOME: PageOwner = { shell: 'home' };
const PRODUCTS: PageOwner = { remote: 'catalogue', route: { path: '/products', title: 'P', description: 'P.' } };

/** A shell part: renders "<page path>[<each component's output>]" and shares `react` at `version`. */
function writeShell(dir: string, version = '19.3.1', extra = '') {
  fs.mkdirSync(path.join(dir, 'server'), { recursive: true });
  fs.writeFileSync(
    path.join(dir, 'server', 'ssr.js'),
    `const react = { marker: 'the shell react' };
     module.exports = {
       shared: { react },
       sharedVersions: { react: ${JSON.stringify(version)} },
       async render({ url, components, pageData }) {
         ${extra}
         const inner = Object.entries(components).map(([id, C]) => id + '=' + C({ pageData })).join(',');
         return { html: '<main>' + url + '[' + inner + ']</main>', styles: '<style data-styled="true">main{}</style>', errors: [] };
       },
     };`,
  );
}

/** A remote part built against `react@version`: its Hero and Routes say which React they were given. */
const remotePart = (version: string, body = "require('react').marker") => `
  const react = require('react');
  module.exports = {
    name: 'val_catalogue',
    shared: { react: ${JSON.stringify(version)} },
    exposes: {
      './Hero': { default: () => 'hero with ' + ${body} },
      './Routes': { default: ({ pageData }) => 'routes with ' + JSON.stringify(pageData || null) },
    },
  };`;

const manifestWith = (ssr: unknown) => JSON.stringify({ name: 'val_catalogue', metaData: { routes: LIST.remotes[0]!.routes, ...(ssr ? { ssr } : {}) } });

function listsWith(source: () => ManifestSource | null): RemoteRouteLists {
  return { list: async () => LIST, manifest: (key: RemoteName) => (key === 'catalogue' ? source() : null) };
}

function hostedRemote(name: string, part: string, manifest = manifestWith({ entry: 'server/ssr.js' })) {
  const dir = path.join(tmp, name);
  fs.mkdirSync(path.join(dir, 'server'), { recursive: true });
  fs.writeFileSync(path.join(dir, 'mf-manifest.json'), manifest);
  fs.writeFileSync(path.join(dir, 'server', 'ssr.js'), part);
  return () => ({ text: fs.readFileSync(path.join(dir, 'mf-manifest.json'), 'utf8'), file: path.join(dir, 'mf-manifest.json') });
}

/**
 * Runs `run` with the manifest address of a remote deployed on another origin: a loopback server
 * (answering with `handler`) standing in for the team's static host, closed afterwards.
 */
async function onRemoteHost(handler: http.RequestListener, run: (manifestUrl: string) => Promise<void>): Promise<void> {
  const host = http.createServer(handler);
  await new Promise<void>((r) => host.listen(0, '127.0.0.1', r));
  try {
    await run(`http://127.0.0.1:${(host.address() as AddressInfo).port}/catalogue/mf-manifest.json`);
  } finally {
    host.closeAllConnections();
    await new Promise((r) => host.close(r));
  }
}

describe('versions', () => {
  it('takes what ^want takes: same major (same minor below 1.0), not older', () => {
    expect(satisfiesCaret('19.3.1', '19.0.0')).toBe(true);
    expect(satisfiesCaret('19.3.1', '19.3.1')).toBe(true);
    expect(satisfiesCaret('19.3.1', '19.4.0')).toBe(false);
    expect(satisfiesCaret('20.0.0', '19.0.0')).toBe(false);
    expect(satisfiesCaret('0.1.5', '0.1.0')).toBe(true);
    expect(satisfiesCaret('0.2.0', '0.1.0')).toBe(false);
    expect(satisfiesCaret('junk', '1.0.0')).toBe(false);
  });
});

describe('which remote parts make a first screen', () => {
  it('the hero (and the lab as a preview) on the home page, a remote page’s routes (unless its route says otherwise); none on a visitor’s own page, a shell page or a missing one', () => {
    const none = { parts: [], previews: [] };
    expect(firstScreenParts(HOME)).toEqual({ parts: ['catalogue/Hero'], previews: ['validation/Lab'] });
    expect(firstScreenParts(PRODUCTS)).toEqual({ parts: ['catalogue/Routes'], previews: [] });
    const own = { remote: 'catalogue', route: { path: '/success', title: 'S', description: 'S.', noindex: true } } as const;
    expect(firstScreenParts(own)).toEqual(none);
    // A noindex page whose route asks for it (the report page), and an indexable one that opts out.
    expect(firstScreenParts({ ...own, route: { ...own.route, ssr: true } })).toEqual({ parts: ['catalogue/Routes'], previews: [] });
    expect(firstScreenParts({ ...PRODUCTS, route: { ...PRODUCTS.route, ssr: false } } as PageOwner)).toEqual(none);
    expect(firstScreenParts({ shell: 'about' })).toEqual(none);
    expect(firstScreenParts(null)).toEqual(none);
  });
});

describe('running a bundle', () => {
  it('gives it only the require it is handed', () => {
    const out = evaluateBundle("module.exports = require('x') + 1;", '/virtual/a.js', (id) => (id === 'x' ? 41 : undefined)) as number;
    expect(out).toBe(42);
    expect(() =>
      evaluateBundle("require('fs')", '/virtual/b.js', () => {
        throw new Error('not shared');
      }),
    ).toThrow('not shared');
  });
});

describe('the server renderer', () => {
  const warnings: string[] = [];
  const errors: string[] = [];
  const warn = (m: string, detail?: Record<string, unknown>) => {
    warnings.push(m);
    if (typeof detail?.error === 'string') errors.push(detail.error);
  };
  beforeEach(() => {
    warnings.splice(0);
    errors.splice(0);
  });

  it('renders a remote’s first screen with the shell’s shared modules, and the page data', async () => {
    const shellDist = path.join(tmp, 'shell-ok');
    writeShell(shellDist);
    const renderer = createServerRenderer({ shellDist, remotes: listsWith(hostedRemote('cat-ok', remotePart('19.0.0'))), warn });
    const home = await renderer.render('/', HOME, LIST);
    expect(home).toMatchObject({ html: '<main>/[catalogue/Hero=hero with the shell react]</main>', parts: ['catalogue/Hero'] });
    expect(home?.styles).toContain('<style data-styled="true">');
    const products = await renderer.render('/products', PRODUCTS, LIST, { '/api/x': { a: 1 } });
    expect(products).toMatchObject({ html: '<main>/products[catalogue/Routes=routes with {"/api/x":{"a":1}}]</main>', pageData: { '/api/x': { a: 1 } } });
    expect(warnings).toEqual([]);
  });

  it('a remote part built against a newer shared module than the shell has is not run: the page has the frame, the browser renders the rest', async () => {
    const shellDist = path.join(tmp, 'shell-old');
    writeShell(shellDist, '19.3.1');
    const renderer = createServerRenderer({ shellDist, remotes: listsWith(hostedRemote('cat-new', remotePart('19.4.0'))), warn });
    expect(await renderer.render('/', HOME, LIST)).toMatchObject({ html: '<main>/[]</main>', parts: [] });
    expect(warnings.join('\n')).toMatch(/catalogue remote's server part could not be loaded/);
  });

  it('a remote part that asks for a module the shell does not share is not run', async () => {
    const shellDist = path.join(tmp, 'shell-2');
    writeShell(shellDist);
    const part = remotePart('19.0.0').replace("const react = require('react');", "const react = require('react'); require('left-pad');");
    const renderer = createServerRenderer({ shellDist, remotes: listsWith(hostedRemote('cat-unshared', part)), warn });
    expect(await renderer.render('/', HOME, LIST)).toMatchObject({ parts: [] });
    expect(warnings.join('\n')).toMatch(/could not be loaded/);
  });

  it('a remote built without a server part (an older build), or whose manifest points outside its folder, is left to the browser without a fetch', async () => {
    const shellDist = path.join(tmp, 'shell-3');
    writeShell(shellDist);
    for (const manifest of [manifestWith(null), manifestWith({ entry: '../../etc/passwd' }), manifestWith({ entry: 'https://elsewhere.example/x.js' })]) {
      const renderer = createServerRenderer({
        shellDist,
        remotes: listsWith(hostedRemote(`cat-none-${manifest.length}`, remotePart('19.0.0'), manifest)),
        warn,
      });
      expect(await renderer.render('/', HOME, LIST)).toMatchObject({ parts: [] });
    }
    expect(warnings).toEqual([]);
  });

  it('loads a remote part deployed on another origin from next to its manifest, and again once the manifest changes', async () => {
    let part = remotePart('19.0.0', "'v1'");
    const served: string[] = [];
    await onRemoteHost(
      (req, res) => {
        served.push(req.url ?? '');
        if (req.url === '/catalogue/server/ssr.js') res.end(part);
        else res.writeHead(404).end();
      },
      async (url) => {
        const shellDist = path.join(tmp, 'shell-4');
        writeShell(shellDist);
        let manifest = manifestWith({ entry: 'server/ssr.js', build: 1 });
        const renderer = createServerRenderer({ shellDist, remotes: listsWith(() => ({ text: manifest, url })), warn });
        expect((await renderer.render('/', HOME, LIST))?.html).toBe('<main>/[catalogue/Hero=hero with v1]</main>');
        expect((await renderer.render('/', HOME, LIST))?.html).toBe('<main>/[catalogue/Hero=hero with v1]</main>');
        expect(served).toEqual(['/catalogue/server/ssr.js']);
        // The team redeploys: a new manifest, a new part.
        part = remotePart('19.0.0', "'v2'");
        manifest = manifestWith({ entry: 'server/ssr.js', build: 2 });
        expect((await renderer.render('/', HOME, LIST))?.html).toBe('<main>/[catalogue/Hero=hero with v2]</main>');
        expect(served).toHaveLength(2);
      },
    );
  });

  it('does not load a remote part longer than its cap, even sent without a Content-Length: the browser renders that remote', async () => {
    let sent = 0;
    await onRemoteHost(
      (_req, res) => {
        // Chunked (no Content-Length): a part that goes on and on.
        const more = () => {
          while (sent < 50 && res.write(`/* ${'x'.repeat(1000)} */\n`)) sent++;
          if (sent < 50) res.once('drain', more);
          else res.end(remotePart('19.0.0', "'huge'"));
        };
        more();
      },
      async (url) => {
        const shellDist = path.join(tmp, 'shell-cap');
        writeShell(shellDist);
        const renderer = createServerRenderer({
          shellDist,
          remotes: listsWith(() => ({ text: manifestWith({ entry: 'server/ssr.js' }), url })),
          maxPartBytes: 10_000,
          warn,
        });
        expect(await renderer.render('/', HOME, LIST)).toMatchObject({ html: '<main>/[]</main>', parts: [] });
        await new Promise((r) => setTimeout(r, 50));
        expect(await renderer.render('/', HOME, LIST)).toMatchObject({ html: '<main>/[]</main>', parts: [] });
        expect(errors.join('\n')).toMatch(/server\/ssr\.js: over 10000 bytes/);
      },
    );
  });

  it('does not hold a page longer than the wait for a remote part that does not answer; the next page gets it', async () => {
    let answer: (() => void) | undefined;
    await onRemoteHost(
      (_req, res) => {
        answer = () => res.end(remotePart('19.0.0', "'late'"));
      },
      async (url) => {
        const shellDist = path.join(tmp, 'shell-5');
        writeShell(shellDist);
        const renderer = createServerRenderer({
          shellDist,
          remotes: listsWith(() => ({ text: manifestWith({ entry: 'server/ssr.js' }), url })),
          partWaitMs: 200,
          warn,
        });
        const started = Date.now();
        expect(await renderer.render('/', HOME, LIST)).toMatchObject({ html: '<main>/[]</main>', parts: [] });
        expect(Date.now() - started).toBeLessThan(2000);
        answer!();
        await new Promise((r) => setTimeout(r, 100));
        expect(await renderer.render('/', HOME, LIST)).toMatchObject({ html: '<main>/[catalogue/Hero=hero with late]</main>', parts: ['catalogue/Hero'] });
      },
    );
  });

  it('without a built shell part, or when it throws, there is no server render (the page renders in the browser) and nothing is kept', async () => {
    expect(await createServerRenderer({ shellDist: path.join(tmp, 'nothing-here'), remotes: listsWith(() => null), warn }).render('/', HOME, LIST)).toBeNull();
    const shellDist = path.join(tmp, 'shell-6');
    writeShell(shellDist, '19.3.1', "if (url === '/boom') throw new Error('render failed');");
    const renderer = createServerRenderer({ shellDist, remotes: listsWith(() => null), warn });
    expect(await renderer.render('/boom', { shell: 'about' }, LIST)).toBeNull();
    expect(warnings.join('\n')).toMatch(/server render failed/);
    expect(await renderer.render('/about', { shell: 'about' }, LIST)).toMatchObject({ html: '<main>/about[]</main>' });
    // A broken build of the shell part: reported, no render.
    fs.writeFileSync(path.join(shellDist, 'server', 'ssr.js'), 'module.exports = {');
    const later = new Date(Date.now() + 5000);
    fs.utimesSync(path.join(shellDist, 'server', 'ssr.js'), later, later);
    expect(await renderer.render('/about', { shell: 'about' }, LIST)).toBeNull();
    expect(warnings.join('\n')).toMatch(/shell’s server part could not be loaded/);
  });

  it('renders a missing page once for every path, not once per path', async () => {
    const shellDist = path.join(tmp, 'shell-7');
    // Each render numbers itself.
    writeShell(shellDist, '19.3.1', "this.count = (this.count || 0) + 1; url = 'render ' + this.count;");
    const renderer = createServerRenderer({ shellDist, remotes: listsWith(() => null), warn });
    const pages = [];
    for (let i = 0; i < 20; i++) pages.push((await renderer.render(`/nope-${i}`, null, LIST))?.html);
    expect(new Set(pages)).toEqual(new Set(['<main>render 1[]</main>']));
    expect((await renderer.render('/about', { shell: 'about' }, LIST))?.html).toBe('<main>render 2[]</main>');
  });
});
