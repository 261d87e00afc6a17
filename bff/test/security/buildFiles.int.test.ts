import fs from 'node:fs';
import path from 'node:path';
import { findRepoRoot } from '../../src/config/env';
import { startTestApp, type TestApp } from '../app';

/*
 * A remote's build folder holds more than the browser needs: its exposed types (`@mf-types.zip`,
 * `@mf-types/…`, read by a host's type-check) and webpack's build stats (`mf-stats.json`: module
 * paths, sizes, versions). Production serves only what runs, unless SERVE_REMOTE_TYPES asks.
 */

const PRODUCTION = {
  NODE_ENV: 'production',
  PUBLIC_URL: 'https://val.example.com',
  SESSION_KEYS: 'k'.repeat(40),
  ANALYTICS_HASH_KEY: 'analytics-hash-key-for-tests-0123',
  OIDC_ISSUER: 'https://accounts.example.com',
  OIDC_CLIENT_ID: 'client',
  OIDC_CLIENT_SECRET: 'secret',
  STRIPE_SECRET_KEY: 'sk_test_build_files',
  STRIPE_WEBHOOK_SECRET: 'whsec_build_files',
  STRIPE_API_URL: 'http://127.0.0.1:9',
  REPORT_WORKER: 'off',
};
const METADATA = ['/remotes/admin/@mf-types.zip', '/remotes/admin/mf-stats.json', '/remotes/admin/mf-stats.json.gz', '/remotes/validation/@mf-types/Lab.d.ts'];
const RUNTIME = ['/remotes/admin/mf-manifest.json', '/remotes/admin/remoteEntry.js'];

const statuses = async (app: TestApp, paths: string[]) => Object.fromEntries(await Promise.all(paths.map(async (p) => [p, (await app.fetch(p)).status])));
const all = (paths: string[], status: number) => Object.fromEntries(paths.map((p) => [p, status]));

describe.each([
  ['production', PRODUCTION, 404],
  ['production with SERVE_REMOTE_TYPES=true', { ...PRODUCTION, SERVE_REMOTE_TYPES: 'true' }, 200],
  ['outside production', {}, 200],
  ['outside production with SERVE_REMOTE_TYPES=false', { SERVE_REMOTE_TYPES: 'false' }, 404],
])('remote build files, %s', (_label, env, metadataStatus) => {
  let app: TestApp;
  beforeAll(async () => {
    for (const p of [...METADATA.filter((m) => !m.endsWith('.gz')), ...RUNTIME]) {
      const [, , name, ...rest] = p.split('/');
      expect(fs.existsSync(path.join(findRepoRoot(), `mf-${name}`, 'dist', ...rest))).toBe(true);
    }
    app = await startTestApp({ env: env as Record<string, string> });
  });
  afterAll(() => app.close());

  it(`types and build stats: ${metadataStatus}; the manifest and entry the shell loads: 200`, async () => {
    expect(await statuses(app, METADATA)).toEqual(all(METADATA, metadataStatus));
    expect(await statuses(app, RUNTIME)).toEqual(all(RUNTIME, 200));
  });
});
