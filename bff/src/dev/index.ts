import { randomUUID } from 'node:crypto';
import type { Config } from '../config/env';
import type { DevStandIns } from '../deps';
import type { Logger } from '../logger';
import { EMBEDDED_CLIENT_ID } from '../services/auth';
import { addTestFlowRoutes } from './testFlow';

/*
 * The development stand-ins in one place: the embedded OpenID provider (development sign-in),
 * the TEST MODE card form, the unpaid report start and the /test page's diagnostic run. Each is
 * loaded only when the config turns it on; `createServices` loads this module through a dynamic
 * import, so no production module imports bff/src/dev.
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
  return {
    signIn,
    testCheckout,
    // The /test page's diagnostic run is on everywhere: in production only for a signed-in admin.
    routes: [...(devReports ? [devReports] : []), addTestFlowRoutes],
  };
}
