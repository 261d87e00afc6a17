import {
  createApiClient,
  type AdminMessagesResponse,
  type DailyClicks,
  type LinkStat,
  type ProductStat,
  type StatsRange,
} from '@val/contracts';

const query = (params: object) => {
  const q = new URLSearchParams();
  for (const [k, v] of Object.entries(params) as Array<[string, unknown]>) if (v !== undefined && v !== '') q.set(k, String(v));
  const s = q.toString();
  return s ? `?${s}` : '';
};

/** Everything the dashboard reads and writes, through the spec's generic request helper. */
export interface StatsBundle {
  links: LinkStat[];
  products: ProductStat[];
  dailyLinks: DailyClicks[];
  dailyProducts: DailyClicks[];
}

/** The admin API bound to a BFF base URL ('' = this origin); cookies are always sent. */
export function adminApi(base: string) {
  const api = createApiClient(base);
  const linkStats = (range: StatsRange) => api.get<LinkStat[]>(`/api/admin/link-stats${query(range)}`, { on401: 'returnNull' });
  const productStats = (range: StatsRange) =>
    api.get<ProductStat[]>(`/api/admin/product-stats${query(range)}`, { on401: 'returnNull' });
  const daily = (kind: 'links' | 'products', range: StatsRange) =>
    api.get<DailyClicks[]>(`/api/admin/daily${query({ kind, ...range })}`, { on401: 'returnNull' });
  return {
    /** Link stats; null when there is no admin session (401). */
    linkStats,
    productStats,
    daily,
    messages: (limit: number, offset: number) =>
      api.get<AdminMessagesResponse>(`/api/admin/messages${query({ limit, offset })}`, { on401: 'returnNull' }),
    login: (password: string) => api.post<{ ok: boolean }>('/api/admin/login', { password }),
    logout: () => api.post<{ ok: boolean }>('/api/admin/logout'),
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
