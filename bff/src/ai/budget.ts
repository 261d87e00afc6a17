import { RateLimitError } from '../errors';

/** Tokens a text costs, estimated the usual way (about 4 characters a token). */
export const estimateTokens = (text: string): number => Math.ceil(text.length / 4);

export interface TokenBudgetOptions {
  /** Tokens (prompt + answer, estimated) one key may spend per window. */
  tokens: number;
  windowMs: number;
  /** Upper bound on tracked keys; expired windows are swept, the oldest dropped beyond it. */
  maxKeys?: number;
  now?: () => number;
}

/** A per-key token allowance: `check` before a model call, `charge` as its prompt and answer are counted. */
export interface TokenBudget {
  /** Throws RateLimitError (429, Retry-After) when `key` has spent its allowance in this window. */
  check(key: string): void;
  charge(key: string, tokens: number): void;
  /** Tokens left for `key` in its current window. */
  remaining(key: string): number;
}

/**
 * In-memory fixed-window token budget (per process), the money-side twin of the per-minute
 * request limits: a client can make many small calls or a few big ones, but not spend more than
 * `tokens` a window. A call already running is charged in full even if it crosses the line; the
 * next one is refused.
 */
export function tokenBudget(opts: TokenBudgetOptions): TokenBudget {
  const now = opts.now ?? Date.now;
  const maxKeys = opts.maxKeys ?? 50_000;
  const spent = new Map<string, { tokens: number; resetAt: number }>();
  let nextSweep = now() + opts.windowMs;

  const bucket = (key: string) => {
    const t = now();
    if (t >= nextSweep) {
      for (const [k, b] of spent) if (b.resetAt <= t) spent.delete(k);
      nextSweep = t + opts.windowMs;
    }
    let b = spent.get(key);
    if (!b || b.resetAt <= t) {
      spent.delete(key);
      b = { tokens: 0, resetAt: t + opts.windowMs };
      spent.set(key, b);
      if (spent.size > maxKeys) spent.delete(spent.keys().next().value as string);
    }
    return b;
  };

  return {
    check(key) {
      const b = bucket(key);
      if (b.tokens < opts.tokens) return;
      const wait = Math.max(1, Math.ceil((b.resetAt - now()) / 1000));
      const minutes = Math.max(1, Math.ceil(wait / 60));
      throw new RateLimitError(
        wait,
        `You have used the AI allowance for your network for now. Please try again in ${minutes} minute${minutes === 1 ? '' : 's'}.`,
      );
    },
    charge(key, tokens) {
      if (tokens > 0) bucket(key).tokens += tokens;
    },
    remaining(key) {
      return Math.max(0, opts.tokens - bucket(key).tokens);
    },
  };
}
