import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import type { Context } from 'koa';

/** Cookie of the paid flow's sign-in session. */
export const AUTH_COOKIE = 'val.sid';
/**
 * The cookie's name: over HTTPS (production) it carries the `__Host-` prefix, so a browser only
 * accepts it Secure, Path=/ and without Domain — no subdomain or plain-http page can plant one.
 */
export const authCookieName = (secure: boolean): string => (secure ? `__Host-${AUTH_COOKIE}` : AUTH_COOKIE);

/** A sign-in in progress: what the callback must see again (kept only in the signed cookie). */
export interface PendingLogin {
  state: string;
  /** PKCE code verifier (S256 challenge sent to the provider). */
  verifier: string;
  nonce: string;
  /** The exact redirect URI sent with the authorization request. */
  redirectUri: string;
  /** Started at (ms). */
  at: number;
}

/** The signed-in visitor, established by the login callback. */
export interface SignedInUser {
  email: string;
  name?: string;
  /** Signed in at (ms). */
  at: number;
}

export interface AuthSessionData {
  login?: PendingLogin;
  user?: SignedInUser;
}

export interface AuthSessionOptions {
  /** HMAC keys, newest first (SESSION_KEYS); the first signs, any verifies. */
  keys: ReadonlyArray<string>;
  /** Secure cookie (production). */
  secure: boolean;
  /** Lifetime of a signed-in session (ms). */
  maxAgeMs?: number;
  /** Lifetime of a sign-in in progress (ms). */
  loginMaxAgeMs?: number;
  now?: () => number;
}

/** Reads and writes the sign-in session. */
export interface AuthSessions {
  read(ctx: Context): AuthSessionData;
  write(ctx: Context, data: AuthSessionData): void;
  clear(ctx: Context): void;
}

const b64 = (s: string) => Buffer.from(s, 'utf8').toString('base64url');

/**
 * The paid flow's session: a small JSON payload in one HttpOnly, SameSite=Lax cookie (Lax so it
 * comes back with the provider's top-level redirect to /log), Secure in production, signed with
 * HMAC-SHA256 under SESSION_KEYS (key rotation: the first key signs, every key verifies). It holds
 * only the pending sign-in (state, PKCE verifier, nonce) and the signed-in email — nothing that
 * decides payment, which lives in the database.
 */
export function authSessions(opts: AuthSessionOptions): AuthSessions {
  if (!opts.keys.length) throw new Error('authSessions: at least one key is required');
  const keys = opts.keys.map((k) => Buffer.from(k, 'utf8'));
  const now = opts.now ?? Date.now;
  const maxAgeMs = opts.maxAgeMs ?? 30 * 86_400_000;
  const loginMaxAgeMs = opts.loginMaxAgeMs ?? 15 * 60_000;
  const name = authCookieName(opts.secure);

  const mac = (key: Buffer, payload: string) => createHmac('sha256', key).update(`${AUTH_COOKIE}=${payload}`).digest();

  const verify = (value: string): AuthSessionData => {
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
      const data = JSON.parse(Buffer.from(payload, 'base64url').toString('utf8')) as AuthSessionData;
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

  return {
    read(ctx) {
      const raw = ctx.cookies.get(name, { signed: false });
      if (!raw || raw.length > 4096) return {};
      const data = verify(raw);
      const t = now();
      const out: AuthSessionData = {};
      if (data.login && typeof data.login.at === 'number' && t - data.login.at < loginMaxAgeMs) out.login = data.login;
      if (data.user && typeof data.user.email === 'string' && typeof data.user.at === 'number' && t - data.user.at < maxAgeMs) out.user = data.user;
      return out;
    },
    write(ctx, data) {
      if (!data.login && !data.user) return this.clear(ctx);
      const payload = b64(JSON.stringify(data));
      const sig = mac(keys[0], payload).toString('base64url');
      if (opts.secure) ctx.cookies.secure = true;
      ctx.cookies.set(name, `${payload}.${sig}`, cookieOptions(maxAgeMs));
    },
    clear(ctx) {
      if (opts.secure) ctx.cookies.secure = true;
      ctx.cookies.set(name, '', { ...cookieOptions(0), maxAge: 0, expires: new Date(0) });
    },
  };
}

/** A random per-process key, for development when SESSION_KEYS is not set. */
export function ephemeralSessionKey(): string {
  return randomBytes(32).toString('hex');
}
