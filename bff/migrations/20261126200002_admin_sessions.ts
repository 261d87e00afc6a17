import type { Knex } from 'knex';

/** Server-side admin sessions (the cookie carries only a signed random id). */
export async function up(knex: Knex): Promise<void> {
  await knex.schema.createTable('admin_sessions', (t) => {
    t.string('id', 64).primary().comment('random session id (base64url)');
    t.text('data').notNullable().comment('JSON session data');
    t.datetime('expires_at', { precision: 3 }).notNullable();
    t.index(['expires_at'], 'admin_sessions_expires_at_idx');
  });
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.dropTable('admin_sessions');
}
