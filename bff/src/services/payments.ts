import { randomUUID } from 'node:crypto';
import { FEASIBILITY_LIMITS, FEASIBILITY_STUDY_ID, type BasisInput, type CatalogueProduct, type InterviewEvidence, type ProductInputs } from '@val/contracts';
import { checkProductInputs, getProduct } from '@val/content';
import type { Config } from '../config/env';
import { InputError, PaymentRequiredError, UnauthorizedError, UnavailableError } from '../errors';
import type { Logger } from '../logger';
import { maskEmail } from '../logger';
import type { Payment, PaymentRepository } from '../repositories/payments';
import { createPaymentProvider, type TestCardInput } from './paymentProviders';

export type { Payment, TestCardInput };
export { checkTestCard, luhnValid, TEST_CARDS } from './paymentProviders/test';

/** The part of the report engine (`deps.reports`) the payments service uses. */
export interface ReportStarter {
  /** Queues a report; the same `dedupeKey` always answers the same job. */
  start(req: {
    product: string;
    inputs: ProductInputs;
    evidence?: InterviewEvidence | null;
    email?: string;
    name?: string | null;
    dedupeKey?: string;
    basis?: BasisInput | null;
  }): Promise<string>;
}

/** Catalogue prices are whole US dollars. */
export const CHECKOUT_CURRENCY = 'usd';
const currency = CHECKOUT_CURRENCY;

/** A claimed credit whose start has not recorded a report after this long may be claimed again. */
export const CLAIM_TIMEOUT_MS = 60_000;

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
  /** What the founder sets (market, segment, place, buyer kind, product kind, price): the report is computed from it. */
  basis?: BasisInput | null;
}

/** Checkout, payment records and the one-report-per-payment rule. */
export interface PaymentsService {
  readonly mode: 'stripe' | 'test';
  /** Creates a checkout for a product and returns where to send the browser. */
  createCheckout(req: CheckoutRequest): Promise<{ url: string; sessionId: string; payment: Payment }>;
  /** A test-mode checkout and its product (404 when unknown or not a test checkout). */
  testCheckout(sessionId: string): Promise<{ payment: Payment; product: CatalogueProduct }>;
  /** Pays a test-mode checkout with a test card. */
  payTestCheckout(
    sessionId: string,
    card: TestCardInput,
  ): Promise<{ ok: true; payment: Payment } | { ok: false; message: string; field: string; payment: Payment }>;
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
  now?: () => Date;
}

const feasibilityInputs = (targetMarket: string, productIdea: string): ProductInputs => {
  const tm = targetMarket.trim();
  const pi = productIdea.trim();
  if (!tm || !pi) throw new InputError('target_market and product_idea are required for the feasibility study');
  if (tm.length > FEASIBILITY_LIMITS.targetMarket) throw new InputError(`target_market must be at most ${FEASIBILITY_LIMITS.targetMarket} characters`);
  if (pi.length > FEASIBILITY_LIMITS.productIdea) throw new InputError(`product_idea must be at most ${FEASIBILITY_LIMITS.productIdea} characters`);
  return { targetMarket: tm, productIdea: pi };
};

/**
 * The payments service. A checkout creates a `pending` row; Stripe's webhook (or, in TEST MODE,
 * the built-in card form) turns it `paid`; a paid row is a credit that starts exactly one report.
 */
export function createPaymentsService(opts: PaymentsOptions): PaymentsService {
  const { config, logger, payments } = opts;
  const now = opts.now ?? (() => new Date());
  const provider = createPaymentProvider({ config, logger, payments, now });

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
      reportId = await reports.start({
        product: product.id,
        inputs,
        evidence,
        email: p.email,
        name,
        dedupeKey: `payment:${p.id}`,
        ...(req.basis ? { basis: req.basis } : {}),
      });
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
    mode: provider.mode,

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
      const { sessionId, url } = await provider.createSession({ id, product, amountCents, currency, email, origin });
      const payment = await payments.create({
        id,
        checkoutSessionId: sessionId,
        provider: provider.mode,
        email,
        product: product.id,
        inputs: checked,
        evidence,
        buyerName,
        amountCents,
        currency,
      });
      logger.info({ session: sessionId, product: product.id, user: maskEmail(email) }, `${provider.mode} checkout created`);
      return { url, sessionId, payment };
    },

    testCheckout: (sessionId) => provider.testCheckout(sessionId),
    payTestCheckout: (sessionId, card) => provider.payTestCheckout(sessionId, card),
    handleWebhook: (rawBody, signature) => provider.handleWebhook(rawBody, signature),

    async startPaidReport(req) {
      let payment: Payment | null;
      if (req.sessionId) {
        payment = await payments.getBySession(req.sessionId);
        if (!payment) throw new PaymentRequiredError('Payment required: no checkout was found for this link. Please start again from the home page.');
        payment = await provider.refresh(payment);
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
