import { randomBytes, randomUUID } from 'node:crypto';
import Stripe from 'stripe';
import { z } from 'zod';
import {
  checkProductInputs,
  ErrorCode,
  FEASIBILITY_LIMITS,
  FEASIBILITY_STUDY_ID,
  getProduct,
  type CatalogueProduct,
  type InterviewEvidence,
  type ProductInputs,
} from '@val/contracts';
import type { Config } from '../config/env';
import { AppError, InputError, NotFoundError, PaymentRequiredError, UnauthorizedError, UnavailableError, UpstreamError } from '../errors';
import type { Logger } from '../logger';
import { maskEmail } from '../logger';
import type { Payment, PaymentRepository } from '../repositories/payments';

export type { Payment };

/** The part of the report engine (`deps.reports`) the payments service uses. */
export interface ReportStarter {
  /** Queues a report; the same `dedupeKey` always answers the same job. */
  start(req: { product: string; inputs: ProductInputs; evidence?: InterviewEvidence | null; email?: string; name?: string | null; dedupeKey?: string }): Promise<string>;
}

/** Catalogue prices are whole US dollars. */
export const CHECKOUT_CURRENCY = 'usd';
const currency = CHECKOUT_CURRENCY;

/** A claimed credit whose start has not recorded a report after this long may be claimed again. */
export const CLAIM_TIMEOUT_MS = 60_000;

/** Webhook signatures older than this are rejected (seconds), as Stripe's own default. */
export const WEBHOOK_TOLERANCE_SECONDS = 300;

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

export interface TestCardInput {
  number: string;
  expiry: string;
  cvc: string;
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
  if (year * 12 + month < now.getUTCFullYear() * 12 + now.getUTCMonth() + 1) return { ok: false, field: 'expiry', message: "Your card's expiration date is in the past." };
  const cvcLength = digits.startsWith('34') || digits.startsWith('37') ? 4 : 3;
  if (!new RegExp(`^\\d{${cvcLength}}$`).test(card.cvc.trim())) return { ok: false, field: 'cvc', message: "Your card's security code is incomplete." };
  const known = TEST_CARDS[digits];
  if (!known) return { ok: false, field: 'number', message: 'Your card was declined. This is TEST MODE: use a test card such as 4242 4242 4242 4242.' };
  return known.ok ? { ok: true } : { ok: false, field: 'number', message: known.message };
}

export interface CheckoutRequest {
  email: string;
  productId: string;
  /** The product's inputs, or null to take them at start (the feasibility hero). */
  inputs: Record<string, string> | null;
  /** Step 3's synthetic interviews (checked by the contract's schema), kept with the payment for the report. */
  evidence?: InterviewEvidence | null;
  /** The buyer's sign-in name, when the signed-in buyer pays for their own email: the report-ready mail greets them by it. */
  name?: string | null;
  /** Public origin: success and cancel URLs are built on it. */
  origin: string;
}

export interface StartPaidReportRequest {
  targetMarket: string;
  productIdea: string;
  email?: string;
  sessionId?: string;
  /** The signed-in email of this browser, if any. */
  signedInEmail?: string;
  /** The signed-in name of this browser, if any (used when the checkout did not store one). */
  signedInName?: string;
  /** Step 3's interviews sent with the start: used when the checkout carried none. */
  evidence?: InterviewEvidence | null;
}

/** Checkout, payment records and the one-report-per-payment rule. */
export interface PaymentsService {
  readonly mode: 'stripe' | 'test';
  /** Creates a checkout for a product and returns where to send the browser. */
  createCheckout(req: CheckoutRequest): Promise<{ url: string; sessionId: string; payment: Payment }>;
  /** A test-mode checkout and its product (404 when unknown or not a test checkout). */
  testCheckout(sessionId: string): Promise<{ payment: Payment; product: CatalogueProduct }>;
  /** Pays a test-mode checkout with a test card. */
  payTestCheckout(sessionId: string, card: TestCardInput): Promise<{ ok: true; payment: Payment } | { ok: false; message: string; field: string; payment: Payment }>;
  /** Verifies and applies a Stripe webhook delivery (raw body + Stripe-Signature). */
  handleWebhook(rawBody: Buffer, signature: string | undefined): Promise<{ type: string; duplicate: boolean }>;
  /** Starts (or finds) the one report a paid checkout entitles to. */
  startPaidReport(req: StartPaidReportRequest): Promise<{ reportId: string; customerId: string | null; started: boolean }>;
}

export interface PaymentsOptions {
  config: Config;
  logger: Logger;
  payments: PaymentRepository;
  /** The report engine (`deps.reports`). */
  reports: ReportStarter;
  /** A Stripe client (tests); default from STRIPE_SECRET_KEY. */
  stripe?: Stripe;
  now?: () => Date;
}

/** Stripe's webhook verification failed. */
export class WebhookSignatureError extends AppError {
  constructor(message: string) {
    super(400, ErrorCode.BadRequest, message);
  }
}

/** What a webhook event must carry before anything is applied (a signed body can still be odd). */
const webhookEventShape = z.looseObject({ id: z.string().min(1).max(255), type: z.string().min(1).max(255) });

/** The `data.object` of a checkout.session.* event: the fields `applySession` reads, typed. */
const checkoutSessionShape = z.looseObject({
  id: z.string().min(1).max(255),
  payment_status: z.string().max(64).nullish(),
  amount_total: z.number().int().nullish(),
  currency: z.string().max(16).nullish(),
  customer: z.union([z.string().max(255), z.looseObject({ id: z.string().max(255) })]).nullish(),
});

/** The `t=` of a Stripe-Signature header (seconds), read as Stripe's SDK reads it (the last `t` wins), or null. */
const signatureTimestamp = (header: string): number | null => {
  let t: number | null = null;
  for (const item of header.split(',')) {
    const [k, v] = item.split('=');
    if (k === 't') t = Number.parseInt(v ?? '', 10);
  }
  return t !== null && Number.isFinite(t) ? t : null;
};

const feasibilityInputs = (targetMarket: string, productIdea: string): ProductInputs => {
  const tm = targetMarket.trim();
  const pi = productIdea.trim();
  if (!tm || !pi) throw new InputError('target_market and product_idea are required for the feasibility study');
  if (tm.length > FEASIBILITY_LIMITS.targetMarket) throw new InputError(`target_market must be at most ${FEASIBILITY_LIMITS.targetMarket} characters`);
  if (pi.length > FEASIBILITY_LIMITS.productIdea) throw new InputError(`product_idea must be at most ${FEASIBILITY_LIMITS.productIdea} characters`);
  return { targetMarket: tm, productIdea: pi };
};

/** Creates the stripe client of the config (or null in test mode). */
export function stripeClient(config: Config): Stripe | null {
  if (!config.STRIPE_SECRET_KEY) return null;
  const api = config.STRIPE_API_URL ? new URL(config.STRIPE_API_URL) : null;
  return new Stripe(config.STRIPE_SECRET_KEY, {
    maxNetworkRetries: 2,
    timeout: 20_000,
    ...(api
      ? {
          host: api.hostname,
          port: Number(api.port || (api.protocol === 'https:' ? 443 : 80)),
          protocol: api.protocol.replace(':', '') as 'http' | 'https',
        }
      : {}),
  });
}

/**
 * The payments service. A checkout creates a `pending` row; Stripe's webhook (or, in TEST MODE,
 * the built-in card form) turns it `paid`; a paid row is a credit that starts exactly one report.
 */
export function createPaymentsService(opts: PaymentsOptions): PaymentsService {
  const { config, logger, payments } = opts;
  const now = opts.now ?? (() => new Date());
  const stripe = opts.stripe ?? stripeClient(config);
  const mode: PaymentsService['mode'] = stripe ? 'stripe' : 'test';
  if (mode === 'test' && config.isProduction) throw new Error('STRIPE_SECRET_KEY must be set in production');

  const applySession = async (session: Stripe.Checkout.Session, via: string): Promise<boolean> => {
    const payment = await payments.getBySession(session.id);
    if (!payment) {
      logger.warn({ session: session.id, via }, 'stripe checkout session without a payment row: ignored');
      return false;
    }
    if (session.payment_status !== 'paid') return false;
    if (session.amount_total !== payment.amountCents || (session.currency ?? '').toLowerCase() !== payment.currency) {
      logger.error({ session: session.id, amount: session.amount_total, currency: session.currency }, 'stripe checkout amount does not match the payment row: not credited');
      return false;
    }
    const customer = typeof session.customer === 'string' ? session.customer : (session.customer?.id ?? null);
    const changed = await payments.markPaid(session.id, { customerId: customer, paidAt: now() });
    if (changed) logger.info({ session: session.id, product: payment.product, user: maskEmail(payment.email), via }, 'payment received');
    return changed;
  };

  /** A Stripe payment still pending may have been paid before its webhook arrived: ask Stripe. */
  const refresh = async (p: Payment): Promise<Payment> => {
    if (p.status !== 'pending' || p.provider !== 'stripe' || !stripe) return p;
    try {
      const session = await stripe.checkout.sessions.retrieve(p.checkoutSessionId);
      if (await applySession(session, 'retrieve')) return (await payments.getBySession(p.checkoutSessionId)) ?? p;
    } catch (err) {
      logger.warn({ err, session: p.checkoutSessionId }, 'could not refresh a checkout session from Stripe');
    }
    return p;
  };

  const startOnCredit = async (p: Payment, req: StartPaidReportRequest): Promise<{ reportId: string; started: boolean }> => {
    if (p.reportId) return { reportId: p.reportId, started: false };
    const product = getProduct(p.product);
    if (!product) throw new InputError(`Unknown product ${p.product}`);
    let inputs: ProductInputs;
    if (p.inputs) inputs = p.inputs;
    else if (product.id === FEASIBILITY_STUDY_ID) inputs = feasibilityInputs(req.targetMarket, req.productIdea);
    else throw new InputError('This checkout carries no report inputs');
    // The evidence given at checkout is what was ordered; one sent with the start fills in for a
    // checkout that could not carry it (the hero's sign-in path, a credit bought earlier).
    const evidence = p.evidence?.length ? p.evidence : req.evidence?.length ? req.evidence : null;
    const name = p.buyerName ?? (req.signedInName && req.signedInEmail?.toLowerCase() === p.email.toLowerCase() ? req.signedInName : null);
    const { reports } = opts;
    const token = randomUUID();
    if (!(await payments.claim(p.id, token, now(), CLAIM_TIMEOUT_MS))) {
      // Another request (a refresh, a second tab) is starting this credit: wait for its report.
      for (let i = 0; i < 50; i++) {
        await new Promise((r) => setTimeout(r, 100));
        const again = await payments.getBySession(p.checkoutSessionId);
        if (again?.reportId) return { reportId: again.reportId, started: false };
      }
      throw new UnavailableError('Your report is being started. Please refresh this page in a moment.');
    }
    let reportId: string;
    try {
      reportId = await reports.start({ product: product.id, inputs, evidence, email: p.email, name, dedupeKey: `payment:${p.id}` });
    } catch (err) {
      await payments.release(p.id, token).catch(() => undefined);
      throw err;
    }
    if (!(await payments.setReport(p.id, token, reportId))) {
      logger.error({ payment: p.id, reportId }, 'a report started but its credit claim was lost');
    }
    logger.info({ payment: p.id, product: product.id, reportId, user: maskEmail(p.email), evidence: evidence ? evidence.length : 0 }, 'paid report started');
    return { reportId, started: true };
  };

  return {
    mode,

    async createCheckout({ email, productId, inputs, evidence: given, name, origin }) {
      const evidence = given?.length ? given : null;
      const buyerName = name?.trim() || null;
      const product = getProduct(productId);
      if (!product) throw new InputError(`product must be one of the catalogue's product ids`);
      let checked: ProductInputs | null = null;
      if (inputs) {
        const r = checkProductInputs(product.id, inputs);
        if (!r.ok) throw new InputError(r.message);
        checked = r.inputs;
      }
      const amountCents = Math.round(product.price * 100);
      const id = randomUUID();
      if (stripe) {
        let session: Stripe.Checkout.Session;
        try {
          session = await stripe.checkout.sessions.create(
            {
              mode: 'payment',
              line_items: [
                {
                  quantity: 1,
                  price_data: {
                    currency,
                    unit_amount: amountCents,
                    product_data: { name: product.title, description: product.description.slice(0, 500) },
                  },
                },
              ],
              customer_email: email,
              customer_creation: 'always',
              client_reference_id: id,
              metadata: { payment_id: id, product: product.id },
              success_url: `${origin}/success/{CHECKOUT_SESSION_ID}`,
              cancel_url: `${origin}/`,
            },
            { idempotencyKey: `val-checkout-${id}` },
          );
        } catch (err) {
          logger.error({ err, product: product.id }, 'stripe checkout session could not be created');
          throw new UpstreamError('The payment provider is not reachable right now. Please try again.');
        }
        if (!session.url) throw new UpstreamError('The payment provider returned no checkout page.');
        const payment = await payments.create({
          id,
          checkoutSessionId: session.id,
          provider: 'stripe',
          email,
          product: product.id,
          inputs: checked,
          evidence,
          buyerName,
          amountCents,
          currency,
        });
        logger.info({ session: session.id, product: product.id, user: maskEmail(email) }, 'stripe checkout created');
        return { url: session.url, sessionId: session.id, payment };
      }
      const sessionId = `cs_test_${randomBytes(24).toString('base64url').replace(/-/g, '0')}`;
      const payment = await payments.create({
        id,
        checkoutSessionId: sessionId,
        provider: 'test',
        email,
        product: product.id,
        inputs: checked,
        evidence,
        buyerName,
        amountCents,
        currency,
      });
      logger.info({ session: sessionId, product: product.id, user: maskEmail(email) }, 'test checkout created');
      return { url: `${origin}/checkout/test/${sessionId}`, sessionId, payment };
    },

    async testCheckout(sessionId) {
      if (mode !== 'test') throw new NotFoundError('The test checkout is off: this server uses Stripe');
      const payment = await payments.getBySession(sessionId);
      const product = payment ? getProduct(payment.product) : undefined;
      if (!payment || payment.provider !== 'test' || !product) throw new NotFoundError('This checkout does not exist');
      return { payment, product };
    },

    async payTestCheckout(sessionId, card) {
      const { payment } = await this.testCheckout(sessionId);
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

    async handleWebhook(rawBody, signature) {
      if (!stripe || !config.STRIPE_WEBHOOK_SECRET) throw new UnavailableError('Stripe webhooks are not configured on this server');
      if (!signature) throw new WebhookSignatureError('Missing Stripe-Signature header');
      let event: Stripe.Event;
      try {
        event = stripe.webhooks.constructEvent(rawBody, signature, config.STRIPE_WEBHOOK_SECRET, WEBHOOK_TOLERANCE_SECONDS);
      } catch (err) {
        logger.warn({ reason: (err as Error).message }, 'stripe webhook rejected');
        throw new WebhookSignatureError('Invalid Stripe signature (wrong secret, altered body or stale timestamp)');
      }
      // Stripe's SDK only refuses timestamps older than the tolerance; one dated further ahead
      // than the tolerance is as suspect (a signature made to be replayed later): refuse it too.
      const signedAt = signatureTimestamp(signature);
      if (signedAt !== null && signedAt - Math.floor(now().getTime() / 1000) > WEBHOOK_TOLERANCE_SECONDS) {
        logger.warn({ ahead: signedAt - Math.floor(now().getTime() / 1000) }, 'stripe webhook rejected: timestamp in the future');
        throw new WebhookSignatureError('Invalid Stripe signature (timestamp too far in the future)');
      }
      const shape = webhookEventShape.safeParse(event);
      if (!shape.success) throw new InputError('The event has no id or type');
      let session: Stripe.Checkout.Session | null = null;
      if (event.type.startsWith('checkout.session.')) {
        const obj = checkoutSessionShape.safeParse((event as { data?: { object?: unknown } }).data?.object);
        if (!obj.success) {
          logger.warn({ event: event.id, type: event.type }, 'stripe webhook with a malformed data.object rejected');
          throw new InputError(`The ${event.type} event carries no valid checkout session in data.object`);
        }
        session = obj.data as unknown as Stripe.Checkout.Session;
      }
      if (!(await payments.recordEvent(event.id, event.type, now()))) {
        logger.info({ event: event.id, type: event.type }, 'duplicate stripe event ignored');
        return { type: event.type, duplicate: true };
      }
      try {
        switch (event.type) {
          case 'checkout.session.completed':
          case 'checkout.session.async_payment_succeeded':
            await applySession(session as Stripe.Checkout.Session, 'webhook');
            break;
          case 'checkout.session.async_payment_failed':
            await payments.markUnpaid((session as Stripe.Checkout.Session).id, 'failed');
            break;
          case 'checkout.session.expired':
            await payments.markUnpaid((session as Stripe.Checkout.Session).id, 'expired');
            break;
          default:
            break;
        }
      } catch (err) {
        await payments.forgetEvent(event.id).catch(() => undefined);
        throw err;
      }
      return { type: event.type, duplicate: false };
    },

    async startPaidReport(req) {
      let payment: Payment | null;
      if (req.sessionId) {
        payment = await payments.getBySession(req.sessionId);
        if (!payment) throw new PaymentRequiredError('Payment required: no checkout was found for this link. Please start again from the home page.');
        payment = await refresh(payment);
        if (payment.status !== 'paid') throw new PaymentRequiredError('Payment required: this checkout has not been paid yet.');
      } else {
        const email = req.email;
        if (!email) throw new PaymentRequiredError('Payment required: no checkout was given.');
        if (!req.signedInEmail || req.signedInEmail !== email) {
          throw new UnauthorizedError('Payment required: sign in with the email you paid with, or complete a checkout.');
        }
        payment = await payments.findCredit(email, now(), CLAIM_TIMEOUT_MS);
        if (!payment) throw new PaymentRequiredError('Payment required: there is no unused payment for this email. Please complete a checkout.');
      }
      const { reportId, started } = await startOnCredit(payment, req);
      const fresh = (await payments.getBySession(payment.checkoutSessionId)) ?? payment;
      return { reportId, customerId: fresh.customerId, started };
    },
  };
}
