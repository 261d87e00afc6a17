import Router from '@koa/router';
import { TRUST_BADGES, type PublicStats } from '@val/contracts';
import type { AppDeps } from '../../deps';
import { UnavailableError } from '../../errors';

/** How long one answer of `GET /api/public-stats` is reused (in memory and by caches). */
export const PUBLIC_STATS_TTL_MS = 30_000;

/**
 * `GET /api/public-stats` → {entrepreneursValidated, trustBadges}: stored validations plus the
 * configured baseline, and the trust badges this deployment shows. The count is cached for
 * 30 s in memory (one database query per window, concurrent misses share it); if the database
 * fails, the last known answer is served.
 */
export function publicStatsRouter({ repos, config, logger }: AppDeps): Router {
  const router = new Router();
  const trustBadges = TRUST_BADGES.filter((b) => b.enabled && (!config.TRUST_BADGES || config.TRUST_BADGES.includes(b.id))).map(
    (b) => b.id,
  );
  let cached: { value: PublicStats; expiresAt: number } | null = null;
  let inflight: Promise<PublicStats> | null = null;

  const compute = async (): Promise<PublicStats> => {
    const stored = await repos.validations.count();
    return { entrepreneursValidated: config.VALIDATED_BASELINE + stored, trustBadges };
  };

  const read = async (): Promise<PublicStats> => {
    if (cached && Date.now() < cached.expiresAt) return cached.value;
    if (!inflight) {
      inflight = compute()
        .then((value) => {
          cached = { value, expiresAt: Date.now() + PUBLIC_STATS_TTL_MS };
          return value;
        })
        .finally(() => {
          inflight = null;
        });
    }
    try {
      return await inflight;
    } catch (err) {
      if (cached) {
        logger.warn({ err }, 'public stats: database failed, serving the last known answer');
        return cached.value;
      }
      logger.error({ err }, 'public stats: database failed');
      throw new UnavailableError('Statistics are temporarily unavailable');
    }
  };

  router.get('/api/public-stats', async (ctx) => {
    ctx.body = await read();
    ctx.set('Cache-Control', `public, max-age=${PUBLIC_STATS_TTL_MS / 1000}`);
  });
  return router;
}
