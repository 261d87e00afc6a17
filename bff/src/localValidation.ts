import type { Config } from './config/env';
import { createServices } from './createServices';
import { createDb, type Database } from './db/knex';
import { createLogger, type Logger } from './logger';
import type { ValidationService } from './services/validation';

/** Idea validation in this process: the server's database and AI layer, without HTTP. */
export interface LocalValidation {
  /** Validates and stores exactly as `POST /api/validate` does (no per-IP limits: nothing is served). */
  service: ValidationService;
  db: Database;
  /** Closes the database. */
  close(): Promise<void>;
}

/**
 * Opens what `val validate` needs when no server is given: the configured database (migrated
 * when MIGRATE_ON_START, as the server does) and the AI layer built from the same settings
 * (AI_PROVIDER, OPENAI_API_KEY, OPENAI_BASE_URL, OPENAI_MODEL, AI_TIMEOUT_MS…). Validations are
 * stored in the same table as the server's.
 */
export async function openLocalValidation(config: Config, opts: { logger?: Logger; db?: Database } = {}): Promise<LocalValidation> {
  const logger = opts.logger ?? createLogger(config);
  // The caller may open the database itself (the CLI quiets knex's own console output first).
  const db = opts.db ?? createDb({ url: config.DATABASE_URL, dataDir: config.dataDir, pool: { min: 0, max: 2 } });
  try {
    if (config.MIGRATE_ON_START) await db.migrate();
  } catch (err) {
    await db.close().catch(() => undefined);
    throw err;
  }
  const { services } = await createServices(config, { logger, db });
  return { service: services.validation, db, close: () => db.close() };
}
