import { createSseParser } from './sse';

describe('createSseParser', () => {
  it('parses events split across pieces, skipping comments and keep-alives', () => {
    const p = createSseParser();
    expect(p.push(': connected\n\nevent: meta\ndata: {"provider":"off')).toEqual([]);
    expect(p.push('line"}\n\n: keep-alive\n\nevent: delta\ndata: {"text":"Hi"}\n\n')).toEqual([
      { event: 'meta', data: '{"provider":"offline"}', id: undefined },
      { event: 'delta', data: '{"text":"Hi"}', id: undefined },
    ]);
  });

  it('accepts CRLF line ends, multi-line data and ids', () => {
    const p = createSseParser();
    expect(p.push('id: 7\r\nevent: done\r\ndata: a\r')).toEqual([]);
    expect(p.push('\ndata: b\r\n\r\n')).toEqual([{ event: 'done', data: 'a\nb', id: '7' }]);
  });

  it('hands out a last event without a blank line on flush', () => {
    const p = createSseParser();
    expect(p.push('data: tail')).toEqual([]);
    expect(p.flush()).toEqual([{ event: 'message', data: 'tail', id: undefined }]);
  });
});
