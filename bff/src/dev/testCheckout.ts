import type Router from '@koa/router';
import type { Context } from 'koa';
import { z } from 'zod';
import type { CatalogueProduct } from '@val/contracts';
import type { AppDeps, TestCheckoutGuards } from '../deps';
import { InputError } from '../errors';
import { describeIssues } from '../http/parse';
import { escapeHtml, sendPage } from '../http/pages';
import { TEST_CHECKOUT_PATH } from '../routes/checkout/router';
import type { Payment } from '../services/payments';

/** Heading of the built-in checkout page. */
export const TEST_CHECKOUT_TITLE = 'Checkout';
/** The banner that marks it. */
export const TEST_MODE_BADGE = 'TEST MODE';

const money = (cents: number, currency: string) => new Intl.NumberFormat('en-US', { style: 'currency', currency: currency.toUpperCase() }).format(cents / 100);

export interface TestCheckoutView {
  payment: Payment;
  product: CatalogueProduct;
  error?: { message: string; field: string };
  values?: { number?: string; expiry?: string; cvc?: string; name?: string };
  status?: number;
}

/**
 * The TEST MODE checkout: what Stripe Checkout would show (product, amount, email and a card
 * form), clearly marked as a test. The card number is never stored or logged.
 */
export function sendTestCheckoutPage(ctx: Context, { payment, product, error, values = {}, status }: TestCheckoutView): void {
  const amount = money(payment.amountCents, payment.currency);
  const invalid = (f: string) => (error?.field === f ? ' aria-invalid="true" aria-describedby="card-error"' : '');
  const action = `/checkout/test/${encodeURIComponent(payment.checkoutSessionId)}`;
  const closed = payment.status !== 'pending';
  sendPage(ctx, {
    title: TEST_CHECKOUT_TITLE,
    badge: TEST_MODE_BADGE,
    status: status ?? (error ? 402 : 200),
    body: `
<p class="muted">No payment provider is configured on this server, so this is a test checkout: no money moves. Pay with a test card such as <code>4242 4242 4242 4242</code> (any future date, any CVC); <code>4000 0000 0000 0002</code> is declined.</p>
<div class="summary"><div><div>${escapeHtml(product.title)}</div><div class="hint">${escapeHtml(payment.email)}</div></div><strong>${escapeHtml(amount)}</strong></div>
${error ? `<p class="error" id="card-error" role="alert">${escapeHtml(error.message)}</p>` : ''}
${
  closed
    ? `<p class="muted">This checkout is ${escapeHtml(payment.status)}.</p><p><a class="button" href="/">Back to Val</a></p>`
    : `<form method="post" action="${action}" autocomplete="off">
  <label>Card number
    <input name="number" inputmode="numeric" autocomplete="cc-number" placeholder="4242 4242 4242 4242" maxlength="23" required value="${escapeHtml(values.number ?? '')}"${invalid('number')}>
  </label>
  <div class="row">
    <label>Expiry
      <input name="expiry" inputmode="numeric" autocomplete="cc-exp" placeholder="MM / YY" maxlength="7" required value="${escapeHtml(values.expiry ?? '')}"${invalid('expiry')}>
    </label>
    <label>CVC
      <input name="cvc" inputmode="numeric" autocomplete="cc-csc" placeholder="123" maxlength="4" required value="${escapeHtml(values.cvc ?? '')}"${invalid('cvc')}>
    </label>
  </div>
  <label><span>Name on card <span class="hint">(optional)</span></span>
    <input name="name" autocomplete="cc-name" maxlength="100" value="${escapeHtml(values.name ?? '')}">
  </label>
  <div class="actions">
    <button type="submit">Pay ${escapeHtml(amount)}</button>
    <a class="button secondary" href="/">Cancel</a>
  </div>
</form>`
}`,
  });
}

const sessionIdParam = z.string().regex(/^cs_test_[A-Za-z0-9_]{16,64}$/);

const cardForm = z.object({
  number: z.string().max(40).default(''),
  expiry: z.string().max(10).default(''),
  cvc: z.string().max(8).default(''),
  name: z.string().max(100).default(''),
});

/**
 * `GET|POST /checkout/test/:session_id`, on the checkout router (with its page errors, CSRF guard
 * and rate limit): the TEST MODE card form (test cards succeed or decline as in Stripe's test
 * mode); a payment → 303 to `/success/:session_id`.
 */
export function addTestCheckoutRoutes(router: Router, deps: AppDeps, guards: TestCheckoutGuards): void {
  const flow = deps.services.paid;
  router.get(TEST_CHECKOUT_PATH, guards.pageErrors, async (ctx) => {
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

  router.post(TEST_CHECKOUT_PATH, guards.pageErrors, guards.csrf, guards.limit, async (ctx) => {
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
}
