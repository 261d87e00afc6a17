import { PassThrough } from 'node:stream';
import type { Context } from 'koa';

/**
 * An open event stream whose events are `M` (event name → data), e.g. `AiStreamEvents` or the
 * report events: `send` takes only their names and shapes.
 */
export interface SseChannel<M = Record<string, unknown>> {
  /** Sends one event; data is JSON-encoded. */
  send<E extends keyof M & string>(event: E, data: M[E], id?: string | number): void;
  /** Ends the stream. */
  close(): void;
  /** Aborted when the client goes away. */
  signal: AbortSignal;
}

/**
 * Turns the response into a Server-Sent Events stream (text/event-stream, no buffering,
 * a comment heartbeat every 15 s). The returned signal aborts when the client disconnects.
 */
export function openSse<M = Record<string, unknown>>(ctx: Context, opts: { heartbeatMs?: number } = {}): SseChannel<M> {
  const stream = new PassThrough();
  const controller = new AbortController();
  ctx.req.socket.setTimeout(0);
  ctx.req.socket.setNoDelay(true);
  ctx.req.socket.setKeepAlive(true);
  ctx.set({
    'Content-Type': 'text/event-stream; charset=utf-8',
    'Cache-Control': 'no-cache, no-transform',
    Connection: 'keep-alive',
    'X-Accel-Buffering': 'no',
  });
  ctx.status = 200;
  ctx.body = stream;
  let open = true;
  const heartbeat = setInterval(() => open && stream.write(': keep-alive\n\n'), opts.heartbeatMs ?? 15000);
  const close = () => {
    if (!open) return;
    open = false;
    clearInterval(heartbeat);
    stream.end();
  };
  ctx.res.on('close', () => {
    controller.abort();
    close();
  });
  stream.write(': connected\n\n');
  return {
    signal: controller.signal,
    send(event, data, id) {
      if (!open) return;
      const lines = [id !== undefined ? `id: ${id}` : '', `event: ${event}`, `data: ${JSON.stringify(data)}`].filter(Boolean);
      stream.write(`${lines.join('\n')}\n\n`);
    },
    close,
  };
}
