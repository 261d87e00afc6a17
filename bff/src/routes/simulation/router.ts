import Router from '@koa/router';
import type { Context } from 'koa';
import {
  ErrorCode,
  challengeFeedbackRequestSchema,
  customerInterviewRequestSchema,
  generateCustomersRequestSchema,
  generateSimulationRequestSchema,
  valChatRequestSchema,
  type AiProviderName,
} from '@val/contracts';
import { AiError } from '../../ai/types';
import type { AppDeps } from '../../deps';
import { parseBody } from '../../http/parse';
import { openSse } from '../../http/sse';
import type { Logger } from '../../logger';
import { byIp, rateLimit } from '../../middlewares/rateLimit';
import { simulationService, type ReplyStream } from '../../services/simulation';

/** Aborts when the client goes away before the answer is complete. */
function clientGone(ctx: Context): AbortController {
  const controller = new AbortController();
  ctx.res.on('close', () => {
    if (!ctx.res.writableFinished) controller.abort();
  });
  return controller;
}

function answer(ctx: Context, provider: AiProviderName, body: object) {
  ctx.set('X-AI-Provider', provider);
  ctx.set('Cache-Control', 'no-store');
  ctx.body = body;
}

/**
 * Sends a reply as Server-Sent Events: `meta` {provider}, `chunk` {text}..., `done`
 * {response, provider}. The first chunk is awaited before the stream opens, so a model that
 * fails at once is a normal JSON error (502/504); a failure mid-way is an `error` event.
 */
async function sendStream(ctx: Context, s: ReplyStream, controller: AbortController, logger: Logger): Promise<void> {
  const it = s.chunks[Symbol.asyncIterator]();
  const first = await it.next();
  ctx.set('X-AI-Provider', s.provider);
  const sse = openSse(ctx);
  sse.send('meta', { provider: s.provider });
  let full = '';
  const pump = async () => {
    try {
      let step = first;
      while (!step.done) {
        full += step.value;
        sse.send('chunk', { text: step.value });
        if (controller.signal.aborted) return;
        step = await it.next();
      }
      sse.send('done', { response: s.finish(full), provider: s.provider });
    } catch (e) {
      if (controller.signal.aborted) return;
      logger.warn({ err: e, path: ctx.path }, 'reply stream failed');
      const message = e instanceof AiError && e.kind === 'timeout' ? 'The AI took too long to answer. Please try again.' : 'The AI could not answer right now. Please try again.';
      sse.send('error', { error: { code: ErrorCode.Upstream, message } });
    } finally {
      sse.close();
    }
  };
  void pump();
}

/**
 * Step 3 (spec section 7): `POST /api/generate-customers`, `/api/customer-interview`,
 * `/api/generate-simulation`, `/api/challenge-feedback`, `/api/val-chat` as JSON, plus
 * `/api/customer-interview/stream` and `/api/val-chat/stream` as SSE for the chats the UI shows.
 * Bodies are schema-validated (400), histories capped, calls rate-limited per IP (429), and
 * every answer names its provider (`provider` field and `X-AI-Provider` header).
 */
export function simulationRouter({ ai, config, logger }: AppDeps): Router {
  const router = new Router();
  const svc = simulationService(ai);
  const chatLimit = rateLimit({
    windowMs: 60_000,
    max: config.SIMULATION_CHAT_RATE_LIMIT_PER_MINUTE,
    key: (ctx) => `sim-chat:${byIp(ctx)}`,
    message: 'You are sending messages very quickly. Please wait a moment and try again.',
  });
  const generateLimit = rateLimit({
    windowMs: 60_000,
    max: config.SIMULATION_GENERATE_RATE_LIMIT_PER_MINUTE,
    key: (ctx) => `sim-gen:${byIp(ctx)}`,
    message: 'Too many generations in a short time. Please wait a minute and try again.',
  });

  router.post('/api/generate-customers', generateLimit, async (ctx) => {
    const body = parseBody(ctx, generateCustomersRequestSchema);
    const r = await svc.generateCustomers(body, { signal: clientGone(ctx).signal });
    answer(ctx, r.provider, r);
  });

  router.post('/api/customer-interview', chatLimit, async (ctx) => {
    const body = parseBody(ctx, customerInterviewRequestSchema);
    const r = await svc.interview(body, { signal: clientGone(ctx).signal });
    answer(ctx, r.provider, r);
  });

  router.post('/api/customer-interview/stream', chatLimit, async (ctx) => {
    const body = parseBody(ctx, customerInterviewRequestSchema);
    const controller = clientGone(ctx);
    await sendStream(ctx, svc.interviewStream(body, { signal: controller.signal }), controller, logger);
  });

  router.post('/api/generate-simulation', generateLimit, async (ctx) => {
    const body = parseBody(ctx, generateSimulationRequestSchema);
    const r = await svc.generateSimulation(body, { signal: clientGone(ctx).signal });
    answer(ctx, r.provider, r);
  });

  router.post('/api/challenge-feedback', chatLimit, async (ctx) => {
    const body = parseBody(ctx, challengeFeedbackRequestSchema);
    const r = await svc.challengeFeedback(body, { signal: clientGone(ctx).signal });
    answer(ctx, r.provider, r);
  });

  router.post('/api/val-chat', chatLimit, async (ctx) => {
    const body = parseBody(ctx, valChatRequestSchema);
    const r = await svc.valChat(body, { signal: clientGone(ctx).signal });
    answer(ctx, r.provider, r);
  });

  router.post('/api/val-chat/stream', chatLimit, async (ctx) => {
    const body = parseBody(ctx, valChatRequestSchema);
    const controller = clientGone(ctx);
    await sendStream(ctx, svc.valChatStream(body, { signal: controller.signal }), controller, logger);
  });

  return router;
}
