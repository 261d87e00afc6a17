import { useContext, useState, type ReactNode } from 'react';
import { QueryClient, QueryClientContext, QueryClientProvider } from '@tanstack/react-query';

/**
 * The validation remote's server state: one QueryClient for the remote (the permalink page /v/:id).
 * Not for what the landing page loads at first paint (the lab, the resources kit): they stay free
 * of @tanstack/react-query (the landing page's JS budget), and the lab's streamed validation is a
 * flow, not cacheable server state (see lab/labRun.ts).
 */
export function createValidationQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: {
      // A validation does not change while it is shown (only its creator deletes it, here): no refetch on focus or reconnect.
      queries: { refetchOnWindowFocus: false, refetchOnReconnect: false },
    },
  });
}

let client: QueryClient | undefined;

/** The remote's one client, created on first use. */
export function validationQueryClient(): QueryClient {
  client ??= createValidationQueryClient();
  return client;
}

/**
 * Provides the remote's client to a page. A client given as a prop wins (tests pass a fresh one
 * per test); without one, a client already provided above is kept, else the remote's own.
 */
export function QueryProvider({ client: given, children }: { client?: QueryClient; children: ReactNode }) {
  const outer = useContext(QueryClientContext);
  // On the server (the BFF renders the page), a client per render: the remote's one client would
  // keep one page's validation for the next page it renders.
  const [perRender] = useState(() => (typeof document === 'undefined' ? createValidationQueryClient() : null));
  if (!given && outer) return <>{children}</>;
  return <QueryClientProvider client={given ?? perRender ?? validationQueryClient()}>{children}</QueryClientProvider>;
}
