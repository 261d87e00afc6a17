import path from 'node:path';
import { startTestApp, type TestApp } from '../../bff/test/app';
import type { TestDb } from '../../bff/test/db';

/** The admin password the test servers are started with. */
export const ADMIN_PASSWORD = 'cli-test-admin-password';

export { closedPort } from './ports';

export interface CliTestServer {
  app: TestApp;
  url: string;
  /** Env that points a child process (CLI, worker) at the same database as the server. */
  dbEnv: Record<string, string>;
  db: TestApp['deps']['db'];
  stop(): Promise<void>;
}

/**
 * The real BFF (bff/test/app.ts: the Koa app with every router, the inline report worker unless
 * REPORT_WORKER=off) on a free loopback port over a fresh database of `kind` — its own SQLite
 * file, or its own MySQL schema — with the admin enabled. Child processes reach the same
 * database through `dbEnv`.
 */
export async function startCliTestServer(kind: TestDb, env: Record<string, string> = {}): Promise<CliTestServer> {
  const app = await startTestApp({ dbKind: kind, env: { ADMIN_PASSWORD, OFFLINE_AI_DELAY_MS: '0', ...env } });
  const connection = (app.deps.db.knex.client as { config: { connection: { filename?: string; uri?: string } } }).config.connection;
  const dbEnv: Record<string, string> =
    app.deps.db.dialect === 'mysql' ? { DATABASE_URL: connection.uri as string } : { DATA_DIR: path.dirname(connection.filename as string), DATABASE_URL: '' };
  return { app, url: app.url, dbEnv, db: app.deps.db, stop: () => app.close() };
}
