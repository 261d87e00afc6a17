import fs from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { remoteRouteLists, ROUTES_TTL_MS } from './routeLists';

/**
 * A remote deployed on another origin: its route list comes from its manifest over HTTP, a real
 * loopback server standing in for the team's static host (it answers what the test says).
 */
const manifest = (routes: unknown) => JSON.stringify({ id: 'val_catalogue', name: 'val_catalogue', metaData: { routes }, exposes: [] });
const guides = { path: '/guides', title: 'Founder guides — Val', description: 'Guides.' };
const products = { path: '/products', title: 'AI research reports — Val', description: 'Reports.' };

let answer: { status: number; body: string; delayMs?: number; chunked?: boolean };
let hits = 0;
let server: http.Server;
let base: string;
beforeAll(async () => {
  server = http.createServer((req, res) => {
    hits++;
    setTimeout(() => {
      res.writeHead(answer.status, { 'content-type': 'application/json' });
      // Chunked: no Content-Length says how long the answer is.
      if (answer.chunked) for (let i = 0; i < answer.body.length; i += 64 * 1024) res.write(answer.body.slice(i, i + 64 * 1024));
      res.end(answer.chunked ? undefined : answer.body);
    }, answer.delayMs ?? 0);
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(async () => {
  server.closeAllConnections();
  await new Promise((r) => server.close(r));
});

function lists(now: () => number, entry = `${base}/catalogue/mf-manifest.json`, catalogueDist = path.join(os.tmpdir(), 'val-no-such-dist')) {
  const missing = path.join(os.tmpdir(), 'val-no-such-dist');
  return remoteRouteLists(
    {
      remoteUrls: {
        validation: '/remotes/validation/mf-manifest.json',
        simulation: '/remotes/simulation/mf-manifest.json',
        catalogue: entry,
        admin: '/remotes/admin/mf-manifest.json',
      },
      remoteDists: { validation: missing, simulation: missing, catalogue: catalogueDist, admin: missing },
      FOUNDER_SLUG: 'founder',
    },
    { now },
  );
}
const catalogueRoutes = async (l: ReturnType<typeof lists>) => (await l.list()).remotes.find((r) => r.key === 'catalogue')!.routes.map((r) => r.path);

describe("a remote's routes from its manifest on another origin", () => {
  it('are fetched on first use, kept for the TTL, then refreshed in the background', async () => {
    let t = 1_000;
    answer = { status: 200, body: manifest([products]) };
    hits = 0;
    const l = lists(() => t);
    expect(await catalogueRoutes(l)).toEqual(['/products']);
    expect(await catalogueRoutes(l)).toEqual(['/products']);
    expect(hits).toBe(1);
    // The team deploys a new page: seen once the TTL has passed (the stale list answers meanwhile).
    answer = { status: 200, body: manifest([guides, products]) };
    t += ROUTES_TTL_MS + 1;
    expect(await catalogueRoutes(l)).toEqual(['/products']);
    await new Promise((r) => setTimeout(r, 100));
    expect(await catalogueRoutes(l)).toEqual(['/guides', '/products']);
    expect(hits).toBe(2);
  });

  it('keep the last good list while the host fails or serves something that is not a route list', async () => {
    let t = 1_000;
    answer = { status: 200, body: manifest([guides]) };
    const l = lists(() => t);
    expect(await catalogueRoutes(l)).toEqual(['/guides']);
    for (const bad of [
      { status: 503, body: 'down' },
      { status: 200, body: '<html>not json' },
      { status: 200, body: manifest([{ path: 'no-slash', title: 'T', description: 'D' }]) },
      // A route list past the 1 MB a manifest may take, sent without a Content-Length: not read to its end.
      { status: 200, body: JSON.stringify({ ...JSON.parse(manifest([guides, products])), shared: ['x'.repeat(2 * 1024 * 1024)] }), chunked: true },
    ]) {
      answer = bad;
      t += ROUTES_TTL_MS + 1;
      await catalogueRoutes(l);
      await new Promise((r) => setTimeout(r, 100));
      expect({ bad: bad.body.slice(0, 12), routes: await catalogueRoutes(l) }).toEqual({ bad: bad.body.slice(0, 12), routes: ['/guides'] });
    }
  });

  it('a host that never answers costs the first request at most the fetch timeout, and gives no pages', async () => {
    answer = { status: 200, body: manifest([guides]), delayMs: 10_000 };
    const started = Date.now();
    expect(await catalogueRoutes(lists(Date.now))).toEqual([]);
    expect(Date.now() - started).toBeLessThan(6_000);
  }, 15_000);

  it("while its host has never answered, the routes of the remote's build next to this server stand in, until the host answers", async () => {
    const dist = fs.mkdtempSync(path.join(os.tmpdir(), 'val-seed-'));
    fs.writeFileSync(path.join(dist, 'mf-manifest.json'), manifest([products]));
    let t = 1_000;
    answer = { status: 503, body: 'down' };
    const l = lists(() => t, undefined, dist);
    expect(await catalogueRoutes(l)).toEqual(['/products']);
    answer = { status: 200, body: manifest([guides]) };
    t += ROUTES_TTL_MS + 1;
    await catalogueRoutes(l);
    await new Promise((r) => setTimeout(r, 100));
    expect(await catalogueRoutes(l)).toEqual(['/guides']);
    fs.rmSync(dist, { recursive: true, force: true });
  });

  it('a remote given by its remoteEntry.js has no manifest, so no pages of its own', async () => {
    hits = 0;
    expect(await catalogueRoutes(lists(Date.now, `${base}/catalogue/remoteEntry.js`))).toEqual([]);
    expect(hits).toBe(0);
  });
});
