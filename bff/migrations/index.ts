import type { Knex } from 'knex';
import * as m20261126000001 from './20261126000001_validations';
import * as m20261126100000 from './20261126100000_contact_messages';
import * as m20261126200001 from './20261126200001_analytics';
import * as m20261126200002 from './20261126200002_admin_sessions';
import * as m20261126200003 from './20261126200003_analytics_totals';
import * as m20261126200004 from './20261126200004_product_emails_last_day';
import * as m20261126200005 from './20261126200005_product_email_recency';
import * as m20261126300000 from './20261126300000_report_jobs';
import * as m20261126300100 from './20261126300100_outbox';
import * as m20261126400001 from './20261126400001_payments';
import * as m20261126500000 from './20261126500000_analytics_batches';
import * as m20261127100000 from './20261127100000_rate_limits';
import * as m20261127100001 from './20261127100001_sign_in_sessions';
import * as m20261127100002 from './20261127100002_outbox_retry';
import * as m20261128100000 from './20261128100000_validation_score_delete_token';
import * as m20261128300000 from './20261128300000_interview_evidence';
import * as m20261129100000 from './20261129100000_fact_sheets';
import * as m20261130100000 from './20261130100000_buyer_names';
import * as m20261201100000 from './20261201100000_founder_versions';

interface Migration {
  up(knex: Knex): Promise<void>;
  down(knex: Knex): Promise<void>;
}

/**
 * Every migration, in order. Listed here (not discovered on disk) so the same source works from
 * TypeScript in tests and from compiled JavaScript in production. Add new ones at the end.
 */
export const migrations: ReadonlyArray<[string, Migration]> = [
  ['20261126000001_validations', m20261126000001],
  ['20261126100000_contact_messages', m20261126100000],
  ['20261126200001_analytics', m20261126200001],
  ['20261126200002_admin_sessions', m20261126200002],
  ['20261126200003_analytics_totals', m20261126200003],
  ['20261126200004_product_emails_last_day', m20261126200004],
  ['20261126200005_product_email_recency', m20261126200005],
  ['20261126300000_report_jobs', m20261126300000],
  ['20261126300100_outbox', m20261126300100],
  ['20261126400001_payments', m20261126400001],
  ['20261126500000_analytics_batches', m20261126500000],
  ['20261127100000_rate_limits', m20261127100000],
  ['20261127100001_sign_in_sessions', m20261127100001],
  ['20261127100002_outbox_retry', m20261127100002],
  ['20261128100000_validation_score_delete_token', m20261128100000],
  ['20261128300000_interview_evidence', m20261128300000],
  ['20261129100000_fact_sheets', m20261129100000],
  ['20261130100000_buyer_names', m20261130100000],
  ['20261201100000_founder_versions', m20261201100000],
];

/** knex migration source over the list above. */
export const migrationSource: Knex.MigrationSource<[string, Migration]> = {
  getMigrations: async () => [...migrations],
  getMigrationName: ([name]) => name,
  getMigration: async ([, m]) => m,
};
