import { apiRequest, HttpError } from './api';

describe('apiRequest (the spec’s generic request helper)', () => {
  const realFetch = global.fetch;
  afterEach(() => {
    global.fetch = realFetch;
  });

  /** A response whose body reports whether it was read to the end or cancelled. */
  function answer(status: number, text: string) {
    const state = { done: false };
    const bytes = new TextEncoder().encode(text);
    const body = () =>
      new ReadableStream<Uint8Array>(
        {
          pull(c) {
            c.enqueue(bytes);
            c.close();
            state.done = true;
          },
          cancel() {
            state.done = true;
          },
        },
        { highWaterMark: 0 },
      );
    global.fetch = jest.fn(async () => new Response(body(), { status, headers: { 'content-type': 'application/json' } }));
    return state;
  }

  it('returns null on a 401 when asked to, and lets go of the answer’s body (the connection is free again)', async () => {
    const body = answer(401, '{"error":{"code":"unauthorized","message":"Admin login required"}}');
    await expect(apiRequest('GET', '/api/admin/link-stats', undefined, { on401: 'returnNull' })).resolves.toBeNull();
    expect(body.done).toBe(true);
  });

  it('turns any other non-ok answer into "status: body"', async () => {
    answer(429, 'slow down');
    await expect(apiRequest('GET', '/x')).rejects.toEqual(new HttpError(429, 'slow down', ''));
    await expect(apiRequest('GET', '/x').catch((e: Error) => e.message)).resolves.toBe('429: slow down');
  });
});
