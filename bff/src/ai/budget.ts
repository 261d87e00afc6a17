import { RateLimitError } from '../errors';
import type { CounterStore } from '../repositories/counters';

/** Tokens a text costs, estimated the usual way (about 4 characters a token). */
export const estimateTokens = (text: string): number => Math.ceil(text.length / 4);

export interface TokenBudgetOptions {
  /** Where the spent tokens are counted (`deps.counters`: shared by every process on MySQL). */
  store: CounterStore;
  /** Tokens (prompt + answer, estimated) one key may spend per window. */
  tokens: number;
  windowMs: number;
}

/** A per-key token allowance: `check` before a model call, `charge` as its prompt and answer are counted. */
export interface TokenBudget {
  /** Rejects with RateLimitError (429, Retry-After) when `key` has spent its allowance in this window. */
  check(key: string): Promise<void>;
  charge(key: string, tokens: number): Promise<void>;
  /** Tokens left for `key` in its current window. */
  remaining(key: string): Promise<number>;
}

/**
 * Fixed-window token budget, the money-side twin of the per-minute request limits: a client can
 * make many small calls or a few big ones, but not spend more than `tokens` a window. A call
 * already running is charged in full even if it crosses the line; the next one is refused. The
 * counts live in the counter store, so every BFF process on one MySQL draws on one allowance.
 */
export function tokenBudget(opts: TokenBudgetOptions): TokenBudget {
  const spent = opts.store.counter('ai-tokens', opts.windowMs);
  return {
    async check(key) {
      const s = await spent.peek(key);
      if (!s || s.total < opts.tokens) return;
      const wait = Math.max(1, Math.ceil(s.msLeft / 1000));
      const minutes = Math.max(1, Math.ceil(wait / 60));
      throw new RateLimitError(
        wait,
        `You have used the AI allowance for your network for now. Please try again in ${minutes} minute${minutes === 1 ? '' : 's'}.`,
      );
    },
    async charge(key, tokens) {
      if (tokens > 0) await spent.add(key, Math.ceil(tokens));
    },
    async remaining(key) {
      const s = await spent.peek(key);
      return Math.max(0, opts.tokens - (s?.total ?? 0));
    },
  };
}
