import { useQuery } from '@tanstack/react-query';
import { TEST_FLOW_SAMPLE } from '@val/contracts';
import { QueryProvider } from '../query';
import { paidConfigQuery } from './configQuery';
import { paidUrls, runTestFlow } from './flow';

/**
 * The background run as a query: one per page (StrictMode's second mount shares it), dropped
 * when the page goes. Leaving the page aborts the polls through the query's signal; the start
 * call itself does not read the signal, so it is sent once and never cut off half-way (reading
 * `signal` is what lets TanStack Query abort, and re-run, a fetch whose page went away).
 */
const testFlowQuery = (url: string | undefined) => ({
  queryKey: ['paid-test-flow', url ?? ''] as const,
  queryFn: async (ctx: { signal: AbortSignal }) => {
    try {
      const result = await runTestFlow({
        url: url!,
        fetch: (input, init) => (init?.method === 'POST' ? fetch(input, init) : fetch(input, { ...init, signal: ctx.signal })),
        sleep: (ms) =>
          new Promise<void>((resolve, reject) => {
            if (ctx.signal.aborted) return reject(ctx.signal.reason);
            const timer = setTimeout(resolve, ms);
            ctx.signal.addEventListener('abort', () => (clearTimeout(timer), reject(ctx.signal.reason)), { once: true });
          }),
        log: (...args) => console.error(...args),
        sample: TEST_FLOW_SAMPLE,
      });
      console.info('Test flow:', result);
      return result;
    } catch (e) {
      if (!ctx.signal.aborted) console.error('Test flow failed:', e);
      throw e;
    }
  },
  enabled: !!url,
  staleTime: Infinity,
  gcTime: 0,
  retry: false,
});

/**
 * `/test`: the spec's diagnostic page. It renders an empty screen and, in the background, starts
 * an analysis with fixed sample values and polls its status (failures are only logged). The
 * server allows it only for a signed-in admin, or outside production.
 */
export function TestPage({ apiBase = '' }: { apiBase?: string }) {
  return (
    <QueryProvider>
      <TestFlow apiBase={apiBase} />
    </QueryProvider>
  );
}

function TestFlow({ apiBase }: { apiBase: string }) {
  const config = useQuery(paidConfigQuery(apiBase));
  useQuery(testFlowQuery(config.data && paidUrls(config.data).testFlow));
  return <div data-testid="test-page" />;
}
