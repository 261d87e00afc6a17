import type { Middleware } from 'koa';
import { NotFoundError } from '../errors';

/**
 * Any `/api/*` that no router answered is a JSON 404 (never the SPA's HTML); so is a non-GET to
 * `/api` itself (e.g. `DELETE /api/validations/..`, which the URL parser folds into `/api/`),
 * whose GET is the API page.
 */
export function apiNotFound(): Middleware {
  return async (ctx, next) => {
    await next();
    const api = /^\/api\/./.test(ctx.path) || (/^\/api\/?$/.test(ctx.path) && ctx.method !== 'GET' && ctx.method !== 'HEAD');
    if (ctx.body === undefined && ctx.status === 404 && api) {
      throw new NotFoundError(`No API route ${ctx.method} ${ctx.path}`);
    }
  };
}
