import type { AdminMessagesResponse, DailyClicks, LinkStat, ProductStat, StatsRange } from '@val/contracts';
import { createValApi } from '@val/client';

/** Everything the dashboard reads and writes. */
export interface StatsBundle {
  links: LinkStat[];
  products: ProductStat[];
  dailyLinks: DailyClicks[];
  dailyProducts: DailyClicks[];
}

/** A 401 (no admin session, or it is over) as null; any other failure throws (the spec's `${status}: ${body}`). */
async function nullOn401<T>(call: Promise<T>): Promise<T | null> {
  try {
    return await call;
  } catch (e) {
    if (typeof e === 'object' && e !== null && (e as { status?: unknown }).status === 401) return null;
    throw e;
  }
}

/** The admin API bound to a BFF base URL ('' = this origin), through the typed client; cookies are always sent. */
export function adminApi(base: string) {
  const api = createValApi({ baseUrl: base });
  const linkStats = (range: StatsRange) => nullOn401(api.call('adminLinkStats', { query: range }));
  const productStats = (range: StatsRange) => nullOn401(api.call('adminProductStats', { query: range }));
  const daily = (kind: 'links' | 'products', range: StatsRange) => nullOn401(api.call('adminDaily', { query: { kind, ...range } }));
  return {
    /** The BFF base URL these calls go to (part of every query key). */
    base,
    /** Link stats; null when there is no admin session (401). */
    linkStats,
    productStats,
    daily,
    messages: (limit: number, offset: number) => nullOn401<AdminMessagesResponse>(api.call('adminMessages', { query: { limit, offset } })),
    /** Whether the dashboard is switched on and the request signed in: always answers, so nothing fails while the page decides. */
    session: () => api.call('adminSession'),
    login: (password: string) => api.call('adminLogin', { body: { password } }),
    logout: () => api.call('adminLogout'),
    /** Both stats lists and both daily series; null when the session is missing or over. */
    async all(range: StatsRange): Promise<StatsBundle | null> {
      const [links, products, dailyLinks, dailyProducts] = await Promise.all([
        linkStats(range),
        productStats(range),
        daily('links', range),
        daily('products', range),
      ]);
      if (!links || !products || !dailyLinks || !dailyProducts) return null;
      return { links, products, dailyLinks, dailyProducts };
    },
  };
}
export type AdminApi = ReturnType<typeof adminApi>;
