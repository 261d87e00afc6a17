/** One Server-Sent Event. */
export interface SseEvent {
  /** The `event:` field; "message" when absent. */
  event: string;
  data: string;
  id?: string;
}

/**
 * Incremental parser of a text/event-stream (WHATWG rules: `event`, `data` (multi-line joined
 * with \n), `id`, comments, LF / CRLF / CR line ends). Feed text; complete events come back.
 */
export class SseParser {
  private buffer = '';
  private event = '';
  private data: string[] = [];
  private id: string | undefined;
  /** The last event id seen (for Last-Event-ID on reconnect). */
  lastEventId: string | undefined;

  feed(text: string): SseEvent[] {
    this.buffer += text;
    const out: SseEvent[] = [];
    for (;;) {
      const m = /\r\n|\r|\n/.exec(this.buffer);
      if (!m) break;
      // A lone CR at the very end may be the first half of a CRLF: wait for more.
      if (m[0] === '\r' && m.index === this.buffer.length - 1) break;
      const line = this.buffer.slice(0, m.index);
      this.buffer = this.buffer.slice(m.index + m[0].length);
      const ev = this.line(line);
      if (ev) out.push(ev);
    }
    return out;
  }

  private line(line: string): SseEvent | undefined {
    if (line === '') {
      if (!this.data.length && !this.event) return undefined;
      const ev: SseEvent = { event: this.event || 'message', data: this.data.join('\n'), id: this.id };
      this.event = '';
      this.data = [];
      return ev;
    }
    if (line.startsWith(':')) return undefined;
    const colon = line.indexOf(':');
    const field = colon === -1 ? line : line.slice(0, colon);
    let value = colon === -1 ? '' : line.slice(colon + 1);
    if (value.startsWith(' ')) value = value.slice(1);
    if (field === 'event') this.event = value;
    else if (field === 'data') this.data.push(value);
    else if (field === 'id' && !value.includes('\0')) {
      this.id = value;
      this.lastEventId = value;
    }
    return undefined;
  }
}

/** Reads a fetch Response body as SSE events. */
export async function* readSse(res: Response): AsyncGenerator<SseEvent> {
  if (!res.body) return;
  const parser = new SseParser();
  const decoder = new TextDecoder();
  const reader = res.body.getReader();
  let finished = false;
  try {
    for (;;) {
      const { value, done } = await reader.read();
      if (done) break;
      for (const ev of parser.feed(decoder.decode(value, { stream: true }))) yield ev;
    }
    finished = true;
    // An event not ended by a blank line at the end of the stream is discarded (WHATWG rule).
  } finally {
    if (!finished) await reader.cancel().catch(() => undefined);
    reader.releaseLock();
  }
}
