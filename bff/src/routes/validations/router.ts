import Router from '@koa/router';
import type { Context } from 'koa';
import { DELETE_TOKEN_HEADER, validationCompareQuerySchema, validationIdParamsSchema } from '@val/contracts';
import type { AppDeps } from '../../deps';
import { parseQuery } from '../../http/parse';
import { InputError, NotFoundError } from '../../errors';
import { byIp, rateLimit } from '../../middlewares/rateLimit';

/** Per-IP limits of the shareable-validation routes: reads (permalinks, comparisons) and deletions. */
export const VALIDATION_READ_LIMITS = {
  read: { windowMs: 60_000, max: 120 },
  remove: { windowMs: 60_000, max: 30 },
} as const;

function idParam(ctx: Context): string {
  const r = validationIdParamsSchema.safeParse(ctx.params);
  if (!r.success) throw new InputError(r.error.issues[0]?.message ?? 'id must be a validation id');
  return r.data.validationId;
}

/**
 * Shareable validations, around step 1 (the free validation):
 * - `GET /api/validations/:validationId` → the stored validation behind a permalink (400 for an id that is
 *   not a UUID, 404 for an unknown one);
 * - `GET /api/validations/compare?base=&head=` → what changed from one version to the next;
 * - `DELETE /api/validations/:validationId` with `x-delete-token` → 204 for its creator (401 without a
 *   token, 403 with another one).
 * Reads are read-only and rate-limited per IP like the other public reads; nothing lists validations.
 */
export function validationsRouter({ services, counters }: AppDeps): Router {
  const router = new Router();
  const limit = (name: keyof typeof VALIDATION_READ_LIMITS) =>
    rateLimit({ ...VALIDATION_READ_LIMITS[name], store: counters, name: `validations-${name}`, key: byIp });
  const validations = services.validation;

  // Before `/:validationId`, which would otherwise take "compare" for an id.
  router.get('/api/validations/compare', limit('read'), async (ctx) => {
    const { base, head } = parseQuery(ctx, validationCompareQuerySchema);
    ctx.set('Cache-Control', 'no-store');
    ctx.body = await validations.compare(base, head);
  });

  router.get('/api/validations/:validationId', limit('read'), async (ctx) => {
    const id = idParam(ctx);
    ctx.set('Cache-Control', 'no-store');
    ctx.body = await validations.get(id);
  });

  router.delete('/api/validations/:validationId', limit('remove'), async (ctx) => {
    // `compare` is a route of its own (GET only), not a malformed id.
    if (ctx.params.validationId === 'compare') throw new NotFoundError('No API route DELETE /api/validations/compare');
    const id = idParam(ctx);
    const token = ctx.get(DELETE_TOKEN_HEADER).trim();
    await validations.remove(id, token || undefined);
    ctx.status = 204;
  });

  return router;
}
