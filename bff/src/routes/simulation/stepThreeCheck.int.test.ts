import type { CustomerPersona, SimulationMonth } from '@val/contracts';
import { offlineInterviewReply, offlinePersonas } from '@val/offline-analyst';
import { startChatServer, type ChatServer } from '../../../test/chatServer';
import { json, startTestApp, type TestApp } from '../../../test/app';
import { sseEvents } from '../../../test/sse';
import { CARELESS_INTERVIEW, carelessStepThreeReply } from '../../../test/carelessStepThree';

/**
 * Issue 37, step 3 with a careless model on loopback: personas → interview → six months → Val's
 * chat and challenge feedback over HTTP. None of the careless model's public figures, revenue,
 * market size, invented survey, citation, big-company competitors, certainty or mislabelled score
 * reaches an answer; what is left is the model's honest part or the offline analyst's text.
 */
const validationData = {
  idea: 'A GPS tracker app that finds dogs that run off on walks',
  targetCustomer: 'Dog owners in Germany',
  problemSolved: 'Dogs run off on walks and owners search for hours',
  feedback: '## Score: 6/10\nA real worry for owners.',
};
/** What must never reach a founder from this model. */
const CLAIMS = [
  /Bezos|Pichai|CEO of/,
  /\$50M|revenue/i,
  /87%/,
  /\[\d\]/,
  /billion/i,
  /\b(Google|Amazon)\b/,
  /guarantee/i,
  /\bEveryone\b/,
  /break-even/i,
  /9\/10/,
];
const leaks = (text: string) => CLAIMS.filter((re) => re.test(text)).map(String);

describe('step 3 under the check, with a careless model on loopback', () => {
  let model: ChatServer;
  let app: TestApp;
  beforeAll(async () => {
    model = await startChatServer();
    model.reply((req) => carelessStepThreeReply(req));
    app = await startTestApp({
      env: {
        SIMULATION_CHAT_RATE_LIMIT_PER_MINUTE: '1000',
        SIMULATION_GENERATE_RATE_LIMIT_PER_MINUTE: '1000',
        AI_PROVIDER: 'openai',
        OPENAI_API_KEY: 'sk-test',
        OPENAI_BASE_URL: model.baseURL,
        AI_MAX_RETRIES: '0',
      },
    });
  });
  afterAll(async () => {
    await app.close();
    await model.close();
  });
  const post = async (path: string, body: unknown) => {
    const r = await app.fetch(path, { method: 'POST', json: body });
    if (r.status !== 200) throw new Error(`${path}: ${r.status} ${await r.text()}`);
    return json(r);
  };

  let customers: CustomerPersona[];
  it('personas: the public figures are asked again once, then replaced by the offline analyst’s; the invented dog owner stays, without the market size', async () => {
    const before = model.requests.length;
    customers = (await post('/api/generate-customers', validationData)).customers;
    expect(model.requests.length - before).toBe(2);
    expect(customers.map((p) => p.name)).not.toContain('Jeff Bezos');
    expect(customers.map((p) => p.name)).not.toContain('Sundar Pichai');
    expect(customers.flatMap((p) => leaks(`${p.name} ${p.role} ${p.background}`))).toEqual([]);
    const offline = offlinePersonas(validationData);
    expect(customers[0]).toEqual(offline[0]);
    expect(customers[1]).toEqual(offline[1]);
    expect(customers[2]).toEqual({
      id: 'p3',
      name: 'Lena Vogt',
      role: 'Dog owner who walks twice a day',
      avatar: 'LV',
      background: 'Has a beagle that bolts at the park.',
    });
    for (const p of customers) expect(p.role.toLowerCase()).toContain('dog owner');
  });

  it('interview: a reply keeps only what the persona says of itself; an opening with nothing else is the offline analyst’s', async () => {
    const persona = customers[2];
    const ask = { customerId: persona.id, customerPersona: persona, conversationHistory: [], validationData };
    const answer = await post('/api/customer-interview', { ...ask, userQuestion: 'What would you pay for this?' });
    expect(answer.response).toBe('I would pay €8 a month for it. I would try it if it finds my dog fast.');
    const opening = await post('/api/customer-interview', { ...ask, userQuestion: '' });
    expect(opening.response).toBe(offlineInterviewReply({ ...ask, userQuestion: '' }));
    const streamed = await sseEvents(
      await app.fetch('/api/customer-interview/stream', { method: 'POST', json: { ...ask, userQuestion: 'What would you pay for this?' } }),
    );
    expect(streamed.at(-1)).toEqual({
      event: 'done',
      data: { response: 'I would pay €8 a month for it. I would try it if it finds my dog fast.', provider: 'openai' },
    });
  });

  let simulation: Array<SimulationMonth & { churnedUsers?: number }>;
  it('months: built from checked replies, a month card never quotes a removed claim (even when the client sends the raw reply)', async () => {
    const customerInsights = customers.map((persona) => ({ persona, responses: CARELESS_INTERVIEW.split(/(?<=\.)\s+/), completed: true }));
    const body = await post('/api/generate-simulation', { validationData, customerInsights, landingPageContent: null });
    simulation = body.simulation;
    const texts = simulation.flatMap((m) => [m.title, ...m.wins, ...m.challenges, m.challenge ?? '']);
    expect(texts.flatMap(leaks)).toEqual([]);
    // Month 1 quotes the interviews' last checked sentence (the raw last one named Google and Amazon); month 2's certainty made it the offline narration.
    expect(simulation[0].wins[0]).toBe('Interviews said: I would try it if it finds my dog fast.');
    expect(simulation[1].challenges).not.toContain('Everyone will buy this, it is guaranteed.');
    // The model's first answer really carried the raw claims to the checker: the request it got had only checked replies.
    const asked = model.requests.filter((r) => /"simulation"/.test(r.body.messages[0]?.content ?? ''));
    expect(asked.length).toBeGreaterThan(0);
    expect(JSON.stringify(asked[0].body.messages)).not.toContain('$50M');
  });

  it('Val’s month chat: revenue, break-even and the mislabelled score go; the advice stays, with the note (as markdown)', async () => {
    const card = simulation[1];
    const ask = { month: 2, question: 'Why did users leave?', conversationHistory: [], simulationData: card, validationData };
    const { response } = await post('/api/val-chat', ask);
    expect(leaks(response)).toEqual([]);
    expect(response).toBe(
      "- Call the users who left this month and ask what would have made them stay.\n- Write down their exact words and the reasons they give you.\n\n_2 unsupported claims removed by Val's consistency check._",
    );
    const streamed = await sseEvents(await app.fetch('/api/val-chat/stream', { method: 'POST', json: ask }));
    expect(streamed.at(-1)?.data.response).toBe(response);
  });

  it('challenge feedback: the certainty and the competitors go', async () => {
    const { feedback } = await post('/api/challenge-feedback', {
      month: 3,
      challenge: 'What do you change next?',
      response: 'I will call ten owners who left and ask why',
      validationData,
      simulationData: simulation,
    });
    expect(leaks(feedback)).toEqual([]);
    expect(feedback).toContain('call the users who left');
  });
});
