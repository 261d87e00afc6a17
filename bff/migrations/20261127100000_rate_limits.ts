import type { Knex } from 'knex';

/**
 * Shared per-client counters (rate limits, AI token budgets, the admin login throttle) of every
 * BFF process on one MySQL. The layout is rate-limiter-flexible's MySQL store (it inserts
 * `key, points, expire` in this order); our migrations create it so the library never runs DDL.
 * SQLite (one process) keeps its counters in memory, but gets the table too so both schemas match.
 */
export async function up(knex: Knex): Promise<void> {
  await knex.schema.createTable('rate_limits', (t) => {
    t.string('key', 255).primary().comment('counter name : client key, e.g. validate:203.0.113.7');
    t.integer('points').notNullable().defaultTo(0).comment('hits (or tokens) in the current window');
    t.bigInteger('expire').unsigned().nullable().comment('end of the window, ms since the epoch');
    t.index(['expire'], 'rate_limits_expire_idx');
  });
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.dropTableIfExists('rate_limits');
}
