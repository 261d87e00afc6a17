import Router from '@koa/router';
import { loadConfig } from '../config/env';
import type { AppDeps } from '../deps';
import { createLogger } from '../logger';
import { memoryCounterStore } from '../repositories/counters';
import { createDevStandIns } from '.';

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

/** The paths the stand-ins' own routes mount, as `METHOD /path`. */
function mounted(config: AppDeps['config'], routes: Awaited<ReturnType<typeof createDevStandIns>>['routes']): string[] {
  const router = new Router();
  const deps = { config, logger: createLogger(config), counters: memoryCounterStore() } as unknown as AppDeps;
  for (const add of routes) add(router, deps);
  return router.stack.flatMap((l) => l.methods.filter((m) => m !== 'HEAD').map((m) => `${m} ${l.path}`));
}

describe('the development stand-ins each config turns on', () => {
  it('outside production, without OIDC_ISSUER or a Stripe key: the embedded sign-in, the TEST MODE card form and the unpaid report start', async () => {
    const config = loadConfig({ NODE_ENV: 'test', LOG_LEVEL: 'silent' });
    const dev = await createDevStandIns({ config, logger: createLogger(config) });
    expect(dev.signIn?.clientId).toBe('val-dev');
    expect(dev.testCheckout).toEqual(expect.any(Function));
    expect(mounted(config, dev.routes).sort()).toEqual(['POST /api/dev/reports']);
  });

  it('with OIDC_ISSUER and a Stripe key outside production: neither the embedded sign-in nor the card form', async () => {
    const config = loadConfig({
      NODE_ENV: 'test',
      LOG_LEVEL: 'silent',
      OIDC_ISSUER: 'https://accounts.example.com',
      OIDC_CLIENT_ID: 'val',
      OIDC_CLIENT_SECRET: 's',
      STRIPE_SECRET_KEY: 'sk_test_x',
    });
    const dev = await createDevStandIns({ config, logger: createLogger(config) });
    expect(dev.signIn).toBeNull();
    expect(dev.testCheckout).toBeNull();
  });

  it('asked with a production config (createServices never does): none of them', async () => {
    const config = loadConfig(PRODUCTION);
    const dev = await createDevStandIns({ config, logger: createLogger(config) });
    expect(dev.signIn).toBeNull();
    expect(dev.testCheckout).toBeNull();
    expect(mounted(config, dev.routes)).toEqual([]);
  });
});
