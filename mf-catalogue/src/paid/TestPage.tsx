import { useEffect, useRef } from 'react';
import { TEST_FLOW_SAMPLE } from '@val/contracts';
import { loadPaidConfig } from './config';
import { paidUrls, runTestFlow } from './flow';

/**
 * `/test`: the spec's diagnostic page. It renders an empty screen and, in the background, starts
 * an analysis with fixed sample values and polls its status (failures are only logged). The
 * server allows it only for a signed-in admin, or outside production.
 */
export function TestPage({ apiBase = '' }: { apiBase?: string }) {
  const ran = useRef(false);
  useEffect(() => {
    if (ran.current) return;
    ran.current = true;
    let cancelled = false;
    loadPaidConfig(apiBase)
      .then((config) =>
        runTestFlow({
          url: paidUrls(config).testFlow,
          fetch: (input, init) => (cancelled ? Promise.reject(new Error('left the page')) : fetch(input, init)),
          sleep: (ms) => new Promise((r) => setTimeout(r, ms)),
          log: (...args) => console.error(...args),
          sample: TEST_FLOW_SAMPLE,
        }),
      )
      .then((r) => console.info('Test flow:', r))
      .catch((e: unknown) => console.error('Test flow failed:', e));
    return () => {
      cancelled = true;
    };
  }, [apiBase]);
  return <div data-testid="test-page" />;
}
