import { useEffect, useRef, useState } from 'react';
import { Link, useNavigate } from '@val/ui/router';
import { ErrorCode, PAID_STORAGE_KEYS } from '@val/contracts';
import { readStoredInterviewEvidence } from '@val/client/browser';
import { loadPaidConfig } from './config';
import { clearPendingPurchase, goToCheckout, local, paidUrls, PAID_TEXTS, session, startBody, startFlow } from './flow';
import { Stopped, Waiting } from './Waiting';

type Phase = { kind: 'starting' } | { kind: 'checkout' } | { kind: 'failed'; message: string };

/**
 * `/success` and `/success/:session_id`: starts the paid report with the stored target market,
 * idea and email (and the checkout session), then goes to `/report/{flow_execution_id}`.
 * A returning customer whose stored credit is spent (or whose sign-in ended) goes on to the
 * checkout, like one without a customer_id. Any other refusal is the spec's alert 'Error
 * starting flow: …', then a page the user can leave.
 */
export function SuccessPage({ apiBase = '', sessionId }: { apiBase?: string; sessionId?: string }) {
  const navigate = useNavigate();
  const [phase, setPhase] = useState<Phase>({ kind: 'starting' });
  const ran = useRef<string | null>(null);

  useEffect(() => {
    const key = sessionId ?? '';
    if (ran.current === key) return;
    ran.current = key;
    const store = local();
    (async () => {
      const urls = paidUrls(await loadPaidConfig(apiBase));
      const evidence = readStoredInterviewEvidence(store);
      const outcome = await startFlow(urls.start, startBody(store, sessionId, evidence));
      if (outcome.kind === 'report') {
        clearPendingPurchase(session());
        if (outcome.customerId) store.setItem(PAID_STORAGE_KEYS.customerId, outcome.customerId);
        navigate(`/report/${encodeURIComponent(outcome.id)}`, { replace: true });
        return;
      }
      const noCredit = outcome.code === ErrorCode.PaymentRequired || outcome.code === ErrorCode.Unauthorized;
      // A stored customer_id the server does not honour (no unspent payment) is stale.
      if (noCredit) store.removeItem(PAID_STORAGE_KEYS.customerId);
      if (noCredit && !sessionId && store.getItem(PAID_STORAGE_KEYS.email)) {
        setPhase({ kind: 'checkout' });
        goToCheckout(urls.checkoutForm, store, null, undefined, evidence);
        return;
      }
      setPhase({ kind: 'failed', message: outcome.message });
      window.alert(PAID_TEXTS.startError(outcome.message));
    })();
  }, [apiBase, sessionId, navigate]);

  if (phase.kind === 'failed') {
    return <Stopped testId="success-page" title={PAID_TEXTS.startStopped} text={phase.message} actions={<Link to="/">Back to the home page</Link>} />;
  }
  if (phase.kind === 'checkout') return <Waiting title={PAID_TEXTS.logTitle} text={PAID_TEXTS.logText} testId="success-page" />;
  return <Waiting title={PAID_TEXTS.successTitle} text={PAID_TEXTS.successText} testId="success-page" />;
}
