import type { Knex } from 'knex';
import { knexValidationRepository, type ValidationRepository } from './validations';
import { knexContactMessageRepository, type ContactMessageRepository } from './contactMessages';
import { knexAnalyticsRepository, type AnalyticsRepository } from './analytics';
import { knexPaymentRepository, type PaymentRepository } from './payments';
import { knexSignInSessionRepository, type SignInSessionRepository } from './signInSessions';
import { knexAdminSessionRepository, type AdminSessionRepository } from './adminSessions';

/** Every repository, built over one knex instance. */
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
}

export function createRepositories(knex: Knex): Repositories {
  return {
    validations: knexValidationRepository(knex),
    contactMessages: knexContactMessageRepository(knex),
    analytics: knexAnalyticsRepository(knex),
    payments: knexPaymentRepository(knex),
    signInSessions: knexSignInSessionRepository(knex),
    adminSessions: knexAdminSessionRepository(knex),
  };
}
