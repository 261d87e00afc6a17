import type { Knex } from 'knex';

/**
 * Outbox retries with backoff: a mail that failed (SMTP down) is tried again once
 * `next_attempt_at` has passed, by a timer in every process that sends mail.
 */
export async function up(knex: Knex): Promise<void> {
  await knex.schema.alterTable('outbox', (t) => {
    t.datetime('next_attempt_at', { precision: 3 }).nullable().comment('earliest next try of a pending mail (null: now)');
  });
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.alterTable('outbox', (t) => {
    t.dropColumn('next_attempt_at');
  });
}
