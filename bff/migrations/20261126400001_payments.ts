import type { Knex } from 'knex';

/**
 * Payments of the paid flow: one row per checkout (Stripe Checkout or the built-in test
 * checkout). A paid row is a credit for exactly one report: `report_id` is set once when the
 * report starts (`claim_token` + `consumed_at` guard against two starts racing).
 * `stripe_events` remembers every processed webhook event id (duplicates are ignored).
 */
export async function up(knex: Knex): Promise<void> {
  await knex.schema.createTable('payments', (t) => {
    t.string('id', 36).primary().comment('random UUID');
    t.string('checkout_session_id', 255).notNullable().unique('payments_checkout_session_id_uq').comment('Stripe cs_… or test cs_test_…');
    t.string('provider', 16).notNullable().comment('stripe | test');
    t.string('email', 254).notNullable().comment('who paid; the report is delivered here');
    t.string('product', 80).notNullable().comment('catalogue product id');
    t.text('inputs').nullable().comment('JSON of the product inputs given at checkout, or null (given at start)');
    t.integer('amount_cents').notNullable();
    t.string('currency', 3).notNullable();
    t.string('status', 16).notNullable().comment('pending | paid | failed | expired');
    t.string('customer_id', 255).nullable().comment('Stripe customer id, or cus_test_… for the test checkout');
    t.string('report_id', 64).nullable().comment('the report this credit was spent on');
    t.string('claim_token', 36).nullable().comment('set while a start is in flight');
    t.datetime('consumed_at', { precision: 3 }).nullable();
    t.datetime('created_at', { precision: 3 }).notNullable();
    t.datetime('paid_at', { precision: 3 }).nullable();
    t.index(['email', 'status'], 'payments_email_status_idx');
  });
  await knex.schema.createTable('stripe_events', (t) => {
    t.string('id', 255).primary().comment('Stripe event id evt_…');
    t.string('type', 128).notNullable();
    t.datetime('received_at', { precision: 3 }).notNullable();
  });
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.dropTable('stripe_events');
  await knex.schema.dropTable('payments');
}
