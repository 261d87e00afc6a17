import type { Knex } from 'knex';

/**
 * Click analytics: raw events (kept for audits and re-aggregation) and daily rollups keyed by
 * their natural keys (no surrogate ids), which the admin stats read. Days are UTC `YYYY-MM-DD`.
 * Emails are never stored: only a keyed HMAC hash (hex).
 */
export async function up(knex: Knex): Promise<void> {
  await knex.schema.createTable('link_click_events', (t) => {
    t.bigIncrements('id').comment('raw event, append only');
    t.string('company', 32).notNullable().comment('lower-case partner name');
    t.string('link_type', 8).notNullable().comment('logo | button');
    t.string('url', 255).notNullable();
    t.datetime('clicked_at', { precision: 3 }).notNullable();
    t.index(['clicked_at'], 'link_click_events_clicked_at_idx');
  });
  await knex.schema.createTable('link_click_daily', (t) => {
    t.date('day').notNullable().comment('UTC day');
    t.string('company', 32).notNullable();
    t.string('link_type', 8).notNullable();
    t.string('url', 255).notNullable();
    t.bigInteger('click_count').notNullable().defaultTo(0);
    t.datetime('last_clicked', { precision: 3 }).notNullable();
    t.primary(['day', 'company', 'link_type', 'url']);
  });
  await knex.schema.createTable('product_click_events', (t) => {
    t.bigIncrements('id').comment('raw event, append only');
    t.string('product', 80).notNullable().comment('catalogue product id');
    t.string('location', 40).notNullable().comment('where the click happened, e.g. purchase');
    t.smallint('inputs').notNullable().comment('filled form fields, 0..50');
    t.string('email_hash', 64).nullable().comment('HMAC-SHA256 (hex) of the lower-case email');
    t.datetime('clicked_at', { precision: 3 }).notNullable();
    t.index(['clicked_at'], 'product_click_events_clicked_at_idx');
  });
  await knex.schema.createTable('product_click_daily', (t) => {
    t.date('day').notNullable().comment('UTC day');
    t.string('product', 80).notNullable();
    t.string('location', 40).notNullable();
    t.bigInteger('click_count').notNullable().defaultTo(0);
    t.bigInteger('total_inputs').notNullable().defaultTo(0);
    t.bigInteger('new_emails').notNullable().defaultTo(0).comment('emails seen for the first time for this product and location');
    t.datetime('last_clicked', { precision: 3 }).notNullable();
    t.primary(['day', 'product', 'location']);
  });
  await knex.schema.createTable('product_emails', (t) => {
    t.string('product', 80).notNullable();
    t.string('location', 40).notNullable();
    t.string('email_hash', 64).notNullable();
    t.date('first_day').notNullable().comment('UTC day of the first click with this email');
    t.primary(['product', 'location', 'email_hash']);
  });
  await knex.schema.createTable('product_email_days', (t) => {
    t.date('day').notNullable();
    t.string('product', 80).notNullable();
    t.string('location', 40).notNullable();
    t.string('email_hash', 64).notNullable();
    t.primary(['day', 'product', 'location', 'email_hash']);
  });
}

export async function down(knex: Knex): Promise<void> {
  for (const table of ['product_email_days', 'product_emails', 'product_click_daily', 'product_click_events', 'link_click_daily', 'link_click_events']) {
    await knex.schema.dropTable(table);
  }
}
