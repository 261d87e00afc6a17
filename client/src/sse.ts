import { AI_STREAM_EVENTS, type AiProviderName, type AiStreamEvents } from '@val/contracts';

/*
 * The one Server-Sent Events reader of Val: the remotes (browser), the CLI and the tests (Node)
 * all read streams with it. Browser-safe: fetch's ReadableStream and TextDecoder only.
 */

/** One Server-Sent Event as it came over the wire. */
export interface SseMessage {
  /** The `event:` field; "message" when absent. */
  event: string;
  /** The `data:` lines joined with \n. */
  data: string;
  /** The last `id:` seen (it carries over to later events, as in EventSource). */
  id?: string;
}

/**
 * Incremental parser of a text/event-stream (WHATWG rules: `event`, `data` (multi-line joined
 * with \n), `id`, comments, LF / CRLF / CR line ends). Feed text as it arrives; complete events
 * come back. An event without `data` is not dispatched.
 */
export class SseParser {
  private buffer = '';
  private event = '';
  private data: string[] = [];
  private id: string | undefined;
  /** The last event id seen (for Last-Event-ID on reconnect). */
  lastEventId: string | undefined;

  feed(text: string): SseMessage[] {
    this.buffer += text;
    const out: SseMessage[] = [];
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

  /** The stream ended: an event not closed by a blank line (WHATWG drops it; some readers keep it). */
  flush(): SseMessage[] {
    const rest = this.buffer.replace(/\r$/, '');
    this.buffer = '';
    const out: SseMessage[] = [];
    if (rest) {
      const ev = this.line(rest);
      if (ev) out.push(ev);
    }
    const last = this.line('');
    if (last) out.push(last);
    return out;
  }

  private line(line: string): SseMessage | undefined {
    if (line === '') {
      const ev: SseMessage | undefined = this.data.length ? { event: this.event || 'message', data: this.data.join('\n'), id: this.id } : undefined;
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

/** Options of `readSse`. */
export interface ReadSseOptions {
  /** Also hand out an event the stream ended without closing (default false: dropped, as WHATWG says). */
  keepUnterminated?: boolean;
}

/**
 * Reads a response body (fetch) as Server-Sent Events. Leaving the loop early cancels the body;
 * a broken connection rejects with the reader's error.
 */
export async function* readSse(body: ReadableStream<Uint8Array> | null | undefined, opts: ReadSseOptions = {}): AsyncGenerator<SseMessage> {
  if (!body) return;
  const parser = new SseParser();
  const decoder = new TextDecoder();
  const reader = body.getReader();
  let finished = false;
  try {
    for (;;) {
      const { value, done } = await reader.read();
      if (done) break;
      for (const ev of parser.feed(decoder.decode(value, { stream: true }))) yield ev;
    }
    finished = true;
    const tail = parser.feed(decoder.decode());
    for (const ev of tail) yield ev;
    if (opts.keepUnterminated) for (const ev of parser.flush()) yield ev;
  } finally {
    if (!finished) await reader.cancel().catch(() => undefined);
    reader.releaseLock();
  }
}

/** A typed event of a stream whose events are `M` (event name → data). */
export type StreamEvent<M> = { [E in keyof M & string]: { event: E; data: M[E]; id?: string } }[keyof M & string];

/**
 * Reads a response body as the typed events of `M`: the data of each event named in `names` is
 * parsed as JSON (an event with other name or data that is not JSON is skipped). Shapes are not
 * checked here (browser code carries no schema library); the CLI checks them with the zod schemas.
 */
export async function* readStreamEvents<M>(
  body: ReadableStream<Uint8Array> | null | undefined,
  names: ReadonlyArray<keyof M & string>,
  opts: ReadSseOptions = {},
): AsyncGenerator<StreamEvent<M>> {
  for await (const m of readSse(body, opts)) {
    if (!(names as ReadonlyArray<string>).includes(m.event)) continue;
    let data: unknown;
    try {
      data = JSON.parse(m.data);
    } catch {
      continue;
    }
    yield { event: m.event, data, id: m.id } as StreamEvent<M>;
  }
}

/** The stream's `error` event: the model failed part-way. */
export class AiStreamError extends Error {
  constructor(
    readonly code: string,
    message: string,
  ) {
    super(message);
    this.name = 'AiStreamError';
  }
}

/** The stream ended before its `done` event. */
export class AiStreamCutError extends Error {
  constructor() {
    super('the stream ended before the answer was complete');
    this.name = 'AiStreamCutError';
  }
}

/** What a reader of an AI stream is told as it goes. */
export interface AiStreamHandlers {
  onMeta?(provider: AiProviderName): void;
  /** Each piece as it arrives, and the answer so far (all pieces joined). */
  onText?(piece: string, soFar: string): void;
}

/**
 * Follows a streamed AI answer (`AiStreamEvents`): `meta` and each `delta` go to the handlers;
 * resolves with the `done` event's data. An `error` event rejects with AiStreamError, a stream
 * that ends without `done` with AiStreamCutError, a broken connection with the reader's error.
 */
export async function followAiStream<Done>(
  body: ReadableStream<Uint8Array> | null | undefined,
  handlers: AiStreamHandlers = {},
  opts: ReadSseOptions = {},
): Promise<Done> {
  let text = '';
  for await (const e of readStreamEvents<AiStreamEvents<Done>>(body, AI_STREAM_EVENTS, opts)) {
    if (e.event === 'meta') handlers.onMeta?.(e.data.provider);
    else if (e.event === 'delta') {
      const piece = e.data.text ?? '';
      text += piece;
      handlers.onText?.(piece, text);
    } else if (e.event === 'done') return e.data as Done;
    else if (e.event === 'error') throw new AiStreamError(e.data.code ?? '', e.data.message ?? '');
  }
  throw new AiStreamCutError();
}
