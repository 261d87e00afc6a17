import { SIMULATION_LIMITS, VALIDATION_LIMITS } from '@val/contracts';
import { startTestApp, type TestApp } from '../app';
import { diagnostics } from '../diagnostics';
import { discoverAiRoutes, KNOWN_AI_ROUTES, type AiRoute } from '../faults/aiRoutes';
import { routeSamples } from '../fuzz/samples';

/**
 * Abuse limits of the AI routes (found by their X-AI-Provider answer, not by a list): past the
 * per-IP limit a 429 with Retry-After and a JSON error; every text input and history is capped,
 * so the largest request the schemas accept is bounded — and the offline analyst answers it
 * quickly (it cannot be used to burn CPU without bound); one character more is a 400.
 */

const LIMIT = 2;
/** The offline analyst's answer to the largest accepted request must come within this. */
const MAX_OFFLINE_MS = 2000;
const BODY_LIMIT = 100 * 1024;

/** Caps of string fields, by field name. */
const CAPS: Record<string, number> = {
  idea: VALIDATION_LIMITS.idea,
  targetCustomer: VALIDATION_LIMITS.targetCustomer,
  problemSolved: VALIDATION_LIMITS.problemSolved,
  feedback: SIMULATION_LIMITS.feedback,
  question: SIMULATION_LIMITS.question,
  userQuestion: SIMULATION_LIMITS.question,
  response: SIMULATION_LIMITS.question * 2,
  challenge: SIMULATION_LIMITS.challenge,
  name: SIMULATION_LIMITS.personaName,
  role: SIMULATION_LIMITS.personaRole,
  background: SIMULATION_LIMITS.personaBackground,
  title: SIMULATION_LIMITS.monthTitle,
  text: SIMULATION_LIMITS.message,
};
/** Lists: most items and the cap of each item. */
const LISTS: Record<string, [number, number]> = {
  responses: [SIMULATION_LIMITS.insightReplies, 100],
  wins: [SIMULATION_LIMITS.listItems, SIMULATION_LIMITS.listItem],
  challenges: [SIMULATION_LIMITS.listItems, SIMULATION_LIMITS.listItem],
};

const WORDS = 'salon booking cancellation revenue customers churn pricing market growth subscription '.split(' ');
const prose = (n: number) => {
  let s = '';
  for (let i = 0; s.length < n; i++) s += `${WORDS[i % WORDS.length]}${i % 13 === 12 ? '. ' : ' '}`;
  return s.slice(0, n).replace(/\s$/, 'x');
};

/** Every capped field at its cap, lists and histories full, the whole body just under BODY_LIMIT. */
function maximise(body: Record<string, unknown>): Record<string, unknown> {
  const fill = (v: unknown, key: string): unknown => {
    if (typeof v === 'string') return CAPS[key] ? prose(CAPS[key]) : v;
    if (Array.isArray(v)) {
      if (LISTS[key]) return Array.from({ length: LISTS[key][0] }, () => prose(LISTS[key][1]));
      if (key === 'customerInsights')
        return Array.from({ length: 3 }, (_, i) => ({
          ...(fill(v[0], 'insight') as object),
          persona: { ...(fill((v[0] as { persona: object }).persona, 'persona') as object), id: `p${i}` },
        }));
      return v.map((x) => fill(x, key));
    }
    if (v && typeof v === 'object') return Object.fromEntries(Object.entries(v).map(([k, x]) => [k, fill(x, k)]));
    return v;
  };
  const out = fill(body, '') as Record<string, unknown>;
  if (Array.isArray(out.conversationHistory)) {
    const size = JSON.stringify({ ...out, conversationHistory: [] }).length;
    const per = Math.min(SIMULATION_LIMITS.message, Math.floor((BODY_LIMIT - 2048 - size) / SIMULATION_LIMITS.history) - 60);
    out.conversationHistory = Array.from({ length: SIMULATION_LIMITS.history }, (_, i) => ({ isUser: i % 2 === 0, text: prose(per), timestamp: i }));
  }
  return out;
}

/** The same body with one character more in the first `idea` found. */
function overCap(body: Record<string, unknown>): Record<string, unknown> {
  const copy = JSON.parse(JSON.stringify(body)) as Record<string, unknown>;
  const holder = (typeof copy.idea === 'string' ? copy : copy.validationData) as Record<string, string>;
  holder.idea = prose(VALIDATION_LIMITS.idea + 1);
  return copy;
}

describe('AI routes: rate limits and input caps', () => {
  let app: TestApp;
  let ai: AiRoute[];
  let n = 0;
  const ip = () => `10.66.${(++n >> 8) & 255}.${(n & 255) + 1}`;

  beforeAll(async () => {
    app = await startTestApp({
      env: {
        VALIDATE_RATE_LIMIT_PER_MINUTE: String(LIMIT),
        SIMULATION_CHAT_RATE_LIMIT_PER_MINUTE: String(LIMIT),
        SIMULATION_GENERATE_RATE_LIMIT_PER_MINUTE: String(LIMIT),
        REPORT_WORKER: 'off',
      },
    });
    ai = await discoverAiRoutes(app, routeSamples('unused'));
  });
  afterAll(() => app.close());

  it('finds every AI route by its X-AI-Provider answer', () => {
    expect(ai.map((r) => r.key).sort()).toEqual(expect.arrayContaining(KNOWN_AI_ROUTES));
  });

  it('answers 429 with Retry-After and a JSON error past the per-IP limit, on every AI route', async () => {
    const problems: string[] = [];
    for (const r of ai) {
      const from = ip();
      const codes: number[] = [];
      let last: Response | null = null;
      for (let i = 0; i <= LIMIT; i++) {
        last = await app.fetch(r.path, { method: 'POST', json: r.body, headers: { 'x-forwarded-for': from } });
        codes.push(last.status);
        if (i < LIMIT) await last.text();
      }
      const body = (await last!.json()) as { error?: { code?: string; message?: string } };
      if (codes.slice(0, LIMIT).some((c) => c !== 200) || codes[LIMIT] !== 429) problems.push(`${r.key}: ${codes.join(', ')}`);
      else if (!Number(last!.headers.get('retry-after')) || body.error?.code !== 'rate_limited' || !body.error.message)
        problems.push(`${r.key}: 429 without Retry-After or JSON error`);
    }
    expect(problems).toEqual([]);
  });

  it('answers the largest accepted request quickly with the offline analyst, and one character more with a 400', async () => {
    const rows: string[] = [];
    const problems: string[] = [];
    for (const r of ai) {
      const big = maximise(r.body);
      const bytes = Buffer.byteLength(JSON.stringify(big));
      const t0 = performance.now();
      const res = await app.fetch(r.path, { method: 'POST', json: big, headers: { 'x-forwarded-for': ip() } });
      const text = await res.text();
      const ms = performance.now() - t0;
      rows.push(`${r.key.padEnd(36)} ${String(bytes).padStart(6)} bytes → ${res.status} in ${ms.toFixed(0)} ms`);
      if (res.status !== 200) problems.push(`${r.key}: largest accepted body answered ${res.status} ${text.slice(0, 160)}`);
      if (ms > MAX_OFFLINE_MS) problems.push(`${r.key}: ${ms.toFixed(0)} ms for the largest body`);
      const over = await app.fetch(r.path, { method: 'POST', json: overCap(big), headers: { 'x-forwarded-for': ip() } });
      const err = (await over.json()) as { error?: { message?: string } };
      if (over.status !== 400 || !/idea/.test(err.error?.message ?? '')) problems.push(`${r.key}: one character over the cap answered ${over.status}`);
    }
    const d = diagnostics('ai-largest-requests');
    d.add(`Largest accepted AI requests, offline analyst:\n${rows.join('\n')}`);
    await d.check(() => expect(problems).toEqual([]));
  });
});

describe('AI routes: per-IP token budget', () => {
  const BUDGET = 4000;
  let app: TestApp;
  let ai: AiRoute[];
  beforeAll(async () => {
    app = await startTestApp({
      env: {
        AI_TOKEN_BUDGET_PER_IP: String(BUDGET),
        VALIDATE_RATE_LIMIT_PER_MINUTE: '1000',
        SIMULATION_CHAT_RATE_LIMIT_PER_MINUTE: '1000',
        SIMULATION_GENERATE_RATE_LIMIT_PER_MINUTE: '1000',
        REPORT_WORKER: 'off',
      },
    });
    ai = await discoverAiRoutes(app, routeSamples('unused'));
  });
  afterAll(() => app.close());

  it('every AI route spends one shared allowance per IP; past it a 429 with Retry-After and the allowance message, other IPs unaffected', async () => {
    const from = { 'x-forwarded-for': '10.77.0.1' };
    const answered: string[] = [];
    let refused: Response | null = null;
    // Round-robin over every AI route (JSON and streamed) until the allowance runs out.
    for (let i = 0; i < 200 && !refused; i++) {
      const r = ai[i % ai.length];
      const res = await app.fetch(r.path, { method: 'POST', json: r.body, headers: from });
      if (res.status === 429) refused = res;
      else {
        expect({ route: r.key, status: res.status }).toEqual({ route: r.key, status: 200 });
        await res.text(); // a stream is charged as it is read
        answered.push(r.key);
      }
    }
    expect(refused).not.toBeNull();
    // More than one route shared the allowance before it ran out, and it was not spent at once.
    expect(new Set(answered).size).toBeGreaterThan(1);
    const body = (await refused!.json()) as { error: { code: string; message: string } };
    expect(body.error).toEqual({ code: 'rate_limited', message: 'You have used the AI allowance for your network for now. Please try again in 60 minutes.' });
    expect(Number(refused!.headers.get('retry-after'))).toBeGreaterThan(3000);
    // Every AI route now refuses this IP, streamed ones too, before asking the model.
    for (const r of ai) expect([r.key, (await app.fetch(r.path, { method: 'POST', json: r.body, headers: from })).status]).toEqual([r.key, 429]);
    // Another client still gets answers.
    const other = await app.fetch(ai[0].path, { method: 'POST', json: ai[0].body, headers: { 'x-forwarded-for': '10.77.0.2' } });
    expect(other.status).toBe(200);
  });
});
