import type { Context, Middleware } from 'koa';
import { RateLimitError } from '../errors';

export interface RateLimitOptions {
  /** Length of one window in milliseconds. */
  windowMs: number;
  /** Requests allowed per key and window; the next one is a 429. */
  max: number;
  /**
   * The bucket a request counts against, e.g. `(ctx) => ctx.ip`. Return null/undefined to let
   * the request through uncounted. Prefix keys when one limiter serves several routes.
   */
  key: (ctx: Context) => string | null | undefined;
  /** Message of the 429 (default: RateLimitError's). */
  message?: string;
  /** Upper bound on tracked keys; the oldest windows are dropped beyond it (default 50,000). */
  maxKeys?: number;
  /** Clock (tests). */
  now?: () => number;
}

/** A limiter as middleware, plus direct access for services and tests. */
export interface RateLimiter extends Middleware {
  /**
   * Counts one hit for `key`; throws RateLimitError (429, Retry-After) when over the limit.
   * Returns what is left in the current window.
   */
  hit(key: string): { remaining: number; resetAt: number };
  /** Forgets one key, or every key. */
  reset(key?: string): void;
  /** Number of keys currently tracked. */
  readonly size: number;
}

interface Bucket {
  count: number;
  resetAt: number;
}

/**
 * In-memory fixed-window rate limiter (per process). Each key gets `max` requests per
 * `windowMs`; beyond that the request fails with RateLimitError (429 with Retry-After), which
 * the error handler turns into `{ error: { code: 'rate_limited', message } }`. Expired windows
 * are swept lazily and the number of keys is bounded, so memory stays flat under many clients.
 * Successful requests get `RateLimit-Limit`, `RateLimit-Remaining` and `RateLimit-Reset` headers.
 *
 * Usage: `router.post('/api/contact', rateLimit({ windowMs: 60_000, max: 5, key: (ctx) => ctx.ip }), handler)`.
 */
export function rateLimit(opts: RateLimitOptions): RateLimiter {
  const { windowMs, max, key, message } = opts;
  if (!Number.isFinite(windowMs) || windowMs <= 0) throw new RangeError('rateLimit: windowMs must be > 0');
  if (!Number.isInteger(max) || max < 1) throw new RangeError('rateLimit: max must be an integer >= 1');
  const maxKeys = opts.maxKeys ?? 50_000;
  const now = opts.now ?? Date.now;
  const buckets = new Map<string, Bucket>();
  let nextSweep = now() + windowMs;

  const sweep = (t: number) => {
    for (const [k, b] of buckets) if (b.resetAt <= t) buckets.delete(k);
    nextSweep = t + windowMs;
  };

  const hit = (k: string) => {
    const t = now();
    if (t >= nextSweep) sweep(t);
    let b = buckets.get(k);
    if (!b || b.resetAt <= t) {
      if (b) buckets.delete(k);
      b = { count: 0, resetAt: t + windowMs };
      buckets.set(k, b);
      if (buckets.size > maxKeys) {
        // Map iterates in insertion order: drop the oldest windows first.
        for (const old of buckets.keys()) {
          if (buckets.size <= maxKeys) break;
          if (old !== k) buckets.delete(old);
        }
      }
    }
    b.count += 1;
    if (b.count > max) throw new RateLimitError((b.resetAt - t) / 1000, message);
    return { remaining: max - b.count, resetAt: b.resetAt };
  };

  const middleware = (async (ctx: Context, next: () => Promise<unknown>) => {
    const k = key(ctx);
    if (k === null || k === undefined || k === '') return next();
    const { remaining, resetAt } = hit(k);
    ctx.set('RateLimit-Limit', String(max));
    ctx.set('RateLimit-Remaining', String(remaining));
    ctx.set('RateLimit-Reset', String(Math.max(0, Math.ceil((resetAt - now()) / 1000))));
    return next();
  }) as RateLimiter;

  middleware.hit = hit;
  middleware.reset = (k?: string) => {
    if (k === undefined) buckets.clear();
    else buckets.delete(k);
  };
  Object.defineProperty(middleware, 'size', { get: () => buckets.size });
  return middleware;
}

/** The client's address as the usual key (Koa's `ctx.ip`, which honours the proxy setting). */
export const byIp = (ctx: Context): string => ctx.ip || 'unknown';
