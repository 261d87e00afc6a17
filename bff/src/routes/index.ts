import Router from '@koa/router';
import type { Middleware } from 'koa';
import type { AppDeps } from '../deps';
import { healthRouter } from './health/router';
import { remotesRouter } from './remotes/router';
import { adminRouter } from './admin/router';
import { adminReportsRouter } from './admin-reports/router';
import { trackRouter } from './track/router';
import { contactRouter } from './contact/router';
import { publicStatsRouter } from './public-stats/router';
import { simulationRouter } from './simulation/router';
import { validateRouter } from './validate/router';
import { validationsRouter } from './validations/router';
import { authRouter, embeddedOidcMiddleware } from './auth/router';
import { checkoutRouter } from './checkout/router';
import { feasibilityRouter } from './feasibility/router';
import { stripeWebhookMiddleware } from './stripe/router';
import { reportsRouter } from './reports/router';
import { openApiRouter } from './openapi/router';
import { testFlowRouter } from './test-flow/router';

/** The development stand-ins' own routes (`deps.dev.routes`, from bff/src/dev when the config turns them on), on one router. */
function devRouter(deps: AppDeps): Router {
  const router = new Router();
  for (const add of deps.dev.routes) add(router, deps);
  return router;
}

/** Every router of the BFF, in mount order. Add a resource's router here. */
export const routers: ReadonlyArray<(deps: AppDeps) => Router> = [
  healthRouter,
  remotesRouter,
  trackRouter,
  adminRouter,
  adminReportsRouter,
  contactRouter,
  publicStatsRouter,
  simulationRouter,
  validateRouter,
  validationsRouter,
  authRouter,
  checkoutRouter,
  feasibilityRouter,
  reportsRouter,
  testFlowRouter,
  devRouter,
  openApiRouter,
];

/**
 * Middleware that reads the raw request itself (Stripe's signed webhook body, the embedded OpenID
 * provider): mounted before the body parser and the SPA fallback.
 */
export const rawBodyMiddlewares: ReadonlyArray<(deps: AppDeps) => Middleware> = [stripeWebhookMiddleware, embeddedOidcMiddleware];
