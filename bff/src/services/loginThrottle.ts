import { RateLimitError } from '../errors';
import type { Logger } from '../logger';
import type { CounterStore } from '../repositories/counters';
import { windowLimit } from './windowLimit';

export interface LoginThrottleOptions {
  /** Where attempts are counted (`deps.counters`: shared by every process on Redis or MySQL). */
  store: CounterStore;
  /** Attempts without a success allowed per key within the window; the next one is refused. */
  maxFailures: number;
  windowMs: number;
  logger?: Logger;
}

/** Counts login attempts per key (the client IP). */
export interface LoginThrottle {
  /**
   * Counts this attempt BEFORE the password is checked; rejects with RateLimitError (429 +
   * Retry-After) when the key has used its attempts, so parallel guesses cannot all reach the
   * (slow) password check before the first failure is counted; with UnavailableError (503 +
   * Retry-After) when the shared store cannot count it.
   */
  attempt(key: string): Promise<void>;
  /** A right password: the key starts afresh. */
  succeeded(key: string): Promise<void>;
}

export const LOGIN_THROTTLED_MESSAGE = 'Too many failed login attempts. Please wait and try again later.';
export const LOGIN_PAUSED_MESSAGE = 'Sign-in is paused for a moment. Please try again shortly.';

/**
 * Admin login throttle: at most `maxFailures` attempts per key and window reach the password
 * check; every later attempt (right or wrong) gets a 429 until the window ends. A success clears
 * the key. Every attempt is counted first and atomically in the shared store (parallel attempts
 * of one process go in one call), so a burst of 1,000 parallel guesses checks at most
 * `maxFailures` of them across every BFF process. It fails closed: when the store cannot answer,
 * no guess reaches the password check (503 with Retry-After).
 */
export function loginThrottle({ store, maxFailures, windowMs, logger }: LoginThrottleOptions): LoginThrottle {
  const attempts = windowLimit({
    store,
    name: 'admin-login',
    windowMs,
    max: maxFailures,
    exact: true,
    countRefused: true,
    whenUnavailable: 'closed',
    unavailableMessage: LOGIN_PAUSED_MESSAGE,
  });
  return {
    async attempt(key) {
      const { allowed, msLeft } = await attempts.take(key);
      if (!allowed) throw new RateLimitError(msLeft / 1000, LOGIN_THROTTLED_MESSAGE);
    },
    async succeeded(key) {
      await attempts.reset(key).catch((err) => logger?.warn({ err }, 'admin login attempts could not be cleared after a success'));
    },
  };
}
