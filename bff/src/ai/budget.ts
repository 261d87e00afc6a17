import { RateLimitError } from '../errors';
import type { CounterStore } from '../repositories/counters';
import { windowLimit } from '../services/windowLimit';

/** Tokens a text costs, estimated the usual way (about 4 characters a token). */
export const estimateTokens = (text: string): number => Math.ceil(text.length / 4);

export interface TokenBudgetOptions {
  /** Where the spent tokens are counted (`deps.counters`: shared by every process on Redis or MySQL). */
  store: CounterStore;
  /** Tokens (prompt + answer, estimated) one key may spend per window. */
  tokens: number;
  windowMs: number;
}

/**
 * A per-key token allowance, reserved before a model call and settled after it: `reserve` the
 * most the call can cost, `release` what it did not spend, `charge` what it spent beyond.
 */
export interface TokenBudget {
  /**
   * Holds `tokens` of `key`'s allowance for one call (at most the whole allowance) and resolves
   * with how many it held; rejects with RateLimitError (429, Retry-After) when they do not fit.
   */
  reserve(key: string, tokens: number): Promise<number>;
  /** Gives back tokens a call held and did not spend. */
  release(key: string, tokens: number): void;
  /** Counts tokens a call spent beyond what it held (never refused: the call has run). */
  charge(key: string, tokens: number): void;
}

/**
 * Fixed-window token budget, the money-side twin of the per-minute request limits: a client can
 * make many small calls or a few big ones, but not spend more than `tokens` a window. Each call
 * reserves what it may cost (its prompt plus the most its answer may take) before the model is
 * asked, so parallel calls — on one process or many sharing the store — cannot all start on the
 * same unspent allowance; what the call did not use goes back when it ends. A call bigger than
 * the whole allowance runs only on an untouched one.
 */
export function tokenBudget(opts: TokenBudgetOptions): TokenBudget {
  const spent = windowLimit({ store: opts.store, name: 'ai-tokens', windowMs: opts.windowMs, max: opts.tokens, whenUnavailable: 'share' });
  return {
    async reserve(key, tokens) {
      const want = Math.min(opts.tokens, Math.max(1, Math.ceil(tokens)));
      const t = await spent.take(key, want);
      if (t.allowed) return want;
      const wait = Math.max(1, Math.ceil(t.msLeft / 1000));
      const minutes = Math.max(1, Math.ceil(wait / 60));
      throw new RateLimitError(
        wait,
        `You have used the AI allowance for your network for now. Please try again in ${minutes} minute${minutes === 1 ? '' : 's'}.`,
      );
    },
    release(key, tokens) {
      if (tokens > 0) void spent.adjust(key, -Math.floor(tokens));
    },
    charge(key, tokens) {
      if (tokens > 0) void spent.adjust(key, Math.ceil(tokens));
    },
  };
}
