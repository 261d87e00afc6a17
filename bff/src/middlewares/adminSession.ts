import { randomBytes } from 'node:crypto';
import type Koa from 'koa';
import type { Context, Middleware } from 'koa';
import createSession from 'koa-session';
import type { AppDeps } from '../deps';
import type { AdminSessionRepository } from '../repositories/adminSessions';
import { UnauthorizedError } from '../errors';

/** Cookie of the admin session (scoped to /api/admin). */
export const ADMIN_COOKIE = 'val.admin';
/**
 * Over HTTPS (production) the name carries the `__Secure-` prefix (the browser only takes it
 * Secure). `__Host-` needs Path=/, and this cookie is scoped to /api/admin on purpose.
 */
export const adminCookieName = (secure: boolean): string => (secure ? `__Secure-${ADMIN_COOKIE}` : ADMIN_COOKIE);
export const ADMIN_COOKIE_PATH = '/api/admin';

/** What an admin session holds. */
export interface AdminSessionData {
  admin: true;
  /** Login time (ms): the absolute timeout counts from here. */
  createdAt: number;
  /** Last authenticated request (ms): the idle timeout counts from here. */
  lastSeen: number;
}

/** The parts of koa-session's Session object we use. */
interface SessionLike extends Partial<AdminSessionData> {
  regenerate(): Promise<void>;
}

type SessionCtx = Context & { session: SessionLike | null };

/** koa-session's store over the admin session repository (`repos.adminSessions`). */
export function adminSessionStore(repo: AdminSessionRepository, now: () => number = Date.now) {
  return {
    get: (id: string) => repo.get(id, new Date(now())),
    set: (id: string, data: unknown, maxAge: number) => repo.set(id, data, new Date(now() + maxAge)),
    destroy: (id: string) => repo.destroy(id),
  };
}

/**
 * Mounts koa-session for `/api/admin/*` only: signed, HttpOnly, SameSite=Strict cookie (Secure
 * in production) holding a random id; the data lives in the database. Sets `app.keys` from
 * SESSION_KEYS (outside production a random per-process key is used when none is set).
 */
export function adminSession(app: Koa, { config, repos, logger, now }: AppDeps): Middleware {
  if (!app.keys) {
    if (config.SESSION_KEYS?.length) app.keys = config.SESSION_KEYS;
    else {
      app.keys = [randomBytes(32).toString('hex')];
      if (config.ADMIN_PASSWORD || config.ADMIN_PASSWORD_HASH)
        logger.info('SESSION_KEYS not set: admin sessions are signed with a random per-process key (they end at restart)');
    }
  }
  const store = adminSessionStore(repos.adminSessions, now);
  const session = createSession(
    {
      key: adminCookieName(config.isProduction),
      path: ADMIN_COOKIE_PATH,
      httpOnly: true,
      sameSite: 'strict',
      secure: config.isProduction,
      signed: true,
      overwrite: true,
      maxAge: config.ADMIN_SESSION_MAX_AGE_MS,
      rolling: false,
      renew: false,
      store,
      genid: () => randomBytes(32).toString('base64url'),
    } as Parameters<typeof createSession>[0],
    app,
  );
  return (ctx, next) => {
    if (ctx.path !== ADMIN_COOKIE_PATH && !ctx.path.startsWith(`${ADMIN_COOKIE_PATH}/`)) return next();
    // Production is served over HTTPS (PUBLIC_URL): mark the cookie Secure even when a TLS proxy
    // is not trusted (TRUST_PROXY=false), instead of failing with "Cannot send secure cookie".
    if (config.isProduction) ctx.cookies.secure = true;
    return session(ctx, next);
  };
}

export interface RequireAdminOptions {
  idleMs: number;
  absoluteMs: number;
  now?: () => number;
}

/** Whether the request carries an admin session within its idle and absolute timeouts (read only). */
export function hasLiveAdminSession(ctx: Context, { idleMs, absoluteMs, now = Date.now }: RequireAdminOptions): boolean {
  const s = (ctx as SessionCtx).session;
  if (!s || s.admin !== true || typeof s.createdAt !== 'number' || typeof s.lastSeen !== 'number') return false;
  const t = now();
  return t - s.lastSeen <= idleMs && t - s.createdAt <= absoluteMs;
}

/** 401 unless the request carries a live admin session; ends sessions past their timeouts. */
export function requireAdmin({ idleMs, absoluteMs, now = Date.now }: RequireAdminOptions): Middleware {
  const touchEvery = Math.min(5000, Math.floor(idleMs / 10));
  return async (ctx, next) => {
    const c = ctx as SessionCtx;
    const s = c.session;
    if (!s || s.admin !== true || typeof s.createdAt !== 'number' || typeof s.lastSeen !== 'number') {
      throw new UnauthorizedError('Admin login required');
    }
    const t = now();
    if (t - s.lastSeen > idleMs || t - s.createdAt > absoluteMs) {
      c.session = null;
      throw new UnauthorizedError('Your admin session has expired. Please log in again.');
    }
    if (t - s.lastSeen >= touchEvery) s.lastSeen = t;
    await next();
  };
}

/** Starts an admin session under a NEW id (the old one, if any, is destroyed: no fixation). */
export async function startAdminSession(ctx: Context, now: () => number = Date.now): Promise<void> {
  const c = ctx as SessionCtx;
  const s = c.session;
  if (!s) throw new Error('admin session middleware is not mounted');
  const t = now();
  s.admin = true;
  s.createdAt = t;
  s.lastSeen = t;
  await s.regenerate();
}

/** Ends the admin session (store row deleted, cookie cleared). */
export function endAdminSession(ctx: Context): void {
  (ctx as SessionCtx).session = null;
}
