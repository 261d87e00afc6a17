import Router from '@koa/router';
import { feasibilityStartRequestSchema, type FeasibilityStartResponse, type PaidConfig } from '@val/contracts';
import type { AppDeps } from '../../deps';
import { AppError } from '../../errors';
import { parseBody } from '../../http/parse';
import { byIp, rateLimit } from '../../middlewares/rateLimit';

/** Per-IP limit of report starts. */
export const FEASIBILITY_START_RATE_LIMIT = { windowMs: 60_000, max: 20 } as const;

const base = (url: string | undefined) => (url ? url.replace(/\/+$/, '') : '');

/** Where the browser sends each step of the paid flow (`GET /api/feasibility/config`; the report page's first render too). */
export function paidConfigOf({ config, services }: Pick<AppDeps, 'config' | 'services'>): PaidConfig {
  return {
    feasibilityBaseUrl: base(config.FEASIBILITY_BASE_URL),
    authBaseUrl: base(config.AUTH_BASE_URL),
    planBaseUrl: base(config.PLAN_BASE_URL),
    checkoutMode: services.paid.payments.mode,
    signIn: services.paid.auth.mode,
  };
}

/**
 * The feasibility service:
 * - `GET /api/feasibility/config` → where the browser sends each step of the paid flow;
 * - `POST /api/feasibility/start` {target_market, product_idea, email, session_id?} →
 *   {success: true, flow_execution_id, customer_id} | {success: false, error, code}. A report
 *   starts only against a paid, unspent checkout (by `session_id`, or the signed-in email's
 *   oldest credit); the same checkout always answers with the same report.
 */
export function feasibilityRouter(deps: AppDeps): Router {
  const flow = deps.services.paid;
  const router = new Router();
  const limit = rateLimit({
    ...FEASIBILITY_START_RATE_LIMIT,
    store: deps.counters,
    name: 'feasibility',
    key: byIp,
    message: 'Too many attempts to start a report. Please wait a minute and try again.',
  });

  router.get('/api/feasibility/config', (ctx) => {
    ctx.set('Cache-Control', 'no-cache');
    ctx.body = paidConfigOf(deps);
  });

  router.post('/api/feasibility/start', flow.csrf, limit, async (ctx) => {
    ctx.set('Cache-Control', 'no-store');
    const req = parseBody(ctx, feasibilityStartRequestSchema);
    let res: FeasibilityStartResponse;
    try {
      const user = (await flow.sessions.read(ctx)).user;
      const { reportId, customerId } = await flow.payments.startPaidReport({
        targetMarket: req.target_market,
        productIdea: req.product_idea,
        email: req.email,
        sessionId: req.session_id,
        signedInEmail: user?.email,
        signedInName: user?.name,
        evidence: req.evidence ?? null,
        basis: req.basis ?? null,
      });
      res = customerId ? { success: true, flow_execution_id: reportId, customer_id: customerId } : { success: true, flow_execution_id: reportId };
    } catch (err) {
      // The spec's contract: a refused start is {success: false, error}; only failures are non-2xx.
      if (!(err instanceof AppError) || err.status >= 500) throw err;
      res = { success: false, error: err.message, code: err.code };
    }
    ctx.body = res;
  });

  return router;
}
