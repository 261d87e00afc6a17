import type { Knex } from 'knex';

/**
 * The last day each email clicked each product at each location (distinct emails of a window
 * that ends today are the emails whose latest click is inside it; see product_email_recency).
 */
export async function up(knex: Knex): Promise<void> {
  await knex.schema.alterTable('product_emails', (t) => {
    t.date('last_day').nullable().comment('UTC day of the latest click with this email');
  });
  // One GROUP BY pass over the email-days (never a correlated subquery per email).
  const latest = `select product, location, email_hash, max(day) as d from product_email_days group by product, location, email_hash`;
  if (/mysql/.test(String(knex.client.config.client))) {
    await knex.raw(
      `update product_emails e join (${latest}) x
         on x.product = e.product and x.location = e.location and x.email_hash = e.email_hash
       set e.last_day = x.d`,
    );
  } else {
    await knex.raw(
      `update product_emails set last_day = x.d from (${latest}) as x
       where x.product = product_emails.product and x.location = product_emails.location and x.email_hash = product_emails.email_hash`,
    );
  }
  await knex.raw('update product_emails set last_day = first_day where last_day is null');
  await knex.schema.alterTable('product_emails', (t) => {
    t.index(['product', 'location', 'last_day'], 'product_emails_last_day_idx');
  });
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.alterTable('product_emails', (t) => {
    t.dropIndex(['product', 'location', 'last_day'], 'product_emails_last_day_idx');
  });
  await knex.schema.alterTable('product_emails', (t) => {
    t.dropColumn('last_day');
  });
}
