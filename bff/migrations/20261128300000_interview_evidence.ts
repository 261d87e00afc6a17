import type { Knex } from 'knex';

/**
 * Interview evidence: step 3's synthetic interviews an order carries, stored
 * with the checkout (`payments.evidence`) and copied into the report job it starts
 * (`report_jobs.evidence`). JSON text, bounded by the contract (at most 24 000 characters);
 * null when the order carried none.
 */
export async function up(knex: Knex): Promise<void> {
  await knex.schema.alterTable('payments', (t) => {
    t.text('evidence').nullable().comment('JSON of the synthetic interview evidence given at checkout, or null');
  });
  await knex.schema.alterTable('report_jobs', (t) => {
    t.text('evidence').nullable().comment('JSON of the synthetic interview evidence the report cites, or null');
  });
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.alterTable('report_jobs', (t) => {
    t.dropColumn('evidence');
  });
  await knex.schema.alterTable('payments', (t) => {
    t.dropColumn('evidence');
  });
}
