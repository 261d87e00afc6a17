import { AiStreamCutError, AiStreamError, SseParser, followAiStream, readSse } from './sse';

describe('SseParser', () => {
  it('parses named events with JSON data and ids', () => {
    const p = new SseParser();
    expect(p.feed('event: delta\ndata: {"text":"Hi"}\nid: 7\n\n')).toEqual([{ event: 'delta', data: '{"text":"Hi"}', id: '7' }]);
    expect(p.lastEventId).toBe('7');
  });

  it('joins multi-line data, ignores comments, defaults the event name', () => {
    const p = new SseParser();
    expect(p.feed(': keep-alive\ndata: a\ndata: b\n\n')).toEqual([{ event: 'message', data: 'a\nb', id: undefined }]);
  });

  it('handles events split across chunks and CRLF / CR line ends', () => {
    const p = new SseParser();
    expect(p.feed('event: do')).toEqual([]);
    expect(p.feed('ne\r\ndata: {"x":1}\r')).toEqual([]);
    expect(p.feed('\n\r\n')).toEqual([{ event: 'done', data: '{"x":1}', id: undefined }]);
    expect(p.feed('data: cr only\r\rdata: next\n\n')).toEqual([
      { event: 'message', data: 'cr only', id: undefined },
      { event: 'message', data: 'next', id: undefined },
    ]);
  });

  it('keeps the value after "data:" without a space, and a line with no colon as a field', () => {
    const p = new SseParser();
    expect(p.feed('data:tight\ndata\n\n')).toEqual([{ event: 'message', data: 'tight\n', id: undefined }]);
  });
});

describe('SseParser, as the remotes read streams', () => {
  it('parses events split across pieces, skipping comments and keep-alives', () => {
    const p = new SseParser();
    expect(p.feed(': connected\n\nevent: meta\ndata: {"provider":"off')).toEqual([]);
    expect(p.feed('line"}\n\n: keep-alive\n\nevent: delta\ndata: {"text":"Hi"}\n\n')).toEqual([
      { event: 'meta', data: '{"provider":"offline"}', id: undefined },
      { event: 'delta', data: '{"text":"Hi"}', id: undefined },
    ]);
  });

  it('accepts CRLF line ends, multi-line data and ids', () => {
    const p = new SseParser();
    expect(p.feed('id: 7\r\nevent: done\r\ndata: a\r')).toEqual([]);
    expect(p.feed('\ndata: b\r\n\r\n')).toEqual([{ event: 'done', data: 'a\nb', id: '7' }]);
  });

  it('hands out a last event without a blank line on flush', () => {
    const p = new SseParser();
    expect(p.feed('data: tail')).toEqual([]);
    expect(p.flush()).toEqual([{ event: 'message', data: 'tail', id: undefined }]);
  });
});

/** A fetch body that delivers `pieces` one by one. */
const body = (pieces: string[]) =>
  new ReadableStream<Uint8Array>({
    start(c) {
      for (const p of pieces) c.enqueue(new TextEncoder().encode(p));
      c.close();
    },
  });
const ev = (event: string, data: unknown) => `event: ${event}\ndata: ${JSON.stringify(data)}\n\n`;

describe('readSse', () => {
  it('reads a body split anywhere, and drops an unterminated last event unless asked to keep it', async () => {
    const all = async (b: ReadableStream<Uint8Array>, keep = false) => {
      const out = [];
      for await (const m of readSse(b, { keepUnterminated: keep })) out.push(m);
      return out;
    };
    const pieces = ['event: a\nda', 'ta: 1\n', '\nid: 9\ndata: 2\n\ndata: tail'];
    expect(await all(body(pieces))).toEqual([
      { event: 'a', data: '1', id: undefined },
      { event: 'message', data: '2', id: '9' },
    ]);
    expect((await all(body(pieces), true)).at(-1)).toEqual({ event: 'message', data: 'tail', id: '9' });
  });
});

describe('followAiStream', () => {
  it('hands out the provider and each piece with the text so far, and resolves with done', async () => {
    const seen: string[] = [];
    let provider = '';
    const done = await followAiStream<{ response: string }>(
      body([
        ': connected\n\n',
        ev('meta', { provider: 'offline' }),
        ev('delta', { text: 'Call ' }),
        'event: delta\ndata: {"te',
        'xt":"five."}\n\n',
        ev('done', { response: 'Call five.' }),
      ]),
      { onMeta: (p) => (provider = p), onText: (piece, soFar) => seen.push(`${piece}|${soFar}`) },
    );
    expect(provider).toBe('offline');
    expect(seen).toEqual(['Call |Call ', 'five.|Call five.']);
    expect(done).toEqual({ response: 'Call five.' });
  });

  it('rejects with the error event, or when the stream ends without done', async () => {
    await expect(
      followAiStream(body([ev('delta', { text: 'a' }), ev('error', { code: 'upstream_error', message: 'The AI could not answer right now.' })])),
    ).rejects.toEqual(new AiStreamError('upstream_error', 'The AI could not answer right now.'));
    await expect(followAiStream(body([ev('meta', { provider: 'offline' }), ev('delta', { text: 'a' })]))).rejects.toBeInstanceOf(AiStreamCutError);
  });
});
