import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import type { CatalogueProduct, ProductInputs, ReportFactSheet } from '@val/contracts';
import { offlineReportAnswer } from '../src/ai/offline/reports';
import type { UpstreamFinding } from '../src/ai/types';
import { dagLevels } from '../src/reports/dag';
import type { ReportService } from '../src/reports/service';
import { sseEvents } from './sse';

/** Inputs used by the report tests. */
export const FEASIBILITY_INPUTS = {
  targetMarket: 'Independent gyms in the UK',
  productIdea: 'An app that lets members book and pay for classes in two taps',
};

/** Polls until `check` returns a value (not undefined/false) or the time is up. */
export async function waitFor<T>(check: () => Promise<T | undefined | false | null>, ms = 20000, what = 'condition'): Promise<T> {
  const deadline = Date.now() + ms;
  for (;;) {
    const v = await check();
    if (v !== undefined && v !== false && v !== null) return v;
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 25));
  }
}

/** Waits until a report reaches finished or failed. */
export function waitForReport(reports: ReportService, id: string, ms = 30000) {
  return waitFor(
    async () => {
      const s = await reports.status(id);
      return s && (s.processing_status === 'finished' || s.processing_status === 'failed') ? s : undefined;
    },
    ms,
    `report ${id}`,
  );
}

const workerEntry = path.join(__dirname, '..', 'dist', 'src', 'worker.js');

/** A standalone worker process (`node bff/dist/src/worker.js`) over the given database. */
export interface WorkerChild {
  proc: ChildProcess;
  logs(): string;
  /** Resolves with the exit code (or signal name). */
  exited: Promise<number | string>;
}

export function spawnWorker(db: { url?: string; sqliteFile?: string }, env: Record<string, string> = {}): WorkerChild {
  if (!fs.existsSync(workerEntry)) throw new Error('bff is not built: run `node scripts/ensure-built.js` first (npm test does it)');
  let out = '';
  const proc = spawn(process.execPath, [workerEntry], {
    env: {
      PATH: process.env.PATH ?? '',
      NODE_ENV: 'test',
      LOG_LEVEL: 'info',
      AI_PROVIDER: 'offline',
      MIGRATE_ON_START: 'false',
      DATABASE_URL: db.url ?? '',
      DATA_DIR: db.sqliteFile ? path.dirname(db.sqliteFile) : '',
      REPORT_POLL_MS: '50',
      ...env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  proc.stdout?.on('data', (d) => (out += d));
  proc.stderr?.on('data', (d) => (out += d));
  const exited = new Promise<number | string>((resolve) => proc.once('exit', (code, sig) => resolve(code ?? sig ?? -1)));
  return { proc, logs: () => out, exited };
}

/** Waits for the worker's "report worker ready" log line. */
export function workerReady(w: WorkerChild, ms = 15000): Promise<void> {
  return waitFor(
    async () => {
      if (w.proc.exitCode !== null) throw new Error(`worker exited early:\n${w.logs()}`);
      return w.logs().includes('report worker ready');
    },
    ms,
    'worker ready',
  ).then(() => undefined);
}

/** Reads a report's event stream (GET url) until `until` says stop or the time is up. */
export async function readSse(url: string, opts: { lastEventId?: number; until?: (e: SseEvent) => boolean; ms?: number } = {}): Promise<SseEvent[]> {
  const ac = new AbortController();
  const timer = setTimeout(() => ac.abort(), opts.ms ?? 20000);
  try {
    const res = await fetch(url, { headers: opts.lastEventId ? { 'Last-Event-ID': String(opts.lastEventId) } : {}, signal: ac.signal });
    if (!res.ok || !res.body) throw new Error(`SSE ${res.status}`);
    const events = await sseEvents(res, { signal: ac.signal, until: (e) => opts.until?.({ ...e, id: e.id ?? 0 }) ?? false });
    return events.map((e) => ({ ...e, id: e.id ?? 0 }));
  } finally {
    clearTimeout(timer);
  }
}

/** A report event as read by `readSse`. */
export interface SseEvent {
  id: number;
  event: string;
  // eslint-disable-next-line @typescript-eslint/no-explicit-any -- each event type carries its own shape; tests assert on its fields
  data: any;
}

/** Runs a whole product with the offline analyst, in DAG order, each agent reading its upstream outputs. */
export function runOfflineReport(product: CatalogueProduct, inputs: ProductInputs, sheet?: ReportFactSheet): Map<string, string> {
  const out = new Map<string, string>();
  for (const level of dagLevels(product.agents)) {
    for (const agent of level) {
      const upstream: UpstreamFinding[] = agent.dependsOn.map((d) => {
        const a = product.agents.find((x) => x.id === d)!;
        return { id: d, title: a.title, agent: a.name, output: out.get(d)! };
      });
      out.set(agent.id, offlineReportAnswer({ product, agent, inputs, upstream, ...(sheet ? { sheet } : {}) }));
    }
  }
  return out;
}
