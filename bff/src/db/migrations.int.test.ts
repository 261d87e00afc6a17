import { VALIDATION_INPUTS } from '@val/contracts';
import { migrationSource, migrations } from '../../migrations';
import { testDbs } from '../../test/db';
import { createRepositories } from '../repositories';

const tables = async (knex: import('knex').Knex, dialect: string): Promise<string[]> => {
  if (dialect === 'sqlite') {
    const rows = await knex.raw(`select name from sqlite_master where type='table' and name not like 'sqlite_%' and name not like 'knex_%'`);
    return (rows as { name: string }[]).map((r) => r.name).sort();
  }
  const [rows] = await knex.raw(`select table_name as name from information_schema.tables where table_schema = database() and table_name not like 'knex_%'`);
  return (rows as { name: string }[]).map((r) => r.name).sort();
};

describe.each(testDbs)('migrations on $label', (kind) => {
  it('go all the way up and all the way down', async () => {
    const { db, drop } = await kind.create();
    try {
      await db.knex.migrate.latest({ migrationSource });
      const [, pending] = await db.knex.migrate.list({ migrationSource });
      expect(pending).toHaveLength(0);
      expect(await tables(db.knex, db.dialect)).toEqual(expect.arrayContaining(['validations']));

      await db.knex.migrate.rollback({ migrationSource }, true);
      expect(await tables(db.knex, db.dialect)).toEqual([]);
      const [done] = await db.knex.migrate.list({ migrationSource });
      expect(done).toHaveLength(0);

      await db.knex.migrate.latest({ migrationSource });
      const [completed] = await db.knex.migrate.list({ migrationSource });
      expect(completed).toHaveLength(migrations.length);
    } finally {
      await drop();
    }
  });
});

describe.each(testDbs)('validation repository on $label', (kind) => {
  it('has a column for every input the description names (an input added there needs its migration)', async () => {
    const { db, drop } = await kind.create();
    try {
      await db.migrate();
      const missing = [];
      for (const f of VALIDATION_INPUTS) if (!(await db.knex.schema.hasColumn('validations', f.column))) missing.push(`${f.name} (${f.column})`);
      expect(missing).toEqual([]);
    } finally {
      await drop();
    }
  });

  it('stores a validation and reads it back, counting rows', async () => {
    const { db, drop } = await kind.create();
    try {
      await db.migrate();
      const repos = createRepositories(db);
      expect(await repos.validations.count()).toBe(0);
      const saved = await repos.validations.create({
        idea: 'Dog walking marketplace — with ünïcode ✓',
        targetCustomer: 'Busy professionals',
        problemSolved: 'No time to walk the dog',
        feedback: '## Score\n7/10',
        provider: 'offline',
      });
      const back = await repos.validations.get(saved.id);
      expect(back).toMatchObject({ idea: 'Dog walking marketplace — with ünïcode ✓', provider: 'offline', feedback: '## Score\n7/10' });
      expect(Math.abs(back!.createdAt.getTime() - saved.createdAt.getTime())).toBeLessThan(1000);
      expect(await repos.validations.get('nope')).toBeNull();
      expect(await repos.validations.count()).toBe(1);
    } finally {
      await drop();
    }
  });
});
