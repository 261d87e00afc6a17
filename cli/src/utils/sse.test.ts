import { SseParser } from './sse';

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
