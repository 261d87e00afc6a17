import { randomBytes } from 'node:crypto';
import { getProduct } from '@val/content';
import { NotFoundError, UnavailableError } from '../../errors';
import { maskEmail } from '../../logger';
import type { PaymentProvider, PaymentProviderDeps, TestCardInput } from './types';

/** Card numbers the TEST MODE checkout knows (Stripe's published test cards). */
export const TEST_CARDS: Readonly<Record<string, { ok: true } | { ok: false; message: string }>> = {
  '4242424242424242': { ok: true },
  '4000056655665556': { ok: true },
  '5555555555554444': { ok: true },
  '2223003122003222': { ok: true },
  '5200828282828210': { ok: true },
  '378282246310005': { ok: true },
  '6011111111111117': { ok: true },
  '3056930009020004': { ok: true },
  '3566002020360505': { ok: true },
  '6200000000000005': { ok: true },
  '4000000000000002': { ok: false, message: 'Your card was declined.' },
  '4000000000009995': { ok: false, message: 'Your card has insufficient funds.' },
  '4000000000009987': { ok: false, message: 'Your card was declined (lost card).' },
  '4000000000009979': { ok: false, message: 'Your card was declined (stolen card).' },
  '4000000000000069': { ok: false, message: 'Your card has expired.' },
  '4000000000000127': { ok: false, message: "Your card's security code is incorrect." },
  '4000000000000119': { ok: false, message: 'An error occurred while processing your card. Try again in a little bit.' },
};

/** Luhn checksum of a card number (digits only). */
export function luhnValid(digits: string): boolean {
  if (!/^\d{12,19}$/.test(digits)) return false;
  let sum = 0;
  for (let i = 0; i < digits.length; i++) {
    let d = Number(digits[digits.length - 1 - i]);
    if (i % 2 === 1) {
      d *= 2;
      if (d > 9) d -= 9;
    }
    sum += d;
  }
  return sum % 10 === 0;
}

/** Checks a card on the TEST MODE checkout: the outcome Stripe's test mode would give. */
export function checkTestCard(card: TestCardInput, now = new Date()): { ok: true } | { ok: false; message: string; field: 'number' | 'expiry' | 'cvc' } {
  const digits = card.number.replace(/[\s-]/g, '');
  if (!/^\d+$/.test(digits) || !luhnValid(digits)) return { ok: false, field: 'number', message: 'Your card number is invalid.' };
  const m = /^\s*(\d{1,2})\s*\/\s*(\d{2}|\d{4})\s*$/.exec(card.expiry);
  if (!m) return { ok: false, field: 'expiry', message: "Your card's expiration date is incomplete (MM / YY)." };
  const month = Number(m[1]);
  const year = m[2].length === 2 ? 2000 + Number(m[2]) : Number(m[2]);
  if (month < 1 || month > 12) return { ok: false, field: 'expiry', message: "Your card's expiration month is invalid." };
  if (year * 12 + month < now.getUTCFullYear() * 12 + now.getUTCMonth() + 1)
    return { ok: false, field: 'expiry', message: "Your card's expiration date is in the past." };
  const cvcLength = digits.startsWith('34') || digits.startsWith('37') ? 4 : 3;
  if (!new RegExp(`^\\d{${cvcLength}}$`).test(card.cvc.trim())) return { ok: false, field: 'cvc', message: "Your card's security code is incomplete." };
  const known = TEST_CARDS[digits];
  if (!known) return { ok: false, field: 'number', message: 'Your card was declined. This is TEST MODE: use a test card such as 4242 4242 4242 4242.' };
  return known.ok ? { ok: true } : { ok: false, field: 'number', message: known.message };
}

/**
 * The TEST MODE checkout (no Stripe key, never in production): a checkout is a random
 * `cs_test_…` session paid on the built-in card form with Stripe's test cards; no money moves.
 */
export function testProvider(deps: PaymentProviderDeps): PaymentProvider {
  const { logger, payments, now } = deps;
  const provider: PaymentProvider = {
    mode: 'test',

    async createSession({ origin }) {
      const sessionId = `cs_test_${randomBytes(24).toString('base64url').replace(/-/g, '0')}`;
      return { sessionId, url: `${origin}/checkout/test/${sessionId}` };
    },

    async refresh(p) {
      return p;
    },

    async handleWebhook() {
      throw new UnavailableError('Stripe webhooks are not configured on this server');
    },

    async testCheckout(sessionId) {
      const payment = await payments.getBySession(sessionId);
      const product = payment ? getProduct(payment.product) : undefined;
      if (!payment || payment.provider !== 'test' || !product) throw new NotFoundError('This checkout does not exist');
      return { payment, product };
    },

    async payTestCheckout(sessionId, card) {
      const { payment } = await provider.testCheckout(sessionId);
      if (payment.status === 'paid') return { ok: true, payment };
      if (payment.status !== 'pending') return { ok: false, field: 'number', message: 'This checkout is closed. Please start again.', payment };
      const outcome = checkTestCard(card, now());
      if (!outcome.ok) {
        logger.info({ session: sessionId, reason: outcome.message }, 'test checkout declined');
        return { ...outcome, payment };
      }
      await payments.markPaid(sessionId, { customerId: `cus_test_${randomBytes(9).toString('base64url').replace(/-/g, '0')}`, paidAt: now() });
      logger.info({ session: sessionId, product: payment.product, user: maskEmail(payment.email) }, 'test checkout paid');
      return { ok: true, payment: (await payments.getBySession(sessionId)) ?? payment };
    },
  };
  return provider;
}
