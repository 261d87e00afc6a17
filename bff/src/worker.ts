import { loadConfig, type Config } from './config/env';
import { exitOnSignals, loadConfigOrExit, SHUTDOWN_MARGIN_MS } from './entrypoint';
import { exitOnUnsupportedNode } from './nodeVersion';
import { createLogger } from './logger';
import type { ReportWorker } from './reports/worker';
import { createServices } from './createServices';

/** A standalone report worker: the same engine as the BFF's inline worker, without HTTP. */
export interface RunningWorker {
  worker: ReportWorker;
  /** Graceful stop: running agents aborted, leases released, database closed. */
  stop(): Promise<void>;
}

/**
 * Starts a report worker over the configured database (`npm run worker -w bff`). Any number of
 * these, on any number of machines, can share one MySQL: each claims jobs with a lease.
 */
export async function startWorker(config: Config = loadConfig(), opts: { concurrency?: number } = {}): Promise<RunningWorker> {
  const logger = createLogger(config);
  const { db, ai, reports, lifecycle } = await createServices(config, { logger });
  const worker = reports.createWorker({ concurrency: opts.concurrency });
  worker.start();
  reports.mailer.startRetryTimer();
  logger.info({ worker: worker.id, database: db.dialect, provider: ai.provider }, 'report worker ready');
  await reports.mailer.flush().catch((err) => logger.warn({ err }, 'outbox flush failed'));
  let stopping: Promise<void> | null = null;
  return {
    worker,
    stop() {
      stopping ??= (async () => {
        await worker.stop();
        reports.mailer.close();
        await lifecycle.runShutdownHooks();
        await db.close();
      })();
      return stopping;
    },
  };
}

async function main() {
  exitOnUnsupportedNode();
  const config = loadConfigOrExit();
  const running = await startWorker(config);
  exitOnSignals(() => running.stop(), {
    onError: (err) => console.error(err),
    deadlineMs: config.SHUTDOWN_TIMEOUT_MS + SHUTDOWN_MARGIN_MS,
    onDeadline: () => console.error('The worker did not stop in time: exiting.'),
  });
}

if (require.main === module) {
  main().catch((err) => {
    console.error(err);
    process.exit(1);
  });
}
