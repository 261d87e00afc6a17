import Router from '@koa/router';
import type { Context } from 'koa';
import {
  challengeFeedbackRequestSchema,
  customerInterviewRequestSchema,
  generateCustomersRequestSchema,
  generateSimulationRequestSchema,
  valChatRequestSchema,
} from '@val/contracts';
import type { AppDeps } from '../../deps';
import { parseBody } from '../../http/parse';
import type { Logger } from '../../logger';
import type { ReplyStream } from '../../services/simulation';
import { aiBudget, aiOptions, aiRateLimit, answerAi, clientGone, streamAiAnswer } from '../aiRoute';

/** Sends a reply as Server-Sent Events (`ChatStreamEvents`): `meta`, `delta`..., then `done` {response, provider} or `error`. */
function sendStream(ctx: Context, s: ReplyStream, controller: AbortController, logger: Logger): Promise<void> {
  return streamAiAnswer(ctx, s, { controller, logger, failed: 'reply stream failed', finish: (full) => ({ response: s.finish(full), provider: s.provider }) });
}

/**
 * Step 3 (spec section 7): `POST /api/generate-customers`, `/api/customer-interview`,
 * `/api/generate-simulation`, `/api/challenge-feedback`, `/api/val-chat` as JSON, plus
 * `/api/customer-interview/stream` and `/api/val-chat/stream` as SSE for the chats the UI shows.
 * Bodies are schema-validated (400), histories capped, calls rate-limited per IP (429), and
 * every answer names its provider (`provider` field and `X-AI-Provider` header).
 */
export function simulationRouter({ config, logger, counters, services }: AppDeps): Router {
  const router = new Router();
  const svc = services.simulation;
  const chatLimit = aiRateLimit(
    counters,
    'sim-chat',
    config.SIMULATION_CHAT_RATE_LIMIT_PER_MINUTE,
    'You are sending messages very quickly. Please wait a moment and try again.',
  );
  const generateLimit = aiRateLimit(
    counters,
    'sim-gen',
    config.SIMULATION_GENERATE_RATE_LIMIT_PER_MINUTE,
    'Too many generations in a short time. Please wait a minute and try again.',
  );
  const budget = aiBudget(services.aiBudget);

  router.post('/api/generate-customers', generateLimit, budget, async (ctx) => {
    const body = parseBody(ctx, generateCustomersRequestSchema);
    const r = await svc.generateCustomers(body, aiOptions(ctx));
    answerAi(ctx, r.provider, r);
  });

  router.post('/api/customer-interview', chatLimit, budget, async (ctx) => {
    const body = parseBody(ctx, customerInterviewRequestSchema);
    const r = await svc.interview(body, aiOptions(ctx));
    answerAi(ctx, r.provider, r);
  });

  router.post('/api/customer-interview/stream', chatLimit, budget, async (ctx) => {
    const body = parseBody(ctx, customerInterviewRequestSchema);
    const controller = clientGone(ctx);
    await sendStream(ctx, svc.interviewStream(body, aiOptions(ctx, controller)), controller, logger);
  });

  router.post('/api/generate-simulation', generateLimit, budget, async (ctx) => {
    const body = parseBody(ctx, generateSimulationRequestSchema);
    const r = await svc.generateSimulation(body, aiOptions(ctx));
    answerAi(ctx, r.provider, r);
  });

  router.post('/api/challenge-feedback', chatLimit, budget, async (ctx) => {
    const body = parseBody(ctx, challengeFeedbackRequestSchema);
    const r = await svc.challengeFeedback(body, aiOptions(ctx));
    answerAi(ctx, r.provider, r);
  });

  router.post('/api/val-chat', chatLimit, budget, async (ctx) => {
    const body = parseBody(ctx, valChatRequestSchema);
    const r = await svc.valChat(body, aiOptions(ctx));
    answerAi(ctx, r.provider, r);
  });

  router.post('/api/val-chat/stream', chatLimit, budget, async (ctx) => {
    const body = parseBody(ctx, valChatRequestSchema);
    const controller = clientGone(ctx);
    await sendStream(ctx, svc.valChatStream(body, aiOptions(ctx, controller)), controller, logger);
  });

  return router;
}
