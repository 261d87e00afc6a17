import Router from '@koa/router';
import type { Context, Middleware } from 'koa';
import { z } from 'zod';
import { checkoutRequestSchema, FEASIBILITY_STUDY_ID, PAID_PATHS } from '@val/contracts';
import type { AppDeps } from '../../deps';
import { AppError, InputError } from '../../errors';
import { describeIssues } from '../../http/parse';
import { byIp, rateLimit } from '../../middlewares/rateLimit';
import { escapeHtml, sendPage } from '../../services/authPages';
import { sendTestCheckoutPage } from './testPage';

/** Per-IP limit of checkout creation and test payments. */
export const CHECKOUT_RATE_LIMIT = { windowMs: 60_000, max: 20 } as const;

/** The spec's message when the checkout has no email. */
export const EMAIL_NOT_FOUND = 'Email not found.';

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

/**
 * Checkout of the paid flow:
 * - `GET /api/checkout/session` (after sign-in: the signed-in email, the feasibility study) and
 *   `POST /api/checkout/session` (form or JSON: `email`, `product`, `inputs`) → 303 to Stripe
 *   Checkout, or to the built-in TEST MODE checkout when no Stripe key is set;
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
    const email = given ?? user?.email;
    if (!email) throw new InputError(EMAIL_NOT_FOUND);
    const { url } = await flow.payments.createCheckout({
      email,
      productId: product ?? FEASIBILITY_STUDY_ID,
      inputs: inputs ?? null,
      evidence: evidence ?? null,
      // The sign-in name greets the buyer in the report mail, only when they pay for their own email.
      name: user?.name && user.email.toLowerCase() === email.trim().toLowerCase() ? user.name : null,
      origin: flow.originOf(ctx),
    });
    ctx.status = 303;
    ctx.redirect(url);
  };

  router.get(PAID_PATHS.checkoutSession, pageErrors, limit, async (ctx) => {
    if (!(await flow.sessions.read(ctx)).user) {
      ctx.set('Cache-Control', 'no-store');
      ctx.status = 303;
      ctx.redirect(PAID_PATHS.login);
      return;
    }
    await create(ctx, {});
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
