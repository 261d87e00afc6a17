import { stripeClient, stripeProvider } from './stripe';
import { testProvider } from './test';
import type { PaymentProvider, PaymentProviderDeps } from './types';

export type { PaymentProvider, PaymentProviderDeps, TestCardInput } from './types';

/**
 * The payment provider of the config, chosen here only: Stripe when STRIPE_SECRET_KEY is set, else the
 * TEST MODE checkout, which production refuses.
 */
export function createPaymentProvider(deps: PaymentProviderDeps): PaymentProvider {
  const stripe = stripeClient(deps.config);
  if (stripe) return stripeProvider(deps, stripe);
  if (deps.config.isProduction) throw new Error('STRIPE_SECRET_KEY must be set in production');
  return testProvider(deps);
}
