import type { Knex } from 'knex';

/**
 * Fact sheets: the numbers each analysis rests on, computed in code and stored with it.
 * `report_jobs.fact_sheet` is written when the job is queued; `report_jobs.research` holds the
 * search results of the job (fetched once, reused when a worker resumes it); each step keeps the
 * sources it cites and what the consistency check removed. `validations.fact_sheet` holds the free
 * validation's sheet. JSON text; null on rows made before this migration.
 */
export async function up(knex: Knex): Promise<void> {
  await knex.schema.alterTable('report_jobs', (t) => {
    t.text('fact_sheet', 'mediumtext').nullable().comment('JSON of the report fact sheet (numbers, scores, verdict), or null on older jobs');
    t.text('research', 'mediumtext').nullable().comment('JSON of the search results fetched for this job, or null when none were fetched');
  });
  await knex.schema.alterTable('report_steps', (t) => {
    t.text('sources').nullable().comment('JSON list of the sources this section cites as [n], or null');
    t.string('check_result', 255).nullable().comment('JSON {removed, repaired}: what the consistency check did, or null');
  });
  await knex.schema.alterTable('validations', (t) => {
    t.text('fact_sheet', 'mediumtext').nullable().comment('JSON of the validation fact sheet (score, reasons, figures), or null on older rows');
  });
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.alterTable('validations', (t) => {
    t.dropColumn('fact_sheet');
  });
  await knex.schema.alterTable('report_steps', (t) => {
    t.dropColumn('check_result');
    t.dropColumn('sources');
  });
  await knex.schema.alterTable('report_jobs', (t) => {
    t.dropColumn('research');
    t.dropColumn('fact_sheet');
  });
}
