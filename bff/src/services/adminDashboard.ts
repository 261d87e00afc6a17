import type { AdminMessagesResponse, DailyClicks, LinkStat, ProductStat, StatsRange } from '@val/contracts';
import type { Logger } from '../logger';
import type { Repositories } from '../repositories';

/** What the operator's dashboard reads (and the clean-up at each login). */
export interface AdminDashboard {
  /** Ends expired admin sessions (a failure is logged, never thrown). */
  sweepSessions(now: Date): Promise<void>;
  linkStats(range?: StatsRange): Promise<LinkStat[]>;
  productStats(range?: StatsRange): Promise<ProductStat[]>;
  daily(kind: 'links' | 'products', range?: StatsRange): Promise<DailyClicks[]>;
  /** One page of contact-form messages, newest first, and how many there are. */
  messages(page: { limit: number; offset: number }): Promise<AdminMessagesResponse>;
}

export function createAdminDashboard({
  repos,
  logger,
}: {
  repos: Pick<Repositories, 'adminSessions' | 'analytics' | 'contactMessages'>;
  logger: Logger;
}): AdminDashboard {
  return {
    async sweepSessions(now) {
      await repos.adminSessions.sweep(now).catch((err) => logger.warn({ err }, 'could not sweep expired admin sessions'));
    },
    linkStats: (range) => repos.analytics.linkStats(range),
    productStats: (range) => repos.analytics.productStats(range),
    daily: (kind, range) => repos.analytics.daily(kind, range),
    async messages(page) {
      const [messages, total] = await Promise.all([repos.contactMessages.list(page), repos.contactMessages.count()]);
      return { messages: messages.map((m) => ({ ...m, createdAt: m.createdAt.toISOString() })), total };
    },
  };
}
