import type { Knex } from 'knex';
import { parseValidationScore } from '@val/contracts';

const BATCH = 500;

/**
 * Each validation's score (0–10, one decimal, read from the feedback; null when it names
 * none) and the hash of its delete token (null for validations made before: nobody can delete
 * those). Old rows get their score parsed from the stored feedback, in batches.
 */
export async function up(knex: Knex): Promise<void> {
  await knex.schema.alterTable('validations', (t) => {
    t.decimal('score', 3, 1).nullable().comment('Val’s score 0–10 parsed from the feedback; null when none');
    t.string('delete_token_hash', 64).nullable().comment('sha256 (hex) of the delete token returned once at creation');
  });
  let after = '';
  for (;;) {
    const rows = (await knex('validations').select('id', 'feedback').where('id', '>', after).orderBy('id').limit(BATCH)) as Array<{
      id: string;
      feedback: string;
    }>;
    if (!rows.length) break;
    for (const r of rows) {
      const score = parseValidationScore(r.feedback);
      if (score !== null) await knex('validations').where({ id: r.id }).update({ score });
    }
    after = rows[rows.length - 1].id;
  }
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.alterTable('validations', (t) => {
    t.dropColumn('score');
    t.dropColumn('delete_token_hash');
  });
}
