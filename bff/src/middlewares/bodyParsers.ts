import { bodyParser } from '@koa/bodyparser';
import type { Middleware } from 'koa';

/**
 * The routes that take an HTML form post (application/x-www-form-urlencoded): the checkout
 * button, the TEST MODE card form and the embedded development sign-in. Every other route is
 * JSON-only.
 */
export const FORM_ROUTES: ReadonlyArray<RegExp> = [/^\/api\/checkout\/session$/, /^\/checkout\/test\/[^/]+$/, /^\/oidc\/interaction\/[^/]+\/(login|abort)$/];

export interface BodyParsersOptions {
  /** Largest accepted body (bytes or a string such as '100kb'). */
  limit: number | string;
  formRoutes?: ReadonlyArray<RegExp>;
}

const hasBody = (headers: Record<string, string | string[] | undefined>) => Boolean(headers['transfer-encoding']) || Number(headers['content-length'] ?? 0) > 0;

/**
 * JSON bodies everywhere; form bodies only on FORM_ROUTES. A body of another type on a JSON route
 * (a cross-site HTML form, `text/plain`, multipart) is refused with 415 before any handler runs,
 * so such "simple" cross-site requests cannot reach the JSON API at all.
 */
export function bodyParsers({ limit, formRoutes = FORM_ROUTES }: BodyParsersOptions): Middleware {
  const json = bodyParser({ enableTypes: ['json'], jsonLimit: limit, encoding: 'utf-8' });
  const jsonOrForm = bodyParser({ enableTypes: ['json', 'form'], jsonLimit: limit, formLimit: limit, encoding: 'utf-8' });
  return (ctx, next) => {
    if (ctx.method === 'GET' || ctx.method === 'HEAD') return next();
    if (formRoutes.some((r) => r.test(ctx.path))) return jsonOrForm(ctx, next);
    const type = ctx.request.type;
    if (type && type !== 'application/json' && hasBody(ctx.req.headers) && !ctx.is('json', '+json')) ctx.throw(415);
    return json(ctx, next);
  };
}
