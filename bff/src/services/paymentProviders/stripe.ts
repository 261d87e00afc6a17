import Stripe from 'stripe';
import { z } from 'zod';
import { ErrorCode } from '@val/contracts';
import type { Config } from '../../config/env';
import { AppError, InputError, NotFoundError, UnavailableError, UpstreamError } from '../../errors';
import { maskEmail } from '../../logger';
import type { Payment } from '../../repositories/payments';
import type { PaymentProvider, PaymentProviderDeps } from './types';

/** Webhook signatures older than this are rejected (seconds), as Stripe's own default. */
export const WEBHOOK_TOLERANCE_SECONDS = 300;

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
 * Stripe Checkout: a checkout is a Stripe session; its signed webhook (or, when the webhook is
 * late, a look-up of the session) turns the payment `paid` once the amount and currency match.
 */
export function stripeProvider(deps: PaymentProviderDeps, stripe: Stripe): PaymentProvider {
  const { config, logger, payments, now } = deps;

  const applySession = async (session: Stripe.Checkout.Session, via: string): Promise<boolean> => {
    const payment = await payments.getBySession(session.id);
    if (!payment) {
      logger.warn({ session: session.id, via }, 'stripe checkout session without a payment row: ignored');
      return false;
    }
    if (session.payment_status !== 'paid') return false;
    if (session.amount_total !== payment.amountCents || (session.currency ?? '').toLowerCase() !== payment.currency) {
      logger.error(
        { session: session.id, amount: session.amount_total, currency: session.currency },
        'stripe checkout amount does not match the payment row: not credited',
      );
      return false;
    }
    const customer = typeof session.customer === 'string' ? session.customer : (session.customer?.id ?? null);
    const changed = await payments.markPaid(session.id, { customerId: customer, paidAt: now() });
    if (changed) logger.info({ session: session.id, product: payment.product, user: maskEmail(payment.email), via }, 'payment received');
    return changed;
  };

  const testCheckout = async (): Promise<never> => {
    throw new NotFoundError('The test checkout is off: this server uses Stripe');
  };

  return {
    mode: 'stripe',

    async createSession({ id, product, amountCents, currency, email, origin }) {
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
      return { sessionId: session.id, url: session.url };
    },

    async refresh(p: Payment) {
      if (p.status !== 'pending' || p.provider !== 'stripe') return p;
      try {
        const session = await stripe.checkout.sessions.retrieve(p.checkoutSessionId);
        if (await applySession(session, 'retrieve')) return (await payments.getBySession(p.checkoutSessionId)) ?? p;
      } catch (err) {
        logger.warn({ err, session: p.checkoutSessionId }, 'could not refresh a checkout session from Stripe');
      }
      return p;
    },

    async handleWebhook(rawBody, signature) {
      if (!config.STRIPE_WEBHOOK_SECRET) throw new UnavailableError('Stripe webhooks are not configured on this server');
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

    testCheckout,
    payTestCheckout: testCheckout,
  };
}
