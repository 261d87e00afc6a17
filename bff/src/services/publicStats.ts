import { type PublicStats } from '@val/contracts';
import { TRUST_BADGES } from '@val/content';
import type { Config } from '../config/env';
import { UnavailableError } from '../errors';
import type { Logger } from '../logger';
import type { Repositories } from '../repositories';

/** How long one answer of the public stats is reused (in memory and by caches). */
export const PUBLIC_STATS_TTL_MS = 30_000;

/** The home page's numbers: validations stored plus the configured baseline, and the trust badges shown. */
export interface PublicStatsService {
  read(): Promise<PublicStats>;
}

/**
 * The count is cached for 30 s in memory (one database query per window, concurrent misses share
 * it); if the database fails, the last known answer is served.
 */
export function createPublicStatsService({
  repos,
  config,
  logger,
}: {
  repos: Pick<Repositories, 'validations'>;
  config: Config;
  logger: Logger;
}): PublicStatsService {
  const trustBadges = TRUST_BADGES.filter((b) => b.enabled && (!config.TRUST_BADGES || config.TRUST_BADGES.includes(b.id))).map((b) => b.id);
  let cached: { value: PublicStats; expiresAt: number } | null = null;
  let inflight: Promise<PublicStats> | null = null;

  const compute = async (): Promise<PublicStats> => {
    const stored = await repos.validations.count();
    return { entrepreneursValidated: config.VALIDATED_BASELINE + stored, trustBadges };
  };

  return {
    async read() {
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
    },
  };
}
