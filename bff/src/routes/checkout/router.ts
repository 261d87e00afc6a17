import Router from '@koa/router';
import type { Context, Middleware } from 'koa';
import { z } from 'zod';
import { checkoutRequestSchema, FEASIBILITY_STUDY_ID, normalizeEmail, PAID_PATHS } from '@val/contracts';
import type { AppDeps } from '../../deps';
import { AppError, ForbiddenError, InputError, UnauthorizedError } from '../../errors';
import { describeIssues } from '../../http/parse';
import { maskEmail } from '../../logger';
import { byIp, rateLimit } from '../../middlewares/rateLimit';
import { escapeHtml, sendPage } from '../../http/pages';
import { sendTestCheckoutPage } from './testPage';

/** Per-IP limit of checkout creation and test payments. */
export const CHECKOUT_RATE_LIMIT = { windowMs: 60_000, max: 20 } as const;

/** The page a signed-in browser reaches by GET: its button posts the checkout. */
export const CHECKOUT_CONTINUE_PATH = '/checkout/continue';
/** Heading and button of that page. */
export const CONTINUE_TO_CHECKOUT = 'Continue to checkout';

const sessionIdParam = z.string().regex(/^cs_test_[A-Za-z0-9_]{16,64}$/);

const cardForm = z.object({
  number: z.string().max(40).default(''),
  expiry: z.string().max(10).default(''),
  cvc: z.string().max(8).default(''),
  name: z.string().max(100).default(''),
});

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
 * - `GET|POST /checkout/test/:session_id`: the TEST MODE card form (test cards succeed or
 *   decline as in Stripe's test mode); a payment → 303 to `/success/:session_id`.
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
      throw new ForbiddenError(`This browser is signed in as ${maskEmail(email)}, not as the email of this checkout: sign in with that email, or leave the email out.`);
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

  router.get('/checkout/test/:sessionId', pageErrors, async (ctx) => {
    const id = sessionIdParam.safeParse(ctx.params.sessionId);
    if (!id.success) throw new InputError('This checkout link is not valid');
    const { payment, product } = await flow.payments.testCheckout(id.data);
    if (payment.status === 'paid') {
      ctx.status = 303;
      ctx.redirect(`/success/${payment.checkoutSessionId}`);
      return;
    }
    sendTestCheckoutPage(ctx, { payment, product });
  });

  router.post('/checkout/test/:sessionId', pageErrors, flow.csrf, limit, async (ctx) => {
    const id = sessionIdParam.safeParse(ctx.params.sessionId);
    if (!id.success) throw new InputError('This checkout link is not valid');
    const form = cardForm.safeParse((ctx.request as unknown as { body?: unknown }).body ?? {});
    if (!form.success) throw new InputError(describeIssues(form.error.issues));
    const result = await flow.payments.payTestCheckout(id.data, form.data);
    if (result.ok) {
      ctx.status = 303;
      ctx.redirect(`/success/${result.payment.checkoutSessionId}`);
      return;
    }
    const { product } = await flow.payments.testCheckout(id.data);
    sendTestCheckoutPage(ctx, {
      payment: result.payment,
      product,
      error: { message: result.message, field: result.field },
      values: { number: form.data.number, expiry: form.data.expiry, cvc: '', name: form.data.name },
    });
  });

  return router;
}
