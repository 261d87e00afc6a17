import { HttpError } from '@val/contracts';
import { simulationApi } from './api';

const validationData = {
  idea: 'Meal plans for night-shift nurses',
  targetCustomer: 'ICU nurses',
  problemSolved: 'Vending-machine dinners',
  feedback: '## Market\nBig.',
};
const persona = { id: 'p1', name: 'Maya Chen', role: 'ICU nurse', avatar: 'MC', background: 'Nights.' };

function sse(blocks: string[], { cut = false } = {}): Response {
  const enc = new TextEncoder();
  const body = new ReadableStream<Uint8Array>({
    start(c) {
      for (const b of blocks) c.enqueue(enc.encode(b));
      if (cut) c.error(new Error('socket hang up'));
      else c.close();
    },
  });
  return new Response(body, { status: 200, headers: { 'content-type': 'text/event-stream', 'x-ai-provider': 'offline' } });
}
const ev = (event: string, data: unknown) => `event: ${event}\ndata: ${JSON.stringify(data)}\n\n`;
const json = (status: number, body: unknown) => new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

const realFetch = global.fetch;
let calls: Array<{ url: string; init: RequestInit }>;
function mockFetch(...answers: Response[]) {
  calls = [];
  global.fetch = jest.fn(async (url: RequestInfo | URL, init?: RequestInit) => {
    calls.push({ url: String(url), init: init ?? {} });
    const a = answers.shift();
    if (!a) throw new Error('no more answers');
    return a;
  }) as typeof fetch;
}
afterEach(() => {
  global.fetch = realFetch;
});

const interview = { customerId: 'p1', customerPersona: persona, userQuestion: 'What do you eat at 3 am?', conversationHistory: [], validationData };

describe('simulationApi', () => {
  it('sends the JSON calls to their paths with the body as JSON and cookies included', async () => {
    const personas = { customers: [persona, { ...persona, id: 'p2' }, { ...persona, id: 'p3' }] };
    mockFetch(json(200, personas));
    await expect(simulationApi('http://api.test/').generateCustomers(validationData)).resolves.toEqual(personas);
    expect(calls[0].url).toBe('http://api.test/api/generate-customers');
    expect(calls[0].init).toMatchObject({ method: 'POST', credentials: 'include', body: JSON.stringify(validationData) });
  });

  it('turns a refused JSON call into the spec’s error message', async () => {
    mockFetch(json(429, { error: { code: 'rate_limited', message: 'wait' } }));
    await expect(simulationApi().generateSimulation({ validationData, customerInsights: [], landingPageContent: null })).rejects.toThrow(
      '429: {"error":{"code":"rate_limited","message":"wait"}}',
    );
    expect(calls[0].url).toBe('/api/generate-simulation');
  });

  it('streams a reply: asks for an event stream, reports the text so far, resolves with done', async () => {
    mockFetch(
      sse([
        ev('meta', { provider: 'offline' }),
        ev('delta', { text: 'Mostly ' }),
        ev('delta', { text: 'snacks.' }),
        ev('done', { response: 'Mostly snacks.', provider: 'offline' }),
      ]),
    );
    const texts: string[] = [];
    await expect(simulationApi().interviewStream(interview, (t) => texts.push(t))).resolves.toEqual({ response: 'Mostly snacks.', provider: 'offline' });
    expect(texts).toEqual(['Mostly ', 'Mostly snacks.']);
    expect(calls[0].url).toBe('/api/customer-interview/stream');
    expect(calls[0].init).toMatchObject({ method: 'POST', credentials: 'include' });
    expect(calls[0].init.headers).toMatchObject({ accept: 'text/event-stream', 'content-type': 'application/json' });
    expect(JSON.parse(String(calls[0].init.body))).toEqual(interview);
  });

  it('fails a stream on a refusal (HttpError with the status), an error event, or a cut', async () => {
    const chat = {
      month: 1,
      question: 'Is 40 users good?',
      conversationHistory: [],
      simulationData: { month: 1, title: 'Launch', users: 40, wins: [], challenges: [], challenge: 'x' },
      validationData,
    };
    mockFetch(json(503, { error: { code: 'unavailable', message: 'busy' } }));
    const refused = await simulationApi()
      .valChatStream(chat, () => undefined)
      .catch((e: unknown) => e);
    expect(refused).toBeInstanceOf(HttpError);
    expect(refused).toMatchObject({ status: 503 });
    expect(calls[0].url).toBe('/api/val-chat/stream');
    mockFetch(sse([ev('error', { code: 'upstream_error', message: 'The AI could not answer' })]));
    await expect(simulationApi().valChatStream(chat, () => undefined)).rejects.toThrow('The AI could not answer');
    mockFetch(sse([ev('delta', { text: 'Forty' })], { cut: true }));
    await expect(simulationApi().valChatStream(chat, () => undefined)).rejects.toThrow();
    mockFetch(sse([ev('delta', { text: 'Forty' })]));
    await expect(simulationApi().valChatStream(chat, () => undefined)).rejects.toThrow('The answer was cut off');
  });

  it('tracks a partner click and only logs a failure', async () => {
    const warn = jest.spyOn(console, 'warn').mockImplementation(() => undefined);
    mockFetch(json(400, { error: { code: 'bad_request', message: 'nope' } }));
    simulationApi().trackClick('bubble', 'button', 'https://bubble.io/?ref=val');
    await new Promise((r) => setTimeout(r, 10));
    expect(calls[0].url).toBe('/api/track-click');
    expect(JSON.parse(String(calls[0].init.body))).toEqual({ company: 'bubble', linkType: 'button', url: 'https://bubble.io/?ref=val' });
    expect(warn).toHaveBeenCalledWith('click tracking failed', expect.objectContaining({ status: 400 }));
    warn.mockRestore();
  });
});
