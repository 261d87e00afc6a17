import Router from '@koa/router';
import { contactRequestSchema } from '@val/contracts';
import type { AppDeps } from '../../deps';
import { parseBody } from '../../http/parse';
import { byIp, rateLimit } from '../../middlewares/rateLimit';

/** Per-IP limit of `POST /api/contact`: 5 messages per 10 minutes (every attempt counts). */
export const CONTACT_RATE_LIMIT = { windowMs: 10 * 60 * 1000, max: 5 } as const;

/**
 * `POST /api/contact` {name, email, subject, message}: validated (all required, email format,
 * size limits), rate-limited per IP, stored for the operator (the admin reads them) → 201.
 */
export function contactRouter({ services, counters }: AppDeps): Router {
  const router = new Router();
  const limit = rateLimit({
    ...CONTACT_RATE_LIMIT,
    store: counters,
    name: 'contact',
    key: byIp,
    message: 'You have sent several messages in a short time. Please wait a few minutes and try again.',
  });
  router.post('/api/contact', limit, async (ctx) => {
    const res = await services.contact.send(parseBody(ctx, contactRequestSchema));
    ctx.status = 201;
    ctx.set('Cache-Control', 'no-store');
    ctx.body = res;
  });
  return router;
}
