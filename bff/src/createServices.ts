import { tokenBudget } from './ai/budget';
import { createAi } from './ai/service';
import type { Config } from './config/env';
import { createDb, type Database } from './db/knex';
import { createLifecycle, NO_DEV_STAND_INS, type AppDeps } from './deps';
import { createLogger, type Logger } from './logger';
import { countQueries, createMetrics, instrumentAi, type Metrics } from './metrics';
import { createRepositories } from './repositories';
import { createReportService, startInlineWorker } from './reports';
import { reportEventHub, SSE_POLL_MS } from './reports/eventHub';
import { loginThrottle } from './services/loginThrottle';
import { createAdminDashboard } from './services/adminDashboard';
import { createAnalyticsService } from './services/analytics';
import { createContactService } from './services/contact';
import { createPublicStatsService } from './services/publicStats';
import { createPaidFlow } from './http/paidFlow';
import { simulationService } from './services/simulation';
import { createValidationService } from './services/validation';

export interface ServiceOptions {
  logger?: Logger;
  /** An open database (tests, the CLI); without it the configured one is opened (and migrated when MIGRATE_ON_START). */
  db?: Database;
  /** Default: a fresh registry without Node's process metrics (the server adds them). */
  metrics?: Metrics;
  /** The clock admin sessions time out by (ms since 1970; default Date.now): tests move their own. */
  now?: () => number;
}

/**
 * Builds every dependency of the app from config, once: the database (opened and migrated unless
 * given), every store (`createRepositories`), the AI layer, the report engine, the development
 * stand-ins the config turns on (`deps.dev`) and every service (`deps.services`). No request is served and no background work starts here: `startServer`,
 * the test app and `startWorker` start what they run.
 */
export async function createServices(config: Config, opts: ServiceOptions = {}): Promise<AppDeps> {
  const logger = opts.logger ?? createLogger(config);
  const db = opts.db ?? createDb({ url: config.DATABASE_URL, dataDir: config.dataDir, logger });
  if (!opts.db && config.MIGRATE_ON_START) await db.migrate();
  const lifecycle = createLifecycle(logger);
  const metrics = opts.metrics ?? createMetrics();
  countQueries(db.knex, metrics);
  const ai = instrumentAi(createAi(config, logger), metrics);
  const repos = createRepositories(db, {
    logger,
    counters: { timeoutMs: config.COUNTER_STORE_TIMEOUT_MS, redisUrl: config.REDIS_URL, redisPrefix: config.REDIS_KEY_PREFIX },
  });
  const { counters } = repos;
  lifecycle.onShutdown(() => counters.close());
  const reports = createReportService({ config, logger, repos, ai, metrics });
  // Development stand-ins live in bff/src/dev, loaded here only, through this dynamic import, and never in production.
  const dev = config.isProduction ? NO_DEV_STAND_INS : await (await import('./dev')).createDevStandIns({ config, logger });
  const deps: Omit<AppDeps, 'services'> = { config, logger, db, repos, lifecycle, ai, reports, counters, metrics, dev, now: opts.now ?? Date.now };
  const services: AppDeps['services'] = {
    validation: createValidationService({ ai, repos, logger }),
    simulation: simulationService(ai, logger),
    analytics: createAnalyticsService({ config, logger, repos, lifecycle, metrics }),
    aiBudget: tokenBudget({ store: counters, tokens: config.AI_TOKEN_BUDGET_PER_IP, windowMs: config.AI_TOKEN_BUDGET_WINDOW_MS }),
    paid: createPaidFlow({ config, logger, repos, reports, embedded: dev.signIn }),
    reportEvents: reportEventHub(reports, { pollMs: SSE_POLL_MS, stopping: () => lifecycle.shuttingDown, logger }),
    loginThrottle: loginThrottle({ store: counters, maxFailures: config.ADMIN_LOGIN_MAX_FAILURES, windowMs: config.ADMIN_LOGIN_WINDOW_MS, logger }),
    contact: createContactService({ repos, logger }),
    publicStats: createPublicStatsService({ repos, config, logger }),
    adminDashboard: createAdminDashboard({ repos, logger }),
  };
  return Object.assign(deps, { services });
}

/**
 * The background work of a serving process: clicks spilled by an earlier run are written, the
 * process registers with the shared counters (so each process knows how many share them), and
 * (REPORT_WORKER=inline) the report worker runs in this process. `startServer` and the test app.
 */
export function startBackgroundWork(deps: AppDeps): void {
  deps.services.analytics.start();
  deps.counters.start();
  startInlineWorker(deps);
}
