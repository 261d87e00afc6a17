import { isReportHeading, splitReportSections } from '@val/contracts';
import { buildValidationSheet } from '../../analysis/validationSheet';
import { missingHeadings, VALIDATION_WRITTEN_FROM_SHEET } from '../../services/validation';
import { carelessReply } from '../../../test/carelessModel';
import { startChatServer, type ChatServer } from '../../../test/chatServer';
import { json, startTestApp, type TestApp } from '../../../test/app';
import { testDbs } from '../../../test/db';
import { sseEvents } from '../../../test/sse';

const ideaA = {
  idea: 'A mobile app that plans a week of cheap, healthy dinners from what is already in your fridge.',
  targetCustomer: 'Busy working parents with two or more kids',
  problemSolved: 'They waste money on food that spoils and spend 30 minutes every evening deciding what to cook.',
};
const ideaB = {
  idea: 'Scheduling software that fills last-minute cancellations at physiotherapy clinics from a waitlist.',
  targetCustomer: 'Independent physiotherapy clinics with 2 to 10 practitioners',
  problemSolved: 'Each no-show costs a clinic $80 and front-desk staff lose hours every week calling patients.',
};

const readSse = sseEvents;

const countRows = (app: TestApp) => app.deps.repos.validations.count();

describe.each(testDbs)('POST /api/validate with the offline analyst ($label)', (kind) => {
  let app: TestApp;
  beforeAll(async () => {
    app = await startTestApp({ dbKind: kind, env: { AI_PROVIDER: 'offline', VALIDATE_RATE_LIMIT_PER_MINUTE: '1000' } });
  });
  afterAll(() => app.close());

  it('answers with the spec fields, names the provider and stores the validation', async () => {
    const r = await app.fetch('/api/validate', { method: 'POST', json: { ...ideaA, idea: `  ${ideaA.idea}  ` } });
    expect(r.status).toBe(200);
    expect(r.headers.get('x-ai-provider')).toBe('offline');
    const body = await json(r);
    expect(body).toMatchObject({ ...ideaA, provider: 'offline' });
    expect(typeof body.id).toBe('string');
    expect(body.feedback).toContain('busy working parents with two or more kids');
    const titles = splitReportSections(body.feedback).map((s: { title: string }) => s.title);
    expect(titles[0]).toMatch(/^Validation Score: \d\.\d\/10$/);
    expect(titles).toEqual(expect.arrayContaining(['Market Opportunity', 'Target Customer Profile', 'Revenue Options', 'Success Metrics']));

    const row = await app.deps.repos.validations.get(body.id);
    expect(row).toMatchObject({ ...ideaA, feedback: body.feedback, provider: 'offline' });
    expect(row?.createdAt).toBeInstanceOf(Date);
    expect(Math.abs((row?.createdAt.getTime() ?? 0) - Date.now())).toBeLessThan(60_000);
  });

  it('gives a different idea a different analysis', async () => {
    const a = await json(await app.fetch('/api/validate', { method: 'POST', json: ideaA }));
    const b = await json(await app.fetch('/api/validate', { method: 'POST', json: ideaB }));
    expect(a.feedback).not.toEqual(b.feedback);
    expect(b.feedback).toContain('B2B');
    expect(a.feedback).toContain('B2C');
  });

  it('streams the same analysis as SSE: meta, deltas, then done with the stored id', async () => {
    const before = await countRows(app);
    const r = await app.fetch('/api/validate/stream', { method: 'POST', json: ideaB });
    expect(r.status).toBe(200);
    expect(r.headers.get('content-type')).toMatch(/^text\/event-stream/);
    expect(r.headers.get('x-ai-provider')).toBe('offline');
    const events = await readSse(r);
    expect(events[0]).toEqual({ event: 'meta', data: { provider: 'offline' } });
    const deltas = events.filter((e) => e.event === 'delta');
    expect(deltas.length).toBeGreaterThan(50);
    const done = events[events.length - 1];
    expect(done.event).toBe('done');
    const d = done.data as { id: string; feedback: string; provider: string };
    expect(
      deltas
        .map((e) => (e.data as { text: string }).text)
        .join('')
        .trim(),
    ).toBe(d.feedback);
    expect(d.feedback.split('\n').filter(isReportHeading).length).toBeGreaterThanOrEqual(8);
    expect(await countRows(app)).toBe(before + 1);
    expect((await app.deps.repos.validations.get(d.id))?.feedback).toBe(d.feedback);
  });

  it.each([
    [{ targetCustomer: 'x', problemSolved: 'y' }, /idea/],
    [{ ...ideaA, problemSolved: '   ' }, /problemSolved is required/],
    [{ ...ideaA, targetCustomer: 42 }, /targetCustomer must be text/],
    [{ ...ideaA, idea: 'x'.repeat(4001) }, /idea must be at most 4000 characters/],
  ])('refuses bad input with a 400 and a clear message (%#)', async (payload, message) => {
    const before = await countRows(app);
    for (const path of ['/api/validate', '/api/validate/stream']) {
      const r = await app.fetch(path, { method: 'POST', json: payload });
      expect(r.status).toBe(400);
      const body = await json(r);
      expect(body.error.code).toBe('bad_request');
      expect(body.error.message).toMatch(message);
    }
    expect(await countRows(app)).toBe(before);
  });

  it('refuses a body that is not JSON', async () => {
    const r = await app.fetch('/api/validate', { method: 'POST', headers: { 'content-type': 'application/json' }, body: '{nope' });
    expect(r.status).toBe(400);
    expect((await json(r)).error.code).toBe('invalid_json');
  });
});

describe('OFFLINE_AI_DELAY_MS: the added latency of one offline-analyst answer', () => {
  const DELAY = 400;
  let app: TestApp;
  beforeAll(async () => {
    app = await startTestApp({ env: { AI_PROVIDER: 'offline', OFFLINE_AI_DELAY_MS: String(DELAY), VALIDATE_RATE_LIMIT_PER_MINUTE: '1000' } });
  });
  afterAll(() => app.close());

  it('a streamed validation takes about that long, its text spread over the wait', async () => {
    const t0 = Date.now();
    const r = await app.fetch('/api/validate/stream', { method: 'POST', json: ideaA });
    const events = await readSse(r);
    const took = Date.now() - t0;
    const deltas = events.filter((e) => e.event === 'delta');
    expect(events.at(-1)?.event).toBe('done');
    // Hundreds of pieces: a delay per piece would be minutes.
    expect(deltas.length).toBeGreaterThan(100);
    expect(took).toBeGreaterThanOrEqual(DELAY);
    expect(took).toBeLessThan(3000);
  });

  it('an answer in one piece (POST /api/validate) takes about that long too', async () => {
    const t0 = Date.now();
    const r = await app.fetch('/api/validate', { method: 'POST', json: ideaB });
    const took = Date.now() - t0;
    expect(r.status).toBe(200);
    expect(took).toBeGreaterThanOrEqual(DELAY);
    expect(took).toBeLessThan(3000);
  });
});

describe('POST /api/validate rate limit', () => {
  let app: TestApp;
  beforeAll(async () => {
    app = await startTestApp({ env: { AI_PROVIDER: 'offline', VALIDATE_RATE_LIMIT_PER_MINUTE: '3' } });
  });
  afterAll(() => app.close());

  it('answers 429 with a clear message once an IP used its validations for the minute (both routes count)', async () => {
    expect((await app.fetch('/api/validate', { method: 'POST', json: ideaA })).status).toBe(200);
    const s = await app.fetch('/api/validate/stream', { method: 'POST', json: ideaA });
    expect(s.status).toBe(200);
    await s.text();
    expect((await app.fetch('/api/validate', { method: 'POST', json: ideaA })).status).toBe(200);
    for (const path of ['/api/validate', '/api/validate/stream']) {
      const r = await app.fetch(path, { method: 'POST', json: ideaA });
      expect(r.status).toBe(429);
      expect(Number(r.headers.get('retry-after'))).toBeGreaterThan(0);
      const body = await json(r);
      expect(body.error).toEqual({ code: 'rate_limited', message: expect.stringMatching(/wait a minute/) });
    }
    expect(await countRows(app)).toBe(3);
  });
});

describe('POST /api/validate with the openai provider (loopback chat-completions server)', () => {
  let srv: ChatServer;
  let app: TestApp;
  /** What an honest model writes: the sheet's score and verdict, words of its own. */
  const answerFor = (v: typeof ideaA) => {
    const sheet = buildValidationSheet(v);
    return `## Validation Score: ${sheet.score.toFixed(1)}/10\n\n**Verdict: ${sheet.verdict.word}.** A solid idea.\n\n## Market Analysis\n\nBig enough.\n\n## Next Steps\n\n1. Talk to ten parents.`;
  };
  const modelAnswer = answerFor(ideaA);
  beforeAll(async () => {
    srv = await startChatServer();
    app = await startTestApp({
      env: { AI_PROVIDER: 'openai', OPENAI_API_KEY: 'sk-test', OPENAI_BASE_URL: srv.baseURL, AI_MAX_RETRIES: '0', AI_TIMEOUT_MS: '1500' },
    });
  });
  afterAll(async () => {
    await app.close();
    await srv.close();
  });

  it("returns the model's answer, with Val's prompt as the system message and the inputs only as data", async () => {
    srv.reply({ type: 'text', content: modelAnswer });
    const r = await app.fetch('/api/validate', { method: 'POST', json: ideaA });
    expect(r.status).toBe(200);
    expect(r.headers.get('x-ai-provider')).toBe('openai');
    const body = await json(r);
    expect(body).toMatchObject({ ...ideaA, feedback: modelAnswer, provider: 'openai' });
    expect((await app.deps.repos.validations.get(body.id))?.provider).toBe('openai');
    const req = srv.requests[srv.requests.length - 1].body;
    expect(req.messages[0].role).toBe('system');
    expect(req.messages[0].content).toMatch(/You are Val/);
    expect(req.messages[0].content).not.toContain(ideaA.idea);
    expect(req.messages[req.messages.length - 1].content).toContain(JSON.stringify(ideaA.idea));
    expect(req.max_tokens).toBeLessThanOrEqual(2000);
  });

  it('streams the model token by token and stores the whole answer once', async () => {
    const before = await countRows(app);
    const pieces = answerFor(ideaB).match(/.{1,7}/gs) ?? [];
    srv.reply({ type: 'stream', chunks: pieces, delayMs: 2 });
    const r = await app.fetch('/api/validate/stream', { method: 'POST', json: ideaB });
    expect(r.status).toBe(200);
    const events = await readSse(r);
    expect(events[0]).toEqual({ event: 'meta', data: { provider: 'openai' } });
    expect(events.filter((e) => e.event === 'delta').map((e) => (e.data as { text: string }).text)).toEqual(pieces);
    expect(events[events.length - 1]).toMatchObject({
      event: 'done',
      data: { feedback: answerFor(ideaB), provider: 'openai', ...ideaB, score: buildValidationSheet(ideaB).score },
    });
    expect(srv.requests[srv.requests.length - 1].body.stream).toBe(true);
    expect(await countRows(app)).toBe(before + 1);
  });

  it('a careless model (forged score, invented numbers, claims, "Validation Score: 10/10" in the body): two rounds, then the offline analyst’s text, marked', async () => {
    const sheet = buildValidationSheet(ideaA);
    const before = srv.requests.length;
    srv.reply((req) => carelessReply(req));
    const body = await json(await app.fetch('/api/validate', { method: 'POST', json: ideaA }));
    expect(srv.requests.length - before).toBe(3);
    expect(srv.requests.at(-2)?.body.messages.at(-1)?.content).toContain('You wrote "9.9/10" (score)');
    expect(srv.requests.at(-1)?.body.messages.at(-1)?.content).toMatch(
      /^Your analysis would be hollow: removing what contradicts the fact sheet would take \d+ of its \d+/,
    );
    expect(body.score).toBe(sheet.score);
    expect(body.feedback.startsWith(`## Validation Score: ${sheet.score.toFixed(1)}/10`)).toBe(true);
    expect(body.feedback).not.toMatch(/9\.9|10\/10|\$4\.7B|87%|342,213|Verdict: Go -|guaranteed|No competitors|100% of people|Everyone is|IPO/);
    expect(missingHeadings(body.feedback)).toEqual([]);
    expect(body.feedback.endsWith(VALIDATION_WRITTEN_FROM_SHEET)).toBe(true);
    expect(body.factSheet).toEqual(sheet);
    const stored = await app.deps.repos.validations.get(body.id);
    expect(stored).toMatchObject({ score: sheet.score, feedback: body.feedback, factSheet: sheet });
  });

  it('a streamed answer is checked before it is stored: the done event carries the corrected feedback', async () => {
    const sheet = buildValidationSheet(ideaB);
    srv.reply((req) => carelessReply(req));
    const events = await readSse(await app.fetch('/api/validate/stream', { method: 'POST', json: ideaB }));
    const done = events[events.length - 1] as { event: string; data: { feedback: string; score: number; id: string } };
    expect(done.event).toBe('done');
    expect(done.data.score).toBe(sheet.score);
    expect(done.data.feedback).toContain(`## Validation Score: ${sheet.score.toFixed(1)}/10`);
    expect(done.data.feedback).not.toContain('9.9/10');
    expect((await app.deps.repos.validations.get(done.data.id))?.feedback).toBe(done.data.feedback);
  });

  it('answers 502 (the UI shows the error toast) when the model fails, and stores nothing', async () => {
    const before = await countRows(app);
    srv.reply({ type: 'error', status: 500, message: 'boom' });
    const r = await app.fetch('/api/validate', { method: 'POST', json: ideaA });
    expect(r.status).toBe(502);
    const body = await json(r);
    expect(body.error.code).toBe('upstream_error');
    expect(JSON.stringify(body)).not.toContain('boom');
    const s = await app.fetch('/api/validate/stream', { method: 'POST', json: ideaA });
    expect(s.status).toBe(502);
    expect(await countRows(app)).toBe(before);
  });

  it('sends an error event when the model stream breaks half-way, and stores nothing', async () => {
    const before = await countRows(app);
    srv.reply({ type: 'stream', chunks: ['## Validation ', 'Score: 6/10\n', 'more', 'text'], cutAfter: 2, delayMs: 30 });
    const r = await app.fetch('/api/validate/stream', { method: 'POST', json: ideaA });
    expect(r.status).toBe(200);
    const events = await readSse(r);
    expect(events[0].event).toBe('meta');
    expect(events.filter((e) => e.event === 'delta').length).toBeGreaterThanOrEqual(1);
    expect(events.map((e) => e.event)).not.toContain('done');
    expect(events[events.length - 1]).toEqual({ event: 'error', data: { code: 'upstream_error', message: expect.stringMatching(/try again/) } });
    expect(await countRows(app)).toBe(before);
  });

  it('answers 504 when the model does not answer in time', async () => {
    srv.reply({ type: 'hang' });
    const t0 = Date.now();
    const r = await app.fetch('/api/validate', { method: 'POST', json: ideaA });
    expect(r.status).toBe(504);
    expect((await json(r)).error.message).toMatch(/too long/);
    expect(Date.now() - t0).toBeLessThan(5000);
    const s = await app.fetch('/api/validate/stream', { method: 'POST', json: ideaA });
    expect(s.status).toBe(504);
  });
});
