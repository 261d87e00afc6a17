import type { Knex } from 'knex';

/**
 * Outgoing mail (transactional outbox): a row is written when a report finishes, then sent by
 * SMTP when `SMTP_URL` is set. Without SMTP the row stays here (status pending) so nothing is
 * lost; it is sent once SMTP is configured.
 */
export async function up(knex: Knex): Promise<void> {
  await knex.schema.createTable('outbox', (t) => {
    t.string('id', 36).primary().comment('random UUID');
    t.string('kind', 32).notNullable().comment('e.g. report-ready');
    t.string('ref', 64).nullable().comment('what it is about, e.g. the report id');
    t.string('to_email', 254).notNullable();
    t.string('subject', 300).notNullable();
    t.text('body_text').notNullable();
    t.text('body_html', 'mediumtext').nullable();
    t.string('status', 16).notNullable().comment('pending | sending | sent | failed');
    t.integer('attempts').notNullable().defaultTo(0);
    t.text('last_error').nullable();
    t.datetime('created_at', { precision: 3 }).notNullable();
    t.datetime('updated_at', { precision: 3 }).notNullable();
    t.datetime('sent_at', { precision: 3 }).nullable();
    t.unique(['kind', 'ref'], { indexName: 'outbox_kind_ref_uq' });
    t.index(['status', 'updated_at'], 'outbox_status_idx');
  });
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.dropTableIfExists('outbox');
}
