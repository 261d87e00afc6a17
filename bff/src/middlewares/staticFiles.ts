import path from 'node:path';
import zlib from 'node:zlib';
import type { Context, Middleware } from 'koa';
import send from 'koa-send';
import { metaOf, PAGE_DATA_ELEMENT_ID, pageOf, type PageData, type PageMeta, type PageOwner } from '@val/contracts';
import { watchedFile, type RemoteRouteLists } from '../routes/remotes/routeLists';
import { withPageHead } from '../http/pageHead';
import type { ServerRenderedPage, ServerRenderer } from '../ssr/serverRender';

const HASHED = /\.[0-9a-f]{8,}\.(js|css|png|svg|jpe?g|webp|woff2?)$/i;
/** Source maps are never served, even when a build left some in a folder (they hold the full sources). */
const SOURCE_MAP = /\.map$/i;

/** A remote's build metadata, and its compressed copies: exposed types and webpack's stats (`SERVE_REMOTE_TYPES`). */
export const isBuildMetadata = (rel: string): boolean => /^(?:@mf-types(?:\.zip|\.d\.ts|\/.*)?|mf-stats\.json)(?:\.gz|\.br)?$/i.test(rel);
/** Content-hashed files never change; everything else (index.html, mf-manifest.json, entries) revalidates. */
function cacheHeaders(res: { setHeader(k: string, v: string): void }, file: string) {
  // koa-send names the compressed copy it sends (x.3f2a1b9c0d.js.br): judge the original's name.
  if (HASHED.test(path.basename(file).replace(/\.(br|gz)$/, ''))) res.setHeader('Cache-Control', 'public, max-age=31536000, immutable');
  else res.setHeader('Cache-Control', 'no-cache');
}

/**
 * Serves a built bundle folder under a URL prefix. Hashed assets are immutable; manifests,
 * remote entries and index.html are revalidated every time; source maps are not served. Remotes
 * are sent with CORS so a shell on another origin may load them (the manifest is fetched).
 * `skip` leaves some files to a later middleware (the shell's index.html: spaFallback).
 */
export function serveDist({ prefix, root, cors = false, skip }: { prefix: string; root: string; cors?: boolean; skip?: (rel: string) => boolean }): Middleware {
  return async (ctx, next) => {
    if ((ctx.method !== 'GET' && ctx.method !== 'HEAD') || !ctx.path.startsWith(prefix)) return next();
    const rel = ctx.path.slice(prefix.length) || 'index.html';
    if (SOURCE_MAP.test(rel) || skip?.(rel)) return next();
    if (cors) ctx.set('Access-Control-Allow-Origin', '*');
    try {
      // Build output carries brotli and gzip -9 copies (x.js.br, x.js.gz); koa-send picks the one
      // the browser accepts (brotli first).
      ctx.vary('Accept-Encoding');
      await send(ctx, rel, { root, setHeaders: cacheHeaders, index: 'index.html', gzip: true, brotli: true });
    } catch (e) {
      const status = (e as { status?: number }).status;
      if (status !== 404 && status !== 400) throw e;
      return next();
    }
  };
}

/** `<script type="application/json">` content: JSON that cannot close the element. */
const jsonForScript = (value: unknown) => JSON.stringify(value).replace(/</g, '\\u003c');

export interface ShellPageOptions {
  /** Folder of the built shell (its index.html). */
  shellDist: string;
  /** The remote list (`GET /remotes.json`, with the remotes' routes), inlined into every page and read to know which paths are pages. */
  remotes?: RemoteRouteLists;
  /** Remote manifests this server hosts itself: their URL in the list → the file. Inlined too. */
  manifests?: Record<string, string>;
  /** The founder page's slug: that one path is a page too. */
  founderSlug?: string;
  /** The site's public address, for canonical links (default: the request's origin). */
  publicUrl?: string;
  /**
   * A page's own head, looked up per request (a permalink's idea and score): `undefined` keeps the
   * page's default (PAGE_META, or the remote route's), `null` means there is nothing at that address (404).
   */
  pageMeta?: (owner: PageOwner, path: string, ctx: Context) => Promise<(PageMeta & { data?: PageData }) | null | undefined>;
  /** The first screen as HTML (bff/src/ssr); without it, or when it gives nothing, the browser renders the page. */
  serverRender?: ServerRenderer;
}

/** The page with its server-rendered first screen: the HTML in #root (with the parts it holds), its CSS in the head. */
export function withServerRender(html: string, ssr: ServerRenderedPage): string {
  const root = /<div id=["']?root["']?\s*><\/div>/.exec(html);
  if (!root) return html;
  const parts = ssr.parts.join(' ').replace(/"/g, '&quot;');
  // The data it was rendered with, for the browser's first render (a permalink's validation).
  const data = ssr.pageData ? `<script id="${PAGE_DATA_ELEMENT_ID}" type="application/json">${jsonForScript(ssr.pageData)}</script>` : '';
  const body = html.slice(0, root.index) + `<div id="root" data-ssr="${parts}">${ssr.html}</div>${data}` + html.slice(root.index + root[0].length);
  // The page reads without JavaScript now: the notice that it needs it goes.
  const page = body.replace(/<noscript>[^<]*<\/noscript>/, '');
  const head = page.indexOf('</head>');
  return head < 0 ? page : page.slice(0, head) + ssr.styles + page.slice(head);
}

/** Distinct heads kept rendered and gzipped (each page, the most recent permalinks). */
const PAGE_CACHE_SIZE = 256;

/**
 * The shell's index.html with data blocks inlined right before its preload script
 * (`<script type="application/json">`: they do not run, so the CSP needs no hash for them):
 * the remote list (`#val-remotes`; the shell reads it instead of asking `/remotes.json`) and the
 * manifests of the remotes this server hosts (`data-manifest="<url>"`), so the page's preload
 * script starts the above-the-fold remote's chunks at once, with no manifest round trip; a remote
 * on another origin has its manifest fetched by that script instead. Files are re-read when they
 * change (a rebuilt shell or remote).
 */
function shellPage({ shellDist, manifests = {} }: ShellPageOptions): (list: unknown) => { html: string; key: string } | null {
  const index = watchedFile(path.join(shellDist, 'index.html'));
  const files = Object.entries(manifests).map(([url, file]) => [url, watchedFile(file)] as const);
  let last: { key: string; page: { html: string; key: string } } | null = null;
  return (inline) => {
    const raw = index();
    if (raw === null) return null;
    const list = inline === undefined ? '' : `<script id="val-remotes" type="application/json">${jsonForScript(inline)}</script>`;
    const texts = files.map(([url, read]) => [url, read()] as const);
    const key = raw + list + texts.map(([, t]) => t ?? '').join('\0');
    if (last?.key === key) return last.page;
    const blocks =
      list +
      texts
        .filter(([, t]) => t !== null)
        // The manifest's own text (its ?v= hash is taken from it): only "</" is escaped, as "<\/".
        .map(([url, t]) => `<script type="application/json" data-manifest="${url.replace(/"/g, '&quot;')}">${(t as string).replace(/<\//g, '<\\/')}</script>`)
        .join('');
    // The built html is minified: the attribute may have lost its quotes.
    const at = raw.search(/<script id=["']?val-preload\b/);
    const html = !blocks ? raw : at >= 0 ? raw.slice(0, at) + blocks + raw.slice(at) : raw.replace('</head>', `${blocks}</head>`);
    last = { key, page: { html, key } };
    return last.page;
  };
}

/**
 * SPA fallback: `/`, `/index.html` and any other GET get the shell's index.html with its data
 * blocks (see shellPage), gzipped for browsers that accept it: with 200 on a path one of the
 * app's pages owns (the shell's `PAGE_PATHS` or a remote's route list), with 404 on any other (the
 * app then shows its not-found page).
 */
export function spaFallback(options: ShellPageOptions): Middleware {
  const shell = shellPage(options);
  // Pages by head (each page's meta, each permalink's), gzipped once; emptied when the shell or a manifest changes.
  const pages = new Map<string, { html: string; gzip: Buffer }>();
  let pagesOf = '';
  const page = (list: unknown, meta: PageMeta, canonical: string | null, ssr: ServerRenderedPage | null) => {
    const base = shell(list);
    if (base === null) return null;
    if (pagesOf !== base.key) {
      pages.clear();
      pagesOf = base.key;
    }
    const key = JSON.stringify([meta, canonical, ssr?.key ?? null]);
    let p = pages.get(key);
    if (!p) {
      const head = withPageHead(base.html, meta, canonical);
      const html = ssr ? withServerRender(head, ssr) : head;
      p = { html, gzip: zlib.gzipSync(html, { level: 9 }) };
      if (pages.size >= PAGE_CACHE_SIZE) pages.delete(pages.keys().next().value!);
      pages.set(key, p);
    }
    return p;
  };
  return async (ctx, next) => {
    await next();
    if (ctx.body !== undefined || ctx.status !== 404) return;
    if (ctx.method !== 'GET' && ctx.method !== 'HEAD') return;
    if (/^\/api\/./.test(ctx.path) || ctx.path.startsWith('/remotes/') || SOURCE_MAP.test(ctx.path)) return;
    const list = await options.remotes?.list();
    const owner = pageOf(ctx.path, options.founderSlug ?? '', list?.remotes);
    const looked = owner && options.pageMeta ? await options.pageMeta(owner, ctx.path, ctx) : undefined;
    const found = owner !== null && looked !== null;
    const { data, ...own } = looked ?? {};
    const meta = !found ? metaOf(null) : looked ? (own as PageMeta) : metaOf(owner);
    const isHome = owner !== null && 'shell' in owner && owner.shell === 'home';
    const canonical = found ? `${options.publicUrl ?? `${ctx.protocol}://${ctx.host}`}${isHome ? '/' : ctx.path}` : null;
    const ssr = list && options.serverRender ? await options.serverRender.render(ctx.path, found ? owner : null, list, data) : null;
    const p = page(list, meta, canonical, ssr);
    if (p === null) {
      ctx.status = 503;
      ctx.type = 'text/plain';
      ctx.body = 'The front end is not built yet. Run `npm run build` (or `npm start`, which builds it).';
      return;
    }
    ctx.status = found ? 200 : 404;
    ctx.type = 'html';
    ctx.set('Cache-Control', 'no-cache');
    ctx.vary('Accept-Encoding');
    if (ctx.acceptsEncodings('gzip', 'identity') === 'gzip') {
      ctx.set('Content-Encoding', 'gzip');
      ctx.body = p.gzip;
    } else {
      ctx.body = p.html;
    }
  };
}
