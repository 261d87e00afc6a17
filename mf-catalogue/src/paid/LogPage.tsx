import { useEffect, useState } from 'react';
import { Link } from '@val/ui/router';
import { useQuery } from '@tanstack/react-query';
import { PAID_STORAGE_KEYS, type AuthCallbackResponse } from '@val/contracts';
import { readStoredInterviewEvidence } from '@val/client/browser';
import { QueryProvider } from '../query';
import { paidConfigQuery } from './configQuery';
import { goToCheckout, local, paidUrls, PAID_TEXTS, session, takePendingPurchase } from './flow';
import { Stopped, Waiting } from './Waiting';

/** The error when /log is opened without the provider's answer. */
export const NO_SIGN_IN_ANSWER = 'This page finishes a sign-in, but no answer from the sign-in provider arrived. Please start again from the home page.';

/** What the provider sent back to /log: its code, or why there is none. */
type ProviderAnswer = { code: string; state?: string; iss?: string } | { error: string };

function readProviderAnswer(search: string): ProviderAnswer {
  const params = new URLSearchParams(search);
  const code = params.get('code');
  if (code) return { code, state: params.get('state') ?? undefined, iss: params.get('iss') ?? undefined };
  // The provider's own answer when it refused or the user cancelled (RFC 6749 §4.1.2.1).
  const refused = params.get('error_description') || params.get('error');
  const reason = refused?.slice(0, 300);
  return { error: reason ? (/[.!?]$/.test(reason) ? reason : `${reason}.`) : NO_SIGN_IN_ANSWER };
}

/** Signed in (and the checkout to go on to), or why not. */
type CallbackResult = { email: string; name?: string; checkout: string } | { error: string };

/**
 * The callback (`POST` the code to the auth host). A query, not a mutation: a code is exchanged
 * once, so one call per code (StrictMode's second mount shares it), dropped when the page goes.
 */
const callbackQuery = (urls: ReturnType<typeof paidUrls> | undefined, answer: { code: string; state?: string; iss?: string } | null) => ({
  queryKey: ['auth-callback', urls?.callback ?? '', urls?.checkoutAfterSignIn ?? '', answer?.code ?? '', answer?.state ?? '', answer?.iss ?? ''] as const,
  queryFn: async (): Promise<CallbackResult> => {
    const { code, state, iss } = answer!;
    local().setItem(PAID_STORAGE_KEYS.code, code);
    try {
      const res = await fetch(urls!.callback, {
        method: 'POST',
        credentials: 'include',
        headers: { 'Content-Type': 'application/json' },
        body: JSON.stringify({ code, state, iss }),
      });
      const data = (await res.json().catch(() => ({}))) as Partial<AuthCallbackResponse> & { error?: unknown };
      if (!res.ok || !data.email) {
        const e = data.error as { message?: string } | string | undefined;
        return { error: (typeof e === 'string' ? e : e?.message) ?? PAID_TEXTS.httpError(res.status) };
      }
      return { email: data.email, name: data.name, checkout: urls!.checkoutAfterSignIn };
    } catch (e) {
      return { error: e instanceof Error ? e.message : String(e) };
    }
  },
  enabled: !!urls && !!answer,
  staleTime: Infinity,
  gcTime: 0,
  retry: false,
});

/**
 * `/log`: the sign-in callback page. With a `code` it stores it, posts it to the auth host's
 * callback, stores the email and name, and sends the browser on to the checkout as a form POST
 * (a pending catalogue purchase with its product and inputs; else the hero's feasibility study):
 * a checkout is created by a POST only, for the signed-in email. When the sign-in did not
 * complete (no code, the provider's `error`, a refused callback) it says why, with a way back
 * and a retry, instead of the spec's silent state that would spin forever.
 */
export function LogPage({ apiBase = '' }: { apiBase?: string }) {
  return (
    <QueryProvider>
      <SignInCallback apiBase={apiBase} />
    </QueryProvider>
  );
}

function SignInCallback({ apiBase }: { apiBase: string }) {
  const [answer] = useState(() => readProviderAnswer(window.location.search));
  const config = useQuery(paidConfigQuery(apiBase));
  const urls = config.data && paidUrls(config.data);
  const { data: result } = useQuery(callbackQuery(urls, 'code' in answer ? answer : null));

  // Signed in: keep who, then on to the checkout (once per answer).
  useEffect(() => {
    if (!result || 'error' in result) return;
    const store = local();
    store.setItem(PAID_STORAGE_KEYS.email, result.email);
    if (result.name) store.setItem(PAID_STORAGE_KEYS.name, result.name);
    goToCheckout(result.checkout, store, takePendingPurchase(session()), undefined, readStoredInterviewEvidence(store));
  }, [result]);

  const error = 'error' in answer ? answer.error : result && 'error' in result ? result.error : null;
  if (error !== null) {
    return (
      <Stopped
        testId="log-page"
        title={PAID_TEXTS.signInStopped}
        text={error}
        actions={
          <>
            {urls && <a href={urls.login}>Sign in again</a>}
            <Link to="/">Back to the home page</Link>
          </>
        }
      />
    );
  }
  return <Waiting title={PAID_TEXTS.logTitle} text={PAID_TEXTS.logText} testId="log-page" />;
}
