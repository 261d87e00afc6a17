import Router from '@koa/router';
import type { Middleware } from 'koa';
import type { z } from 'zod';
import {
  challengeFeedbackRequestSchema,
  customerInterviewRequestSchema,
  generateCustomersRequestSchema,
  generateSimulationRequestSchema,
  valChatRequestSchema,
  type AiProviderName,
} from '@val/contracts';
import type { CallOptions } from '../../ai/types';
import type { AppDeps } from '../../deps';
import { parseBody } from '../../http/parse';
import type { ReplyStream } from '../../services/simulation';
import { aiBudget, aiOptions, aiRateLimit, answerAi, clientGone, streamAiAnswer } from '../aiRoute';

/**
 * Step 3: `POST /api/generate-customers`, `/api/customer-interview`,
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

  /** A JSON answer: the body checked against its schema, the service's answer naming its provider. */
  const json =
    <S extends z.ZodType>(schema: S, call: (body: z.infer<S>, opts: CallOptions) => Promise<{ provider: AiProviderName }>): Middleware =>
    async (ctx) => {
      const body = parseBody(ctx, schema);
      const r = await call(body, aiOptions(ctx));
      answerAi(ctx, r.provider, r);
    };

  /** A reply as Server-Sent Events (`ChatStreamEvents`): `meta`, `delta`..., then `done` {response, provider} or `error`. */
  const stream =
    <S extends z.ZodType>(schema: S, call: (body: z.infer<S>, opts: CallOptions) => ReplyStream): Middleware =>
    async (ctx) => {
      const body = parseBody(ctx, schema);
      const controller = clientGone(ctx);
      const s = call(body, aiOptions(ctx, controller));
      await streamAiAnswer(ctx, s, {
        controller,
        logger,
        failed: 'reply stream failed',
        finish: (full) => ({ response: s.finish(full), provider: s.provider }),
      });
    };

  const routes: Array<[path: string, limit: Middleware, handler: Middleware]> = [
    ['/api/generate-customers', generateLimit, json(generateCustomersRequestSchema, (b, o) => svc.generateCustomers(b, o))],
    ['/api/customer-interview', chatLimit, json(customerInterviewRequestSchema, (b, o) => svc.interview(b, o))],
    ['/api/customer-interview/stream', chatLimit, stream(customerInterviewRequestSchema, (b, o) => svc.interviewStream(b, o))],
    ['/api/generate-simulation', generateLimit, json(generateSimulationRequestSchema, (b, o) => svc.generateSimulation(b, o))],
    ['/api/challenge-feedback', chatLimit, json(challengeFeedbackRequestSchema, (b, o) => svc.challengeFeedback(b, o))],
    ['/api/val-chat', chatLimit, json(valChatRequestSchema, (b, o) => svc.valChat(b, o))],
    ['/api/val-chat/stream', chatLimit, stream(valChatRequestSchema, (b, o) => svc.valChatStream(b, o))],
  ];
  for (const [path, limit, handler] of routes) router.post(path, limit, budget, handler);

  return router;
}
