import type { Context } from 'koa';
import type { CatalogueProduct } from '@val/contracts';
import type { Payment } from '../../services/payments';
import { escapeHtml, sendPage } from '../../http/pages';

/** Heading of the built-in checkout page. */
export const TEST_CHECKOUT_TITLE = 'Checkout';
/** The banner that marks it. */
export const TEST_MODE_BADGE = 'TEST MODE';

const money = (cents: number, currency: string) =>
  new Intl.NumberFormat('en-US', { style: 'currency', currency: currency.toUpperCase() }).format(cents / 100);

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
