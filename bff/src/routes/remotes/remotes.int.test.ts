import { remotesManifestSchema } from '@val/contracts';
import { startTestApp } from '../../../test/app';

describe('GET /remotes.json', () => {
  it('points every remote at this server by default', async () => {
    const app = await startTestApp();
    const r = await app.fetch('/remotes.json');
    expect(r.status).toBe(200);
    expect(r.headers.get('cache-control')).toBe('no-cache');
    const m = remotesManifestSchema.parse(await r.json());
    expect(m.remotes.map((x) => [x.key, x.name, x.entry])).toEqual([
      ['validation', 'val_validation', '/remotes/validation/mf-manifest.json'],
      ['simulation', 'val_simulation', '/remotes/simulation/mf-manifest.json'],
      ['catalogue', 'val_catalogue', '/remotes/catalogue/mf-manifest.json'],
      ['admin', 'val_admin', '/remotes/admin/mf-manifest.json'],
    ]);
    expect(m.founderSlug).toBe('founder');
    // Each hosted remote's pages, from its built manifest (npm test builds first): its src/routes.json.
    expect(Object.fromEntries(m.remotes.map((x) => [x.key, x.routes.map((r) => r.path)]))).toEqual({
      validation: ['/v/:id'],
      simulation: [],
      catalogue: ['/products', '/enterprise', '/report/:reportId?', '/success/:session_id?', '/log', '/test'],
      admin: ['/admin'],
    });
    await app.close();
  });

  it('moves a remote to another URL by configuration alone', async () => {
    const app = await startTestApp({
      env: { REMOTE_ADMIN_URL: 'https://cdn.example.com/admin/v2', FOUNDER_SLUG: 'jane-doe' },
    });
    const m = remotesManifestSchema.parse(await (await app.fetch('/remotes.json')).json());
    expect(m.remotes.find((x) => x.key === 'admin')?.entry).toBe('https://cdn.example.com/admin/v2/mf-manifest.json');
    expect(m.remotes.find((x) => x.key === 'catalogue')?.entry).toBe('/remotes/catalogue/mf-manifest.json');
    expect(m.founderSlug).toBe('jane-doe');
    await app.close();
  });

  it("takes a remote's folder, its mf-manifest.json or its remoteEntry.js, and inlines the same list into the page", async () => {
    const app = await startTestApp({
      env: {
        REMOTE_VALIDATION_URL: 'https://val.example.com/v3/',
        REMOTE_SIMULATION_URL: 'https://sim.example.com/build/mf-manifest.json',
        REMOTE_CATALOGUE_URL: 'https://cat.example.com/remoteEntry.js',
      },
    });
    const m = remotesManifestSchema.parse(await (await app.fetch('/remotes.json')).json());
    expect(Object.fromEntries(m.remotes.map((x) => [x.key, x.entry]))).toEqual({
      validation: 'https://val.example.com/v3/mf-manifest.json',
      simulation: 'https://sim.example.com/build/mf-manifest.json',
      catalogue: 'https://cat.example.com/remoteEntry.js',
      admin: '/remotes/admin/mf-manifest.json',
    });
    // The built shell's page (npm test builds first).
    const page = await (await app.fetch('/', { headers: { Accept: 'text/html' } })).text();
    const inlined = page.match(/<script id="val-remotes" type="application\/json">(.*?)<\/script>/)?.[1];
    expect(JSON.parse(inlined ?? 'null')).toEqual(m);
    await app.close();
  });
});
