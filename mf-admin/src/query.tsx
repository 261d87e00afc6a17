import { useState, type ReactNode } from 'react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';

/**
 * The admin remote's query client. As the spec says of every read: nothing refetches on its own
 * (no staleness expiry, no refetch on focus or reconnect, no polling) and nothing is retried. A
 * query that must ask again when its inputs change back (the stats of a date range) says so itself.
 */
export function createQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: {
      queries: { retry: false, staleTime: Infinity, refetchOnWindowFocus: false, refetchOnReconnect: false },
      mutations: { retry: false },
    },
  });
}

/**
 * The query cache of the admin dashboard. Without `client`, each mount of the dashboard has a
 * cache of its own: opening /admin asks the server again which screen to show, as the page always
 * did. Tests pass a fresh client.
 */
export function QueryProvider({ client, children }: { client?: QueryClient; children: ReactNode }) {
  const [own] = useState(() => client ?? createQueryClient());
  return <QueryClientProvider client={own}>{children}</QueryClientProvider>;
}
