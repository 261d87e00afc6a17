import { createHash, createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import type { Context } from 'koa';
import type { SignInSessionRepository } from '../repositories/signInSessions';
import type { PendingLogin, SignedInUser } from '../services/auth';

export type { PendingLogin, SignedInUser };

/** Cookie of the paid flow's sign-in session. */
export const AUTH_COOKIE = 'val.sid';
/**
 * The cookie's name: over HTTPS (production) it carries the `__Host-` prefix, so a browser only
 * accepts it Secure, Path=/ and without Domain — no subdomain or plain-http page can plant one.
 */
export const authCookieName = (secure: boolean): string => (secure ? `__Host-${AUTH_COOKIE}` : AUTH_COOKIE);

export interface AuthSessionData {
  login?: PendingLogin;
  user?: SignedInUser;
}

/** What the signed cookie holds: a sign-in in progress, and the random id of a server-side session. */
interface CookieData {
  login?: PendingLogin;
  sid?: string;
}

export interface AuthSessionOptions {
  /** HMAC keys, newest first (SESSION_KEYS); the first signs, any verifies. */
  keys: ReadonlyArray<string>;
  /** Secure cookie (production). */
  secure: boolean;
  /** Where signed-in sessions live (every process reads the same rows). */
  store: SignInSessionRepository;
  /** Lifetime of a signed-in session (ms; SIGN_IN_SESSION_MAX_AGE_MS). */
  maxAgeMs: number;
  /** Lifetime of a sign-in in progress (ms). */
  loginMaxAgeMs?: number;
  now?: () => number;
}

/** Reads and writes the sign-in session. */
export interface AuthSessions {
  /** The pending sign-in (from the cookie) and the signed-in visitor (from the server-side session). */
  read(ctx: Context): Promise<AuthSessionData>;
  /** Remembers a sign-in in progress (keeps a current session, if any). */
  startLogin(ctx: Context, login: PendingLogin): Promise<void>;
  /** The sign-in in progress, removed from the cookie: one callback per sign-in. */
  takeLogin(ctx: Context): Promise<PendingLogin | undefined>;
  /** Signs the visitor in under a NEW session id (the old session, if any, ends). */
  signIn(ctx: Context, user: Omit<SignedInUser, 'at'>): Promise<SignedInUser>;
  /** Logout: the server-side session is deleted (the cookie is dead everywhere) and the cookie cleared. */
  clear(ctx: Context): Promise<void>;
}

const b64 = (s: string) => Buffer.from(s, 'utf8').toString('base64url');
const sidHash = (sid: string) => createHash('sha256').update(sid).digest('hex');

/**
 * The paid flow's session. One HttpOnly, SameSite=Lax cookie (Lax so it comes back with the
 * provider's top-level redirect to /log), Secure in production, signed with HMAC-SHA256 under
 * SESSION_KEYS (the first key signs, every key verifies), holds the pending sign-in (state,
 * PKCE verifier, nonce) and a random session id. The signed-in email lives server-side under
 * the id's SHA-256 with an absolute lifetime (`maxAgeMs`, default 1 hour: long enough to pay);
 * logout deletes it, so a copied cookie stops working at once in every process.
 */
export function authSessions(opts: AuthSessionOptions): AuthSessions {
  if (!opts.keys.length) throw new Error('authSessions: at least one key is required');
  const keys = opts.keys.map((k) => Buffer.from(k, 'utf8'));
  const now = opts.now ?? Date.now;
  const { maxAgeMs, store } = opts;
  const loginMaxAgeMs = opts.loginMaxAgeMs ?? 15 * 60_000;
  const name = authCookieName(opts.secure);

  const mac = (key: Buffer, payload: string) => createHmac('sha256', key).update(`${AUTH_COOKIE}=${payload}`).digest();

  const verify = (value: string): CookieData => {
    const dot = value.lastIndexOf('.');
    if (dot <= 0) return {};
    const payload = value.slice(0, dot);
    let given: Buffer;
    try {
      given = Buffer.from(value.slice(dot + 1), 'base64url');
    } catch {
      return {};
    }
    const ok = keys.some((k) => {
      const expected = mac(k, payload);
      return expected.length === given.length && timingSafeEqual(expected, given);
    });
    if (!ok) return {};
    try {
      const data = JSON.parse(Buffer.from(payload, 'base64url').toString('utf8')) as CookieData;
      return data && typeof data === 'object' ? data : {};
    } catch {
      return {};
    }
  };

  const cookieOptions = (maxAge: number) => ({
    httpOnly: true,
    sameSite: 'lax' as const,
    secure: opts.secure,
    path: '/',
    maxAge,
    overwrite: true,
    signed: false,
  });

  const readCookie = (ctx: Context): CookieData => {
    const raw = ctx.cookies.get(name, { signed: false });
    if (!raw || raw.length > 4096) return {};
    const data = verify(raw);
    const out: CookieData = {};
    if (data.login && typeof data.login.at === 'number' && now() - data.login.at < loginMaxAgeMs) out.login = data.login;
    if (typeof data.sid === 'string' && data.sid.length >= 32 && data.sid.length <= 128) out.sid = data.sid;
    return out;
  };

  const writeCookie = (ctx: Context, data: CookieData) => {
    if (opts.secure) ctx.cookies.secure = true;
    if (!data.login && !data.sid) {
      ctx.cookies.set(name, '', { ...cookieOptions(0), maxAge: 0, expires: new Date(0) });
      return;
    }
    const payload = b64(JSON.stringify(data));
    const sig = mac(keys[0], payload).toString('base64url');
    ctx.cookies.set(name, `${payload}.${sig}`, cookieOptions(data.sid ? maxAgeMs : loginMaxAgeMs));
  };

  let nextSweep = 0;
  const sweep = () => {
    const t = now();
    if (t < nextSweep) return;
    nextSweep = t + 10 * 60_000;
    void store.sweep(new Date(t)).catch(() => undefined);
  };

  return {
    async read(ctx) {
      const c = readCookie(ctx);
      const out: AuthSessionData = {};
      if (c.login) out.login = c.login;
      if (c.sid) {
        const s = await store.get(sidHash(c.sid), new Date(now()));
        if (s) out.user = { email: s.email, ...(s.name ? { name: s.name } : {}), at: s.createdAt.getTime() };
      }
      return out;
    },
    async startLogin(ctx, login) {
      writeCookie(ctx, { ...readCookie(ctx), login });
    },
    async takeLogin(ctx) {
      const c = readCookie(ctx);
      writeCookie(ctx, { ...c, login: undefined });
      return c.login;
    },
    async signIn(ctx, user) {
      const old = readCookie(ctx).sid;
      if (old) await store.delete(sidHash(old));
      const sid = randomBytes(32).toString('base64url');
      const at = now();
      await store.create(sidHash(sid), {
        email: user.email,
        ...(user.name ? { name: user.name } : {}),
        createdAt: new Date(at),
        expiresAt: new Date(at + maxAgeMs),
      });
      writeCookie(ctx, { sid });
      sweep();
      return { ...user, at };
    },
    async clear(ctx) {
      const { sid } = readCookie(ctx);
      if (sid) await store.delete(sidHash(sid));
      writeCookie(ctx, {});
    },
  };
}

/** A random per-process key, for development when SESSION_KEYS is not set. */
export function ephemeralSessionKey(): string {
  return randomBytes(32).toString('hex');
}
