import type { Middleware } from 'koa';
import { ErrorCode } from '@val/contracts';
import type { AppDeps } from '../../deps';
import { AppError } from '../../errors';

/** The webhook endpoint Stripe posts to. */
export const STRIPE_WEBHOOK_PATH = '/api/stripe/webhook';

/** Largest webhook body accepted (Stripe events are far smaller). */
export const STRIPE_WEBHOOK_MAX_BYTES = 1024 * 1024;

/** Reads the request body as raw bytes, refusing more than `limit`. */
async function readRaw(req: NodeJS.ReadableStream & { headers: Record<string, string | string[] | undefined> }, limit: number): Promise<Buffer> {
  const declared = Number(req.headers['content-length']);
  if (Number.isFinite(declared) && declared > limit) throw new AppError(413, ErrorCode.PayloadTooLarge, 'Request body is too large');
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of req) {
    const b = typeof chunk === 'string' ? Buffer.from(chunk) : (chunk as Buffer);
    size += b.length;
    if (size > limit) throw new AppError(413, ErrorCode.PayloadTooLarge, 'Request body is too large');
    chunks.push(b);
  }
  return Buffer.concat(chunks);
}

/**
 * `POST /api/stripe/webhook`: Stripe's events. The signature (`Stripe-Signature`) is checked
 * on the RAW body — so this runs before the app's JSON body parser — with a 5-minute tolerance
 * against replays; bad or stale signatures get a 400, a repeated event id is acknowledged but
 * not applied twice. `checkout.session.completed` (paid) records the payment.
 */
export function stripeWebhookMiddleware(deps: AppDeps): Middleware {
  const flow = deps.services.paid;
  return async (ctx, next) => {
    if (ctx.path !== STRIPE_WEBHOOK_PATH) return next();
    ctx.set('Cache-Control', 'no-store');
    if (ctx.method !== 'POST') {
      ctx.set('Allow', 'POST');
      throw new AppError(405, ErrorCode.BadRequest, 'Use POST');
    }
    const raw = await readRaw(ctx.req, STRIPE_WEBHOOK_MAX_BYTES);
    const result = await flow.payments.handleWebhook(raw, ctx.get('Stripe-Signature') || undefined);
    ctx.body = { received: true, type: result.type, duplicate: result.duplicate };
  };
}
