import { ConfigError, loadConfig } from '../config/env';
import { createLogger } from '../logger';
import type { Repositories } from '../repositories';
import { createPaidFlow } from './paymentsFlow';

/** The paid flow of a config, with the lines it logged while being built. */
function build(env: Record<string, string>) {
  const lines: Array<{ level: number; msg: string }> = [];
  const config = loadConfig({ LOG_LEVEL: 'info', ...env });
  const logger = createLogger(config, { write: (line: string) => lines.push(JSON.parse(line)) });
  const flow = createPaidFlow({ config, logger, repos: {} as Pick<Repositories, 'signInSessions' | 'payments'>, reports: () => ({ start: async () => 'r' }) });
  return { flow, lines };
}

describe('PUBLIC_URL and the origin of redirects', () => {
  it('production refuses to start without it', () => {
    const env = { NODE_ENV: 'production', ANALYTICS_HASH_KEY: 'k'.repeat(32), SESSION_KEYS: 'k'.repeat(40), OIDC_ISSUER: 'https://accounts.google.com', OIDC_CLIENT_ID: 'id', OIDC_CLIENT_SECRET: 'secret', STRIPE_SECRET_KEY: 'sk_live_x', STRIPE_WEBHOOK_SECRET: 'whsec_x' };
    expect(() => loadConfig(env)).toThrow(ConfigError);
    expect(() => loadConfig(env)).toThrow(/PUBLIC_URL: must be set in production/);
    expect(() => loadConfig({ ...env, PUBLIC_URL: 'https://val.example' })).not.toThrow();
  });

  it('outside production without it, the start says that the Host header decides sign-in redirects and checkout return URLs', () => {
    const { lines } = build({ NODE_ENV: 'development' });
    const warning = lines.find((l) => /PUBLIC_URL/.test(l.msg));
    expect(warning?.level).toBe(40);
    expect(warning?.msg).toMatch(/PUBLIC_URL is not set: sign-in redirects and checkout return URLs take their origin from each request's Host header/);
    expect(build({ NODE_ENV: 'development', PUBLIC_URL: 'http://localhost:3000' }).lines.some((l) => /PUBLIC_URL/.test(l.msg))).toBe(false);
  });
});
