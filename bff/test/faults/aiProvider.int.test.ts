import { SseParser } from '@val/client';
import { startTestApp, type TestApp } from '../app';
import { diagnostics } from '../diagnostics';
import { routeSamples } from '../fuzz/samples';
import { discoverAiRoutes, KNOWN_AI_ROUTES, type AiRoute } from './aiRoutes';
import { startFaultModel, type Fault, type FaultModel } from './faultModel';

/**
 * AI provider failures, table-driven over every AI route (found by behaviour): a model that
 * hangs, answers 429/500/503, sends a body that is not JSON or not a chat completion, empty or
 * non-JSON content, or a stream cut or stalled mid-way. Every route answers a 4xx/5xx JSON error
 * (or, once a stream has started, an SSE `error` event that ends it) within its time limit; no
 * request hangs and no model request is left open. The UI turns these into the spec's toasts
 * (covered by the e2e tests of each step).
 */

const TIMEOUT_MS = 1500;
/** Time beyond AI_TIMEOUT_MS allowed for the answer to reach the client. */
const SLACK_MS = 1500;
const MAX_TOKENS = 700;

/** Routes whose model answer must be JSON (the others take prose). */
const JSON_TASK_ROUTES = ['POST /api/generate-customers', 'POST /api/generate-simulation'];

const FAULTS: Array<[string, Fault]> = [
  ['a model that never answers', { kind: 'hang' }],
  ['429 Too Many Requests', { kind: 'status', status: 429 }],
  ['500 Internal Server Error', { kind: 'status', status: 500 }],
  ['503 Service Unavailable', { kind: 'status', status: 503 }],
  ['a body that is not JSON', { kind: 'garbage' }],
  ['JSON that is not a chat completion', { kind: 'wrong-shape' }],
  ['empty content', { kind: 'empty' }],
  ['content that is not the JSON asked for', { kind: 'not-json-content' }],
  ['a stream cut after 2 chunks', { kind: 'cut', after: 2 }],
  ['a stream that stalls after 2 chunks', { kind: 'stall', after: 2 }],
];

interface Outcome {
  status: number;
  ms: number;
  kind: 'json-error' | 'sse-error' | 'other';
  detail: string;
}

async function call(app: TestApp, r: AiRoute, ip: string): Promise<Outcome> {
  const t0 = performance.now();
  const res = await app.fetch(r.path, { method: 'POST', json: r.body, headers: { 'x-forwarded-for': ip }, signal: AbortSignal.timeout(15_000) });
  const text = await res.text();
  const ms = performance.now() - t0;
  const type = res.headers.get('content-type') ?? '';
  if (res.status >= 400 && /json/.test(type)) {
    const e = (JSON.parse(text) as { error?: { code?: string; message?: string } }).error;
    if (e?.code && e.message) return { status: res.status, ms, kind: 'json-error', detail: `${e.code}: ${e.message}` };
  }
  const events = /event-stream/.test(type) ? new SseParser().feed(text) : [];
  const failed = events.find((e) => e.event === 'error');
  if (res.status === 200 && failed && !events.some((e) => e.event === 'done')) {
    return { status: 200, ms, kind: 'sse-error', detail: failed.data };
  }
  return { status: res.status, ms, kind: 'other', detail: text.slice(0, 200) };
}

describe('AI provider failures on every AI route', () => {
  let model: FaultModel;
  let app: TestApp;
  let retrying: TestApp;
  let routes: AiRoute[];
  let n = 0;
  const ip = () => `10.55.${(++n >> 8) & 255}.${(n & 255) + 1}`;
  const table: string[] = [];

  beforeAll(async () => {
    model = await startFaultModel();
    const env = (retries: number) => ({
      AI_PROVIDER: 'openai',
      OPENAI_API_KEY: 'sk-test',
      OPENAI_BASE_URL: model.baseURL,
      AI_TIMEOUT_MS: String(TIMEOUT_MS),
      AI_MAX_RETRIES: String(retries),
      AI_MAX_TOKENS: String(MAX_TOKENS),
      VALIDATE_RATE_LIMIT_PER_MINUTE: '10000',
      SIMULATION_CHAT_RATE_LIMIT_PER_MINUTE: '10000',
      SIMULATION_GENERATE_RATE_LIMIT_PER_MINUTE: '10000',
      REPORT_WORKER: 'off',
    });
    const offline = await startTestApp({ env: { REPORT_WORKER: 'off' } });
    try {
      routes = await discoverAiRoutes(offline, routeSamples('unused'));
    } finally {
      await offline.close();
    }
    [app, retrying] = await Promise.all([startTestApp({ env: env(0) }), startTestApp({ env: env(2) })]);
  });
  afterAll(async () => {
    diagnostics('ai-provider-failures').add(`AI provider failures (AI_TIMEOUT_MS=${TIMEOUT_MS}):\n${table.join('\n')}`);
    await Promise.all([app?.close(), retrying?.close()]);
    await model?.close();
  });

  it('covers every AI route', () => {
    expect(routes.map((r) => r.key)).toEqual(expect.arrayContaining(KNOWN_AI_ROUTES));
  });

  it.each(FAULTS)('%s: every AI route answers an error in time, and nothing is left open', async (label, fault) => {
    model.set(fault);
    const outcomes = await Promise.all(routes.map(async (r) => [r, await call(app, r, ip())] as const));
    const problems: string[] = [];
    for (const [r, o] of outcomes) {
      table.push(`${label.padEnd(38)} ${r.key.padEnd(36)} ${String(o.status)} ${o.kind.padEnd(10)} ${o.ms.toFixed(0).padStart(5)} ms`);
      // Prose is a fine answer for a text task; only the JSON tasks must refuse it.
      const proseAnswer = fault.kind === 'not-json-content' && o.status === 200 && !JSON_TASK_ROUTES.includes(r.key);
      if (o.kind === 'other' && !proseAnswer) problems.push(`${r.key}: ${o.status} ${o.detail}`);
      if (o.kind === 'sse-error' && !r.stream) problems.push(`${r.key}: a JSON route answered with a stream`);
      if (o.ms > TIMEOUT_MS + SLACK_MS) problems.push(`${r.key}: answered after ${o.ms.toFixed(0)} ms`);
      if (fault.kind === 'hang' && o.status !== 504) problems.push(`${r.key}: a model that never answers should be a 504, got ${o.status}`);
    }
    await new Promise((res) => setTimeout(res, 300));
    expect(problems).toEqual([]);
    expect(model.inFlight).toBe(0);
  });

  it.each([
    ['a model that never answers', { kind: 'hang' } as Fault],
    ['429 on every attempt', { kind: 'status', status: 429 } as Fault],
  ])('with AI_MAX_RETRIES=2, %s is still answered within AI_TIMEOUT_MS (retries included)', async (_label, fault) => {
    model.set(fault);
    const outcomes = await Promise.all(routes.map((r) => call(retrying, r, ip())));
    for (const o of outcomes) {
      expect(o.kind).toBe('json-error');
      expect(o.ms).toBeLessThan(TIMEOUT_MS + SLACK_MS);
    }
  });

  it('caps the tokens of every model call (AI_MAX_TOKENS): a per-call token budget', () => {
    expect(model.requests.length).toBeGreaterThan(routes.length);
    expect(model.requests.filter((q) => !(typeof q.maxTokens === 'number' && q.maxTokens <= MAX_TOKENS))).toEqual([]);
  });
});
