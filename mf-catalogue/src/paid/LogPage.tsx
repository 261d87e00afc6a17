import { useEffect, useRef, useState } from 'react';
import { Link } from '@val/ui/router';
import { PAID_STORAGE_KEYS, type AuthCallbackResponse } from '@val/contracts';
import { readStoredInterviewEvidence } from '@val/client/browser';
import { loadPaidConfig } from './config';
import { goToCheckout, local, paidUrls, PAID_TEXTS, session, takePendingPurchase } from './flow';
import { Stopped, Waiting } from './Waiting';

/** The error when /log is opened without the provider's answer. */
export const NO_SIGN_IN_ANSWER = 'This page finishes a sign-in, but no answer from the sign-in provider arrived. Please start again from the home page.';

/**
 * `/log`: the sign-in callback page. With a `code` it stores it, posts it to the auth host's
 * callback, stores the email and name, and sends the browser on to the checkout as a form POST
 * (a pending catalogue purchase with its product and inputs; else the hero's feasibility study):
 * a checkout is created by a POST only, for the signed-in email. When the sign-in did not
 * complete (no code, the provider's `error`, a refused callback) it says why, with a way back
 * and a retry, instead of the spec's silent state that would spin forever.
 */
export function LogPage({ apiBase = '' }: { apiBase?: string }) {
  const [error, setError] = useState<string | null>(null);
  const [retryUrl, setRetryUrl] = useState<string | null>(null);
  const ran = useRef(false);

  useEffect(() => {
    if (ran.current) return;
    ran.current = true;
    const params = new URLSearchParams(window.location.search);
    const code = params.get('code');
    void loadPaidConfig(apiBase).then((config) => setRetryUrl(paidUrls(config).login));
    if (!code) {
      // The provider's own answer when it refused or the user cancelled (RFC 6749 §4.1.2.1).
      const refused = params.get('error_description') || params.get('error');
      const reason = refused?.slice(0, 300);
      setError(reason ? (/[.!?]$/.test(reason) ? reason : `${reason}.`) : NO_SIGN_IN_ANSWER);
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
        setError((typeof e === 'string' ? e : e?.message) ?? PAID_TEXTS.httpError(res.status));
        return;
      }
      store.setItem(PAID_STORAGE_KEYS.email, data.email);
      if (data.name) store.setItem(PAID_STORAGE_KEYS.name, data.name);
      goToCheckout(urls.checkoutAfterSignIn, store, takePendingPurchase(session()), undefined, readStoredInterviewEvidence(store));
    })().catch((e: unknown) => setError(e instanceof Error ? e.message : String(e)));
  }, [apiBase]);

  if (error !== null) {
    return (
      <Stopped
        testId="log-page"
        title={PAID_TEXTS.signInStopped}
        text={error}
        actions={
          <>
            {retryUrl && <a href={retryUrl}>Sign in again</a>}
            <Link to="/">Back to the home page</Link>
          </>
        }
      />
    );
  }
  return <Waiting title={PAID_TEXTS.logTitle} text={PAID_TEXTS.logText} testId="log-page" />;
}
