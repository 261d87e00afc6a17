import Router from '@koa/router';
import { startReportRequestSchema } from '@val/contracts';
import type { AppDeps } from '../../deps';
import { UnavailableError } from '../../errors';
import { parseBody } from '../../http/parse';
import { maskEmail } from '../../logger';
import { requireAdmin } from '../../middlewares/adminSession';
import { sameOrigin } from '../../middlewares/sameOrigin';
import { ADMIN_DISABLED_MESSAGE } from '../admin/router';
import { passwordVerifier } from '../../services/adminPassword';

/** Answer of `POST /api/admin/reports`. */
export interface AdminStartReportResponse {
  /** The report id (its public link's last part). */
  id: string;
  /** The report page. */
  url: string;
  processing_status: 'queued';
}

/**
 * `POST /api/admin/reports` {product, inputs, email?}: an operator (admin session) queues a
 * report without a checkout — for support and for the `val report start` command. The same
 * engine and input rules as a paid report; 400 on bad input, 401 without a session, 403
 * cross-site, 503 when the admin is disabled.
 */
export function adminReportsRouter(deps: AppDeps): Router {
  const { config, logger, reports } = deps;
  const router = new Router({ prefix: '/api/admin/reports' });
  const enabled = passwordVerifier(config).enabled;

  router.use(async (ctx, next) => {
    ctx.set('Cache-Control', 'no-store');
    if (!enabled) throw new UnavailableError(ADMIN_DISABLED_MESSAGE);
    await next();
  });

  router.post(
    '/',
    sameOrigin({ allowedOrigins: [config.PUBLIC_URL] }),
    requireAdmin({ idleMs: config.ADMIN_IDLE_TIMEOUT_MS, absoluteMs: config.ADMIN_SESSION_MAX_AGE_MS }),
    async (ctx) => {
      const body = parseBody(ctx, startReportRequestSchema);
      const id = await reports.start({ product: body.product, inputs: body.inputs, email: body.email ?? null, ...(body.basis ? { basis: body.basis } : {}) });
      logger.info({ report: id, product: body.product, email: body.email ? maskEmail(body.email) : undefined }, 'report started by an operator');
      const answer: AdminStartReportResponse = { id, url: reports.link(id), processing_status: 'queued' };
      ctx.status = 201;
      ctx.body = answer;
    },
  );
  return router;
}
