import Router from '@koa/router';
import type { AppDeps } from '../../deps';
import { PUBLIC_STATS_TTL_MS } from '../../services/publicStats';

export { PUBLIC_STATS_TTL_MS };

/**
 * `GET /api/public-stats` → {entrepreneursValidated, trustBadges}: stored validations plus the
 * configured baseline, and the trust badges this deployment shows (`services.publicStats`:
 * cached for 30 s, the last known answer while the database fails).
 */
export function publicStatsRouter({ services }: AppDeps): Router {
  const router = new Router();
  router.get('/api/public-stats', async (ctx) => {
    ctx.body = await services.publicStats.read();
    ctx.set('Cache-Control', `public, max-age=${PUBLIC_STATS_TTL_MS / 1000}`);
  });
  return router;
}
