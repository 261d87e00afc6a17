import { useInfiniteQuery, useMutation, useQuery, useQueryClient, type InfiniteData } from '@tanstack/react-query';
import type { AdminMessagesResponse, AdminSessionState, StatsRange } from '@val/contracts';
import type { AdminApi } from './api';

/** Messages per page of the Messages tab. */
export const MESSAGES_PAGE = 20;

/** The query keys of the admin dashboard: the BFF it talks to, then what is asked (with every input). */
export const adminKeys = {
  all: (base: string) => ['admin', base] as const,
  session: (base: string) => ['admin', base, 'session'] as const,
  stats: (base: string) => ['admin', base, 'stats'] as const,
  statsFor: (base: string, range: StatsRange) => ['admin', base, 'stats', { from: range.from ?? null, to: range.to ?? null }] as const,
  messages: (base: string) => ['admin', base, 'messages'] as const,
};

/** Whether the dashboard is switched on and this browser signed in: the one question that picks the first screen. */
export function useAdminSession(api: AdminApi) {
  return useQuery({ queryKey: adminKeys.session(api.base), queryFn: () => api.session() });
}

/**
 * The stats of a date range: both lists and both daily series; null when the session is missing
 * or over (401). Keyed by the range, so choosing one asks for it, and an answer for a range no
 * longer chosen lands in that range's entry, never on the screen. A range chosen again is asked
 * again (staleTime 0), as the page always did.
 */
export function useStats(api: AdminApi, range: StatsRange, enabled: boolean) {
  return useQuery({ queryKey: adminKeys.statsFor(api.base, range), queryFn: () => api.all(range), enabled, staleTime: 0 });
}

/** The contact-form messages, newest first, a page at a time; a page is null when the session is over (401). */
export function useMessages(api: AdminApi) {
  return useInfiniteQuery({
    queryKey: adminKeys.messages(api.base),
    queryFn: ({ pageParam }) => api.messages(MESSAGES_PAGE, pageParam),
    initialPageParam: 0,
    getNextPageParam: (last, pages) => {
      const loaded = pages.reduce((n, p) => n + (p?.messages.length ?? 0), 0);
      return last && loaded < last.total ? loaded : undefined;
    },
    // The tab starts over each time it opens (the list is not kept while another tab shows).
    gcTime: 0,
  });
}

/** The session and everything read with it, as the cache holds them. */
export function useAdminCache(api: AdminApi) {
  const qc = useQueryClient();
  return {
    setSession: (state: AdminSessionState) => qc.setQueryData(adminKeys.session(api.base), state),
    /** Drops the stats and messages of a session that is over. */
    forgetSessionData: () => {
      qc.removeQueries({ queryKey: adminKeys.stats(api.base) });
      qc.removeQueries({ queryKey: adminKeys.messages(api.base) });
    },
    /** Messages from the first page again (an open Messages tab keeps showing its first page meanwhile). */
    reloadMessages: () => {
      const key = adminKeys.messages(api.base);
      qc.setQueryData<InfiniteData<AdminMessagesResponse | null, number>>(
        key,
        (d) => d && { pages: d.pages.slice(0, 1), pageParams: d.pageParams.slice(0, 1) },
      );
      void qc.refetchQueries({ queryKey: key, type: 'active' });
    },
  };
}

/** POST /api/admin/login with the shared password (throws the request's error; 401 = wrong password). */
export function useLogin(api: AdminApi) {
  return useMutation({ mutationFn: (password: string) => api.login(password) });
}

/** POST /api/admin/logout. */
export function useLogout(api: AdminApi) {
  return useMutation({ mutationFn: () => api.logout() });
}
