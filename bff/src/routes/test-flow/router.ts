import Router from '@koa/router';
import type { Middleware } from 'koa';
import {
  FEASIBILITY_LIMITS,
  FEASIBILITY_STUDY_ID,
  PAID_PATHS,
  reportIdSchema,
  testFlowRequestSchema,
  type TestFlowStartResponse,
  type TestFlowStatusResponse,
} from '@val/contracts';
import type { AppDeps } from '../../deps';
import { InputError, NotFoundError } from '../../errors';
import { describeIssues, parseBody } from '../../http/parse';
import { requireAdmin } from '../../middlewares/adminSession';
import { byIp, rateLimit } from '../../middlewares/rateLimit';
import { sameOrigin } from '../../middlewares/sameOrigin';

/** Per-IP limit of diagnostic runs (each one is a full report). */
export const TEST_FLOW_RATE_LIMIT = { windowMs: 10 * 60_000, max: 10 } as const;

/**
 * The /test page's diagnostic run, under /api/admin so the admin session
 * cookie reaches it:
 * - `POST /api/admin/test-flow` {flow_execution_variables: [{name, variable_value}]} with
 *   TARGET_MARKET and PRODUCT_IDEA → {success, execution_id}: starts a feasibility report;
 * - `GET /api/admin/test-flow?execution_id=…` → {execution_id, processing_status}.
 * In production only a signed-in admin may use it (it would otherwise be a free paid report);
 * outside production anyone may.
 */
export function testFlowRouter(deps: AppDeps): Router {
  const router = new Router();
  const { config, logger, reports } = deps;
  const guard: Middleware = config.isProduction
    ? requireAdmin({ idleMs: config.ADMIN_IDLE_TIMEOUT_MS, absoluteMs: config.ADMIN_SESSION_MAX_AGE_MS })
    : (_ctx, next) => next();
  const limit = rateLimit({ ...TEST_FLOW_RATE_LIMIT, store: deps.counters, name: 'test-flow', key: byIp });
  const noStore: Middleware = async (ctx, next) => {
    ctx.set('Cache-Control', 'no-store');
    await next();
  };

  router.post(PAID_PATHS.testFlow, noStore, sameOrigin({ allowedOrigins: [config.PUBLIC_URL] }), guard, limit, async (ctx) => {
    const { flow_execution_variables: vars } = parseBody(ctx, testFlowRequestSchema);
    const value = (name: string) => vars.find((v) => v.name === name)?.variable_value.trim() ?? '';
    const targetMarket = value('TARGET_MARKET').slice(0, FEASIBILITY_LIMITS.targetMarket);
    const productIdea = value('PRODUCT_IDEA').slice(0, FEASIBILITY_LIMITS.productIdea);
    if (!targetMarket || !productIdea) throw new InputError('flow_execution_variables must include TARGET_MARKET and PRODUCT_IDEA');
    const id = await reports.start({ product: FEASIBILITY_STUDY_ID, inputs: { targetMarket, productIdea } });
    logger.info({ reportId: id }, 'diagnostic test flow started');
    const body: TestFlowStartResponse = { success: true, execution_id: id };
    ctx.body = body;
  });

  router.get(PAID_PATHS.testFlow, noStore, guard, async (ctx) => {
    const parsed = reportIdSchema.safeParse(ctx.query.execution_id);
    if (!parsed.success) throw new InputError(describeIssues(parsed.error.issues));
    const status = await reports.status(parsed.data);
    if (!status) throw new NotFoundError('No such execution');
    const body: TestFlowStatusResponse = { execution_id: parsed.data, processing_status: status.processing_status };
    ctx.body = body;
  });
  return router;
}
