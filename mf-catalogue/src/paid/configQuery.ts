import { queryOptions } from '@tanstack/react-query';
import { loadPaidConfig } from './config';

/**
 * The paid-flow config (`GET /api/feasibility/config`) as a query, for the pages that use the
 * remote's query client (report, /success, /log, /test). Kept apart from ./config: the landing
 * page's hero reads `loadPaidConfig` and must not load @tanstack/react-query. The config does not
 * change while a page is open; `loadPaidConfig` falls back to this origin and never fails.
 */
export const paidConfigQuery = (apiBase: string) =>
  queryOptions({
    queryKey: ['paid-config', apiBase],
    queryFn: () => loadPaidConfig(apiBase),
    staleTime: Infinity,
  });
