import { BUDGETS, criticalPathJs, remoteEntrySizes } from '../../bench/lib/bundles';
import { startTestServer, type TestServer } from './server';

/**
 * Bundle budgets as a CI gate: each remoteEntry.js ≤ 30 KB gzip, and everything the landing page
 * loads before it is interactive (until `load` and the hero remote has rendered) ≤ 170 KB gzip.
 */
let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(() => server?.stop());

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
    console.log(`landing critical-path JS: ${(r.totalGzip / 1024).toFixed(1)} KB gzip in ${r.files.length} files`);
    expect(r.files.length).toBeGreaterThan(3);
    expect(r.totalGzip).toBeLessThanOrEqual(BUDGETS.landingGzip);
    // zod, jspdf and the markdown renderer load only when needed.
    expect(r.files.filter((f) => f.libs.length).map((f) => `${f.url}: ${f.libs.join(', ')}`)).toEqual([]);
  });
});
