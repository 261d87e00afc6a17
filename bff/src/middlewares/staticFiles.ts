import fs from 'node:fs';
import path from 'node:path';
import type { Middleware } from 'koa';
import send from 'koa-send';

const HASHED = /\.[0-9a-f]{8,}\.(js|css|png|svg|jpe?g|webp|woff2?)$/i;
/** Content-hashed files never change; everything else (index.html, manifests, entries) revalidates. */
function cacheHeaders(res: { setHeader(k: string, v: string): void }, file: string) {
  if (HASHED.test(path.basename(file))) res.setHeader('Cache-Control', 'public, max-age=31536000, immutable');
  else res.setHeader('Cache-Control', 'no-cache');
}

/**
 * Serves a built bundle folder under a URL prefix. Hashed assets are immutable; manifests,
 * remote entries and index.html are revalidated every time. Remotes are sent with CORS so a
 * shell on another origin may load them.
 */
export function serveDist({ prefix, root, cors = false }: { prefix: string; root: string; cors?: boolean }): Middleware {
  return async (ctx, next) => {
    if ((ctx.method !== 'GET' && ctx.method !== 'HEAD') || !ctx.path.startsWith(prefix)) return next();
    const rel = ctx.path.slice(prefix.length) || 'index.html';
    if (cors) ctx.set('Access-Control-Allow-Origin', '*');
    try {
      // Build output carries gzip -9 copies (x.js.gz); koa-send picks one when the browser accepts gzip.
      ctx.vary('Accept-Encoding');
      await send(ctx, rel, { root, setHeaders: cacheHeaders, index: 'index.html', gzip: true, brotli: false });
    } catch (e) {
      const status = (e as { status?: number }).status;
      if (status !== 404 && status !== 400) throw e;
      return next();
    }
  };
}

/** SPA fallback: any other GET that accepts HTML gets the shell's index.html. */
export function spaFallback({ shellDist }: { shellDist: string }): Middleware {
  const indexFile = path.join(shellDist, 'index.html');
  return async (ctx, next) => {
    await next();
    if (ctx.body !== undefined || ctx.status !== 404) return;
    if (ctx.method !== 'GET' && ctx.method !== 'HEAD') return;
    if (/^\/api\/./.test(ctx.path) || ctx.path.startsWith('/remotes/')) return;
    if (!fs.existsSync(indexFile)) {
      ctx.status = 503;
      ctx.type = 'text/plain';
      ctx.body = 'The front end is not built yet. Run `npm run build` (or `npm start`, which builds it).';
      return;
    }
    ctx.status = 200;
    ctx.type = 'html';
    ctx.set('Cache-Control', 'no-cache');
    ctx.body = fs.createReadStream(indexFile);
  };
}
