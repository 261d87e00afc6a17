import type { Knex } from 'knex';

/** Stored validations: Val's answer to an idea, with the inputs and who answered. */
export async function up(knex: Knex): Promise<void> {
  await knex.schema.createTable('validations', (t) => {
    t.string('id', 36).primary().comment('random UUID');
    t.text('idea').notNullable();
    t.text('target_customer').notNullable();
    t.text('problem_solved').notNullable();
    t.text('feedback', 'mediumtext').notNullable().comment('markdown answer from Val');
    t.string('provider', 16).notNullable().comment('openai | offline');
    t.datetime('created_at', { precision: 3 }).notNullable();
    t.index(['created_at'], 'validations_created_at_idx');
  });
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.dropTable('validations');
}
