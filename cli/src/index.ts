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
    await program.parseAsync(idsAsOperands(argv));
    return ExitCode.Ok;
  } catch (err) {
    return handleError(err, ctx);
  }
}
export { installSignalHandlers } from './utils/signals';

/**
 * `val report status|wait <id>`: a report id may start with `-` (ids made before they were kept
 * from doing so); such an argument is moved after `--` (options stay before it), so commander takes it as the id, not
 * as an unknown option.
 */
export function idsAsOperands(argv: string[]): string[] {
  const i = argv.findIndex((a, k) => k >= 2 && a === 'report');
  if (i < 0 || !['status', 'wait'].includes(argv[i + 1] ?? '') || argv.includes('--')) return argv;
  const at = argv.findIndex((a, k) => k > i + 1 && /^-[A-Za-z0-9_-]{15,63}$/.test(a) && !a.startsWith('--'));
  return at < 0 ? argv : [...argv.slice(0, at), ...argv.slice(at + 1), '--', argv[at]];
}
