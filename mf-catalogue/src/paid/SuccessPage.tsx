import { useEffect } from 'react';
import { Link, useNavigate } from '@val/ui/router';
import { useQuery } from '@tanstack/react-query';
import { ErrorCode, PAID_STORAGE_KEYS, type InterviewEvidence } from '@val/contracts';
import { readStoredInterviewEvidence } from '@val/client/browser';
import { QueryProvider } from '../query';
import { paidConfigQuery } from './configQuery';
import { clearPendingPurchase, goToCheckout, local, paidUrls, PAID_TEXTS, savePurchaseBasis, session, startBody, startFlow } from './flow';
import { Stopped, Waiting } from './Waiting';

/** What the page does once the start call answered. */
type Next =
  | { kind: 'report'; id: string; customerId?: string }
  | { kind: 'checkout'; url: string; evidence: InterviewEvidence | null }
  | { kind: 'failed'; message: string };

/**
 * The start call and the decision it leads to. A query, not a mutation: one call per page and
 * checkout session (concurrent renders share it, StrictMode's second mount included; the server
 * answers a checkout with one report however often it is asked), dropped when the page goes
 * (`gcTime: 0`) so a later visit starts again.
 */
const startQuery = (urls: ReturnType<typeof paidUrls> | undefined, sessionId: string | undefined) => ({
  queryKey: ['paid-start', urls?.start ?? '', urls?.checkoutForm ?? '', sessionId ?? ''] as const,
  queryFn: async (): Promise<Next> => {
    const store = local();
    const evidence = readStoredInterviewEvidence(store);
    const outcome = await startFlow(urls!.start, startBody(store, sessionId, evidence));
    if (outcome.kind === 'report') return { kind: 'report', id: outcome.id, customerId: outcome.customerId };
    const noCredit = outcome.code === ErrorCode.PaymentRequired || outcome.code === ErrorCode.Unauthorized;
    // A stored customer_id the server does not honour (no unspent payment) is stale.
    if (noCredit) store.removeItem(PAID_STORAGE_KEYS.customerId);
    if (noCredit && !sessionId && store.getItem(PAID_STORAGE_KEYS.email)) return { kind: 'checkout', url: urls!.checkoutForm, evidence };
    return { kind: 'failed', message: outcome.message };
  },
  enabled: !!urls,
  staleTime: Infinity,
  gcTime: 0,
  retry: false,
});

/**
 * `/success` and `/success/:session_id`: starts the paid report with the stored target market,
 * idea and email (and the checkout session), then goes to `/report/{flow_execution_id}`.
 * A returning customer whose stored credit is spent (or whose sign-in ended) goes on to the
 * checkout, like one without a customer_id. Any other refusal is the spec's alert 'Error
 * starting flow: …', then a page the user can leave.
 */
export function SuccessPage({ apiBase = '', sessionId }: { apiBase?: string; sessionId?: string }) {
  return (
    <QueryProvider>
      <StartFlow apiBase={apiBase} sessionId={sessionId} />
    </QueryProvider>
  );
}

function StartFlow({ apiBase, sessionId }: { apiBase: string; sessionId?: string }) {
  const navigate = useNavigate();
  const config = useQuery(paidConfigQuery(apiBase));
  const { data: next } = useQuery(startQuery(config.data && paidUrls(config.data), sessionId));

  // Leaving the page (report, checkout) or the alert, once per answer.
  useEffect(() => {
    if (!next) return;
    const store = local();
    if (next.kind === 'report') {
      clearPendingPurchase(session());
      savePurchaseBasis(store, undefined);
      if (next.customerId) store.setItem(PAID_STORAGE_KEYS.customerId, next.customerId);
      navigate(`/report/${encodeURIComponent(next.id)}`, { replace: true });
    } else if (next.kind === 'checkout') {
      goToCheckout(next.url, store, null, undefined, next.evidence);
    } else {
      window.alert(PAID_TEXTS.startError(next.message));
    }
  }, [next, navigate]);

  if (next?.kind === 'failed') {
    return <Stopped testId="success-page" title={PAID_TEXTS.startStopped} text={next.message} actions={<Link to="/">Back to the home page</Link>} />;
  }
  if (next?.kind === 'checkout') return <Waiting title={PAID_TEXTS.logTitle} text={PAID_TEXTS.logText} testId="success-page" />;
  return <Waiting title={PAID_TEXTS.successTitle} text={PAID_TEXTS.successText} testId="success-page" />;
}
