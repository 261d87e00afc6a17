import { useEffect, useState } from 'react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { normalizeInterviewEvidence } from '@val/contracts/evidence';
import {
  PAGE_DATA_KEYS,
  REPORT_EVENT_TYPES,
  REPORT_ID_PATTERN,
  REPORT_POLL_INTERVAL_MS,
  type PageData,
  type PaidConfig,
  type ReportEvent,
  type ReportStatusResponse,
} from '@val/contracts';
import { createValApi, type ValApi } from '@val/client';
import { paidConfigQuery } from '../paid/configQuery';
import { readCheck, readReportSheet, readSources } from './readSheet';

/**
 * A report's status as the page reads it: the spec's four fields (processing_status, title,
 * description, flow_execution_steps) are all it needs; what our own service adds (product,
 * progress, error, provider) is used when present, so `FEASIBILITY_BASE_URL` may name another
 * service that answers with the spec's fields alone.
 */
export type LiveStatus = Pick<ReportStatusResponse, 'processing_status' | 'title' | 'description' | 'flow_execution_steps'> &
  Partial<Pick<ReportStatusResponse, 'product' | 'error' | 'provider' | 'progress' | 'evidence' | 'fact_sheet' | 'original_fact_sheet'>>;

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
        if (x.written_for === 'original' || x.written_for === 'yours') step.written_for = x.written_for;
        if (x.written_by === 'offline-after-model') step.written_by = x.written_by;
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
  const original = sheet ? readReportSheet(r.original_fact_sheet) : undefined;
  if (original) out.original_fact_sheet = original;
  return out;
}

const done = (s: LiveStatus | null | undefined) => s?.processing_status === 'finished' || s?.processing_status === 'failed';

/** What a status call answered: the status, or that the id is malformed or unknown to the server (400 / 404). */
export type ReportAnswer = { notFound: true } | { notFound: false; status: LiveStatus };

/** The report's query key: the report and the service that holds it (FEASIBILITY_BASE_URL, else the API base). */
export const reportQueryKey = (reportId: string, reportBase: string) => ['report', reportId, reportBase] as const;

/** One status call (`POST /api/reports/status`). Errors are logged and thrown: the next poll is the retry. */
async function fetchReport(api: ValApi, reportId: string): Promise<ReportAnswer> {
  try {
    const res = await api.request('reportStatus', { body: { execution_id: reportId } });
    if (res.status === 404 || res.status === 400) return { notFound: true };
    if (!res.ok) throw new Error(`${res.status}: ${(await res.text().catch(() => '')) || res.statusText}`);
    const status = readStatus(await res.json());
    if (!status) throw new Error('the report service answered without a processing_status');
    return { notFound: false, status };
  } catch (err) {
    console.error('report status failed; retrying in 6 s', err);
    throw err;
  }
}

/** A step-started event seen by the stream, written into the cached status: its agent is at work. */
function withRunning(answer: ReportAnswer | undefined, step: string): ReportAnswer | undefined {
  if (!answer || answer.notFound || !answer.status.progress || answer.status.progress.running.includes(step)) return answer;
  const { status } = answer;
  return { notFound: false, status: { ...status, progress: { ...status.progress!, running: [...status.progress!.running, step] } } };
}

/**
 * A report's status, kept live. The status is a query (`POST /api/reports/status`), polled every
 * 6000 ms (the spec's fallback) until the report is finished or failed or the id is unknown; a
 * failed call is logged and the next poll retries it. While the report runs and the service is
 * our own (it reports progress), the SSE stream (`/api/reports/:id/events`) feeds the same cache:
 * a step-started marks its agent at work (`setQueryData`), a step-finished or the job's end reads
 * the status again at once. The latest event itself is stream state, not server state: it only
 * words the status line, so it stays in component state.
 */
export function useReport(reportId: string, apiBase = '', pageData?: PageData): ReportState {
  const malformed = !REPORT_ID_PATTERN.test(reportId);
  const queryClient = useQueryClient();
  // What the server rendered the page with (its report and the paid config), if it did: the first
  // render shows the same, and the status is asked again only when the next poll is due.
  const [given] = useState(() => {
    const status = malformed ? null : readStatus(pageData?.[PAGE_DATA_KEYS.reportStatus(reportId)]);
    const config = pageData?.[PAGE_DATA_KEYS.paidConfig()] as PaidConfig | undefined;
    return status && config ? { status, config, at: Date.now() } : null;
  });
  const config = useQuery({ ...paidConfigQuery(apiBase), enabled: !malformed, ...(given ? { initialData: given.config } : {}) });
  // The report service is the feasibility host (FEASIBILITY_BASE_URL, this origin by default).
  const reportBase = config.data ? config.data.feasibilityBaseUrl || apiBase : undefined;
  const key = reportQueryKey(reportId, reportBase ?? apiBase);
  const report = useQuery({
    queryKey: key,
    queryFn: () => fetchReport(createValApi({ baseUrl: reportBase }), reportId),
    enabled: !malformed && reportBase !== undefined,
    retry: false,
    ...(given
      ? { initialData: { notFound: false, status: given.status } as ReportAnswer, initialDataUpdatedAt: given.at, staleTime: REPORT_POLL_INTERVAL_MS }
      : {}),
    refetchInterval: (q) => (q.state.data?.notFound || (q.state.data && done(q.state.data.status)) ? false : REPORT_POLL_INTERVAL_MS),
    refetchIntervalInBackground: true,
  });
  const answer = report.data;
  const status = answer && !answer.notFound ? answer.status : null;
  const [lastEvent, setLastEvent] = useState<ReportEvent | null>(null);

  // The live stream is our own service's extra; a service with the spec's fields alone is polled.
  const streamUrl =
    reportBase !== undefined && status?.progress && !done(status)
      ? createValApi({ baseUrl: reportBase }).url('reportEvents', { params: { id: reportId } })
      : null;
  const [, reportIdKey, baseKey] = key;
  useEffect(() => {
    if (!streamUrl || typeof EventSource === 'undefined') return;
    const queryKey = reportQueryKey(reportIdKey, baseKey);
    const source = new EventSource(streamUrl, { withCredentials: true });
    const onEvent = (e: MessageEvent<string>) => {
      let ev: ReportEvent;
      try {
        ev = JSON.parse(e.data) as ReportEvent;
      } catch {
        return;
      }
      setLastEvent(ev);
      if (ev.type === 'step-started') queryClient.setQueryData<ReportAnswer>(queryKey, (old) => withRunning(old, ev.step));
      if (ev.type === 'step-finished' || ev.type === 'job-finished' || ev.type === 'job-failed') void queryClient.invalidateQueries({ queryKey, exact: true });
      // The stream ends with the job; closing it keeps the browser from reconnecting.
      if (ev.type === 'job-finished' || ev.type === 'job-failed') source.close();
    };
    for (const type of REPORT_EVENT_TYPES) source.addEventListener(type, onEvent as EventListener);
    return () => source.close();
  }, [streamUrl, queryClient, reportIdKey, baseKey]);

  return {
    status,
    notFound: malformed || !!answer?.notFound,
    lastEvent,
    running: done(status) ? [] : (status?.progress?.running ?? []),
  };
}
