import { processContext, type CliContext } from './context';
import { createProgram, type Runners } from './program';
import { ExitCode, handleError } from './utils/handleError';

export { createProgram, cliVersion, type Runners } from './program';
export { ExitCode, CliError, UsageError, AuthError, UnreachableError, handleError } from './utils/handleError';
export type { CliContext, OutStream } from './context';

/**
 * Runs the CLI on `argv` (process.argv shape: node, script, ...args) and resolves with the exit
 * code; never throws and never exits the process (the bin does, after output is flushed).
 */
export async function main(argv: string[] = process.argv, ctx: CliContext = processContext(), runners: Partial<Runners> = {}): Promise<number> {
  const program = createProgram(ctx, runners);
  try {
    if (argv.length <= 2) {
      program.outputHelp({ error: true });
      return ExitCode.Usage;
    }
    await program.parseAsync(argv);
    return ExitCode.Ok;
  } catch (err) {
    return handleError(err, ctx);
  }
}
export { installSignalHandlers } from './utils/signals';
