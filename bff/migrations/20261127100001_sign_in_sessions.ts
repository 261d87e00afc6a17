import type { Knex } from 'knex';

/**
 * Sign-in sessions of the paid flow, server-side so that logout ends them in every process (the
 * cookie carries only a signed random id; this table holds its SHA-256, never the id itself).
 */
export async function up(knex: Knex): Promise<void> {
  await knex.schema.createTable('sign_in_sessions', (t) => {
    t.string('id', 64).primary().comment('SHA-256 (hex) of the random session id in the cookie');
    t.string('email', 254).notNullable().comment('the signed-in address (lower case)');
    t.string('name', 100).nullable();
    t.datetime('created_at', { precision: 3 }).notNullable();
    t.datetime('expires_at', { precision: 3 }).notNullable().comment('absolute end; logout deletes the row before it');
    t.index(['expires_at'], 'sign_in_sessions_expires_idx');
  });
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.dropTableIfExists('sign_in_sessions');
}
