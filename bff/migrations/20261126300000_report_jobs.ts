import type { Knex } from 'knex';

/**
 * The report engine: a report is a job (a flow execution) whose steps are written by AI agents.
 * Workers claim queued jobs (or jobs whose lease expired) and keep a lease while they run them;
 * every step is persisted as it finishes, so another worker resumes a crashed job without
 * redoing finished steps. Events feed the report page's live progress (SSE, Last-Event-ID).
 */
export async function up(knex: Knex): Promise<void> {
  await knex.schema.createTable('report_jobs', (t) => {
    t.string('id', 64).primary().comment('random base64url id; the public link, so unguessable');
    t.string('product', 80).notNullable().comment('catalogue product id');
    t.text('inputs').notNullable().comment('JSON: purchase-form field name -> value');
    t.string('email', 254).nullable().comment('where the finished report is mailed');
    t.string('status', 16).notNullable().comment('queued | running | finished | failed');
    t.string('title', 300).notNullable();
    t.text('description').notNullable();
    t.text('error').nullable().comment('readable reason when failed');
    t.string('provider', 16).nullable().comment('AI provider that wrote it: openai | offline');
    t.string('dedupe_key', 128).nullable().unique('report_jobs_dedupe_key_uq').comment('caller key: the same key never starts a second job');
    t.string('lease_owner', 100).nullable().comment('worker that holds the job; null when not held');
    t.datetime('lease_until', { precision: 3 }).nullable().comment('the lease expires at; another worker may then take over');
    t.integer('attempts').notNullable().defaultTo(0).comment('times a worker claimed it');
    t.string('worker_id', 100).nullable().comment('last worker that claimed it');
    t.datetime('created_at', { precision: 3 }).notNullable();
    t.datetime('updated_at', { precision: 3 }).notNullable();
    t.datetime('started_at', { precision: 3 }).nullable();
    t.datetime('finished_at', { precision: 3 }).nullable();
    t.index(['status', 'created_at'], 'report_jobs_status_created_idx');
    t.index(['status', 'lease_until'], 'report_jobs_status_lease_idx');
  });
  await knex.schema.createTable('report_steps', (t) => {
    t.string('job_id', 64).notNullable().references('id').inTable('report_jobs').onDelete('CASCADE');
    t.string('step_id', 80).notNullable().comment('agent / step id from the catalogue');
    t.integer('position').notNullable().comment('order in the catalogue');
    t.string('status', 16).notNullable().comment('pending | running | finished | failed');
    t.string('title', 200).notNullable();
    t.text('raw_output', 'mediumtext').nullable().comment("the agent's markdown");
    t.integer('attempts').notNullable().defaultTo(0);
    t.text('error').nullable();
    t.datetime('started_at', { precision: 3 }).nullable();
    t.datetime('finished_at', { precision: 3 }).nullable();
    t.primary(['job_id', 'step_id'], 'report_steps_pk');
  });
  await knex.schema.createTable('report_events', (t) => {
    t.bigIncrements('id').primary().comment('the SSE event id (Last-Event-ID)');
    t.string('job_id', 64).notNullable().references('id').inTable('report_jobs').onDelete('CASCADE');
    t.string('type', 32).notNullable().comment('step-started | step-finished | step-retry | job-finished | job-failed');
    t.text('data').notNullable().comment('JSON payload');
    t.datetime('created_at', { precision: 3 }).notNullable();
    t.index(['job_id', 'id'], 'report_events_job_idx');
  });
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.dropTableIfExists('report_events');
  await knex.schema.dropTableIfExists('report_steps');
  await knex.schema.dropTableIfExists('report_jobs');
}
