import { useEffect, useRef, useState } from 'react';
import { REPORT_POLL_INTERVAL_MS, type ReportEvent, type ReportStatusResponse } from '@val/contracts';

export interface ReportState {
  status: ReportStatusResponse | null;
  /** The id is unknown to the server (404). */
  notFound: boolean;
  /** The latest live event, for the status line. */
  lastEvent: ReportEvent | null;
  /** Agents the live stream saw start and not yet finish. */
  running: string[];
}

const done = (s: ReportStatusResponse | null) => s?.processing_status === 'finished' || s?.processing_status === 'failed';

/**
 * A report's status, kept live: the SSE stream (`/api/reports/:id/events`) moves the status line
 * and refreshes the status at each step; the spec's polling (`POST /api/reports/status` every
 * 6000 ms) runs as the fallback until the report is finished or failed. Polling errors are
 * logged and retried after 6 s.
 */
export function useReport(reportId: string, apiBase = ''): ReportState {
  const [state, setState] = useState<ReportState>({ status: null, notFound: false, lastEvent: null, running: [] });
  const stateRef = useRef(state);
  stateRef.current = state;

  useEffect(() => {
    let alive = true;
    let timer: ReturnType<typeof setTimeout> | undefined;
    let source: EventSource | null = null;
    let inFlight = false;
    let again = false;

    const fetchStatus = async (): Promise<void> => {
      if (inFlight) {
        again = true;
        return;
      }
      inFlight = true;
      try {
        const res = await fetch(`${apiBase}/api/reports/status`, {
          method: 'POST',
          credentials: 'include',
          headers: { 'Content-Type': 'application/json' },
          body: JSON.stringify({ execution_id: reportId }),
        });
        if (!alive) return;
        if (res.status === 404) {
          setState((s) => ({ ...s, notFound: true }));
          stop();
          return;
        }
        if (!res.ok) throw new Error(`${res.status}: ${(await res.text().catch(() => '')) || res.statusText}`);
        const status = (await res.json()) as ReportStatusResponse;
        if (!alive) return;
        setState((s) => ({ ...s, status, running: done(status) ? [] : status.progress.running }));
        if (done(status)) stop();
      } catch (err) {
        console.error('report status failed; retrying in 6 s', err);
      } finally {
        inFlight = false;
        if (again && alive) {
          again = false;
          void fetchStatus();
        }
      }
    };

    const schedule = () => {
      clearTimeout(timer);
      timer = setTimeout(async () => {
        await fetchStatus();
        if (alive && !done(stateRef.current.status) && !stateRef.current.notFound) schedule();
      }, REPORT_POLL_INTERVAL_MS);
    };

    function stop() {
      alive = false;
      clearTimeout(timer);
      source?.close();
    }

    const onEvent = (e: MessageEvent<string>) => {
      let ev: ReportEvent;
      try {
        ev = JSON.parse(e.data) as ReportEvent;
      } catch {
        return;
      }
      setState((s) => {
        const running = new Set(s.running);
        if (ev.type === 'step-started') running.add(ev.step);
        if (ev.type === 'step-finished') running.delete(ev.step);
        return { ...s, lastEvent: ev, running: [...running] };
      });
      if (ev.type === 'step-finished' || ev.type === 'job-finished' || ev.type === 'job-failed') void fetchStatus();
      if (ev.type === 'job-finished' || ev.type === 'job-failed') source?.close();
    };

    void fetchStatus().then(() => {
      if (!alive) return;
      schedule();
      if (typeof EventSource !== 'undefined') {
        source = new EventSource(`${apiBase}/api/reports/${encodeURIComponent(reportId)}/events`, { withCredentials: true });
        for (const type of ['step-started', 'step-finished', 'step-retry', 'job-finished', 'job-failed']) {
          source.addEventListener(type, onEvent as EventListener);
        }
      }
    });
    return () => {
      alive = false;
      clearTimeout(timer);
      source?.close();
    };
  }, [reportId, apiBase]);

  return state;
}
