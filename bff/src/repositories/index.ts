import type { Knex } from 'knex';
import type { Logger } from '../logger';
import { knexValidationRepository, type ValidationRepository } from './validations';
import { knexContactMessageRepository, type ContactMessageRepository } from './contactMessages';
import { knexAnalyticsRepository, type AnalyticsRepository } from './analytics';
import { knexPaymentRepository, type PaymentRepository } from './payments';
import { knexSignInSessionRepository, type SignInSessionRepository } from './signInSessions';
import { knexAdminSessionRepository, type AdminSessionRepository } from './adminSessions';
import { knexReportRepository, type ReportRepository } from './reportJobs';
import { knexOutboxRepository, type OutboxRepository } from './outbox';
import { createCounterStore, type CounterStore } from './counters';

/** Every store of the BFF, built over one database. */
export interface Repositories {
  validations: ValidationRepository;
  /** Contact-form messages (written by POST /api/contact, read by the admin). */
  contactMessages: ContactMessageRepository;
  /** Click analytics: raw events + daily rollups (written in batches, read by the admin). */
  analytics: AnalyticsRepository;
  /** Checkouts and report credits of the paid flow, and processed Stripe webhook events. */
  payments: PaymentRepository;
  /** Server-side sign-in sessions of the paid flow (logout deletes the row). */
  signInSessions: SignInSessionRepository;
  /** Admin dashboard sessions (koa-session's store; ids kept only as hashes). */
  adminSessions: AdminSessionRepository;
  /** Report jobs, their steps and events (the report engine's queue). */
  reportJobs: ReportRepository;
  /** Mails waiting to be sent (the report-ready mail), retried until delivered. */
  outbox: OutboxRepository;
  /** Per-client counters (rate limits, token budgets, login throttle): Redis when configured, else shared in MySQL, else memory (SQLite). */
  counters: CounterStore;
}

export interface RepositoryOptions {
  logger?: Logger;
  /** The counter store's settings (COUNTER_STORE_TIMEOUT_MS, REDIS_URL, REDIS_KEY_PREFIX). */
  counters?: { timeoutMs?: number; redisUrl?: string; redisPrefix?: string };
}

/** Builds every store over one database (the counters may live in Redis instead: `opts.counters.redisUrl`). */
export function createRepositories(db: { knex: Knex; dialect: 'sqlite' | 'mysql' }, opts: RepositoryOptions = {}): Repositories {
  const { knex } = db;
  return {
    validations: knexValidationRepository(knex),
    contactMessages: knexContactMessageRepository(knex),
    analytics: knexAnalyticsRepository(knex),
    payments: knexPaymentRepository(knex),
    signInSessions: knexSignInSessionRepository(knex),
    adminSessions: knexAdminSessionRepository(knex),
    reportJobs: knexReportRepository(knex, db.dialect),
    outbox: knexOutboxRepository(knex),
    counters: createCounterStore(db, opts.logger, opts.counters),
  };
}
