import { randomUUID } from 'node:crypto';
import type { Config } from '../config/env';
import type { DevStandIns } from '../deps';
import type { Logger } from '../logger';
import { EMBEDDED_CLIENT_ID } from '../services/auth';

/*
 * The development stand-ins in one place: the embedded OpenID provider (development sign-in),
 * the TEST MODE card form and the unpaid report start. Each is loaded only when the config turns
 * it on. `createServices` loads this module through a dynamic import, and never in production, so
 * a production process does not load bff/src/dev at all.
 */

/** The stand-ins `config` turns on. */
export async function createDevStandIns({ config, logger }: { config: Config; logger: Logger }): Promise<DevStandIns> {
  // Without OIDC_ISSUER (never in production; the sign-in service refuses it there): the embedded provider.
  const signIn =
    !config.OIDC_ISSUER && !config.isProduction
      ? (await import('./oidc/embedded')).createEmbeddedOidc({
          logger,
          clientId: config.OIDC_CLIENT_ID ?? EMBEDDED_CLIENT_ID,
          clientSecret: `dev-${randomUUID()}`,
        })
      : null;
  // Without a Stripe key (never in production; the payments service refuses it there): the TEST MODE card form.
  const testCheckout = !config.STRIPE_SECRET_KEY && !config.isProduction ? (await import('./testCheckout')).addTestCheckoutRoutes : null;
  // The unpaid report start, outside production only.
  const devReports = !config.isProduction ? (await import('./reports')).addDevReportRoutes : null;
  return { signIn, testCheckout, routes: devReports ? [devReports] : [] };
}
