import type { Context, Middleware } from 'koa';
import { RateLimitError } from '../errors';
import { clientKey } from '../http/clientAddress';
import type { CounterStore } from '../repositories/counters';
import { windowLimit, type Take } from '../services/windowLimit';

export interface RateLimitOptions {
  /** Where the counts live (`deps.counters`: shared by every process on MySQL, memory on SQLite). */
  store: CounterStore;
  /** Name of this limit's counters (e.g. `validate`); limits that share a name share their buckets. */
  name: string;
  /** Length of one window in milliseconds. */
  windowMs: number;
  /** Requests allowed per key and window; the next one is a 429. */
  max: number;
  /** The bucket a request counts against, e.g. `byIp`. Return null/undefined to let it through uncounted. */
  key: (ctx: Context) => string | null | undefined;
  /** Message of the 429 (default: RateLimitError's). */
  message?: string;
}

/** A limiter as middleware, plus direct access for services and tests. */
export interface RateLimiter extends Middleware {
  /**
   * Counts one hit for `key`; rejects with RateLimitError (429, Retry-After) when over the limit.
   * Resolves with what is left in the current window.
   */
  hit(key: string): Promise<{ remaining: number; resetInMs: number }>;
  /** Forgets one key. */
  reset(key: string): Promise<void>;
}

/**
 * Fixed-window rate limit per key over a counter store: each key gets `max` requests per
 * `windowMs`; beyond that RateLimitError (429 with Retry-After), which the error handler turns
 * into `{ error: { code: 'rate_limited', message } }`. On a shared store (Redis, MySQL) the count
 * is shared by every BFF process (N processes still allow `max`), without a store call per
 * request (`windowLimit`: a process counts a block of requests at once); while the store cannot
 * answer, each process allows its share. Allowed requests get `RateLimit-Limit`,
 * `RateLimit-Remaining` and `RateLimit-Reset` headers.
 *
 * Usage: `router.post('/api/contact', rateLimit({ store: deps.counters, name: 'contact', windowMs: 60_000, max: 5, key: byIp }), handler)`.
 */
export function rateLimit(opts: RateLimitOptions): RateLimiter {
  const { windowMs, max, key, message } = opts;
  if (!Number.isFinite(windowMs) || windowMs <= 0) throw new RangeError('rateLimit: windowMs must be > 0');
  if (!Number.isInteger(max) || max < 1) throw new RangeError('rateLimit: max must be an integer >= 1');
  const limit = windowLimit({ store: opts.store, name: opts.name, windowMs, max, whenUnavailable: 'share' });

  const allowed = (t: Take): Take => {
    if (!t.allowed) throw new RateLimitError(t.msLeft / 1000, message);
    return t;
  };
  const hit = async (k: string) => {
    const { remaining, msLeft } = allowed(await limit.take(k));
    return { remaining, resetInMs: msLeft };
  };

  const limitHeader = String(max);
  const pass = (ctx: Context, next: () => Promise<unknown>, { remaining, msLeft }: Take) => {
    ctx.set('RateLimit-Limit', limitHeader);
    ctx.set('RateLimit-Remaining', String(remaining));
    ctx.set('RateLimit-Reset', String(Math.max(0, Math.ceil(msLeft / 1000))));
    return next();
  };

  const middleware = ((ctx: Context, next: () => Promise<unknown>): Promise<unknown> => {
    try {
      const k = key(ctx);
      if (k === null || k === undefined || k === '') return next();
      // Most hits are answered from what this process holds: no wait for a promise.
      const known = limit.takeNow(k);
      if (known) return pass(ctx, next, allowed(known));
      return limit.take(k).then((t) => pass(ctx, next, allowed(t)));
    } catch (err) {
      return Promise.reject(err);
    }
  }) as RateLimiter;

  middleware.hit = hit;
  middleware.reset = (k: string) => limit.reset(k);
  return middleware;
}

declare module 'koa' {
  interface DefaultContext {
    /** IPV6_PREFIX_BITS of the app (set on `app.context` by createApp). */
    ipv6PrefixBits?: number;
  }
}

/**
 * The client as every per-IP limit and budget counts it: Koa's `ctx.ip` (with TRUST_PROXY=N the
 * N-th X-Forwarded-For entry from the right, the one our own proxy wrote, else the socket's
 * peer) without a port, IPv4-mapped addresses as IPv4, IPv6 by its /IPV6_PREFIX_BITS network.
 */
export const byIp = (ctx: Context): string => clientKey(ctx.ip, ctx.ipv6PrefixBits);
