import { createHash } from 'node:crypto';
import Router from '@koa/router';
import { OPENAPI_PATH, buildOpenApiDocument } from '@val/contracts';
import type { AppDeps } from '../../deps';
import { adminCookieName } from '../../middlewares/adminSession';

/** The BFF's version, for `info.version` of the document. */
// eslint-disable-next-line @typescript-eslint/no-require-imports -- package.json lies outside src/, the TypeScript rootDir
const VERSION: string = (require('@val/bff/package.json') as { version: string }).version;

/**
 * `GET /api/openapi.json`: the API as an OpenAPI 3.1 document, generated once per process from
 * the contracts' route table and zod schemas (never written by hand), for this deployment: its
 * public origin, its admin cookie name, and without the development-only routes in production.
 * Sent with an ETag, so a revalidation costs a 304.
 */
export function openApiRouter({ config }: AppDeps): Router {
  const router = new Router();
  let cached: { body: string; etag: string } | null = null;
  const document = () => {
    if (!cached) {
      const body = JSON.stringify(
        buildOpenApiDocument({
          version: VERSION,
          serverUrl: config.PUBLIC_URL ? config.PUBLIC_URL.replace(/\/+$/, '') : undefined,
          adminCookie: adminCookieName(config.isProduction),
          production: config.isProduction,
        }),
      );
      cached = { body, etag: `"${createHash('sha256').update(body).digest('base64url').slice(0, 27)}"` };
    }
    return cached;
  };

  router.get(OPENAPI_PATH, (ctx) => {
    const { body, etag } = document();
    ctx.set('Cache-Control', 'no-cache');
    ctx.set('ETag', etag);
    ctx.set('Access-Control-Allow-Origin', '*');
    ctx.status = 200;
    if (ctx.fresh) {
      ctx.status = 304;
      return;
    }
    ctx.type = 'application/json';
    ctx.body = body;
  });
  return router;
}
