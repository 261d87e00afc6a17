import path from 'node:path';
import type { Database } from '@val/bff';
import type { CliContext } from '../context';
import { AuthError, CliError, ExitCode, UnreachableError, UsageError } from './handleError';

/** The database the command works on, and a label safe to print (no password). */
export interface OpenedDatabase {
  db: Database;
  label: string;
}

/** "MySQL root@127.0.0.1:3306/val" or "SQLite /path/val.sqlite". */
export function describeDatabase(url: string | undefined, sqliteFile: string): string {
  if (!url) return `SQLite ${sqliteFile}`;
  try {
    const u = new URL(url.replace(/^mariadb:/, 'mysql:'));
    const user = u.username ? `${decodeURIComponent(u.username)}@` : '';
    return `MySQL ${user}${u.hostname}:${u.port || '3306'}${u.pathname}`;
  } catch {
    return 'MySQL (DATABASE_URL)';
  }
}

/**
 * Opens the database the server uses: DATABASE_URL (mysql://…) or, when unset, the SQLite file
 * under DATA_DIR — parsed by the server's own config rules, so both always agree.
 */
export async function openDatabase(ctx: CliContext): Promise<OpenedDatabase> {
  const { loadConfig, createDb, ConfigError } = await import('@val/bff');
  let config;
  try {
    config = loadConfig({ DATABASE_URL: ctx.env.DATABASE_URL, DATA_DIR: ctx.env.DATA_DIR });
  } catch (err) {
    if (err instanceof ConfigError)
      throw new UsageError(err.problems.join('\n'), 'Fix DATABASE_URL (mysql://user:pass@host:3306/db), or unset it to use SQLite.');
    throw err;
  }
  const sqliteFile = path.join(config.dataDir, 'val.sqlite');
  const db = createDb({ url: config.DATABASE_URL, dataDir: config.dataDir, pool: { min: 0, max: 2 } });
  quietKnex(db, ctx);
  return { db, label: describeDatabase(config.DATABASE_URL, sqliteFile) };
}

/** Maps a database driver error to a CliError that says what to do. */
export function databaseError(err: unknown, label: string): CliError {
  if (err instanceof CliError) return err;
  const e = err as { code?: string; message?: string; errno?: number };
  const code = e?.code ?? '';
  const message = e?.message ?? String(err);
  if (
    ['ECONNREFUSED', 'ENOTFOUND', 'EAI_AGAIN', 'ETIMEDOUT', 'EHOSTUNREACH', 'PROTOCOL_CONNECTION_LOST'].includes(code) ||
    /Timeout acquiring a connection/i.test(message)
  ) {
    return new UnreachableError(`Cannot reach the database (${label}): ${code || message}.`, 'Is MySQL running there? Check DATABASE_URL.');
  }
  if (code === 'ER_ACCESS_DENIED_ERROR' || code === 'ER_DBACCESS_DENIED_ERROR') {
    return new AuthError(`The database refused the credentials (${label}).`, 'Check the user and password in DATABASE_URL.');
  }
  if (code === 'ER_BAD_DB_ERROR') {
    return new CliError(`The database does not exist (${label}).`, ExitCode.Failure, 'Create it first, e.g. CREATE DATABASE val CHARACTER SET utf8mb4;');
  }
  if (/already locked/i.test(message)) {
    return new CliError(
      `Another process is migrating this database (${label}).`,
      ExitCode.Failure,
      'Wait for it to finish; if no migration is running, the lock is stale: delete the row of knex_migrations_lock.',
    );
  }
  return new CliError(`Database error (${label}): ${message}`);
}

/**
 * knex prints its own warnings with console.log (stdout), which would corrupt `--json` output
 * and repeat errors the CLI already reports: send them to stderr, and only with DEBUG=val.
 */
export function quietKnex(db: Database, ctx: CliContext): void {
  const logger = (db.knex.client as { logger?: Record<string, unknown> }).logger;
  if (!logger) return;
  const debug = Boolean(ctx.env.DEBUG && /(^|,)\s*val\b/.test(ctx.env.DEBUG));
  const write = (m: unknown) => {
    if (debug) ctx.stderr.write(`[knex] ${typeof m === 'string' ? m : JSON.stringify(m)}\n`);
  };
  for (const k of ['_debug', '_warn', '_error', '_deprecate']) logger[k] = write;
}
