import type { ReactNode } from 'react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';

/**
 * A query client as the spec wants server state read: never refetched on its own (no staleness
 * expiry, no refetch on focus or reconnect, no polling) and no retries of reads or writes.
 */
export function createQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: {
      queries: { retry: false, staleTime: Infinity, refetchOnWindowFocus: false, refetchOnReconnect: false },
      mutations: { retry: false },
    },
  });
}

let remoteClient: QueryClient | null = null;
/** This remote's one client, made on first use (the step loads below the landing page's fold). */
function sharedClient(): QueryClient {
  remoteClient ??= createQueryClient();
  return remoteClient;
}

/** Provides this remote's query client to its tree; a test passes a fresh `client` of its own. */
export function QueryProvider({ client, children }: { client?: QueryClient; children: ReactNode }) {
  return <QueryClientProvider client={client ?? sharedClient()}>{children}</QueryClientProvider>;
}
