import { useEffect, useRef, useState } from 'react';
import { normalizeInterviewEvidence } from '@val/contracts/evidence';
import { REPORT_ID_PATTERN, REPORT_POLL_INTERVAL_MS, type ReportEvent, type ReportStatusResponse } from '@val/contracts';
import { createValApi } from '@val/client';
import { loadPaidConfig } from '../paid/config';
import { readCheck, readReportSheet, readSources } from './readSheet';

/**
 * A report's status as the page reads it: the spec's four fields (processing_status, title,
 * description, flow_execution_steps) are all it needs; what our own service adds (product,
 * progress, error, provider) is used when present, so `FEASIBILITY_BASE_URL` may name another
 * service that answers with the spec's fields alone.
 */
export type LiveStatus = Pick<ReportStatusResponse, 'processing_status' | 'title' | 'description' | 'flow_execution_steps'> &
  Partial<Pick<ReportStatusResponse, 'product' | 'error' | 'provider' | 'progress' | 'evidence' | 'fact_sheet'>>;

export interface ReportState {
  status: LiveStatus | null;
  /** The id is malformed or unknown to the server (400 / 404). */
  notFound: boolean;
  /** The latest live event, for the status line. */
  lastEvent: ReportEvent | null;
  /** Agents the live stream saw start and not yet finish. */
  running: string[];
}

const STATUSES = new Set(['queued', 'running', 'finished', 'failed']);
const text = (v: unknown) => (typeof v === 'string' ? v : '');

/** The answer of a status call, reduced to what it really holds (a service may send only the spec's fields). */
export function readStatus(raw: unknown): LiveStatus | null {
  if (!raw || typeof raw !== 'object') return null;
  const r = raw as Record<string, unknown>;
  const st = text(r.processing_status).toLowerCase();
  if (!STATUSES.has(st)) return null;
  const steps = Array.isArray(r.flow_execution_steps) ? r.flow_execution_steps : [];
  const out: LiveStatus = {
    processing_status: st as LiveStatus['processing_status'],
    title: text(r.title),
    description: text(r.description),
    flow_execution_steps: steps
      .filter((x): x is Record<string, unknown> => !!x && typeof x === 'object')
      .map((x, i) => {
        const step: LiveStatus['flow_execution_steps'][number] = {
          id: text(x.id) || `step-${i + 1}`,
          title: text(x.title) || `Section ${i + 1}`,
          raw_output: text(x.raw_output),
        };
        const sources = readSources(x.sources);
        const check = readCheck(x.check);
        if (sources) step.sources = sources;
        if (check) step.check = check;
        return step;
      }),
  };
  if (typeof r.product === 'string') out.product = r.product as LiveStatus['product'];
  if (typeof r.error === 'string' || r.error === null) out.error = r.error as string | null;
  if (typeof r.provider === 'string' || r.provider === null) out.provider = r.provider as string | null;
  const p = r.progress as Record<string, unknown> | undefined;
  if (p && typeof p === 'object' && typeof p.finished === 'number' && typeof p.total === 'number') {
    out.progress = {
      finished: p.finished,
      total: p.total,
      running: Array.isArray(p.running) ? p.running.filter((x): x is string => typeof x === 'string') : [],
    };
  }
  const evidence = normalizeInterviewEvidence(r.evidence);
  if (evidence) out.evidence = evidence;
  const sheet = readReportSheet(r.fact_sheet);
  if (sheet) out.fact_sheet = sheet;
  return out;
}

const done = (s: LiveStatus | null) => s?.processing_status === 'finished' || s?.processing_status === 'failed';

/**
 * A report's status, kept live: the SSE stream (`/api/reports/:id/events`) moves the status line
 * and refreshes the status at each step; the spec's polling (`POST /api/reports/status` every
 * 6000 ms) runs as the fallback until the report is finished or failed. Polling errors are
 * logged and retried after 6 s.
 */
export function useReport(reportId: string, apiBase = ''): ReportState {
  const malformed = !REPORT_ID_PATTERN.test(reportId);
  const [state, setState] = useState<ReportState>({ status: null, notFound: malformed, lastEvent: null, running: [] });
  const stateRef = useRef(state);
  stateRef.current = state;

  useEffect(() => {
    if (malformed) {
      setState((s) => ({ ...s, notFound: true }));
      return;
    }
    let alive = true;
    let api = createValApi({ baseUrl: apiBase });
    let latest: LiveStatus | null = null;
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
        const res = await api.request('reportStatus', { body: { execution_id: reportId } });
        if (!alive) return;
        if (res.status === 404 || res.status === 400) {
          setState((s) => ({ ...s, notFound: true }));
          stop();
          return;
        }
        if (!res.ok) throw new Error(`${res.status}: ${(await res.text().catch(() => '')) || res.statusText}`);
        const status = readStatus(await res.json());
        if (!alive) return;
        if (!status) throw new Error('the report service answered without a processing_status');
        latest = status;
        setState((s) => ({ ...s, status, running: done(status) ? [] : (status.progress?.running ?? s.running) }));
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

    void (async () => {
      // The report service is the feasibility host (FEASIBILITY_BASE_URL, this origin by default).
      const config = await loadPaidConfig(apiBase);
      if (config.feasibilityBaseUrl) api = createValApi({ baseUrl: config.feasibilityBaseUrl });
      await fetchStatus();
    })().then(() => {
      if (!alive) return;
      schedule();
      // The live stream is our own service's extra; a service with the spec's fields alone is polled.
      if (typeof EventSource !== 'undefined' && latest?.progress && !done(latest)) {
        source = new EventSource(api.url('reportEvents', { params: { id: reportId } }), { withCredentials: true });
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
  }, [reportId, apiBase, malformed]);

  return state;
}
