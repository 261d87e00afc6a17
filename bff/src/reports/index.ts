import type { AppDeps } from '../deps';
import type { ReportWorker } from './worker';

export { createReportService, describeReport, type ReportService, type StartReport } from './service';
export { createReportWorker, type ReportWorker } from './worker';
export { dagLevels, runDag } from './dag';

/**
 * Starts the report worker inside this process when `REPORT_WORKER=inline` (the default) and
 * registers its graceful stop (leases released) as a shutdown hook. Returns it, or null when off.
 */
export function startInlineWorker(deps: Pick<AppDeps, 'config' | 'reports' | 'lifecycle'>): ReportWorker | null {
  if (deps.config.REPORT_WORKER !== 'inline') return null;
  const worker = deps.reports.createWorker();
  worker.start();
  deps.reports.mailer.startRetryTimer();
  deps.lifecycle.onShutdown(async () => {
    await worker.stop();
    deps.reports.mailer.close();
  });
  return worker;
}
