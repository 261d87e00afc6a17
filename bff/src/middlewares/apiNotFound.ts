import type { Middleware } from 'koa';
import { NotFoundError } from '../errors';

/** Any `/api/*` that no router answered is a JSON 404 (never the SPA's HTML). */
export function apiNotFound(): Middleware {
  return async (ctx, next) => {
    await next();
    if (ctx.body === undefined && ctx.status === 404 && /^\/api\/./.test(ctx.path)) {
      throw new NotFoundError(`No API route ${ctx.method} ${ctx.path}`);
    }
  };
}
