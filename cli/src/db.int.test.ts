import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { migrations } from '../../bff/migrations';
import { testDbs } from '../../bff/test/db';
import { knexAnalyticsRepository } from '../../bff/src/repositories/analytics';
import { assertBuilt, runCli } from '../test/run';

beforeAll(assertBuilt);

const names = migrations.map(([n]) => n);

describe.each(testDbs)('val db on $label', (kind) => {
  let created: Awaited<ReturnType<typeof kind.create>>;
  let env: Record<string, string>;
  beforeEach(async () => {
    created = await kind.create();
    env = created.url ? { DATABASE_URL: created.url } : { DATA_DIR: path.dirname(created.sqliteFile!) };
  });
  afterEach(async () => {
    await created.drop();
  });

  const tables = async () => {
    const knex = created.db.knex;
    if (created.db.dialect === 'sqlite') {
      const rows = (await knex.raw(`select name from sqlite_master where type='table' and name not like 'sqlite_%' and name not like 'knex_%'`)) as {
        name: string;
      }[];
      return rows.map((r) => r.name).sort();
    }
    const [rows] = (await knex.raw(
      `select table_name as name from information_schema.tables where table_schema = database() and table_name not like 'knex_%'`,
    )) as [{ name: string }[]];
    return rows.map((r) => r.name).sort();
  };

  it('status → migrate → status → rollback → rollback --all, against DATABASE_URL / DATA_DIR', async () => {
    const before = await runCli(['db', 'status', '--json'], { env });
    expect(before.code).toBe(0);
    const s0 = JSON.parse(before.stdout);
    expect(s0).toMatchObject({ dialect: created.db.dialect, applied: 0, pending: names.length, missing: 0 });
    expect(s0.migrations.map((m: { name: string }) => m.name)).toEqual(names);
    expect(await tables()).toEqual([]);

    const up = await runCli(['db', 'migrate'], { env });
    expect(up.code).toBe(0);
    expect(up.stdout).toContain(`Applied ${names.length} migrations as batch 1`);
    for (const n of names) expect(up.stdout).toContain(n);
    expect(await tables()).toEqual(expect.arrayContaining(['validations']));
    const [done] = (await created.db.knex.migrate.list({ migrationSource: (await import('../../bff/migrations')).migrationSource })) as [unknown[], unknown[]];
    expect(done).toHaveLength(names.length);

    const again = await runCli(['db', 'migrate'], { env });
    expect(again.code).toBe(0);
    expect(again.stdout).toMatch(/^Already up to date/);

    const table = await runCli(['db', 'status'], { env });
    expect(table.code).toBe(0);
    expect(table.stdout).toMatch(new RegExp(`${names[0]}\\s+applied\\s+1\\s+\\d{4}-\\d{2}-\\d{2} \\d{2}:\\d{2} UTC`));
    expect(table.stdout).toContain(`${names.length} applied, 0 pending.`);

    const down = await runCli(['db', 'rollback'], { env });
    expect(down.code).toBe(0);
    expect(down.stdout).toContain(`Rolled back ${names.length} migrations of batch 1`);
    expect(await tables()).toEqual([]);

    // Two batches: rollback undoes only the newest, --all undoes both.
    await created.db.knex.migrate.up({ migrationSource: (await import('../../bff/migrations')).migrationSource });
    const rest = await runCli(['db', 'migrate'], { env });
    expect(rest.stdout).toContain(`Applied ${names.length - 1} migrations as batch 2`);
    const st = JSON.parse((await runCli(['db', 'status', '--json'], { env })).stdout);
    expect(st.migrations.map((m: { batch: number }) => m.batch)).toEqual([1, ...names.slice(1).map(() => 2)]);
    const one = await runCli(['db', 'rollback'], { env });
    expect(one.stdout).toContain(`Rolled back ${names.length - 1} migrations of batch 2`);
    expect(JSON.parse((await runCli(['db', 'status', '--json'], { env })).stdout)).toMatchObject({ applied: 1, pending: names.length - 1 });
    const all = await runCli(['db', 'rollback', '--all'], { env });
    expect(all.code).toBe(0);
    expect(all.stdout).toContain('Rolled back 1 migration');
    expect(await tables()).toEqual([]);
    const nothing = await runCli(['db', 'rollback'], { env });
    expect(nothing.stdout).toMatch(/^Nothing to roll back/);
  });
});

describe.each(testDbs)('val db check-stats on $label', (kind) => {
  it('agrees on consistent rollups (exit 0), lists a tampered one (exit 1), and --repair rebuilds it from the raw events', async () => {
    const created = await kind.create();
    const env: Record<string, string> = created.url ? { DATABASE_URL: created.url } : { DATA_DIR: path.dirname(created.sqliteFile!) };
    try {
      await created.db.migrate();
      const repo = knexAnalyticsRepository(created.db.knex);
      const at = new Date();
      await repo.recordBatch({
        links: [
          { company: 'Stripe', linkType: 'button', url: 'https://stripe.com', clickedAt: at },
          { company: 'Stripe', linkType: 'button', url: 'https://stripe.com', clickedAt: at },
          { company: 'Notion', linkType: 'logo', url: 'https://notion.so', clickedAt: at },
        ],
        products: [{ product: 'market-research', location: 'dialog', inputs: 2, emailHash: null, clickedAt: at }],
      });

      const ok = await runCli(['db', 'check-stats'], { env });
      expect({ code: ok.code, stderr: ok.stderr }).toMatchObject({ code: 0 });
      expect(ok.stdout).toContain('Partner-link clicks: 3 raw, 3 in the rollups');
      expect(ok.stdout).toContain('Product clicks:      1 raw, 1 in the rollups');
      expect(ok.stdout).toContain('The rollups agree with the raw events.');

      await created.db.knex('link_click_totals').where({ company: 'Stripe' }).update({ click_count: 7 });
      const bad = await runCli(['db', 'check-stats', '--json'], { env });
      expect(bad.code).toBe(1);
      const report = JSON.parse(bad.stdout);
      expect(report).toMatchObject({ ok: false, repaired: false, rawLinkClicks: 3, rollupLinkClicks: 8 });
      expect(report.differences.join('\n')).toMatch(/Stripe/);
      expect(bad.stderr).toContain('Run `val db check-stats --repair` to rebuild them from the raw events.');

      const fixed = await runCli(['db', 'check-stats', '--repair'], { env });
      expect({ code: fixed.code, stderr: fixed.stderr }).toMatchObject({ code: 0 });
      expect(fixed.stdout).toContain('Rebuilt: the rollups agree with the raw events.');
      expect((await repo.linkStats()).find((l) => l.company === 'Stripe')?.clickCount).toBe(2);
    } finally {
      await created.drop();
    }
  });
});

describe('val db errors', () => {
  it('an unreachable MySQL is exit 4 with what to check', async () => {
    const r = await runCli(['db', 'status'], { env: { DATABASE_URL: 'mysql://root@127.0.0.1:1/val' } });
    expect(r.code).toBe(4);
    expect(r.stdout).toBe('');
    expect(r.stderr).toContain('Cannot reach the database (MySQL root@127.0.0.1:1/val)');
    expect(r.stderr).toContain('Is MySQL running there? Check DATABASE_URL.');
  });

  it('a DATABASE_URL that is not mysql:// is a usage error (exit 2)', async () => {
    const r = await runCli(['db', 'migrate'], { env: { DATABASE_URL: 'postgres://x/y' } });
    expect(r.code).toBe(2);
    expect(r.stderr).toContain('DATABASE_URL: must start with mysql://');
  });

  it('without DATABASE_URL it uses the SQLite file under DATA_DIR', async () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'val-cli-db-'));
    try {
      const r = await runCli(['db', 'status'], { env: { DATA_DIR: dir } });
      expect(r.code).toBe(0);
      expect(r.stdout).toContain(`Database: SQLite ${path.join(dir, 'val.sqlite')}`);
      expect(r.stderr).toContain('Run `val db migrate` to apply the pending migrations.');
    } finally {
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });
});
