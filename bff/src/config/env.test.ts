import path from 'node:path';
import { ConfigError, loadConfig } from './env';

describe('loadConfig', () => {
  it('works with nothing set: port 3000, SQLite under data/, remotes on this server', () => {
    const c = loadConfig({});
    expect(c.PORT).toBe(3000);
    expect(c.DATABASE_URL).toBeUndefined();
    expect(c.dataDir).toBe(path.join(c.repoRoot, 'data'));
    expect(c.remoteUrls.validation).toBe('/remotes/validation/mf-manifest.json');
    expect(c.FOUNDER_SLUG).toBe('founder');
    expect(c.isProduction).toBe(false);
  });

  it('treats empty variables as unset', () => {
    expect(loadConfig({ DATABASE_URL: '', REMOTE_ADMIN_URL: '' }).DATABASE_URL).toBeUndefined();
  });

  it('lists every problem at once', () => {
    let err: unknown;
    try {
      loadConfig({ PORT: 'eighty', DATABASE_URL: 'postgres://x', REMOTE_ADMIN_URL: 'not a url', NODE_ENV: 'staging' });
    } catch (e) {
      err = e;
    }
    expect(err).toBeInstanceOf(ConfigError);
    const problems = (err as ConfigError).problems.join('\n');
    expect(problems).toMatch(/PORT/);
    expect(problems).toMatch(/DATABASE_URL: must start with mysql:\/\//);
    expect(problems).toMatch(/REMOTE_ADMIN_URL: must be an absolute http\(s\) URL/);
    expect(problems).toMatch(/NODE_ENV/);
  });

  it("accepts a MySQL URL and a remote's folder, mf-manifest.json or remoteEntry.js URL", () => {
    const c = loadConfig({
      DATABASE_URL: 'mysql://root@127.0.0.1:3306/val',
      REMOTE_CATALOGUE_URL: 'https://cdn.example.com/cat/remoteEntry.js',
      REMOTE_ADMIN_URL: 'https://cdn.example.com/admin/v2',
      REMOTE_SIMULATION_URL: 'https://sim.example.com/build/mf-manifest.json?x=1',
      REMOTE_VALIDATION_URL: 'https://val.example.com',
    });
    expect(c.DATABASE_URL).toBe('mysql://root@127.0.0.1:3306/val');
    expect(c.remoteUrls.catalogue).toBe('https://cdn.example.com/cat/remoteEntry.js');
    expect(c.remoteUrls.admin).toBe('https://cdn.example.com/admin/v2/mf-manifest.json');
    expect(c.remoteUrls.simulation).toBe('https://sim.example.com/build/mf-manifest.json?x=1');
    expect(c.remoteUrls.validation).toBe('https://val.example.com/mf-manifest.json');
  });
});

describe('TRUST_PROXY and METRICS_TOKEN', () => {
  it('reads TRUST_PROXY as a hop count: false/0 none, true = 1 (as before), a number of hops', () => {
    expect(loadConfig({}).TRUST_PROXY).toBe(0);
    expect(loadConfig({ TRUST_PROXY: 'false' }).TRUST_PROXY).toBe(0);
    expect(loadConfig({ TRUST_PROXY: '0' }).TRUST_PROXY).toBe(0);
    expect(loadConfig({ TRUST_PROXY: 'true' }).TRUST_PROXY).toBe(1);
    expect(loadConfig({ TRUST_PROXY: 'TRUE' }).TRUST_PROXY).toBe(1);
    expect(loadConfig({ TRUST_PROXY: '1' }).TRUST_PROXY).toBe(1);
    expect(loadConfig({ TRUST_PROXY: '2' }).TRUST_PROXY).toBe(2);
    for (const bad of ['yes', '-1', '1.5', '100']) {
      expect(() => loadConfig({ TRUST_PROXY: bad })).toThrow(/TRUST_PROXY: must be a number of proxy hops/);
    }
  });

  it('leaves /metrics off without METRICS_TOKEN and refuses a short token', () => {
    expect(loadConfig({}).METRICS_TOKEN).toBeUndefined();
    expect(loadConfig({ METRICS_TOKEN: 'x'.repeat(16) }).METRICS_TOKEN).toBe('x'.repeat(16));
    expect(() => loadConfig({ METRICS_TOKEN: 'short' })).toThrow(/METRICS_TOKEN: must be at least 16 characters/);
  });
});
