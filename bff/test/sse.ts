import { readSse } from '@val/client';

/** One event of a stream, its data parsed as JSON. */
export interface SseEvent {
  /** The event's id, when the stream gives ids (report events). */
  id?: number;
  event: string;
  // eslint-disable-next-line @typescript-eslint/no-explicit-any -- each event type carries its own shape; tests assert on its fields
  data: any;
}

/**
 * Reads a Server-Sent Events response with the contracts' reader (the one the remotes and the
 * CLI use) until it ends, `until` says stop (the body is then cancelled), or `signal` aborts.
 */
export async function sseEvents(r: Response, opts: { until?: (e: SseEvent) => boolean; signal?: AbortSignal } = {}): Promise<SseEvent[]> {
  const events: SseEvent[] = [];
  try {
    for await (const m of readSse(r.body)) {
      const e: SseEvent = { ...(m.id !== undefined ? { id: Number(m.id) } : {}), event: m.event, data: JSON.parse(m.data) };
      events.push(e);
      if (opts.until?.(e)) break;
    }
  } catch (err) {
    if (!opts.signal?.aborted) throw err;
  }
  return events;
}
