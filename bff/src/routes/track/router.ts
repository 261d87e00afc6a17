import Router from '@koa/router';
import { trackClickRequestSchema, trackProductClickRequestSchema } from '@val/contracts';
import type { AppDeps } from '../../deps';
import { parseBody, rememberedBodyParser } from '../../http/parse';
import { byIp, rateLimit } from '../../middlewares/rateLimit';

/**
 * Click capture: `POST /api/track-click` (partner logo/button) and `POST /api/track-product-click`
 * (research products). Both answer 202 once the click is buffered for the batched writer, 400 on a
 * bad body, 503 when the writer cannot take more, 429 beyond the per-IP limit.
 */
export function trackRouter(deps: AppDeps): Router {
  const router = new Router();
  const analytics = deps.services.analytics;
  const limit = rateLimit({
    store: deps.counters,
    name: 'track',
    windowMs: 60_000,
    max: deps.config.TRACK_RATE_LIMIT_PER_MINUTE,
    key: byIp,
  });

  // The partner-click schema is a pure function of the body, and its valid bodies are few.
  const parseClick = rememberedBodyParser(trackClickRequestSchema);
  router.post('/api/track-click', limit, (ctx) => {
    analytics.trackLinkClick(parseClick(ctx));
    ctx.status = 202;
    ctx.body = { ok: true };
  });

  router.post('/api/track-product-click', limit, (ctx) => {
    analytics.trackProductClick(parseBody(ctx, trackProductClickRequestSchema));
    ctx.status = 202;
    ctx.body = { ok: true };
  });
  return router;
}
