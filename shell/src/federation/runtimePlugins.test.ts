import fs from 'node:fs';
import path from 'node:path';
import vm from 'node:vm';
import valFederationPlugin, { RETRY_DELAYS_MS } from './runtimePlugins';
import { manifestVersion, versionedEntry } from './manifestVersion';

/**
 * The page's inline preload script (public/index.html) and the runtime plugin must agree on the
 * remote entry's URL, or the preloaded entry is downloaded for nothing and fetched again.
 */
const MANIFEST = JSON.stringify({
  id: 'val_catalogue',
  name: 'val_catalogue',
  metaData: { remoteEntry: { name: 'remoteEntry.js', path: '', type: 'global' }, publicPath: 'auto', globalName: 'val_catalogue' },
  shared: [],
  exposes: [
    {
      id: 'val_catalogue:Routes',
      name: 'Routes',
      path: './Routes',
      assets: { js: { sync: ['__federation_expose_Routes.1111111111.js'], async: [] }, css: { sync: [], async: [] } },
    },
    {
      id: 'val_catalogue:Hero',
      name: 'Hero',
      path: './Hero',
      assets: { js: { sync: ['18.2222222222.js', '__federation_expose_Hero.3333333333.js'], async: [] }, css: { sync: [], async: [] } },
    },
  ],
});
// The catalogue's routes, as its manifest lists them and the BFF passes them on: the script finds the remote of a path there.
const LIST = {
  remotes: [
    {
      key: 'catalogue',
      name: 'val_catalogue',
      entry: '/remotes/catalogue/mf-manifest.json',
      routes: [{ path: '/products', title: 'AI research reports — Val', description: 'Reports.' }],
    },
  ],
  founderSlug: 'founder',
};

/** Runs the page's preload script on a minimal document; returns the URLs it preloads. */
async function runPreloadScript(pathname: string, inlined: boolean) {
  const html = fs.readFileSync(path.join(__dirname, '..', '..', 'public', 'index.html'), 'utf8');
  const code = html.match(/<script id="val-preload">([\s\S]*?)<\/script>/)![1];
  const links: string[] = [];
  const fetched: string[] = [];
  const blocks = inlined ? [{ getAttribute: () => '/remotes/catalogue/mf-manifest.json', textContent: MANIFEST }] : [];
  const window: Record<string, unknown> = {};
  Object.assign(window, {
    window,
    URL,
    location: { pathname, href: `https://val.example.com${pathname}` },
    fetch: async (url: string) => (fetched.push(url), new Response(MANIFEST)),
    document: {
      getElementById: (id: string) => (id === 'val-remotes' ? { textContent: JSON.stringify(LIST) } : null),
      querySelectorAll: () => blocks,
      createElement: () => ({}),
      head: { appendChild: (l: { href: string; rel: string; as: string }) => links.push(`${l.rel}:${l.as}:${l.href}`) },
    },
  });
  vm.runInNewContext(code, window);
  await new Promise((r) => setTimeout(r, 10));
  return { links, fetched, manifests: window.__valManifests as Record<string, Promise<string>> };
}

describe('the page preload script and the runtime plugin', () => {
  it("preload the home hero's entry and chunks under the URL the runtime loads", async () => {
    const { links, fetched, manifests } = await runPreloadScript('/', true);
    const base = 'https://val.example.com/remotes/catalogue/';
    expect(links).toEqual([
      `preload:script:${base}${versionedEntry('remoteEntry.js', manifestVersion(MANIFEST))}`,
      `preload:script:${base}18.2222222222.js`,
      `preload:script:${base}__federation_expose_Hero.3333333333.js`,
    ]);
    expect(fetched).toEqual([]);
    expect(await manifests[`${base}mf-manifest.json`]).toBe(MANIFEST);
  });

  it('fetches a manifest that is not inlined (a remote on another origin), and preloads the Routes chunks of the remote whose route list owns the path', async () => {
    const { links, fetched } = await runPreloadScript('/products', false);
    expect(fetched).toEqual(['https://val.example.com/remotes/catalogue/mf-manifest.json']);
    expect(links[1]).toBe('preload:script:https://val.example.com/remotes/catalogue/__federation_expose_Routes.1111111111.js');
  });

  it('preloads nothing on pages whose first screen has no remote', async () => {
    const { links, fetched } = await runPreloadScript('/about', true);
    expect([links, fetched]).toEqual([[], []]);
  });

  it('versions the entry in the manifest it hands to the runtime, fetched fresh', async () => {
    const seen: RequestInit[] = [];
    const realFetch = globalThis.fetch;
    globalThis.fetch = (async (_u: string, init: RequestInit) => (seen.push(init), new Response(MANIFEST))) as typeof fetch;
    Object.assign(globalThis, { window: globalThis, document: { baseURI: 'https://val.example.com/' } });
    try {
      const plugin = valFederationPlugin();
      const res = (await plugin.fetch!('https://val.example.com/remotes/catalogue/mf-manifest.json', {}, undefined as never)) as Response;
      const m = JSON.parse(await res.text());
      expect(m.metaData.remoteEntry.name).toBe(`remoteEntry.js?v=${manifestVersion(MANIFEST)}`);
      expect(seen.map((i) => i.cache)).toEqual(['no-cache']);
      // Anything but a manifest is left to the runtime.
      expect(await plugin.fetch!('https://val.example.com/x.js', {}, undefined as never)).toBeUndefined();
    } finally {
      globalThis.fetch = realFetch;
    }
  });

  it('retries a failed manifest fetch, then gives up with the reason', async () => {
    let calls = 0;
    const realFetch = globalThis.fetch;
    globalThis.fetch = (async () => (calls++, new Response('busy', { status: 503 }))) as typeof fetch;
    Object.assign(globalThis, { window: globalThis, document: { baseURI: 'https://val.example.com/' } });
    try {
      await expect(valFederationPlugin().fetch!('https://cdn.example.com/admin/mf-manifest.json', {}, undefined as never)).rejects.toThrow(
        'https://cdn.example.com/admin/mf-manifest.json answered HTTP 503',
      );
      expect(calls).toBe(RETRY_DELAYS_MS.length + 1);
    } finally {
      globalThis.fetch = realFetch;
    }
  });

  it('tells builds apart by their manifest', () => {
    expect(manifestVersion(MANIFEST)).toBe(manifestVersion(MANIFEST));
    expect(manifestVersion(MANIFEST)).not.toBe(manifestVersion(MANIFEST.replace('3333333333', '4444444444')));
    expect(versionedEntry('remoteEntry.js?x=1', 'abc')).toBe('remoteEntry.js?x=1&v=abc');
  });
});
