import type { SimulationMonth } from '@val/contracts';
import { runSimulationModel } from '../../services/simulationModel';
import { startChatServer, type ChatServer } from '../../../test/chatServer';
import { json, startTestApp, type TestApp } from '../../../test/app';
import { sseEvents } from '../../../test/sse';

const validationData = {
  idea: 'A booking app that lets independent hair salons fill last-minute cancellations',
  targetCustomer: 'Independent hair salon owners in mid-sized cities',
  problemSolved: 'Last-minute cancellations leave chairs empty and cost money every week',
  feedback: '## Score: 7/10\nPromising niche.',
};
const persona = { id: 'early-abc', name: 'Maya Chen', role: 'Salon owner, an early adopter of new tools', avatar: 'MC', background: 'Runs two salons.' };
const months = [1, 2, 3, 4, 5, 6].map((n) => ({
  month: n,
  title: `Month ${n} title`,
  users: n * 50,
  wins: [`win ${n}`],
  challenges: [`problem ${n}`],
  ...(n % 2 ? { challenge: `Question ${n}?` } : {}),
}));
const insights = [{ persona, responses: ['I would pay $49 a month, sign me up.'], completed: true }];

const HIGH_LIMITS = { SIMULATION_CHAT_RATE_LIMIT_PER_MINUTE: '1000', SIMULATION_GENERATE_RATE_LIMIT_PER_MINUTE: '1000' };

const readSse = sseEvents;

describe('step 3 with the offline analyst', () => {
  let app: TestApp;
  beforeAll(async () => {
    app = await startTestApp({ env: HIGH_LIMITS });
  });
  afterAll(() => app.close());

  it('POST /api/generate-customers returns exactly 3 personas from this idea', async () => {
    const r = await app.fetch('/api/generate-customers', { method: 'POST', json: validationData });
    expect(r.status).toBe(200);
    expect(r.headers.get('x-ai-provider')).toBe('offline');
    const body = await json(r);
    expect(body.provider).toBe('offline');
    expect(body.customers).toHaveLength(3);
    for (const c of body.customers) {
      expect(Object.keys(c).sort()).toEqual(['avatar', 'background', 'id', 'name', 'role']);
      expect(c.role.toLowerCase()).toContain('hair salon owner');
    }
    const again = await json(await app.fetch('/api/generate-customers', { method: 'POST', json: validationData }));
    expect(again.customers).toEqual(body.customers);
    const other = await json(
      await app.fetch('/api/generate-customers', { method: 'POST', json: { ...validationData, targetCustomer: 'Parents of toddlers' } }),
    );
    expect(other.customers.map((c: { name: string }) => c.name)).not.toEqual(body.customers.map((c: { name: string }) => c.name));
  });

  it('POST /api/customer-interview gives the opening message, then answers the question in character', async () => {
    const opening = await json(
      await app.fetch('/api/customer-interview', {
        method: 'POST',
        json: { customerId: persona.id, customerPersona: persona, userQuestion: '', conversationHistory: [], validationData },
      }),
    );
    expect(opening.provider).toBe('offline');
    expect(opening.response).toContain('Maya Chen');
    const reply = await json(
      await app.fetch('/api/customer-interview', {
        method: 'POST',
        json: {
          customerId: persona.id,
          customerPersona: persona,
          userQuestion: 'What would you pay per month?',
          conversationHistory: [{ id: 'm1', customerId: persona.id, isUser: false, text: opening.response, timestamp: new Date().toISOString() }],
          validationData,
        },
      }),
    );
    expect(reply.response).toMatch(/\$\d+/);
    expect(reply.response).toContain('What would you pay per month');
  });

  it('POST /api/customer-interview/stream streams the reply as SSE: meta, deltas, done', async () => {
    const r = await app.fetch('/api/customer-interview/stream', {
      method: 'POST',
      json: { customerId: persona.id, customerPersona: persona, userQuestion: 'When could you start?', conversationHistory: [], validationData },
    });
    expect(r.status).toBe(200);
    expect(r.headers.get('content-type')).toContain('text/event-stream');
    const events = await readSse(r);
    expect(events[0]).toEqual({ event: 'meta', data: { provider: 'offline' } });
    const chunks = events.filter((e) => e.event === 'delta').map((e) => e.data.text as string);
    expect(chunks.length).toBeGreaterThan(5);
    const done = events.at(-1)!;
    expect(done.event).toBe('done');
    expect(done.data.provider).toBe('offline');
    expect(done.data.response).toBe(chunks.join('').trim());
    expect(done.data.response).toMatch(/week|month|quarter/);
  });

  it('POST /api/generate-simulation returns 6 months whose users come from the model, the same for the same inputs', async () => {
    const body = { validationData, customerInsights: insights, landingPageContent: null };
    const r = await app.fetch('/api/generate-simulation', { method: 'POST', json: body });
    expect(r.status).toBe(200);
    const a = await json(r);
    expect(a.provider).toBe('offline');
    expect(a.simulation.map((m: { month: number }) => m.month)).toEqual([1, 2, 3, 4, 5, 6]);
    for (const m of a.simulation) {
      expect(typeof m.title).toBe('string');
      expect(Number.isInteger(m.users)).toBe(true);
      expect(m.users).toBeGreaterThan(0);
      expect(Array.isArray(m.wins) && Array.isArray(m.challenges)).toBe(true);
    }
    // Worked by hand from the model's rules. One completed interview of three, with three buying
    // signals ("would pay", "I would pay", "sign me up") and none against: interview score
    // 0.5 × 1/3 + 0.5 × (3 + 1) / (3 + 0 + 2) = 0.57. The feedback's 7/10: validation score 0.7.
    // Fit 0.6 × 0.57 + 0.4 × 0.7 = 0.622; salon owners are a business: 15 + 85 × 0.622 = 67.87,
    // 68 users in month 1. Month 2 grows by 0.12 + 0.38 × 0.622 = 0.36 and loses
    // 0.12 − 0.06 × 0.57 = 0.09 of them: 68 + 24 − 6 = 86.
    expect(a.assumptions).toMatchObject({
      completedInterviews: 1,
      positiveSignals: 3,
      negativeSignals: 0,
      interviewScore: 0.57,
      validationScore: 0.7,
      startingUsers: 68,
      monthlyGrowth: 0.36,
      churnRate: 0.09,
    });
    expect(a.simulation.slice(0, 2).map((m: { users: number }) => m.users)).toEqual([68, 86]);
    const b = await json(await app.fetch('/api/generate-simulation', { method: 'POST', json: body }));
    expect(b.simulation.map((m: { users: number }) => m.users)).toEqual(a.simulation.map((m: { users: number }) => m.users));
  });

  it('POST /api/generate-simulation gives each month the model’s new, lost and previous users, and Val answers from them', async () => {
    const a = await json(
      await app.fetch('/api/generate-simulation', { method: 'POST', json: { validationData, customerInsights: insights, landingPageContent: null } }),
    );
    const model = runSimulationModel({ validation: validationData, insights });
    expect(a.simulation.map((m: SimulationMonth) => [m.users, m.newUsers, m.churnedUsers, m.previousUsers])).toEqual(
      model.months.map((m, k) => [m.users, m.newUsers, m.churnedUsers, k === 0 ? 0 : model.months[k - 1].users]),
    );
    for (const m of a.simulation.slice(1)) expect(m.users).toBe(m.previousUsers + m.newUsers - m.churnedUsers);
    const m3: SimulationMonth = a.simulation[2];
    const growth = Math.round(((m3.users - m3.previousUsers!) / m3.previousUsers!) * 100);
    const r = await json(
      await app.fetch('/api/val-chat', {
        method: 'POST',
        json: { month: 3, question: 'How many users did I lose, what growth rate?', conversationHistory: [], simulationData: m3, validationData },
      }),
    );
    expect(r.response).toContain(`${m3.churnedUsers} ${m3.churnedUsers === 1 ? 'user' : 'users'} left`);
    expect(r.response).toContain(`${growth}% growth`);
    const fb = await json(
      await app.fetch('/api/challenge-feedback', {
        method: 'POST',
        json: { month: 3, challenge: 'Question 3?', response: 'Call the users who left this week', validationData, simulationData: a.simulation },
      }),
    );
    expect(fb.feedback).toContain(`${m3.newUsers} new and ${m3.churnedUsers} who left`);
  });

  it('POST /api/challenge-feedback refers to the answer and the month', async () => {
    const r = await app.fetch('/api/challenge-feedback', {
      method: 'POST',
      json: {
        month: 3,
        challenge: 'Question 3?',
        response: 'Call 10 salons that cancelled and test an SMS reminder by Friday',
        validationData,
        simulationData: months,
      },
    });
    const body = await json(r);
    expect(r.status).toBe(200);
    expect(body.provider).toBe('offline');
    expect(body.feedback).toContain('Month 3');
    expect(body.feedback).toContain('Call 10 salons that cancelled');
    expect(body.feedback).toContain('150 users');
  });

  it("POST /api/val-chat and /stream answer about that month's numbers", async () => {
    const body = { month: 2, question: 'How can I grow faster next month?', conversationHistory: [], simulationData: months[1], validationData };
    const r = await json(await app.fetch('/api/val-chat', { method: 'POST', json: body }));
    expect(r.provider).toBe('offline');
    expect(r.response).toContain('Month 2');
    expect(r.response).toContain('100 users');
    const s = await readSse(await app.fetch('/api/val-chat/stream', { method: 'POST', json: body }));
    expect(s.at(-1)).toEqual({ event: 'done', data: { response: r.response, provider: 'offline' } });
  });

  it.each([
    ['/api/generate-customers', { ...validationData, idea: '   ' }, /idea is required/],
    ['/api/generate-customers', { idea: 'x' }, /targetCustomer/],
    ['/api/customer-interview', { customerId: 'a', customerPersona: { id: 'a' }, validationData }, /customerPersona/],
    [
      '/api/customer-interview',
      {
        customerId: 'a',
        customerPersona: persona,
        userQuestion: 'q',
        validationData,
        conversationHistory: Array.from({ length: 31 }, () => ({ isUser: true, text: 'hi' })),
      },
      /at most 30 messages/,
    ],
    ['/api/customer-interview', { customerId: 'a', customerPersona: persona, userQuestion: 'q'.repeat(2001), validationData }, /at most 2000 characters/],
    ['/api/generate-simulation', { validationData, customerInsights: [] }, /at least 1/],
    ['/api/generate-simulation', { validationData, customerInsights: [{ persona, responses: ['x'.repeat(101)] }] }, /at most 100 characters/],
    ['/api/challenge-feedback', { month: 7, challenge: 'c', response: 'r', validationData }, /month must be from 1 to 6/],
    ['/api/challenge-feedback', { month: 1, challenge: 'c', response: '  ', validationData }, /response is required/],
    ['/api/val-chat', { month: 2, question: '', simulationData: months[1], validationData }, /question is required/],
    ['/api/val-chat/stream', { month: 2, question: 'q', simulationData: { month: 2 }, validationData }, /simulationData/],
  ])('POST %s with a bad body is a 400 with a clear message', async (path, body, message) => {
    const r = await app.fetch(path, { method: 'POST', json: body });
    expect(r.status).toBe(400);
    const b = await json(r);
    expect(b.error.code).toBe('bad_request');
    expect(b.error.message).toMatch(message);
  });

  it('rejects a body that is not a JSON object', async () => {
    const r = await app.fetch('/api/val-chat', { method: 'POST', headers: { 'content-type': 'application/json' }, body: '[1,2]' });
    expect(r.status).toBe(400);
    const bad = await app.fetch('/api/val-chat', { method: 'POST', headers: { 'content-type': 'application/json' }, body: '{"month":' });
    expect(bad.status).toBe(400);
    expect((await json(bad)).error.code).toBe('invalid_json');
  });
});

describe('step 3 rate limits', () => {
  let app: TestApp;
  beforeAll(async () => {
    app = await startTestApp({ env: { SIMULATION_CHAT_RATE_LIMIT_PER_MINUTE: '2', SIMULATION_GENERATE_RATE_LIMIT_PER_MINUTE: '1' } });
  });
  afterAll(() => app.close());

  it('answers 429 with Retry-After past the per-IP limit', async () => {
    const body = { month: 2, question: 'q', simulationData: months[1], validationData };
    expect((await app.fetch('/api/val-chat', { method: 'POST', json: body })).status).toBe(200);
    expect((await app.fetch('/api/challenge-feedback', { method: 'POST', json: { month: 1, challenge: 'c', response: 'r', validationData } })).status).toBe(
      200,
    );
    const third = await app.fetch('/api/val-chat/stream', { method: 'POST', json: body });
    expect(third.status).toBe(429);
    expect(Number(third.headers.get('retry-after'))).toBeGreaterThan(0);
    expect((await json(third)).error.code).toBe('rate_limited');
    expect((await app.fetch('/api/generate-customers', { method: 'POST', json: validationData })).status).toBe(200);
    expect((await app.fetch('/api/generate-simulation', { method: 'POST', json: { validationData, customerInsights: insights } })).status).toBe(429);
  });
});

describe('step 3 with the openai provider (loopback chat-completions server)', () => {
  let srv: ChatServer;
  let app: TestApp;
  beforeAll(async () => {
    srv = await startChatServer();
    app = await startTestApp({
      env: { ...HIGH_LIMITS, AI_PROVIDER: 'openai', OPENAI_API_KEY: 'sk-test', OPENAI_BASE_URL: srv.baseURL, AI_MAX_RETRIES: '0', AI_TIMEOUT_MS: '1500' },
    });
  });
  afterAll(async () => {
    await app.close();
    await srv.close();
  });

  const people = [
    { id: 'a', name: 'Ana Lima', role: 'Salon owner', avatar: 'AL', background: 'Two shops.' },
    { id: 'b', name: 'Bo Chen', role: 'Salon owner who rents out chairs', avatar: 'BC', background: 'Rents a chair.' },
    { id: 'c', name: 'Cy Diaz', role: 'Salon chain owner', avatar: 'CD', background: 'Runs 12 salons.' },
  ];
  it.each([
    ['customers', { customers: people }],
    ['customers.personas', { customers: { personas: people } }],
    ['personas', { personas: people }],
  ])('generate-customers reads the model answer under %s', async (_label, answer) => {
    srv.reply({ type: 'text', content: '```json\n' + JSON.stringify(answer) + '\n```' });
    const r = await app.fetch('/api/generate-customers', { method: 'POST', json: validationData });
    expect(r.status).toBe(200);
    expect(r.headers.get('x-ai-provider')).toBe('openai');
    const body = await json(r);
    expect(body).toEqual({ customers: people, provider: 'openai' });
    const req = srv.requests.at(-1)!;
    expect(req.body.messages[0].content).toContain("You are Val's customer-research agent");
    expect(req.body.messages[0].content).not.toContain(validationData.idea);
    expect(req.body.messages.at(-1)!.content).toContain(validationData.idea);
    expect(req.body.response_format).toEqual({ type: 'json_object' });
  });

  it.each([
    ['only two personas', JSON.stringify({ customers: people.slice(0, 2) })],
    ['malformed JSON', '{"customers": [ {"name": '],
    ['prose', 'Here are three customers: Ana, Bo and Cy.'],
  ])('generate-customers answers 502 for %s', async (_l, content) => {
    srv.reply({ type: 'text', content });
    const r = await app.fetch('/api/generate-customers', { method: 'POST', json: validationData });
    expect(r.status).toBe(502);
    expect((await json(r)).error.code).toBe('upstream_error');
  });

  const phases = months.map(({ users: _u, ...m }) => ({ ...m, users: 99999 }));
  it.each([
    ['simulation', { simulation: phases }],
    ['simulation.phases', { simulation: { phases } }],
    ['phases', { phases: phases.map(({ challenges, ...m }) => ({ ...m, challenge: challenges[0] })) }],
  ])('generate-simulation reads months under %s and keeps the numbers of the model', async (label, answer) => {
    srv.reply({ type: 'text', content: JSON.stringify(answer) });
    const r = await app.fetch('/api/generate-simulation', { method: 'POST', json: { validationData, customerInsights: insights, landingPageContent: null } });
    expect(r.status).toBe(200);
    const body = await json(r);
    expect(body.provider).toBe('openai');
    expect(body.simulation.map((m: { title: string }) => m.title)).toEqual(months.map((m) => m.title));
    expect(body.simulation.every((m: { users: number }) => m.users !== 99999 && m.users > 0)).toBe(true);
    expect(body.simulation[0].users).toBe(body.assumptions.startingUsers);
    if (label === 'phases') expect(body.simulation[1]).toMatchObject({ challenges: ['problem 2'], challenge: 'problem 2' });
    else expect(body.simulation[0].challenge).toBe('Question 1?');
    const sent = srv.requests.at(-1)!.body.messages.at(-1)!.content;
    expect(sent).toContain('"numbers"');
    expect(sent).toContain('I would pay $49 a month');
  });

  it('generate-simulation answers 502 when the model gives fewer than 6 months or broken JSON', async () => {
    srv.reply({ type: 'text', content: JSON.stringify({ simulation: phases.slice(0, 4) }) });
    expect((await app.fetch('/api/generate-simulation', { method: 'POST', json: { validationData, customerInsights: insights } })).status).toBe(502);
    srv.reply({ type: 'text', content: '{"simulation": [' });
    expect((await app.fetch('/api/generate-simulation', { method: 'POST', json: { validationData, customerInsights: insights } })).status).toBe(502);
  });

  it('text endpoints return the cleaned model reply and pass the history as chat turns', async () => {
    srv.reply({ type: 'text', content: 'Maya Chen: "Honestly, $30 a month."' });
    const r = await json(
      await app.fetch('/api/customer-interview', {
        method: 'POST',
        json: {
          customerId: persona.id,
          customerPersona: persona,
          userQuestion: 'Budget?',
          conversationHistory: [
            { isUser: false, text: 'Hi, I am Maya.' },
            { isUser: true, text: 'Hello!' },
          ],
          validationData,
        },
      }),
    );
    expect(r).toEqual({ response: 'Honestly, $30 a month.', provider: 'openai' });
    const msgs = srv.requests.at(-1)!.body.messages;
    expect(msgs.map((m) => m.role)).toEqual(['system', 'assistant', 'user', 'user']);
    expect(msgs[0].content).toContain('customer persona');

    srv.reply({ type: 'text', content: 'Good plan for month 3.' });
    expect(
      await json(
        await app.fetch('/api/challenge-feedback', {
          method: 'POST',
          json: { month: 3, challenge: 'c', response: 'r', validationData, simulationData: months },
        }),
      ),
    ).toEqual({
      feedback: 'Good plan for month 3.',
      provider: 'openai',
    });
    srv.reply({ type: 'text', content: 'Val: Focus on retention.' });
    expect(
      await json(await app.fetch('/api/val-chat', { method: 'POST', json: { month: 2, question: 'q', simulationData: months[1], validationData } })),
    ).toEqual({
      response: 'Focus on retention.',
      provider: 'openai',
    });
  });

  it.each(['/api/customer-interview', '/api/challenge-feedback', '/api/val-chat', '/api/generate-customers'])(
    '%s maps a model 500 to 502 and a hang to 504',
    async (path) => {
      const bodies: Record<string, unknown> = {
        '/api/customer-interview': { customerId: persona.id, customerPersona: persona, userQuestion: '', validationData },
        '/api/challenge-feedback': { month: 1, challenge: 'c', response: 'r', validationData },
        '/api/val-chat': { month: 1, question: 'q', simulationData: months[0], validationData },
        '/api/generate-customers': validationData,
      };
      srv.reply({ type: 'error', status: 500 });
      const r = await app.fetch(path, { method: 'POST', json: bodies[path] });
      expect(r.status).toBe(502);
      expect((await json(r)).error.message).not.toMatch(/500|openai/i);
      srv.reply({ type: 'hang' });
      expect((await app.fetch(path, { method: 'POST', json: bodies[path] })).status).toBe(504);
    },
  );

  it('streams the model tokens as SSE, and reports a cut stream as an error event', async () => {
    const body = { month: 2, question: 'How do I keep users?', conversationHistory: [], simulationData: months[1], validationData };
    srv.reply({ type: 'stream', chunks: ['Call ', 'five ', 'churned ', 'users.'], delayMs: 5 });
    const ok = await readSse(await app.fetch('/api/val-chat/stream', { method: 'POST', json: body }));
    expect(ok[0]).toEqual({ event: 'meta', data: { provider: 'openai' } });
    expect(ok.filter((e) => e.event === 'delta').map((e) => e.data.text)).toEqual(['Call ', 'five ', 'churned ', 'users.']);
    expect(ok.at(-1)).toEqual({ event: 'done', data: { response: 'Call five churned users.', provider: 'openai' } });
    expect(srv.requests.at(-1)!.body.stream).toBe(true);

    srv.reply({ type: 'stream', chunks: ['a ', 'b ', 'c ', 'd'], cutAfter: 2, delayMs: 30 });
    const cut = await readSse(await app.fetch('/api/val-chat/stream', { method: 'POST', json: body }));
    expect(cut.filter((e) => e.event === 'delta').map((e) => e.data.text)[0]).toBe('a ');
    expect(cut.at(-1)).toEqual({ event: 'error', data: { code: 'upstream_error', message: 'The AI could not answer right now. Please try again.' } });
    expect(cut.some((e) => e.event === 'done')).toBe(false);
  });

  it('answers a JSON 502 (not a stream) when the model fails before the first token', async () => {
    srv.reply({ type: 'error', status: 500 });
    const r = await app.fetch('/api/customer-interview/stream', {
      method: 'POST',
      json: { customerId: persona.id, customerPersona: persona, userQuestion: 'q', validationData },
    });
    expect(r.status).toBe(502);
    expect(r.headers.get('content-type')).toContain('application/json');
  });
});
