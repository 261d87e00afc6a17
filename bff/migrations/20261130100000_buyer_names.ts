import type { Knex } from 'knex';

/**
 * The buyer's sign-in name, so the report-ready mail can greet them by it: taken from the
 * sign-in session when a checkout is created by the signed-in buyer (`payments.buyer_name`) and
 * copied into the report job the payment starts (`report_jobs.buyer_name`). Null when unknown
 * (no sign-in, a provider that gives no name, or a checkout for another email).
 */
export async function up(knex: Knex): Promise<void> {
  await knex.schema.alterTable('payments', (t) => {
    t.string('buyer_name', 100).nullable().comment("the signed-in buyer's name from the identity provider, or null");
  });
  await knex.schema.alterTable('report_jobs', (t) => {
    t.string('buyer_name', 100).nullable().comment('the name the report-ready mail greets, or null');
  });
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.alterTable('report_jobs', (t) => {
    t.dropColumn('buyer_name');
  });
  await knex.schema.alterTable('payments', (t) => {
    t.dropColumn('buyer_name');
  });
}
