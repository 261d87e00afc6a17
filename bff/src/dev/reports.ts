import type Router from '@koa/router';
import { startReportRequestSchema } from '@val/contracts';
import type { AppDeps } from '../deps';
import { parseBody } from '../http/parse';
import { byIp, rateLimit } from '../middlewares/rateLimit';
import { REPORT_RATE_LIMITS } from '../routes/reports/router';

/**
 * `POST /api/dev/reports` {product, inputs, email?} → 201 {id, url}: starts a report without a
 * payment. Mounted only outside production (NODE_ENV !== 'production'), for demos and browser
 * tests; production reports start only through the paid flow.
 */
export function addDevReportRoutes(router: Router, { config, reports, counters }: AppDeps): void {
  if (config.isProduction) return;
  const limit = rateLimit({ ...REPORT_RATE_LIMITS.devStart, store: counters, name: 'reports-dev', key: byIp });
  router.post('/api/dev/reports', limit, async (ctx) => {
    const body = parseBody(ctx, startReportRequestSchema);
    const id = await reports.start(body);
    ctx.status = 201;
    ctx.body = { id, url: `/report/${id}` };
  });
}
