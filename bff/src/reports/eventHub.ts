import { REPORT_EVENT_TYPES } from '@val/contracts';
import type { Logger } from '../logger';
import type { StoredReportEvent } from '../repositories/reportJobs';
import type { ReportService } from './service';

/** How often an open event stream re-reads the database when no in-process notice arrives (ms). */
export const SSE_POLL_MS = 500;

/** One open event stream of a report. */
export interface ReportEventListener {
  /** Events it already has (Last-Event-ID): only later ones are delivered. */
  after: number;
  event(e: StoredReportEvent): void;
  /** The report finished or failed (its last event was delivered), or is gone: close the stream. */
  end(): void;
}

/** Report event streams of one process, fed by ONE database poll per report however many listen. */
export interface ReportEventHub {
  /** Starts delivering the report's events to `listener`; returns the unsubscribe. */
  subscribe(id: string, listener: ReportEventListener): () => void;
  /** Reports being watched right now (one poll loop each). */
  readonly watched: number;
}

const terminal = (e: StoredReportEvent) => e.event.type === 'job-finished' || e.event.type === 'job-failed';

interface Watch {
  listeners: Set<ReportEventListener>;
  /** Every event of the report read so far (a report has a few dozen), for late subscribers. */
  seen: StoredReportEvent[];
  cursor: number;
  stop: AbortController;
}

/**
 * Shares one poll per report among all of its open streams: the first subscriber starts a loop
 * that reads new events (and, when there are none, the job's state) every `pollMs` — or at once
 * when this process's worker signals a change — and hands each event to every listener. The loop
 * ends with the report (finished, failed, unknown), when the last listener leaves, or at shutdown.
 * 600 streams of one report cost what one does: two cheap queries per `pollMs`.
 */
export function reportEventHub(
  reports: Pick<ReportService, 'events' | 'get' | 'waitForChange'>,
  opts: { pollMs: number; stopping: () => boolean; logger: Logger },
): ReportEventHub {
  const watches = new Map<string, Watch>();

  const finish = (id: string, w: Watch) => {
    if (watches.get(id) === w) watches.delete(id);
    w.stop.abort();
    for (const l of w.listeners) l.end();
    w.listeners.clear();
  };

  const deliver = (l: ReportEventListener, e: StoredReportEvent) => {
    if (e.id <= l.after || !REPORT_EVENT_TYPES.includes(e.event.type)) return;
    l.after = e.id;
    l.event(e);
  };

  const run = async (id: string, w: Watch) => {
    while (w.listeners.size && !opts.stopping()) {
      const events = await reports.events(id, w.cursor);
      for (const e of events) {
        w.seen.push(e);
        w.cursor = e.id;
        for (const l of w.listeners) deliver(l, e);
        if (terminal(e)) return finish(id, w);
      }
      if (!events.length) {
        const job = await reports.get(id);
        if (!job || job.status === 'finished' || job.status === 'failed') return finish(id, w);
      }
      if (w.listeners.size) await reports.waitForChange(id, opts.pollMs, w.stop.signal);
    }
    finish(id, w);
  };

  return {
    get watched() {
      return watches.size;
    },
    subscribe(id, listener) {
      let w = watches.get(id);
      if (w) {
        for (const e of w.seen) deliver(listener, e);
        w.listeners.add(listener);
      } else {
        const created: Watch = { listeners: new Set([listener]), seen: [], cursor: 0, stop: new AbortController() };
        w = created;
        watches.set(id, created);
        run(id, created).catch((err) => {
          opts.logger.warn({ err, report: id }, 'report event poll failed');
          finish(id, created);
        });
      }
      const mine = w;
      return () => {
        mine.listeners.delete(listener);
        if (!mine.listeners.size) {
          if (watches.get(id) === mine) watches.delete(id);
          mine.stop.abort();
        }
      };
    },
  };
}
