import Router from '@koa/router';
import type { Context } from 'koa';
import {
  ErrorCode,
  VALIDATE_PATH,
  VALIDATE_STREAM_PATH,
  validateRequestSchema,
  type ValidateRequest,
  type ValidateResponse,
  type ValidateStreamEventName,
  type ValidateStreamEvents,
} from '@val/contracts';
import { validateTask } from '../../ai/tasks/validate';
import { AiError } from '../../ai/types';
import type { AppDeps } from '../../deps';
import { parseBody } from '../../http/parse';
import { openSse } from '../../http/sse';
import { byIp, rateLimit } from '../../middlewares/rateLimit';

/** Aborts when the client goes away before the answer is complete. */
function clientGone(ctx: Context): AbortController {
  const controller = new AbortController();
  ctx.res.on('close', () => {
    if (!ctx.res.writableFinished) controller.abort();
  });
  return controller;
}

const trimmed = (b: ValidateRequest): ValidateRequest => ({
  idea: b.idea.trim(),
  targetCustomer: b.targetCustomer.trim(),
  problemSolved: b.problemSolved.trim(),
});

/** The message of a failed model call, safe to show (the UI shows the spec's toast anyway). */
const failureMessage = (e: unknown) =>
  e instanceof AiError && e.kind === 'timeout'
    ? 'The AI took too long to answer. Please try again.'
    : 'The AI could not answer right now. Please try again.';

/**
 * Step 1 (spec section 7): `POST /api/validate` {idea, targetCustomer, problemSolved} →
 * {idea, targetCustomer, problemSolved, feedback} plus `id` and `provider`; and
 * `POST /api/validate/stream`, the same answer as Server-Sent Events (`meta`, `delta`...,
 * then `done` or `error`). Inputs are size-capped by the schema (400), calls are rate-limited per
 * IP across both routes (429), every answer names its provider (field and `X-AI-Provider`), and
 * each completed validation is stored once.
 */
export function validateRouter({ ai, repos, logger, config }: AppDeps): Router {
  const router = new Router();
  const limit = rateLimit({
    windowMs: 60_000,
    max: config.VALIDATE_RATE_LIMIT_PER_MINUTE,
    key: (ctx) => `validate:${byIp(ctx)}`,
    message: 'You have asked Val for several validations in a short time. Please wait a minute and try again.',
  });

  const store = async (input: ValidateRequest, feedback: string, provider: ValidateResponse['provider'] & string) => {
    const saved = await repos.validations.create({ ...input, feedback, provider });
    logger.info({ id: saved.id, provider, chars: feedback.length }, 'validation stored');
    return saved;
  };

  router.post(VALIDATE_PATH, limit, async (ctx) => {
    const input = trimmed(parseBody(ctx, validateRequestSchema));
    const { value, provider } = await ai.text(validateTask, input, { signal: clientGone(ctx).signal });
    const feedback = value.trim();
    if (!feedback) throw new AiError('The model returned an empty answer', 'malformed');
    const saved = await store(input, feedback, provider);
    const body: ValidateResponse = { ...input, feedback, id: saved.id, provider };
    ctx.set('X-AI-Provider', provider);
    ctx.set('Cache-Control', 'no-store');
    ctx.body = body;
  });

  router.post(VALIDATE_STREAM_PATH, limit, async (ctx) => {
    const input = trimmed(parseBody(ctx, validateRequestSchema));
    const controller = clientGone(ctx);
    const { provider, chunks } = ai.stream(validateTask, input, { signal: controller.signal });
    const it = chunks[Symbol.asyncIterator]();
    // The first piece is awaited before the stream opens: a model that fails at once answers
    // with a normal JSON error (502/504); a failure later arrives as an `error` event.
    const first = await it.next();
    ctx.set('X-AI-Provider', provider);
    const sse = openSse(ctx);
    const send = <E extends ValidateStreamEventName>(event: E, data: ValidateStreamEvents[E]) => sse.send(event, data);
    send('meta', { provider });
    const pump = async () => {
      let text = '';
      try {
        for (let step = first; !step.done; step = await it.next()) {
          if (controller.signal.aborted) return;
          text += step.value;
          send('delta', { text: step.value });
        }
        if (controller.signal.aborted) return;
        const feedback = text.trim();
        if (!feedback) throw new AiError('The model returned an empty answer', 'malformed');
        const saved = await store(input, feedback, provider);
        send('done', { ...input, feedback, id: saved.id, provider });
      } catch (e) {
        if (controller.signal.aborted) return;
        logger.warn({ err: e, path: ctx.path }, 'validation stream failed');
        send('error', { code: e instanceof AiError ? ErrorCode.Upstream : ErrorCode.Internal, message: failureMessage(e) });
      } finally {
        sse.close();
      }
    };
    void pump();
  });

  return router;
}
