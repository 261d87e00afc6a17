import type { Database } from '../../src/db/knex';

/** Row count per table. */
export type RowCounts = Record<string, number>;

/** Every application table (knex's own bookkeeping tables left out). */
export async function listTables(db: Database): Promise<string[]> {
  const names =
    db.dialect === 'mysql'
      ? (
          (await db.knex.raw('select table_name as name from information_schema.tables where table_schema = database()'))[0] as Array<{
            name?: string;
            NAME?: string;
          }>
        ).map((r) => String(r.name ?? r.NAME))
      : ((await db.knex.raw("select name from sqlite_master where type = 'table' and name not like 'sqlite_%'")) as Array<{ name: string }>).map((r) => r.name);
  return names.filter((n) => !n.startsWith('knex_migrations')).sort();
}

/** Counts the rows of every given table in one round trip. */
export async function countRows(db: Database, tables: ReadonlyArray<string>): Promise<RowCounts> {
  const q = db.dialect === 'mysql' ? '`' : '"';
  const sql = `select ${tables.map((t, i) => `(select count(*) from ${q}${t}${q}) as c${i}`).join(', ')}`;
  const raw = await db.knex.raw(sql);
  const row = (db.dialect === 'mysql' ? raw[0][0] : raw[0]) as Record<string, number | string>;
  return Object.fromEntries(tables.map((t, i) => [t, Number(row[`c${i}`])]));
}

/** Tables whose count differs, as `table: before → after`. */
export function diffCounts(before: RowCounts, after: RowCounts, ignore: ReadonlySet<string> = new Set()): string[] {
  return Object.keys(after)
    .filter((t) => !ignore.has(t) && before[t] !== after[t])
    .map((t) => `${t}: ${before[t]} → ${after[t]}`);
}
