import { RateLimitError } from '../../errors';

export interface LoginThrottleOptions {
  /** Failures allowed per key within the window; the next attempt is refused. */
  maxFailures: number;
  windowMs: number;
  /** Upper bound on tracked keys (oldest dropped first). */
  maxKeys?: number;
  now?: () => number;
}

/** Counts failed logins per key (the client IP) in a sliding window. */
export interface LoginThrottle {
  /** Throws RateLimitError (429 + Retry-After) while the key is blocked. */
  check(key: string): void;
  failed(key: string): void;
  succeeded(key: string): void;
}

/**
 * Failure-only login throttle: after `maxFailures` failed attempts within `windowMs` from one
 * key, further attempts (right or wrong) get a 429 until the oldest failure leaves the window.
 * A success clears the key. In memory, per process.
 */
export function loginThrottle({ maxFailures, windowMs, maxKeys = 10_000, now = Date.now }: LoginThrottleOptions): LoginThrottle {
  const failures = new Map<string, number[]>();
  const recent = (key: string, t: number) => {
    const list = (failures.get(key) ?? []).filter((at) => at > t - windowMs);
    if (list.length) failures.set(key, list);
    else failures.delete(key);
    return list;
  };
  return {
    check(key) {
      const t = now();
      const list = recent(key, t);
      if (list.length >= maxFailures) {
        const retryMs = list[list.length - maxFailures] + windowMs - t;
        throw new RateLimitError(retryMs / 1000, 'Too many failed login attempts. Please wait and try again later.');
      }
    },
    failed(key) {
      const t = now();
      const list = recent(key, t);
      list.push(t);
      failures.delete(key);
      failures.set(key, list);
      while (failures.size > maxKeys) {
        const oldest = failures.keys().next().value;
        if (oldest === undefined) break;
        failures.delete(oldest);
      }
    },
    succeeded(key) {
      failures.delete(key);
    },
  };
}
