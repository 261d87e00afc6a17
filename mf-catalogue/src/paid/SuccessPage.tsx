import { useEffect, useRef, useState } from 'react';
import { Link, useNavigate } from 'react-router-dom';
import { ErrorCode, PAID_STORAGE_KEYS } from '@val/contracts';
import { loadPaidConfig } from './config';
import { local, paidUrls, PAID_TEXTS, startBody, startFlow } from './flow';
import { Waiting } from './Waiting';

/**
 * `/success` and `/success/:session_id`: starts the paid report with the stored target market,
 * idea and email (and the checkout session), then goes to `/report/{flow_execution_id}`. A refusal
 * is the spec's alert 'Error starting flow: …'.
 */
export function SuccessPage({ apiBase = '', sessionId }: { apiBase?: string; sessionId?: string }) {
  const navigate = useNavigate();
  const [failed, setFailed] = useState(false);
  const ran = useRef<string | null>(null);

  useEffect(() => {
    const key = sessionId ?? '';
    if (ran.current === key) return;
    ran.current = key;
    const store = local();
    (async () => {
      const urls = paidUrls(await loadPaidConfig(apiBase));
      const outcome = await startFlow(urls.start, startBody(store, sessionId));
      if (outcome.kind === 'report') {
        if (outcome.customerId) store.setItem(PAID_STORAGE_KEYS.customerId, outcome.customerId);
        navigate(`/report/${encodeURIComponent(outcome.id)}`, { replace: true });
        return;
      }
      // A stored customer_id the server does not honour (no unspent payment) is stale.
      if (outcome.code === ErrorCode.PaymentRequired || outcome.code === ErrorCode.Unauthorized) store.removeItem(PAID_STORAGE_KEYS.customerId);
      setFailed(true);
      window.alert(PAID_TEXTS.startError(outcome.message));
    })();
  }, [apiBase, sessionId, navigate]);

  return (
    <Waiting title={PAID_TEXTS.successTitle} text={PAID_TEXTS.successText} testId="success-page">
      {failed && (
        <p>
          <Link to="/">Back to the home page</Link>
        </p>
      )}
    </Waiting>
  );
}
