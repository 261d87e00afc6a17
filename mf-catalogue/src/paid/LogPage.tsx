import { useEffect, useRef, useState } from 'react';
import { Link } from 'react-router-dom';
import { PAID_STORAGE_KEYS, type AuthCallbackResponse } from '@val/contracts';
import { loadPaidConfig } from './config';
import { goToCheckout, local, paidUrls, PAID_TEXTS, session, takePendingPurchase } from './flow';
import { Waiting } from './Waiting';

/**
 * `/log`: the sign-in callback page. With a `code` it stores it, posts it to the auth host's
 * callback, stores the email and name, and sends the browser on to the checkout (a pending
 * catalogue purchase goes as a form POST with its product and inputs). Errors stay in state.
 */
export function LogPage({ apiBase = '' }: { apiBase?: string }) {
  const [error, setError] = useState<string | null>(null);
  const [hasCode, setHasCode] = useState(true);
  const ran = useRef(false);

  useEffect(() => {
    if (ran.current) return;
    ran.current = true;
    const params = new URLSearchParams(window.location.search);
    const code = params.get('code');
    if (!code) {
      setHasCode(false);
      return;
    }
    const store = local();
    store.setItem(PAID_STORAGE_KEYS.code, code);
    (async () => {
      const urls = paidUrls(await loadPaidConfig(apiBase));
      const res = await fetch(urls.callback, {
        method: 'POST',
        credentials: 'include',
        headers: { 'Content-Type': 'application/json' },
        body: JSON.stringify({ code, state: params.get('state') ?? undefined, iss: params.get('iss') ?? undefined }),
      });
      const data = (await res.json().catch(() => ({}))) as Partial<AuthCallbackResponse> & { error?: unknown };
      if (!res.ok || !data.email) {
        const e = data.error as { message?: string } | string | undefined;
        setError((typeof e === 'string' ? e : e?.message) ?? `${res.status}`);
        return;
      }
      store.setItem(PAID_STORAGE_KEYS.email, data.email);
      if (data.name) store.setItem(PAID_STORAGE_KEYS.name, data.name);
      const purchase = takePendingPurchase(session());
      if (purchase) goToCheckout(urls.checkoutAfterSignIn, store, purchase);
      else window.location.assign(urls.checkoutAfterSignIn);
    })().catch((e: unknown) => setError(e instanceof Error ? e.message : String(e)));
  }, [apiBase]);

  return (
    <Waiting title={PAID_TEXTS.logTitle} text={PAID_TEXTS.logText} testId="log-page">
      {(error !== null || !hasCode) && (
        <p>
          <Link to="/">Back to the home page</Link>
        </p>
      )}
    </Waiting>
  );
}
