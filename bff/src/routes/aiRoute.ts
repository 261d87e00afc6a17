import { ErrorCode, type AiProviderName, type AiStreamEvents } from '@val/contracts';
import type { Context, Middleware } from 'koa';
import type { TokenBudget } from '../ai/budget';
import { AiError, type CallOptions } from '../ai/types';
import { openSse } from '../http/sse';
import type { Logger } from '../logger';
import { byIp, rateLimit, type RateLimiter, type RateLimitOptions } from '../middlewares/rateLimit';

/*
 * What every AI route (validate, simulation) does around its model call: a per-IP limit, an
 * abort when the client goes away, the provider named in `X-AI-Provider`, and streamed answers
 * as Server-Sent Events that open only once the model has answered.
 */

/** A per-IP limit of `max` calls a minute (429 with `message` beyond it); `name` keeps its buckets apart. */
export function aiRateLimit(store: RateLimitOptions['store'], name: string, max: number, message: string): RateLimiter {
  return rateLimit({ store, name, windowMs: 60_000, max, key: byIp, message });
}

/**
 * The per-IP token budget shared by every AI route (and every process sharing the counters) —
 * one `deps.services.aiBudget` (AI_TOKEN_BUDGET_PER_IP tokens per AI_TOKEN_BUDGET_WINDOW_MS) — as
 * the request's model-call options (`aiOptions`): each call reserves the most it can cost before
 * the model is asked (a client past its allowance gets a 429 with Retry-After, parallel calls
 * cannot all start on the same unspent allowance), meters what it spends, and gives back the rest
 * when it ends (or when the client goes away, whichever comes first).
 */
export function aiBudget(b: TokenBudget): Middleware {
  return async (ctx, next) => {
    const key = byIp(ctx);
    let held = 0;
    let spent = 0;
    const settle = () => {
      if (held > spent) b.release(key, held - spent);
      held = 0;
      spent = 0;
    };
    const calls: Pick<CallOptions, 'reserve' | 'meter' | 'settle'> = {
      async reserve(tokens) {
        held += await b.reserve(key, tokens);
      },
      meter(tokens) {
        spent += tokens;
        if (spent > held) {
          b.charge(key, spent - held);
          held = spent;
        }
      },
      settle,
    };
    ctx.state.aiCalls = calls;
    ctx.res.once('close', settle);
    return next();
  };
}

/** The options of a request's model calls: aborted when the client leaves, held against and metered into its budget. */
export function aiOptions(ctx: Context, controller: AbortController = clientGone(ctx)): CallOptions {
  return { signal: controller.signal, ...(ctx.state.aiCalls as Pick<CallOptions, 'reserve' | 'meter' | 'settle'> | undefined) };
}

/** Aborts when the client goes away before the answer is complete. */
export function clientGone(ctx: Context): AbortController {
  const controller = new AbortController();
  ctx.res.on('close', () => {
    if (!ctx.res.writableFinished) controller.abort();
  });
  return controller;
}

/** Answers with JSON that names its provider (`X-AI-Provider`) and is never cached. */
export function answerAi(ctx: Context, provider: AiProviderName, body: object): void {
  ctx.set('X-AI-Provider', provider);
  ctx.set('Cache-Control', 'no-store');
  ctx.body = body;
}

/** The message of a failed model call, safe to show (the UI shows the spec's toast anyway). */
export const aiFailureMessage = (e: unknown): string =>
  e instanceof AiError && e.kind === 'timeout' ? 'The AI took too long to answer. Please try again.' : 'The AI could not answer right now. Please try again.';

/** The final `error` of an AI stream the server ends as it stops. */
export const SERVER_RESTARTING = 'The server is restarting. Please try again in a moment.';

/** A streamed answer as the AI layer gives it: who answers and the pieces of the text. */
export interface AnswerStream {
  provider: AiProviderName;
  chunks: AsyncIterable<string>;
}

/**
 * Sends an AI answer as Server-Sent Events (`AiStreamEvents` of @val/contracts, the same for every
 * AI route): `meta` {provider}, one `delta` {text} per piece, then `done` with what `finish`
 * makes of the whole text, or `error` {code, message}. The first piece is awaited before the
 * stream opens, so a model that fails at once answers with a normal JSON error (502/504); then
 * `X-AI-Provider` is set. The rest runs in the background: a failure while the client is still
 * there is logged as `failed` and sent as `error` with a message safe to show; once the client
 * has gone (`controller` aborted), nothing more is logged or sent. When the server stops, the
 * stream ends at once with an `error` {unavailable} and the model call is aborted.
 */
export async function streamAiAnswer<Done>(
  ctx: Context,
  answer: AnswerStream,
  opts: { controller: AbortController; logger: Logger; failed: string; finish: (text: string) => Promise<Done> | Done },
): Promise<void> {
  const it = answer.chunks[Symbol.asyncIterator]();
  const first = await it.next();
  ctx.set('X-AI-Provider', answer.provider);
  const { signal } = opts.controller;
  const sse = openSse<AiStreamEvents<Done>>(ctx, {
    onStop: (channel) => {
      channel.send('error', { code: ErrorCode.Unavailable, message: SERVER_RESTARTING });
      opts.controller.abort();
    },
  });
  sse.send('meta', { provider: answer.provider });
  const pump = async () => {
    try {
      let text = '';
      for (let step = first; !step.done; step = await it.next()) {
        if (signal.aborted) return;
        text += step.value;
        sse.send('delta', { text: step.value });
      }
      if (signal.aborted) return;
      sse.send('done', await opts.finish(text));
    } catch (e) {
      if (signal.aborted) return;
      opts.logger.warn({ err: e, path: ctx.path }, opts.failed);
      sse.send('error', { code: e instanceof AiError ? ErrorCode.Upstream : ErrorCode.Internal, message: aiFailureMessage(e) });
    } finally {
      sse.close();
    }
  };
  void pump();
}
