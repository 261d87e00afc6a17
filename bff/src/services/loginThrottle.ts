import { RateLimitError } from '../errors';
import type { CounterStore } from '../repositories/counters';

export interface LoginThrottleOptions {
  /** Where attempts are counted (`deps.counters`: shared by every process on MySQL). */
  store: CounterStore;
  /** Attempts without a success allowed per key within the window; the next one is refused. */
  maxFailures: number;
  windowMs: number;
}

/** Counts login attempts per key (the client IP). */
export interface LoginThrottle {
  /**
   * Counts this attempt BEFORE the password is checked; rejects with RateLimitError (429 +
   * Retry-After) when the key has used its attempts, so parallel guesses cannot all reach the
   * (slow) password check before the first failure is counted.
   */
  attempt(key: string): Promise<void>;
  /** A right password: the key starts afresh. */
  succeeded(key: string): Promise<void>;
}

export const LOGIN_THROTTLED_MESSAGE = 'Too many failed login attempts. Please wait and try again later.';

/**
 * Admin login throttle: at most `maxFailures` attempts per key and window reach the password
 * check; every later attempt (right or wrong) gets a 429 until the window ends. A success clears
 * the key. The attempt is counted first and atomically (one counter row on MySQL), so a burst of
 * 100 parallel guesses checks at most `maxFailures` of them, across every BFF process.
 */
export function loginThrottle({ store, maxFailures, windowMs }: LoginThrottleOptions): LoginThrottle {
  const attempts = store.counter('admin-login', windowMs);
  return {
    async attempt(key) {
      const { total, msLeft } = await attempts.add(key);
      if (total > maxFailures) throw new RateLimitError(msLeft / 1000, LOGIN_THROTTLED_MESSAGE);
    },
    async succeeded(key) {
      await attempts.reset(key);
    },
  };
}
