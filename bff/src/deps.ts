import type { Ai } from './ai/service';
import type { Config } from './config/env';
import type { Database } from './db/knex';
import type { Logger } from './logger';
import type { Metrics } from './metrics';
import type { Repositories } from './repositories';
import type { CounterStore } from './repositories/counters';
import type { ReportService } from './reports/service';

/** Process state shared by routes (e.g. /readyz fails while shutting down). */
export interface Lifecycle {
  shuttingDown: boolean;
  /** Work to finish before the database closes (flush buffers, release leases). */
  onShutdown(fn: () => Promise<void> | void): void;
  runShutdownHooks(): Promise<void>;
}

/** Everything a router or service needs, built once in `createServices`. */
export interface AppDeps {
  config: Config;
  logger: Logger;
  db: Database;
  repos: Repositories;
  lifecycle: Lifecycle;
  /** The AI layer (openai or the offline analyst). */
  ai: Ai;
  /** The report engine: `reports.start({product, inputs, email})` queues a report and returns its id. */
  reports: ReportService;
  /** Per-client counters (rate limits, token budgets, login throttle): shared on MySQL, memory on SQLite. */
  counters: CounterStore;
  /** Prometheus metrics of this process (`GET /metrics` with METRICS_TOKEN). */
  metrics: Metrics;
}

export function createLifecycle(logger: Logger): Lifecycle {
  const hooks: Array<() => Promise<void> | void> = [];
  return {
    shuttingDown: false,
    onShutdown(fn) {
      hooks.push(fn);
    },
    async runShutdownHooks() {
      for (const fn of hooks.reverse()) {
        try {
          await fn();
        } catch (err) {
          logger.error({ err }, 'shutdown hook failed');
        }
      }
    },
  };
}
