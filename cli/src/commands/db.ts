import { Command } from 'commander';
import { z } from 'zod';
import { println, styles, useColor, type CliContext } from '../context';
import { databaseError, openDatabase, type OpenedDatabase } from '../utils/database';
import { CliError, ExitCode } from '../utils/handleError';
import { examples, parseOptions } from '../utils/options';
import { formatTable, formatTimestamp } from '../utils/table';
import { jsonText, terminalSafe } from '../utils/terminalText';

/** Options of `val db status`. */
export const dbStatusOptionsSchema = z.object({ json: z.boolean().default(false) }).strict();
/** Options of `val db check-stats`. */
export const dbCheckStatsOptionsSchema = z.object({ repair: z.boolean().default(false), json: z.boolean().default(false) }).strict();
/** Options of `val db rollback`. */
export const dbRollbackOptionsSchema = z.object({ all: z.boolean().default(false) }).strict();

export type DbAction =
  | { action: 'migrate' }
  | { action: 'rollback'; all: boolean }
  | { action: 'status'; json: boolean }
  | { action: 'check-stats'; repair: boolean; json: boolean };

/** One migration's state in `val db status`. */
export interface MigrationState {
  name: string;
  status: 'applied' | 'pending' | 'missing';
  batch: number | null;
  appliedAt: string | null;
}

async function withDatabase<T>(ctx: CliContext, fn: (o: OpenedDatabase) => Promise<T>): Promise<T> {
  const opened = await openDatabase(ctx);
  try {
    return await fn(opened);
  } catch (err) {
    throw databaseError(err, opened.label);
  } finally {
    await opened.db.close().catch(() => undefined);
  }
}

/** Applied (with batch and time), pending and missing (applied but unknown to this version). */
export async function migrationStates(o: OpenedDatabase): Promise<MigrationState[]> {
  const { migrationSource } = await import('@val/bff');
  const rows = await o.db.appliedMigrations();
  const applied = new Map(rows.map((r) => [r.name, r]));
  const iso = (v: unknown) => {
    const d = v instanceof Date ? v : typeof v === 'number' ? new Date(v) : typeof v === 'string' ? new Date(/^\d+$/.test(v) ? Number(v) : v) : null;
    return d && !Number.isNaN(d.getTime()) ? d.toISOString() : null;
  };
  const known = (await migrationSource.getMigrations([])).map((m) => migrationSource.getMigrationName(m));
  const states: MigrationState[] = known.map((name) => {
    const r = applied.get(name);
    return r ? { name, status: 'applied', batch: Number(r.batch), appliedAt: iso(r.appliedAt) } : { name, status: 'pending', batch: null, appliedAt: null };
  });
  for (const r of rows) if (!known.includes(r.name)) states.push({ name: r.name, status: 'missing', batch: r.batch, appliedAt: iso(r.appliedAt) });
  return states;
}

/**
 * `val db check-stats`: compares the admin dashboard's rollups with the raw click events, record
 * by record (exit 1 listing the differences); `--repair` rebuilds the rollups from the raw
 * events first, then checks again.
 */
async function checkStats(o: OpenedDatabase, action: { repair: boolean; json: boolean }, ctx: CliContext): Promise<void> {
  const { knexAnalyticsRepository } = await import('@val/bff');
  const s = styles(useColor(ctx, ctx.stdout));
  const repo = knexAnalyticsRepository(o.db.knex);
  if (action.repair) {
    println(ctx.stderr, `Rebuilding the click rollups from the raw events (${o.label})…`);
    await repo.rebuildRollups();
  }
  const r = await repo.checkConsistency();
  if (action.json) println(ctx.stdout, jsonText({ database: o.label, repaired: action.repair, ...r }));
  else {
    println(ctx.stdout, `Database: ${o.label}`);
    println(ctx.stdout, `Partner-link clicks: ${r.rawLinkClicks} raw, ${r.rollupLinkClicks} in the rollups`);
    println(ctx.stdout, `Product clicks:      ${r.rawProductClicks} raw, ${r.rollupProductClicks} in the rollups`);
    if (r.ok) println(ctx.stdout, s.green(action.repair ? 'Rebuilt: the rollups agree with the raw events.' : 'The rollups agree with the raw events.'));
    else for (const d of r.differences) println(ctx.stdout, `  ${s.red('≠')} ${terminalSafe(d)}`);
  }
  if (!r.ok) {
    throw new CliError(
      `The rollups differ from the raw events in ${r.differences.length} record${r.differences.length === 1 ? '' : 's'}.`,
      ExitCode.Failure,
      action.repair ? 'Clicks may have been written while rebuilding; run it again.' : 'Run `val db check-stats --repair` to rebuild them from the raw events.',
    );
  }
}

/** Runs `val db migrate|rollback|status|check-stats`. */
export async function runDb(action: DbAction, ctx: CliContext): Promise<void> {
  const s = styles(useColor(ctx, ctx.stdout));
  await withDatabase(ctx, async (o) => {
    if (action.action === 'migrate') {
      const { batch, names } = await o.db.migrate();
      if (!names.length) println(ctx.stdout, `Already up to date (${o.label}).`);
      else {
        println(ctx.stdout, `Applied ${names.length} migration${names.length === 1 ? '' : 's'} as batch ${batch} (${o.label}):`);
        for (const n of names) println(ctx.stdout, `  ${s.green('↑')} ${n}`);
      }
      return;
    }
    if (action.action === 'rollback') {
      const { batch, names } = await o.db.rollback(action.all);
      if (!names.length) println(ctx.stdout, `Nothing to roll back (${o.label}).`);
      else {
        println(ctx.stdout, `Rolled back ${names.length} migration${names.length === 1 ? '' : 's'}${action.all ? '' : ` of batch ${batch}`} (${o.label}):`);
        for (const n of names) println(ctx.stdout, `  ${s.yellow('↓')} ${n}`);
      }
      return;
    }
    if (action.action === 'check-stats') {
      await checkStats(o, action, ctx);
      return;
    }
    const states = await migrationStates(o);
    const count = (st: MigrationState['status']) => states.filter((m) => m.status === st).length;
    if (action.json) {
      println(
        ctx.stdout,
        JSON.stringify(
          { database: o.label, dialect: o.db.dialect, migrations: states, applied: count('applied'), pending: count('pending'), missing: count('missing') },
          null,
          2,
        ),
      );
      return;
    }
    println(ctx.stdout, `Database: ${o.label}`);
    ctx.stdout.write(
      formatTable(
        [
          { header: 'Migration', value: (m: MigrationState) => m.name },
          { header: 'Status', value: (m) => (m.status === 'applied' ? s.green('applied') : m.status === 'pending' ? s.yellow('pending') : s.red('missing')) },
          { header: 'Batch', align: 'right', value: (m) => m.batch },
          { header: 'Applied at', value: (m) => formatTimestamp(m.appliedAt) },
        ],
        states,
      ),
    );
    const missing = count('missing');
    println(ctx.stdout, `${count('applied')} applied, ${count('pending')} pending${missing ? `, ${missing} missing (applied by a newer version)` : ''}.`);
    if (count('pending')) println(ctx.stderr, 'Run `val db migrate` to apply the pending migrations.');
  });
}

/** `val db migrate|rollback|status|check-stats`. */
export function dbCommand(ctx: CliContext, run: (a: DbAction, ctx: CliContext) => Promise<void> = runDb): Command {
  const db = new Command('db').description('Database migrations against DATABASE_URL (mysql://…; unset = the SQLite file under DATA_DIR)').addHelpText(
    'after',
    examples([
      ['val db status', 'list applied and pending migrations'],
      ['val db migrate', 'apply every pending migration'],
      ['DATABASE_URL=mysql://val:pw@db:3306/val val db migrate', 'migrate a MySQL database'],
      ['val db rollback', 'undo the last batch'],
      ['val db check-stats', 'check the click rollups against the raw events'],
    ]),
  );

  db.command('migrate')
    .description('Apply every pending migration')
    .addHelpText(
      'after',
      examples([
        ['val db migrate', 'bring the database up to date'],
        ['DATABASE_URL=mysql://root@127.0.0.1:3306/val val db migrate', 'on MySQL'],
      ]),
    )
    .action(async (_o: unknown, cmd: Command) => {
      parseOptions(z.object({}).strict(), cmd.opts(), {}, cmd);
      await run({ action: 'migrate' }, ctx);
    });

  db.command('rollback')
    .description('Undo the last batch of migrations (--all: every migration)')
    .option('--all', 'roll back every migration (drops every table of Val)')
    .addHelpText(
      'after',
      examples([
        ['val db rollback', 'undo the last batch'],
        ['val db rollback --all', 'undo everything (careful: drops the data)'],
      ]),
    )
    .action(async (_o: unknown, cmd: Command) => {
      const o = parseOptions(dbRollbackOptionsSchema, cmd.opts(), { all: '--all' }, cmd);
      await run({ action: 'rollback', all: o.all }, ctx);
    });

  db.command('status')
    .description('List the migrations: applied (batch, time), pending, missing')
    .option('--json', 'print JSON on stdout')
    .addHelpText(
      'after',
      examples([
        ['val db status', 'a table'],
        ['val db status --json | jq .pending', 'the number of pending migrations'],
      ]),
    )
    .action(async (_o: unknown, cmd: Command) => {
      const o = parseOptions(dbStatusOptionsSchema, cmd.opts(), { json: '--json' }, cmd);
      await run({ action: 'status', json: o.json }, ctx);
    });
  db.command('check-stats')
    .description("Check the admin dashboard's click rollups against the raw click events (--repair: rebuild them first)")
    .option('--repair', 'rebuild every rollup from the raw events, then check')
    .option('--json', 'print JSON on stdout')
    .addHelpText(
      'after',
      examples([
        ['val db check-stats', 'exit 0 when the rollups agree, 1 listing the differences'],
        ['val db check-stats --repair', 'rebuild the rollups from the raw events (after a bulk import or a repair)'],
      ]),
    )
    .action(async (_o: unknown, cmd: Command) => {
      const o = parseOptions(dbCheckStatsOptionsSchema, cmd.opts(), { repair: '--repair', json: '--json' }, cmd);
      await run({ action: 'check-stats', repair: o.repair, json: o.json }, ctx);
    });
  return db;
}
