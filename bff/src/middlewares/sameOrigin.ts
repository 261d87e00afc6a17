import type { Context, Middleware } from 'koa';
import { ForbiddenError } from '../errors';

export interface SameOriginOptions {
  /** Extra origins allowed to send state-changing requests (e.g. PUBLIC_URL's origin). */
  allowedOrigins?: ReadonlyArray<string | undefined>;
}

const SAFE = new Set(['GET', 'HEAD', 'OPTIONS']);

const originOf = (url: string): string | null => {
  try {
    return new URL(url).origin;
  } catch {
    return null;
  }
};

/** True when a state-changing request comes from a page of this origin (or an allowed one). */
export function isSameOriginRequest(ctx: Context, allowed: ReadonlySet<string>): boolean {
  const origin = ctx.get('Origin');
  if (origin && allowed.has(origin)) return true;
  const site = ctx.get('Sec-Fetch-Site');
  if (site) return site === 'same-origin' || site === 'none';
  if (!origin) return true; // not sent by a browser page: nothing for a cookie to be forged with
  // Koa 3's ctx.origin echoes the Origin header: compare with this server's own origin instead.
  return origin !== 'null' && origin === `${ctx.protocol}://${ctx.host}`;
}

/**
 * CSRF guard for cookie-authenticated, state-changing routes: a POST/PUT/PATCH/DELETE whose
 * `Sec-Fetch-Site` says cross-site or same-site, or whose `Origin` is another origin, is refused
 * with a 403. Browsers send one of the two headers on every cross-origin request; requests
 * without either (curl, server-to-server) carry no ambient browser cookies and pass.
 */
export function sameOrigin(opts: SameOriginOptions = {}): Middleware {
  const allowed = new Set(opts.allowedOrigins?.map((o) => (o ? originOf(o) : null)).filter((o): o is string => !!o) ?? []);
  return async (ctx, next) => {
    if (!SAFE.has(ctx.method) && !isSameOriginRequest(ctx, allowed)) {
      throw new ForbiddenError('Cross-site request rejected');
    }
    await next();
  };
}
