import type { Knex } from 'knex';

/** Messages sent through the About page's contact form, read by the operator in the admin. */
export async function up(knex: Knex): Promise<void> {
  await knex.schema.createTable('contact_messages', (t) => {
    t.string('id', 36).primary().comment('random UUID');
    t.string('name', 100).notNullable();
    t.string('email', 254).notNullable();
    t.string('subject', 200).notNullable();
    t.text('message').notNullable().comment('at most 5000 characters');
    t.datetime('created_at', { precision: 3 }).notNullable();
    t.index(['created_at'], 'contact_messages_created_at_idx');
  });
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.dropTable('contact_messages');
}
