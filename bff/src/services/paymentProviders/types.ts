import type { CatalogueProduct } from '@val/contracts';
import type { Config } from '../../config/env';
import type { Logger } from '../../logger';
import type { Payment, PaymentRepository } from '../../repositories/payments';

/** A card typed on the TEST MODE checkout. */
export interface TestCardInput {
  number: string;
  expiry: string;
  cvc: string;
}

/** What a provider needs: the payment rows it turns `paid` (or not) and a clock. */
export interface PaymentProviderDeps {
  config: Config;
  logger: Logger;
  payments: PaymentRepository;
  now: () => Date;
}

/**
 * Where a checkout is paid: Stripe Checkout, or the built-in TEST MODE card form when no Stripe
 * key is set. The payments service owns the rows and the credits; a provider opens checkouts and
 * tells which ones were paid.
 */
export interface PaymentProvider {
  readonly mode: 'stripe' | 'test';
  /** Opens a checkout for the payment `id` (its row is created after): the provider's session id and where to send the browser. */
  createSession(req: {
    id: string;
    product: CatalogueProduct;
    amountCents: number;
    currency: string;
    email: string;
    origin: string;
  }): Promise<{ sessionId: string; url: string }>;
  /** A payment of this provider still pending may have been paid before its notice arrived: asks the provider, returns the row as it is now. */
  refresh(payment: Payment): Promise<Payment>;
  /** Verifies and applies a Stripe webhook delivery (raw body + Stripe-Signature). */
  handleWebhook(rawBody: Buffer, signature: string | undefined): Promise<{ type: string; duplicate: boolean }>;
  /** A test-mode checkout (404 when unknown or not a test checkout, or when this is not the test provider). */
  testCheckout(sessionId: string): Promise<{ payment: Payment; product: CatalogueProduct }>;
  /** Pays a test-mode checkout with a test card. */
  payTestCheckout(
    sessionId: string,
    card: TestCardInput,
  ): Promise<{ ok: true; payment: Payment } | { ok: false; message: string; field: string; payment: Payment }>;
}
