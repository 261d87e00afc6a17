import type { Knex } from 'knex';
import * as m20261126000001 from './20261126000001_validations';

interface Migration {
  up(knex: Knex): Promise<void>;
  down(knex: Knex): Promise<void>;
}

/**
 * Every migration, in order. Listed here (not discovered on disk) so the same source works from
 * TypeScript in tests and from compiled JavaScript in production. Add new ones at the end.
 */
export const migrations: ReadonlyArray<[string, Migration]> = [['20261126000001_validations', m20261126000001]];

/** knex migration source over the list above. */
export const migrationSource: Knex.MigrationSource<[string, Migration]> = {
  getMigrations: async () => [...migrations],
  getMigrationName: ([name]) => name,
  getMigration: async ([, m]) => m,
};
