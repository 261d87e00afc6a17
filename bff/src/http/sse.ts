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

/** The last words of every stream the server ends as it stops: reconnect in a second (to another process). */
export const SSE_STOP_RETRY_MS = 1000;

/** Per Koa app: what ends each of its open streams, and whether the app is stopping. */
const openStreams = new WeakMap<object, Set<() => void>>();
const stoppedApps = new WeakSet<object>();

/**
 * Ends every open event stream of `app` at the start of a stop (each with its final event, then
 * `retry`), and every stream opened after it at once; returns how many were open.
 */
export function endStreams(app: object): number {
  stoppedApps.add(app);
  const ends = [...(openStreams.get(app) ?? [])];
  for (const end of ends) end();
  return ends.length;
}

export interface SseOptions<M> {
  heartbeatMs?: number;
  /** The stream's final event when the server stops (before `retry` and the end), e.g. an `error`. */
  onStop?: (channel: SseChannel<M>) => void;
}

/**
 * Turns the response into a Server-Sent Events stream (text/event-stream, no buffering,
 * a comment heartbeat every 15 s). The returned signal aborts when the client disconnects.
 * When the server stops (`endStreams`), the stream sends `onStop`'s final event and
 * `retry: 1000`, then ends: no open stream holds a restart.
 */
export function openSse<M = Record<string, unknown>>(ctx: Context, opts: SseOptions<M> = {}): SseChannel<M> {
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
  const channel: SseChannel<M> = {
    signal: controller.signal,
    send(event, data, id) {
      if (!open) return;
      const lines = [id !== undefined ? `id: ${id}` : '', `event: ${event}`, `data: ${JSON.stringify(data)}`].filter(Boolean);
      stream.write(`${lines.join('\n')}\n\n`);
    },
    close,
  };
  let streams = openStreams.get(ctx.app);
  if (!streams) openStreams.set(ctx.app, (streams = new Set()));
  const stop = () => {
    if (!open) return;
    opts.onStop?.(channel);
    if (open) stream.write(`retry: ${SSE_STOP_RETRY_MS}\n: the server is restarting\n\n`);
    close();
  };
  streams.add(stop);
  ctx.res.on('close', () => {
    streams.delete(stop);
    controller.abort();
    close();
  });
  stream.write(': connected\n\n');
  if (stoppedApps.has(ctx.app)) setImmediate(stop);
  return channel;
}
