export { createApp } from './app';
export { loadConfig, ConfigError, type Config } from './config/env';
export { createDb, type Database } from './db/knex';
export { startServer, createServices, type RunningServer } from './server';
export { startWorker, type RunningWorker } from './worker';
export { migrationSource } from '../migrations';
export { knexAnalyticsRepository, type ConsistencyReport } from './repositories/analytics';
export { exitDeadline, SHUTDOWN_MARGIN_MS } from './entrypoint';
