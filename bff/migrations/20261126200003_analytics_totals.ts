import type { Knex } from 'knex';

/**
 * All-time click totals beside the daily rollups, so the default (all time) admin stats read a
 * handful of rows however many days have passed. Maintained by the same batched writer, in the
 * same transaction as the raw events; rebuilt from the raw events by rebuildRollups().
 */
export async function up(knex: Knex): Promise<void> {
  await knex.schema.createTable('link_click_totals', (t) => {
    t.string('company', 32).notNullable();
    t.string('link_type', 8).notNullable();
    t.string('url', 255).notNullable();
    t.bigInteger('click_count').notNullable().defaultTo(0);
    t.datetime('last_clicked', { precision: 3 }).notNullable();
    t.primary(['company', 'link_type', 'url']);
  });
  await knex.schema.createTable('product_click_totals', (t) => {
    t.string('product', 80).notNullable();
    t.string('location', 40).notNullable();
    t.bigInteger('click_count').notNullable().defaultTo(0);
    t.bigInteger('total_inputs').notNullable().defaultTo(0);
    t.bigInteger('unique_emails').notNullable().defaultTo(0).comment('= rows of product_emails for this product and location');
    t.datetime('last_clicked', { precision: 3 }).notNullable();
    t.primary(['product', 'location']);
  });
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.dropTable('product_click_totals');
  await knex.schema.dropTable('link_click_totals');
}
