import fs from 'node:fs';
import path from 'node:path';
import { PAGE_PATHS } from '@val/contracts';

// The server answers 200 or 404 from PAGE_PATHS, so the router must mount exactly those paths
// (plus its catch-all not-found page): a literal path here would be a page the server calls missing.
describe("the shell's routes are the app's page list", () => {
  const app = fs.readFileSync(path.join(__dirname, 'App.tsx'), 'utf8');
  const paths = [...app.matchAll(/<Route\s+path=(\{[^}]*\}|"[^"]*")/g)].map((m) => m[1]);

  it('every <Route> path is a PAGE_PATHS entry or the catch-all', () => {
    expect(paths.filter((p) => p !== '"*"' && !/^\{PAGE_PATHS\.\w+\}$/.test(p))).toEqual([]);
    expect(paths.filter((p) => p === '"*"')).toHaveLength(1);
  });

  it('every page of PAGE_PATHS is mounted once', () => {
    const mounted = paths.map((p) => p.match(/^\{PAGE_PATHS\.(\w+)\}$/)?.[1]).filter(Boolean);
    expect([...mounted].sort()).toEqual(Object.keys(PAGE_PATHS).sort());
  });
});
