import type { Knex } from 'knex';

/**
 * The founder's version of a report (issue 36): the basis and what-if assumptions they set on a
 * finished report, the sheet computed from them, and the sections written again for it. JSON text
 * beside the original `fact_sheet` (kept unchanged, so "back to the original" is one click); null
 * while the founder has changed nothing.
 */
export async function up(knex: Knex): Promise<void> {
  await knex.schema.alterTable('report_jobs', (t) => {
    t.text('founder_version', 'mediumtext').nullable().comment("JSON {basis, assumptions, sheet, rewrites, rewriteRounds, at}: the founder's version, or null");
  });
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.alterTable('report_jobs', (t) => {
    t.dropColumn('founder_version');
  });
}
