import fs from 'node:fs';
import path from 'node:path';
import { Command } from 'commander';
import type { CliContext } from './context';
import { adminCommand, runHashPassword } from './commands/admin';
import { dbCommand, runDb } from './commands/db';
import { reportCommand, type ReportRunners } from './commands/report';
import { runStats, statsCommand } from './commands/stats';
import { runValidate, validateCommand } from './commands/validate';
import { validationsCommand, type ValidationsRunners } from './commands/validations';
import { runWorker, workerCommand } from './commands/worker';
import { examples } from './utils/options';

/** The version of @val/cli (from its package.json). */
export function cliVersion(): string {
  for (let dir = __dirname, i = 0; i < 4; i++, dir = path.dirname(dir)) {
    try {
      const pkg = JSON.parse(fs.readFileSync(path.join(dir, 'package.json'), 'utf8')) as { name?: string; version?: string };
      if (pkg.name === '@val/cli' && pkg.version) return pkg.version;
    } catch {
      /* keep looking */
    }
  }
  return '0.0.0';
}

/** What each command does once its options are parsed; unit tests replace them. */
export interface Runners {
  validate: typeof runValidate;
  stats: typeof runStats;
  report: Partial<ReportRunners>;
  worker: typeof runWorker;
  db: typeof runDb;
  validations: Partial<ValidationsRunners>;
  hashPassword: typeof runHashPassword;
}

const defaults: Runners = { validate: runValidate, stats: runStats, report: {}, worker: runWorker, db: runDb, validations: {}, hashPassword: runHashPassword };

/** Applies the CLI-wide settings to a command and all of its subcommands. */
function configure(cmd: Command, ctx: CliContext): void {
  cmd
    .exitOverride()
    .helpOption('-h, --help', 'show help with examples')
    .helpCommand(false)
    .showHelpAfterError('(add --help for the options and examples)')
    .configureOutput({
      writeOut: (s) => ctx.stdout.write(s),
      writeErr: (s) => ctx.stderr.write(s),
    });
  for (const sub of cmd.commands) configure(sub, ctx);
}

/**
 * The `val` program. Commander never exits the process itself (exitOverride): every error
 * reaches `handleError`, the single exit of the CLI.
 */
export function createProgram(ctx: CliContext, runners: Partial<Runners> = {}): Command {
  const run = { ...defaults, ...runners };
  const program = new Command('val')
    .description('Val from the terminal: validate an idea, export analytics, run reports, workers and migrations, hash the admin password')
    .version(cliVersion(), '-V, --version', 'print the version')
    .addHelpText(
      'after',
      `${examples([
        ['val validate --idea "…" --customer "…" --problem "…"', "Val's feedback on an idea"],
        ['val validations compare A B', 'what changed between two versions of an idea'],
        ['val stats links --format csv --out links.csv', 'partner-link clicks as CSV'],
        ['val db migrate', 'bring the database up to date'],
      ])}
Environment:
  VAL_API_URL          the server (default http://localhost:3000; --api wins)
  VAL_ADMIN_PASSWORD   admin password for stats and report start (prompted on a terminal if unset)
  DATABASE_URL         mysql://… for db and worker (unset: SQLite under DATA_DIR)

Exit codes: 0 ok · 1 failure · 2 usage error · 3 not authorised · 4 server unreachable
`,
    );
  program.addCommand(validateCommand(ctx, run.validate));
  program.addCommand(validationsCommand(ctx, run.validations));
  program.addCommand(statsCommand(ctx, run.stats));
  program.addCommand(reportCommand(ctx, run.report));
  program.addCommand(workerCommand(ctx, run.worker));
  program.addCommand(dbCommand(ctx, run.db));
  program.addCommand(adminCommand(ctx, run.hashPassword));
  configure(program, ctx);
  return program;
}
