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
      ['validation', 'val_validation', '/remotes/validation/remoteEntry.js'],
      ['simulation', 'val_simulation', '/remotes/simulation/remoteEntry.js'],
      ['catalogue', 'val_catalogue', '/remotes/catalogue/remoteEntry.js'],
      ['admin', 'val_admin', '/remotes/admin/remoteEntry.js'],
    ]);
    expect(m.founderSlug).toBe('founder');
    await app.close();
  });

  it('moves a remote to another URL by configuration alone', async () => {
    const app = await startTestApp({
      env: { REMOTE_ADMIN_URL: 'https://cdn.example.com/admin/v2', FOUNDER_SLUG: 'jane-doe' },
    });
    const m = remotesManifestSchema.parse(await (await app.fetch('/remotes.json')).json());
    expect(m.remotes.find((x) => x.key === 'admin')?.entry).toBe('https://cdn.example.com/admin/v2/remoteEntry.js');
    expect(m.remotes.find((x) => x.key === 'catalogue')?.entry).toBe('/remotes/catalogue/remoteEntry.js');
    expect(m.founderSlug).toBe('jane-doe');
    await app.close();
  });
});
