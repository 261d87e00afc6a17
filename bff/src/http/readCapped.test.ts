import { BodyTooLargeError, readCapped } from './readCapped';

/** A response whose body arrives in `chunks` with no Content-Length (as a chunked answer does); `pulled` counts the chunks read. */
function chunked(chunks: string[]) {
  const state = { pulled: 0, cancelled: false };
  const enc = new TextEncoder();
  const body = new ReadableStream<Uint8Array>({
    pull(c) {
      if (state.pulled === chunks.length) return c.close();
      c.enqueue(enc.encode(chunks[state.pulled++]));
    },
    cancel() {
      state.cancelled = true;
    },
  });
  return { res: new Response(body), state };
}

describe('readCapped', () => {
  it('reads a body within the cap, split anywhere (multi-byte characters across chunks)', async () => {
    const bytes = Buffer.from('Zürich ¥3,000', 'utf8');
    const res = new Response(new Blob([bytes.subarray(0, 2), bytes.subarray(2)]));
    await expect(readCapped(res, 1024)).resolves.toBe('Zürich ¥3,000');
  });

  it('stops reading a body without Content-Length once it passes the cap, and cancels the rest', async () => {
    const { res, state } = chunked(Array.from({ length: 100 }, () => 'x'.repeat(1000)));
    await expect(readCapped(res, 5000)).rejects.toBeInstanceOf(BodyTooLargeError);
    expect(state.pulled).toBeLessThan(10);
    expect(state.cancelled).toBe(true);
  });

  it('refuses a Content-Length over the cap without reading', async () => {
    const { res, state } = chunked(['x'.repeat(10)]);
    const big = new Response(res.body, { headers: { 'content-length': '999999' } });
    await expect(readCapped(big, 1000)).rejects.toThrow('over 1000 bytes');
    expect(state.pulled).toBeLessThanOrEqual(1);
  });
});
