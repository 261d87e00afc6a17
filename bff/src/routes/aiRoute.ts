import { ErrorCode, type AiProviderName, type AiStreamEvents } from '@val/contracts';
import type { Context, Middleware } from 'koa';
import type { TokenBudget } from '../ai/budget';
import { AiError, type CallOptions } from '../ai/types';
import type { CounterStore } from '../repositories/counters';
import { openSse } from '../http/sse';
import type { Logger } from '../logger';
import { byIp, rateLimit, type RateLimiter } from '../middlewares/rateLimit';

/*
 * What every AI route (validate, simulation) does around its model call: a per-IP limit, an
 * abort when the client goes away, the provider named in `X-AI-Provider`, and streamed answers
 * as Server-Sent Events that open only once the model has answered.
 */

/** A per-IP limit of `max` calls a minute (429 with `message` beyond it); `name` keeps its buckets apart. */
export function aiRateLimit(store: CounterStore, name: string, max: number, message: string): RateLimiter {
  return rateLimit({ store, name, windowMs: 60_000, max, key: byIp, message });
}

/** How long metered tokens are added up before one write to the budget's counter. */
const METER_FLUSH_MS = 250;

/**
 * The per-IP token budget shared by every AI route (and, on MySQL, every process) — one
 * `deps.services.aiBudget` (AI_TOKEN_BUDGET_PER_IP tokens per AI_TOKEN_BUDGET_WINDOW_MS) — as
 * middleware: a client past its allowance gets a 429 with Retry-After before any model is asked;
 * otherwise the calls of the request are metered into it (`aiOptions`).
 */
export function aiBudget(b: TokenBudget, logger?: Logger): Middleware {
  return async (ctx, next) => {
    const key = byIp(ctx);
    await b.check(key);
    // A streamed answer is metered chunk by chunk: add up a quarter second of chunks into one
    // write to the (possibly shared, database) counter.
    let pending = 0;
    let timer: NodeJS.Timeout | null = null;
    const flush = () => {
      timer = null;
      const n = pending;
      pending = 0;
      if (n > 0) b.charge(key, n).catch((err) => logger?.warn({ err }, 'AI tokens could not be counted'));
    };
    ctx.state.aiMeter = (tokens: number) => {
      pending += tokens;
      timer ??= setTimeout(flush, METER_FLUSH_MS);
    };
    return next();
  };
}

/** The options of a request's model calls: aborted when the client leaves, metered into its budget. */
export function aiOptions(ctx: Context, controller: AbortController = clientGone(ctx)): CallOptions {
  return { signal: controller.signal, meter: ctx.state.aiMeter as CallOptions['meter'] };
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
  e instanceof AiError && e.kind === 'timeout'
    ? 'The AI took too long to answer. Please try again.'
    : 'The AI could not answer right now. Please try again.';

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
