import type { Knex } from 'knex';

/**
 * How many emails had their latest click (for a product and location) on each day. Distinct
 * emails of a window that ends today (the dashboard's 7/30/90 days) are then a sum over the
 * window's days: a few hundred rows, whatever the number of emails. Replaces the last_day index.
 */
export async function up(knex: Knex): Promise<void> {
  await knex.schema.createTable('product_email_recency', (t) => {
    t.string('product', 80).notNullable();
    t.string('location', 40).notNullable();
    t.date('last_day').notNullable().comment('UTC day of the latest click');
    t.bigInteger('emails').notNullable().defaultTo(0).comment('emails whose latest click was that day');
    t.primary(['product', 'location', 'last_day']);
  });
  await knex.raw(
    `insert into product_email_recency (product, location, last_day, emails)
     select product, location, last_day, count(*) from product_emails where last_day is not null group by product, location, last_day`,
  );
  await knex.schema.alterTable('product_emails', (t) => {
    t.dropIndex(['product', 'location', 'last_day'], 'product_emails_last_day_idx');
  });
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.alterTable('product_emails', (t) => {
    t.index(['product', 'location', 'last_day'], 'product_emails_last_day_idx');
  });
  await knex.schema.dropTable('product_email_recency');
}
