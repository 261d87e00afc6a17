export { createApp } from './app';
export { loadConfig, ConfigError, type Config } from './config/env';
export { createDb, type Database } from './db/knex';
export { startServer, createServices, type RunningServer } from './server';
export { migrationSource } from '../migrations';
