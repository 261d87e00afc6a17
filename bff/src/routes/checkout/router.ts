import Router from '@koa/router';
import type { Context, Middleware } from 'koa';
import { checkoutRequestSchema, FEASIBILITY_STUDY_ID, normalizeEmail, PAID_PATHS } from '@val/contracts';
import type { AppDeps } from '../../deps';
import { AppError, ForbiddenError, InputError, NotFoundError, UnauthorizedError } from '../../errors';
import { describeIssues } from '../../http/parse';
import { maskEmail } from '../../logger';
import { byIp, rateLimit } from '../../middlewares/rateLimit';
import { escapeHtml, sendPage } from '../../http/pages';

/** Per-IP limit of checkout creation and test payments. */
export const CHECKOUT_RATE_LIMIT = { windowMs: 60_000, max: 20 } as const;

/** The page a signed-in browser reaches by GET: its button posts the checkout. */
export const CHECKOUT_CONTINUE_PATH = '/checkout/continue';
/** The TEST MODE card form of a checkout (bff/src/dev, without a Stripe key). */
export const TEST_CHECKOUT_PATH = '/checkout/test/:sessionId';
/** Heading and button of that page. */
export const CONTINUE_TO_CHECKOUT = 'Continue to checkout';

/** The browser navigates here (form POST or redirect): errors below 500 are a page, not JSON. */
const pageErrors: Middleware = async (ctx, next) => {
  try {
    await next();
  } catch (err) {
    if (!(err instanceof AppError) || err.status >= 500 || !ctx.accepts('html') || ctx.accepts('json', 'html') === 'json') throw err;
    sendPage(ctx, {
      title: 'Checkout could not start',
      status: err.status,
      body: `<p class="error" role="alert">${escapeHtml(err.message)}</p><p><a class="button" href="/">Back to Val</a></p>`,
    });
  }
};

/** True when a browser navigated here (a form post), false for an API client asking for JSON. */
const isNavigation = (ctx: Context) => Boolean(ctx.accepts('html')) && ctx.accepts('json', 'html') !== 'json';

/**
 * Checkout of the paid flow. A checkout is always for the signed-in (provider-verified) email:
 * the report and its mail go there, never to an address typed without a sign-in.
 * - `POST /api/checkout/session` (form or JSON: `product`, `inputs`, `evidence`, and `email`, which
 *   must be the signed-in one when given) → 303 to Stripe Checkout, or to the built-in TEST MODE
 *   checkout when no Stripe key is set; signed out (or signed in as another email) → 303 to sign
 *   in for a browser, 401 / 403 for an API client;
 * - `GET /api/checkout/session` (the spec's redirect after sign-in) creates nothing: → 303 to
 *   `/checkout/continue`, a page whose button posts the checkout (or to sign in first);
 * - without a Stripe key, the TEST MODE card form (`deps.dev.testCheckout`, from bff/src/dev).
 */
export function checkoutRouter(deps: AppDeps): Router {
  const flow = deps.services.paid;
  const router = new Router();
  const limit = rateLimit({
    ...CHECKOUT_RATE_LIMIT,
    store: deps.counters,
    name: 'checkout',
    key: byIp,
    message: 'Too many checkout attempts. Please wait a minute and try again.',
  });

  const create = async (ctx: Context, raw: unknown) => {
    ctx.set('Cache-Control', 'no-store');
    const parsed = checkoutRequestSchema.safeParse(raw ?? {});
    if (!parsed.success) throw new InputError(describeIssues(parsed.error.issues));
    const { email: given, product, inputs, evidence } = parsed.data;
    const user = (await flow.sessions.read(ctx)).user;
    const email = user?.email;
    if (!email || (given && normalizeEmail(given) !== email)) {
      if (isNavigation(ctx)) {
        ctx.status = 303;
        ctx.redirect(PAID_PATHS.login);
        return;
      }
      if (!email) throw new UnauthorizedError(`Sign in first (${PAID_PATHS.login}): a checkout is for the signed-in email, where the report is delivered.`);
      throw new ForbiddenError(
        `This browser is signed in as ${maskEmail(email)}, not as the email of this checkout: sign in with that email, or leave the email out.`,
      );
    }
    const { url } = await flow.payments.createCheckout({
      email,
      productId: product ?? FEASIBILITY_STUDY_ID,
      inputs: inputs ?? null,
      evidence: evidence ?? null,
      // The sign-in name greets the buyer in the report mail, only when they pay for their own email.
      name: user?.name ?? null,
      origin: flow.originOf(ctx),
    });
    ctx.status = 303;
    ctx.redirect(url);
  };

  router.get(PAID_PATHS.checkoutSession, pageErrors, limit, async (ctx) => {
    ctx.set('Cache-Control', 'no-store');
    ctx.status = 303;
    ctx.redirect((await flow.sessions.read(ctx)).user ? CHECKOUT_CONTINUE_PATH : PAID_PATHS.login);
  });

  router.get(CHECKOUT_CONTINUE_PATH, async (ctx) => {
    const user = (await flow.sessions.read(ctx)).user;
    if (!user) {
      ctx.set('Cache-Control', 'no-store');
      ctx.status = 303;
      ctx.redirect(PAID_PATHS.login);
      return;
    }
    sendPage(ctx, {
      title: CONTINUE_TO_CHECKOUT,
      body: `<p class="muted">Signed in as <strong>${escapeHtml(maskEmail(user.email))}</strong>: your New Product Feasibility Study is delivered to this address.</p>
<form method="post" action="${PAID_PATHS.checkoutSession}"><div class="actions"><button type="submit">${CONTINUE_TO_CHECKOUT}</button><a class="button secondary" href="/">Back to Val</a></div></form>`,
    });
  });

  router.post(PAID_PATHS.checkoutSession, pageErrors, flow.csrf, limit, async (ctx) => {
    await create(ctx, (ctx.request as unknown as { body?: unknown }).body);
  });

  // Without a Stripe key (never in production): the TEST MODE card form the checkout redirects to;
  // with Stripe its links answer 404.
  if (deps.dev.testCheckout) deps.dev.testCheckout(router, deps, { pageErrors, csrf: flow.csrf, limit });
  else {
    const off = () => {
      throw new NotFoundError('The test checkout is off: this server uses Stripe');
    };
    router.get(TEST_CHECKOUT_PATH, pageErrors, off);
    router.post(TEST_CHECKOUT_PATH, pageErrors, flow.csrf, limit, off);
  }

  return router;
}
