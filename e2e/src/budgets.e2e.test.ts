import { BUDGETS, criticalPathJs, remoteEntrySizes } from '../../bench/lib/bundles';
import fs from 'node:fs';
import path from 'node:path';
import { startTestServer, stopTestServers, type TestServer } from './server';

const repoRoot = path.resolve(__dirname, '..', '..');
// The figure goes to a diagnostics file (bff/test/diagnostics.ts), printed only when the budget fails.
// eslint-disable-next-line @typescript-eslint/no-require-imports -- outside this project's rootDir, so required
const { diagnostics } = require('../../bff/test/diagnostics') as {
  diagnostics(name: string): { file: string; add(text: string): void; check<T>(fn: () => T | Promise<T>): Promise<T> };
};

/**
 * Bundle budgets as a CI gate: each remoteEntry.js ≤ 30 KB gzip, and everything the landing page
 * loads before it is interactive (until `load` and the hero remote has rendered; the lab's top is
 * HTML, its code loads as its form comes on screen) ≤ 170 KB gzip with the Module Federation 2.0
 * runtime (bench/lib/bundles.js).
 * Production builds carry no source maps, and the server serves none.
 */
let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(() => stopTestServers());

describe('bundle budgets', () => {
  it('keeps every remoteEntry.js within 30 KB gzip', () => {
    const sizes = remoteEntrySizes();
    for (const [name, size] of Object.entries(sizes)) {
      expect({ name, size }).toEqual({ name, size: expect.any(Number) });
      expect(size).toBeLessThanOrEqual(BUDGETS.remoteEntryGzip);
    }
  });

  it('keeps the landing page critical-path JS within 170 KB gzip, with no schema library in it', async () => {
    const r = await criticalPathJs(server.url + '/');
    const d = diagnostics('landing-critical-path-js');
    d.add(`landing critical-path JS: ${(r.totalGzip / 1024).toFixed(1)} KB gzip in ${r.files.length} files`);
    d.add(r.files.map((f) => `  ${(f.gzip / 1024).toFixed(1).padStart(6)} KB  ${f.url}`).join('\n'));
    await d.check(() => {
      expect(r.files.length).toBeGreaterThan(3);
      expect(r.totalGzip).toBeLessThanOrEqual(BUDGETS.landingGate);
    });
    // zod, jspdf and the markdown renderer load only when needed.
    expect(r.files.filter((f) => f.libs.length).map((f) => `${f.url}: ${f.libs.join(', ')}`)).toEqual([]);
    // So does the toast viewport (its own chunk, see below).
    expect(r.files.map((f) => f.url).filter((u) => /\/toaster\./.test(u))).toEqual([]);
  });

  it("builds the toast viewport into a chunk of its own, loaded with the first toast (@val/ui's ES modules from source, not its CommonJS build)", () => {
    const shellScripts = fs.readdirSync(path.join(repoRoot, 'shell', 'dist')).filter((f) => f.endsWith('.js'));
    expect(shellScripts.filter((f) => /^toaster\.[0-9a-f]{10}\.js$/.test(f))).toHaveLength(1);
  });

  it('ships and serves no source maps', async () => {
    const dists = ['shell', 'mf-validation', 'mf-simulation', 'mf-catalogue', 'mf-admin'].map((d) => path.join(repoRoot, d, 'dist'));
    const scripts = dists.flatMap((d) =>
      fs
        .readdirSync(d)
        .filter((f) => f.endsWith('.js'))
        .map((f) => path.join(d, f)),
    );
    expect(scripts.length).toBeGreaterThan(20);
    expect(dists.flatMap((d) => fs.readdirSync(d).filter((f) => f.endsWith('.map')))).toEqual([]);
    expect(scripts.filter((f) => fs.readFileSync(f, 'utf8').includes('sourceMappingURL'))).toEqual([]);
    for (const p of ['/main.js.map', '/remotes/catalogue/remoteEntry.js.map']) {
      const r = await fetch(server.url + p);
      expect({ p, status: r.status }).toEqual({ p, status: 404 });
    }
  });
});
