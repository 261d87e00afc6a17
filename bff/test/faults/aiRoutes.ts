import type { TestApp } from '../app';
import { discoverRoutes, fillPath, routeKey } from '../fuzz/routes';
import type { RouteSample } from '../fuzz/samples';

/** A route that calls the AI layer, with the valid request that reaches the model. */
export interface AiRoute {
  key: string;
  path: string;
  /** Answers as Server-Sent Events. */
  stream: boolean;
  body: Record<string, unknown>;
}

/**
 * The AI routes of the app, found by behaviour rather than by a list: every state-changing
 * route whose valid sample is answered with an `X-AI-Provider` header (the contract of every AI
 * answer). Uses one request per route; call it on an app whose provider answers.
 */
export async function discoverAiRoutes(app: TestApp, samples: Record<string, RouteSample>): Promise<AiRoute[]> {
  const out: AiRoute[] = [];
  for (const r of discoverRoutes(app.deps)) {
    const sample = samples[routeKey(r)];
    if (r.method !== 'POST' || !sample?.body || sample.form || !r.path.startsWith('/api/')) continue;
    const res = await app.fetch(fillPath(r.path, sample.params ?? {}), {
      method: 'POST',
      json: sample.body,
      headers: { 'x-forwarded-for': `10.77.${(Math.random() * 250) | 0}.${((Math.random() * 250) | 0) + 1}` },
    });
    await res.text();
    if (!res.headers.get('x-ai-provider')) continue;
    out.push({ key: routeKey(r), path: r.path, stream: /event-stream/.test(res.headers.get('content-type') ?? ''), body: sample.body });
  }
  return out;
}

/** The AI routes every build must have (the product's AI calls plus their streaming variants). */
export const KNOWN_AI_ROUTES = [
  'POST /api/validate',
  'POST /api/validate/stream',
  'POST /api/generate-customers',
  'POST /api/customer-interview',
  'POST /api/customer-interview/stream',
  'POST /api/generate-simulation',
  'POST /api/challenge-feedback',
  'POST /api/val-chat',
  'POST /api/val-chat/stream',
];
