import Router from '@koa/router';
import {
  ErrorCode,
  VALIDATE_PATH,
  VALIDATE_STREAM_PATH,
  validateRequestSchema,
  type ValidateStreamEventName,
  type ValidateStreamEvents,
} from '@val/contracts';
import { validateTask } from '../../ai/tasks/validate';
import { trimmedValidation } from '../../services/validation';
import { AiError } from '../../ai/types';
import type { AppDeps } from '../../deps';
import { parseBody } from '../../http/parse';
import { aiBudget, aiOptions, aiRateLimit, answerAi, clientGone, openAiStream, pumpAiStream } from '../aiRoute';

/**
 * Step 1 (spec section 7): `POST /api/validate` {idea, targetCustomer, problemSolved} →
 * {idea, targetCustomer, problemSolved, feedback} plus `id` and `provider`; and
 * `POST /api/validate/stream`, the same answer as Server-Sent Events (`meta`, `delta`...,
 * then `done` or `error`). Inputs are size-capped by the schema (400), calls are rate-limited per
 * IP across both routes (429), every answer names its provider (field and `X-AI-Provider`), and
 * each completed validation is stored once.
 */
export function validateRouter({ ai, logger, config, counters, services }: AppDeps): Router {
  const router = new Router();
  const limit = aiRateLimit(
    counters,
    'validate',
    config.VALIDATE_RATE_LIMIT_PER_MINUTE,
    'You have asked Val for several validations in a short time. Please wait a minute and try again.',
  );
  const budget = aiBudget(services.aiBudget, logger);
  const validations = services.validation;

  router.post(VALIDATE_PATH, limit, budget, async (ctx) => {
    const body = await validations.validate(parseBody(ctx, validateRequestSchema), aiOptions(ctx));
    answerAi(ctx, body.provider, body);
  });

  router.post(VALIDATE_STREAM_PATH, limit, budget, async (ctx) => {
    const input = trimmedValidation(parseBody(ctx, validateRequestSchema));
    const controller = clientGone(ctx);
    const { provider, chunks } = ai.stream(validateTask, input, aiOptions(ctx, controller));
    const { sse, chunks: all } = await openAiStream(ctx, provider, chunks);
    const send = <E extends ValidateStreamEventName>(event: E, data: ValidateStreamEvents[E]) => sse.send(event, data);
    pumpAiStream(ctx, sse, {
      signal: controller.signal,
      logger,
      failed: 'validation stream failed',
      work: async () => {
        let text = '';
        for await (const piece of all) {
          if (controller.signal.aborted) return;
          text += piece;
          send('delta', { text: piece });
        }
        if (controller.signal.aborted) return;
        send('done', await validations.save(input, text, provider));
      },
      sendError: (e, message) => send('error', { code: e instanceof AiError ? ErrorCode.Upstream : ErrorCode.Internal, message }),
    });
  });

  return router;
}
