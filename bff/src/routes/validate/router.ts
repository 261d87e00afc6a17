import Router from '@koa/router';
import { VALIDATE_PATH, VALIDATE_STREAM_PATH, validateRequestSchema } from '@val/contracts';
import type { AppDeps } from '../../deps';
import { parseBody } from '../../http/parse';
import { aiBudget, aiOptions, aiRateLimit, answerAi, clientGone, streamAiAnswer } from '../aiRoute';

/**
 * Step 1: `POST /api/validate` {idea, targetCustomer, problemSolved} →
 * {idea, targetCustomer, problemSolved, feedback} plus `id` and `provider`; and
 * `POST /api/validate/stream`, the same answer as Server-Sent Events (`meta`, `delta`...,
 * then `done` or `error`: `ValidateStreamEvents`). Inputs are size-capped by the schema (400), calls are rate-limited per
 * IP across both routes (429), every answer names its provider (field and `X-AI-Provider`), and
 * each completed validation is stored once.
 */
export function validateRouter({ logger, config, counters, services }: AppDeps): Router {
  const router = new Router();
  const limit = aiRateLimit(
    counters,
    'validate',
    config.VALIDATE_RATE_LIMIT_PER_MINUTE,
    'You have asked Val for several validations in a short time. Please wait a minute and try again.',
  );
  const budget = aiBudget(services.aiBudget);
  const validations = services.validation;

  router.post(VALIDATE_PATH, limit, budget, async (ctx) => {
    const body = await validations.validate(parseBody(ctx, validateRequestSchema), aiOptions(ctx));
    answerAi(ctx, body.provider, body);
  });

  router.post(VALIDATE_STREAM_PATH, limit, budget, async (ctx) => {
    const input = parseBody(ctx, validateRequestSchema);
    const controller = clientGone(ctx);
    const answer = validations.stream(input, aiOptions(ctx, controller));
    await streamAiAnswer(ctx, answer, { controller, logger, failed: 'validation stream failed', finish: answer.finish });
  });

  return router;
}
