import fs from 'node:fs';
import path from 'node:path';
import knexFactory, { type Knex } from 'knex';
import { migrationSource } from '../../migrations';

export type Dialect = 'sqlite' | 'mysql';

/** A migration as recorded in `knex_migrations`. */
export interface AppliedMigration {
  name: string;
  batch: number;
  /** As the driver returns it (a Date, or a number/string on SQLite). */
  appliedAt: unknown;
}

/** What a migrate or a rollback did: its batch and the migrations it ran. */
export interface MigrationRun {
  batch: number;
  names: string[];
}

export interface Database {
  knex: Knex;
  dialect: Dialect;
  /** Runs pending migrations. */
  migrate(): Promise<MigrationRun>;
  /** Undoes the last batch of migrations, or all of them. */
  rollback(all: boolean): Promise<MigrationRun>;
  /** The applied migrations in the order they ran (none before the first migrate). */
  appliedMigrations(): Promise<AppliedMigration[]>;
  /** Cheap round trip with a time limit; used by /readyz. */
  ping(timeoutMs?: number): Promise<void>;
  close(): Promise<void>;
}

export interface DbOptions {
  /** mysql://… ; unset means SQLite. */
  url?: string;
  /** SQLite file path (default: <dataDir>/val.sqlite). */
  sqliteFile?: string;
  dataDir?: string;
  pool?: { min?: number; max?: number };
  /**
   * Where knex's own messages go (a lost connection, a failed pool acquire): debug lines of this
   * logger; without one they are dropped. knex would print them with console.log, one per failed
   * query during an outage, while the same error also reaches the caller, which logs what matters.
   */
  logger?: { debug(obj: object, msg: string): void; warn(obj: object, msg: string): void };
}

/** knex's logger option, sending its messages to `logger` (see DbOptions.logger). */
function knexLog(logger: DbOptions['logger']): Knex.Config['log'] {
  const text = (m: unknown) => (m instanceof Error ? m.message : typeof m === 'string' ? m : JSON.stringify(m));
  return {
    warn: (m: unknown) => logger?.debug({ knex: text(m) }, 'knex warning'),
    error: (m: unknown) => logger?.debug({ knex: text(m) }, 'knex error'),
    deprecate: (method: string, alternative: string) => logger?.warn({ method, alternative }, 'knex: deprecated call'),
    debug: () => undefined,
  };
}

/** knex on MySQL/MariaDB (mysql2) when a URL is given, else on an embedded SQLite file. */
export function createDb(opts: DbOptions): Database {
  let knex: Knex;
  let dialect: Dialect;
  if (opts.url) {
    dialect = 'mysql';
    const url = opts.url.replace(/^mariadb:/, 'mysql:');
    knex = knexFactory({
      client: 'mysql2',
      connection: {
        uri: url,
        charset: 'utf8mb4',
        timezone: 'Z',
        dateStrings: false,
        supportBigNumbers: true,
        connectTimeout: 5000,
        enableKeepAlive: true,
        keepAliveInitialDelay: 10_000,
      } as unknown as Knex.MySqlConnectionConfig,
      pool: { min: opts.pool?.min ?? 0, max: opts.pool?.max ?? 10 },
      acquireConnectionTimeout: 5000,
      log: knexLog(opts.logger),
    });
  } else {
    dialect = 'sqlite';
    const file = opts.sqliteFile ?? path.join(opts.dataDir ?? 'data', 'val.sqlite');
    if (file !== ':memory:') fs.mkdirSync(path.dirname(file), { recursive: true });
    knex = knexFactory({
      client: 'better-sqlite3',
      connection: { filename: file },
      useNullAsDefault: true,
      log: knexLog(opts.logger),
      pool: {
        min: 1,
        max: 1,
        afterCreate: (conn: { pragma: (s: string) => unknown }, done: (err: Error | null, conn: unknown) => void) => {
          conn.pragma('journal_mode = WAL');
          conn.pragma('busy_timeout = 5000');
          conn.pragma('foreign_keys = ON');
          conn.pragma('synchronous = NORMAL');
          done(null, conn);
        },
      },
    });
  }
  return {
    knex,
    dialect,
    async migrate() {
      const [batch, names] = (await knex.migrate.latest({ migrationSource })) as [number, string[]];
      return { batch, names };
    },
    async rollback(all) {
      const [batch, names] = (await knex.migrate.rollback({ migrationSource }, all)) as [number, string[]];
      return { batch, names };
    },
    async appliedMigrations() {
      if (!(await knex.schema.hasTable('knex_migrations'))) return [];
      const rows = (await knex('knex_migrations').select('name', 'batch', 'migration_time').orderBy('id')) as Array<{
        name: string;
        batch: number | string;
        migration_time: unknown;
      }>;
      return rows.map((r) => ({ name: r.name, batch: Number(r.batch), appliedAt: r.migration_time }));
    },
    async ping(timeoutMs = 1500) {
      let timer: NodeJS.Timeout | undefined;
      try {
        await Promise.race([
          knex.raw('select 1 as ok'),
          new Promise((_, reject) => {
            timer = setTimeout(() => reject(new Error('database ping timed out')), timeoutMs);
          }),
        ]);
      } finally {
        clearTimeout(timer);
      }
    },
    async close() {
      await knex.destroy();
    },
  };
}
