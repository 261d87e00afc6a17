import path from 'node:path';
import { Command } from 'commander';
import { z } from 'zod';
import { println, type CliContext } from '../context';
import { databaseError, describeDatabase } from '../utils/database';
import { UsageError } from '../utils/handleError';
import { examples, parseOptions } from '../utils/options';
import { onInterrupt } from '../utils/signals';

/** Options of `val worker`. */
export const workerOptionsSchema = z
  .object({
    concurrency: z.coerce
      .number({ error: 'must be a number' })
      .int({ error: 'must be a whole number' })
      .min(1, { error: 'must be at least 1' })
      .max(64, { error: 'must be at most 64' })
      .optional(),
  })
  .strict();
export type WorkerOptions = z.infer<typeof workerOptionsSchema>;

/**
 * Runs `val worker`: the BFF's report worker (the same engine, `startWorker` of @val/bff) over
 * DATABASE_URL, until SIGTERM or SIGINT; then it stops claiming, aborts running agents and
 * releases their leases so another worker resumes those jobs, and exits 0. A second signal
 * exits at once. The engine's JSON logs go to stdout like the server's; status lines to stderr.
 */
export async function runWorker(opts: WorkerOptions, ctx: CliContext): Promise<void> {
  const { loadConfig, ConfigError, startWorker, exitDeadline, SHUTDOWN_MARGIN_MS } = await import('@val/bff');
  let config;
  try {
    config = loadConfig(ctx.env);
  } catch (err) {
    if (err instanceof ConfigError) throw new UsageError(err.problems.join('\n'), 'Fix these environment variables (see the README’s configuration table).');
    throw err;
  }
  const label = describeDatabase(config.DATABASE_URL, path.join(config.dataDir, 'val.sqlite'));
  let running;
  try {
    running = await startWorker(config, { concurrency: opts.concurrency });
  } catch (err) {
    throw databaseError(err, label);
  }
  const concurrency = opts.concurrency ?? config.REPORT_WORKER_CONCURRENCY;
  println(
    ctx.stderr,
    `Report worker ${running.worker.id} running on ${label} (up to ${concurrency} report${concurrency === 1 ? '' : 's'} at a time). Stop with Ctrl-C or SIGTERM.`,
  );

  let signalled: NodeJS.Signals | undefined;
  await new Promise<void>((resolve) => {
    const release = onInterrupt((sig) => {
      if (signalled) {
        println(ctx.stderr, `Second ${sig}: exiting without waiting.`);
        process.exit(1);
      }
      signalled = sig;
      release();
      // A late signal while stopping also forces the exit.
      onInterrupt((again) => {
        println(ctx.stderr, `Second ${again}: exiting without waiting.`);
        process.exit(1);
      });
      resolve();
    });
  });
  const active = running.worker.active;
  println(
    ctx.stderr,
    `${signalled}: stopping — ${active ? `releasing ${active} running report${active === 1 ? '' : 's'} for another worker` : 'no report running'}…`,
  );
  // Whatever hangs (the database, a log reader gone), the process ends within the shutdown limit.
  exitDeadline(config.SHUTDOWN_TIMEOUT_MS + SHUTDOWN_MARGIN_MS, () => println(ctx.stderr, 'The worker did not stop in time: exiting.'));
  await running.stop();
  println(ctx.stderr, 'Report worker stopped.');
}

/** `val worker`. */
export function workerCommand(ctx: CliContext, run: (o: WorkerOptions, ctx: CliContext) => Promise<void> = runWorker): Command {
  return new Command('worker')
    .description('Run the report worker against DATABASE_URL (the engine the server runs inline)')
    .option('--concurrency <n>', 'reports worked on at the same time (default: REPORT_WORKER_CONCURRENCY, 4)')
    .addHelpText(
      'after',
      `${examples([
        ['DATABASE_URL=mysql://val:pw@db:3306/val val worker', 'one more worker on the shared MySQL'],
        ['val worker --concurrency 8', 'work on up to 8 reports at once'],
      ])}
Runs until SIGTERM or Ctrl-C, then releases the leases of the reports it was working on so
another worker picks them up. Set REPORT_WORKER=off on the servers to leave all work to
standalone workers. AI and mail settings come from the same variables as the server's.
`,
    )
    .action(async (_o: unknown, cmd: Command) => {
      await run(parseOptions(workerOptionsSchema, cmd.opts(), { concurrency: '--concurrency' }, cmd), ctx);
    });
}
