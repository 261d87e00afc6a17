import { loadConfig } from './config/env';
import { createServices } from './createServices';
import { createLogger } from './logger';
import { testDbs } from '../test/db';

// Records each load of bff/src/dev (the development stand-ins) while keeping its real code.
const mockDevLoads: string[] = [];
jest.mock('./dev', () => {
  mockDevLoads.push('bff/src/dev');
  return jest.requireActual('./dev');
});

const PRODUCTION = {
  NODE_ENV: 'production',
  ANALYTICS_HASH_KEY: 'a-production-hash-key-123',
  SESSION_KEYS: 'k'.repeat(40),
  PUBLIC_URL: 'https://val.example',
  OIDC_ISSUER: 'https://accounts.example.com',
  OIDC_CLIENT_ID: 'val',
  OIDC_CLIENT_SECRET: 'secret',
  STRIPE_SECRET_KEY: 'sk_test_prod_like',
  STRIPE_WEBHOOK_SECRET: 'whsec_prod_like',
  LOG_LEVEL: 'silent',
};

async function build(env: Record<string, string>) {
  const { db, drop } = await testDbs[0].create();
  const config = loadConfig(env);
  const deps = await createServices(config, { db, logger: createLogger(config) });
  return { deps, drop: async () => (await deps.lifecycle.runShutdownHooks(), await drop()) };
}

describe('which process loads the development stand-ins (bff/src/dev)', () => {
  beforeEach(() => {
    mockDevLoads.length = 0;
    jest.resetModules();
  });

  it('a production process never loads bff/src/dev: no embedded sign-in, no card form, no dev routes', async () => {
    const { deps, drop } = await build(PRODUCTION);
    try {
      expect(mockDevLoads).toEqual([]);
      expect(deps.dev).toEqual({ signIn: null, testCheckout: null, routes: [] });
    } finally {
      await drop();
    }
  });

  it('outside production the stand-ins are loaded (the check can tell)', async () => {
    const { deps, drop } = await build({ NODE_ENV: 'test', LOG_LEVEL: 'silent' });
    try {
      expect(mockDevLoads).toEqual(['bff/src/dev']);
      expect(deps.dev.signIn).not.toBeNull();
      expect(deps.dev.routes).toHaveLength(1);
    } finally {
      await drop();
    }
  });
});
