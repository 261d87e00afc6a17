import type { Knex } from 'knex';

/**
 * One row per click batch the writer has stored, written in the batch's own transaction. A retry
 * of a batch whose commit succeeded but whose acknowledgement was lost (connection cut right
 * after COMMIT) finds its id here and is skipped, so no click is counted twice. Rows older than
 * a day are pruned by the writer.
 */
export async function up(knex: Knex): Promise<void> {
  await knex.schema.createTable('analytics_batches', (t) => {
    t.string('id', 40).primary();
    t.datetime('written_at', { precision: 3 }).notNullable().index();
  });
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.dropTable('analytics_batches');
}
