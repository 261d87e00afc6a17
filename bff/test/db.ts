import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import knexFactory from 'knex';
import { createDb, type Database } from '../src/db/knex';

export interface TestDb {
  label: 'sqlite' | 'mysql';
  /** A fresh, empty database (its own SQLite file, or its own MySQL schema). */
  create(): Promise<{ db: Database; url?: string; sqliteFile?: string; drop(): Promise<void> }>;
}

const sqlite: TestDb = {
  label: 'sqlite',
  async create() {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'val-db-'));
    const sqliteFile = path.join(dir, 'val.sqlite');
    const db = createDb({ sqliteFile });
    return {
      db,
      sqliteFile,
      async drop() {
        await db.close().catch(() => undefined);
        fs.rmSync(dir, { recursive: true, force: true });
      },
    };
  },
};

/** MySQL: a new schema per call on the server of TEST_MYSQL_URL, dropped afterwards. */
function mysql(base: string): TestDb {
  return {
    label: 'mysql',
    async create() {
      const name = `val_t_${randomBytes(5).toString('hex')}`;
      const admin = knexFactory({ client: 'mysql2', connection: base });
      await admin.raw(`CREATE DATABASE \`${name}\` CHARACTER SET utf8mb4 COLLATE utf8mb4_unicode_ci`);
      await admin.destroy();
      const u = new URL(base);
      u.pathname = `/${name}`;
      const url = u.toString();
      const db = createDb({ url });
      return {
        db,
        url,
        async drop() {
          await db.close().catch(() => undefined);
          const a = knexFactory({ client: 'mysql2', connection: base });
          await a.raw(`DROP DATABASE IF EXISTS \`${name}\``);
          await a.destroy();
        },
      };
    },
  };
}

/**
 * What a MySQL-only describe() adds to its name when TEST_MYSQL_URL is unset, so the run says
 * why its tests were skipped: `(mysql ? describe : describe.skip)(\`name${skippedWithoutMysql}\`, …)`.
 */
export const skippedWithoutMysql = process.env.TEST_MYSQL_URL ? '' : ' (skipped: TEST_MYSQL_URL unset; CI sets it, e.g. mysql://root@127.0.0.1:3306/test)';

/** SQLite always; MySQL too when TEST_MYSQL_URL is set (CI sets it). */
export const testDbs: TestDb[] = [sqlite, ...(process.env.TEST_MYSQL_URL ? [mysql(process.env.TEST_MYSQL_URL)] : [])];

/** Redis for the suites that keep the shared counters there (TEST_REDIS_URL; CI sets it). */
export const testRedisUrl = process.env.TEST_REDIS_URL || undefined;

/** What a Redis-only describe() adds to its name when TEST_REDIS_URL is unset (like `skippedWithoutMysql`). */
export const skippedWithoutRedis = testRedisUrl ? '' : ' (skipped: TEST_REDIS_URL unset; CI sets it, e.g. redis://127.0.0.1:6379)';

/** A REDIS_KEY_PREFIX of its own, so runs and suites sharing one Redis never see each other's counts. */
export const testRedisPrefix = (): string => `val-test-${randomBytes(5).toString('hex')}`;
