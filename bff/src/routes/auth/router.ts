import Router from '@koa/router';
import type { Middleware } from 'koa';
import { authCallbackRequestSchema, PAID_PATHS, type AuthCallbackResponse } from '@val/contracts';
import type { AppDeps } from '../../deps';
import { AppError } from '../../errors';
import { parseBody } from '../../http/parse';
import { maskEmail } from '../../logger';
import { escapeHtml, sendPage } from '../../http/pages';
import { byIp, rateLimit } from '../../middlewares/rateLimit';

/** Heading of the page shown when a sign-in cannot start. */
export const SIGN_IN_FAILED_TITLE = 'Sign-in failed';

/** Per-IP limits of the sign-in routes. */
export const AUTH_RATE_LIMIT = { windowMs: 60_000, max: 30 } as const;

/**
 * Sign-in of the paid flow (OpenID Connect, code flow with state, nonce and PKCE):
 * - `GET /api/auth/login` → 302 to the provider's authorization page (redirect URI `/log`);
 * - `POST /api/auth/callback` {code, state, iss?} → {email, name?}: checks state and the PKCE
 *   verifier kept in the session cookie, exchanges the code once, signs the visitor in;
 * - `POST /api/auth/logout`;
 * - outside production without OIDC_ISSUER, the embedded provider's "Development sign-in" pages.
 */
export function authRouter(deps: AppDeps): Router {
  const flow = deps.services.paid;
  const router = new Router();
  const limit = rateLimit({
    ...AUTH_RATE_LIMIT,
    store: deps.counters,
    name: 'auth',
    key: byIp,
    message: 'Too many sign-in attempts. Please wait a minute and try again.',
  });
  const noStore: Middleware = async (ctx, next) => {
    ctx.set('Cache-Control', 'no-store');
    await next();
  };

  /**
   * The browser navigates to the sign-in start: a failure there (provider down, too many tries)
   * is a page with the reason, a retry and a way back, never a JSON body on a blank screen.
   */
  const asPage: Middleware = async (ctx, next) => {
    try {
      await next();
    } catch (err) {
      const known = err instanceof AppError ? err : null;
      if (!known) deps.logger.error({ err, path: ctx.path }, 'sign-in could not start');
      if (known) for (const [k, v] of Object.entries(known.headers)) ctx.set(k, v);
      sendPage(ctx, {
        title: SIGN_IN_FAILED_TITLE,
        status: known?.status ?? 500,
        body: `<p role="alert">${escapeHtml(known?.message ?? 'Something went wrong on our side. Please try again.')}</p>
<div class="actions"><a class="button" href="${PAID_PATHS.login}">Try again</a><a class="button secondary" href="/">Back to Val</a></div>`,
      });
    }
  };

  router.get('/api/auth/login', noStore, asPage, limit, async (ctx) => {
    const { url, login } = await flow.auth.begin(flow.signInRequest(ctx));
    await flow.sessions.startLogin(ctx, login);
    ctx.redirect(url.href);
  });

  router.post('/api/auth/callback', noStore, flow.csrf, limit, async (ctx) => {
    const params = parseBody(ctx, authCallbackRequestSchema);
    // One attempt per sign-in: the pending login leaves the cookie before the code is checked.
    const pending = await flow.sessions.takeLogin(ctx);
    const signedIn = await flow.auth.complete({ ...flow.signInRequest(ctx), pending, params });
    const user = await flow.sessions.signIn(ctx, signedIn);
    deps.logger.info({ user: maskEmail(user.email), via: flow.auth.mode }, 'signed in');
    const res: AuthCallbackResponse = user.name ? { email: user.email, name: user.name } : { email: user.email };
    ctx.body = res;
  });

  router.post('/api/auth/logout', noStore, flow.csrf, async (ctx) => {
    await flow.sessions.clear(ctx);
    ctx.body = { ok: true };
  });

  deps.dev.signIn?.addInteractionRoutes(router, flow.originOf, flow.csrf);
  return router;
}

/**
 * The embedded provider's own endpoints under `/oidc` (discovery, authorize, token, JWKS,
 * userinfo). It parses its own request bodies, so it is mounted before the app's body parser.
 * A no-op when OIDC_ISSUER is configured.
 */
export function embeddedOidcMiddleware(deps: AppDeps): Middleware {
  const embedded = deps.dev.signIn;
  if (!embedded) return (_ctx, next) => next();
  return embedded.middleware(deps.services.paid.originOf);
}
