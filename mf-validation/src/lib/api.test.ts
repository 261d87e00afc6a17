import { HttpError } from '@val/contracts';
import { StreamFailure, refusalReason, streamValidation, trackClick, validateIdea } from './api';

const input = { idea: 'Idea', targetCustomer: 'Parents', problemSolved: 'Wasted food' };
const done = { ...input, feedback: '## Market\nBig.', id: 'v1', provider: 'offline' };

function sse(blocks: string[], { cut = false } = {}): Response {
  const enc = new TextEncoder();
  const body = new ReadableStream<Uint8Array>({
    start(c) {
      for (const b of blocks) c.enqueue(enc.encode(b));
      if (cut) c.error(new Error('socket hang up'));
      else c.close();
    },
  });
  return new Response(body, { status: 200, headers: { 'content-type': 'text/event-stream' } });
}
const ev = (event: string, data: unknown) => `event: ${event}\ndata: ${JSON.stringify(data)}\n\n`;
const jsonResponse = (status: number, body: unknown) => new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

const realFetch = global.fetch;
let calls: Array<{ url: string; init: RequestInit }>;
function mockFetch(...answers: Array<Response | Error>) {
  calls = [];
  global.fetch = jest.fn(async (url: RequestInfo | URL, init?: RequestInit) => {
    calls.push({ url: String(url), init: init ?? {} });
    const a = answers.shift();
    if (!a) throw new Error('no more answers');
    if (a instanceof Error) throw a;
    return a;
  }) as typeof fetch;
}
afterEach(() => {
  global.fetch = realFetch;
});

describe('streamValidation', () => {
  it('reports the provider and the growing text, then resolves with the done event', async () => {
    mockFetch(
      sse([': connected\n\n', ev('meta', { provider: 'offline' }), ev('delta', { text: '## Mar' }), ev('delta', { text: 'ket\nBig.' }), ev('done', done)]),
    );
    const texts: string[] = [];
    const providers: string[] = [];
    const r = await streamValidation('', input, { onMeta: (p) => providers.push(p), onText: (t) => texts.push(t) });
    expect(r).toEqual(done);
    expect(providers).toEqual(['offline']);
    expect(texts).toEqual(['## Mar', '## Market\nBig.']);
    expect(calls[0].url).toBe('/api/validate/stream');
    expect(calls[0].init).toMatchObject({ method: 'POST', credentials: 'include' });
    expect(calls[0].init.headers).toMatchObject({ accept: 'text/event-stream', 'content-type': 'application/json' });
    expect(JSON.parse(String(calls[0].init.body))).toEqual(input);
  });

  it('fails without fallback on an error event, and with fallback when the stream breaks', async () => {
    mockFetch(sse([ev('meta', { provider: 'openai' }), ev('error', { code: 'upstream_error', message: 'The AI could not answer' })]));
    await expect(streamValidation('', input)).rejects.toMatchObject({ name: 'StreamFailure', fallback: false });
    mockFetch(sse([ev('meta', { provider: 'openai' }), ev('delta', { text: 'x' })], { cut: true }));
    await expect(streamValidation('', input)).rejects.toMatchObject({ name: 'StreamFailure', fallback: true });
    mockFetch(sse([ev('delta', { text: 'x' })]));
    await expect(streamValidation('', input)).rejects.toMatchObject({ fallback: true });
  });

  it('treats 400, 429 and model failures as final answers', async () => {
    mockFetch(jsonResponse(429, { error: { code: 'rate_limited', message: 'wait' } }));
    const e = await streamValidation('', input).catch((x: unknown) => x);
    expect(e).toBeInstanceOf(HttpError);
    expect((e as HttpError).status).toBe(429);
  });
});

describe('validateIdea', () => {
  beforeEach(() => jest.spyOn(console, 'warn').mockImplementation(() => undefined));
  afterEach(() => jest.restoreAllMocks());

  it('falls back to POST /api/validate when streaming fails', async () => {
    const onFallback = jest.fn();
    mockFetch(new TypeError('Failed to fetch'), jsonResponse(200, done));
    await expect(validateIdea('http://api.test', input, { onFallback })).resolves.toEqual(done);
    expect(calls.map((c) => c.url)).toEqual(['http://api.test/api/validate/stream', 'http://api.test/api/validate']);
    expect(onFallback).toHaveBeenCalledTimes(1);
    mockFetch(jsonResponse(404, { error: { code: 'not_found', message: 'x' } }), jsonResponse(200, done));
    await expect(validateIdea('', input)).resolves.toEqual(done);
  });

  it('does not ask twice when the server refused or the model failed', async () => {
    mockFetch(jsonResponse(502, { error: { code: 'upstream_error', message: 'x' } }), jsonResponse(200, done));
    await expect(validateIdea('', input)).rejects.toBeInstanceOf(HttpError);
    expect(calls).toHaveLength(1);
    mockFetch(sse([ev('error', { code: 'upstream_error', message: 'x' })]), jsonResponse(200, done));
    await expect(validateIdea('', input)).rejects.toBeInstanceOf(StreamFailure);
    expect(calls).toHaveLength(1);
  });

  it('gives the JSON call’s 429 to the caller as an error with the server’s reason', async () => {
    mockFetch(
      jsonResponse(503, { error: { code: 'unavailable', message: 'x' } }),
      jsonResponse(429, { error: { code: 'rate_limited', message: 'Too many requests.' } }),
    );
    const e = await validateIdea('', input).catch((x: unknown) => x);
    expect(e).toMatchObject({ status: 429, message: expect.stringMatching(/^429: /) });
    expect(refusalReason(e)).toBe('Too many requests.');
  });

  it('stops when the user aborts, even while the client is still loading: no fallback', async () => {
    const controller = new AbortController();
    calls = [];
    global.fetch = jest.fn(async (url: RequestInfo | URL, init?: RequestInit) => {
      calls.push({ url: String(url), init: init ?? {} });
      if (init?.signal?.aborted) throw new DOMException('The operation was aborted.', 'AbortError');
      return jsonResponse(200, done);
    }) as typeof fetch;
    const onFallback = jest.fn();
    const pending = validateIdea('', input, { onFallback }, controller.signal);
    controller.abort();
    await expect(pending).rejects.toMatchObject({ name: 'AbortError' });
    expect(calls.map((c) => c.url)).toEqual(['/api/validate/stream']);
    expect(onFallback).not.toHaveBeenCalled();
  });

  it('rejects when the fallback fails too (the UI then shows the error toast)', async () => {
    mockFetch(new TypeError('offline'), jsonResponse(500, { error: { code: 'internal_error', message: 'x' } }));
    await expect(validateIdea('', input)).rejects.toThrow('500: ');
  });
});

describe('trackClick', () => {
  it('posts the click as JSON with keepalive and only logs failures', async () => {
    const warn = jest.spyOn(console, 'warn').mockImplementation(() => undefined);
    mockFetch(jsonResponse(400, { error: { code: 'bad_request', message: 'nope' } }));
    trackClick('', { company: 'bubble', linkType: 'button', url: 'https://bubble.io/?ref=val' });
    // The typed client loads at the first call (off the landing page's critical path).
    await new Promise((r) => setTimeout(r, 10));
    expect(calls[0].url).toBe('/api/track-click');
    expect(calls[0].init).toMatchObject({ method: 'POST', keepalive: true, credentials: 'include' });
    expect(JSON.parse(String(calls[0].init.body))).toEqual({ company: 'bubble', linkType: 'button', url: 'https://bubble.io/?ref=val' });
    expect(warn).toHaveBeenCalledWith('Click tracking answered 400');
    mockFetch(new TypeError('network down'));
    expect(() => trackClick('', { company: 'miro', linkType: 'logo', url: 'https://miro.com/' })).not.toThrow();
    await new Promise((r) => setTimeout(r, 10));
    expect(warn).toHaveBeenCalledWith('Click tracking failed', expect.any(TypeError));
    warn.mockRestore();
  });
});

describe('refusalReason', () => {
  it('is the server’s 429 message, plus when to retry from Retry-After unless it already says', async () => {
    const { HttpError } = await import('@val/contracts');
    const limited = Object.assign(
      new HttpError(
        429,
        JSON.stringify({ error: { code: 'rate_limited', message: 'Too many requests. Please wait a moment and try again.' } }),
        'Too Many Requests',
      ),
      { retryAfterSeconds: 42 },
    );
    expect(refusalReason(limited)).toBe('Too many requests. Please wait a moment and try again. You can try again in 42 seconds.');
    const said = Object.assign(new HttpError(429, JSON.stringify({ error: { message: 'Please try again in 3 minutes.' } }), ''), { retryAfterSeconds: 180 });
    expect(refusalReason(said)).toBe('Please try again in 3 minutes.');
    expect(refusalReason(new HttpError(502, '{}', 'Bad Gateway'))).toBeNull();
    // An HttpError of another bundle (the typed client's chunk) is read by its fields.
    class OtherHttpError extends Error {
      constructor(
        readonly status: number,
        readonly bodyText: string,
      ) {
        super(`${status}: ${bodyText}`);
      }
    }
    expect(refusalReason(new OtherHttpError(429, JSON.stringify({ error: { message: 'Slow down.' } })))).toBe('Slow down.');
    expect(refusalReason(new Error('x'))).toBeNull();
  });
});
