import { useContext, useState, type ReactNode } from 'react';
import { QueryClient, QueryClientContext, QueryClientProvider } from '@tanstack/react-query';

/**
 * The catalogue remote's server state: one QueryClient for the remote (its report page and paid
 * flow pages). Not for the landing page's hero or catalogue section: they stay free of
 * @tanstack/react-query (the landing page's JS budget).
 */
export function createCatalogueQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: {
      // The pages poll or start flows themselves; a focus or reconnect refetch would only repeat a call.
      queries: { refetchOnWindowFocus: false, refetchOnReconnect: false },
    },
  });
}

let client: QueryClient | undefined;

/** The remote's one client, created on first use. */
export function catalogueQueryClient(): QueryClient {
  client ??= createCatalogueQueryClient();
  return client;
}

/**
 * Provides the remote's client to a page. A client given as a prop wins (tests pass a fresh one
 * per test); without one, a client already provided above is kept, else the remote's own.
 */
export function QueryProvider({ client: given, children }: { client?: QueryClient; children: ReactNode }) {
  const outer = useContext(QueryClientContext);
  // On the server (the BFF renders the page), a client per render: the remote's one client would
  // keep one visitor's report for the next page it renders.
  const [perRender] = useState(() => (typeof document === 'undefined' ? createCatalogueQueryClient() : null));
  if (!given && outer) return <>{children}</>;
  return <QueryClientProvider client={given ?? perRender ?? catalogueQueryClient()}>{children}</QueryClientProvider>;
}
