import { CommanderError } from 'commander';
import { ZodError } from 'zod';
import { styles, useColor, type CliContext } from '../context';
import { terminalSafe } from './terminalText';

/** The exit codes of every `val` command. */
export const ExitCode = {
  Ok: 0,
  /** The command ran and failed (server error, failed report, write error...). */
  Failure: 1,
  /** Wrong options or arguments, or input the server rejected as invalid. */
  Usage: 2,
  /** Wrong or missing admin password, or a session the server refused. */
  NotAuthorised: 3,
  /** The server (or the database) could not be reached. */
  Unreachable: 4,
} as const;
export type ExitCode = (typeof ExitCode)[keyof typeof ExitCode];

/** An error meant for the user: a message, what to do about it, and the exit code. */
export class CliError extends Error {
  /** The HTTP status when the error is a server's answer. */
  status?: number;

  constructor(
    message: string,
    readonly exitCode: ExitCode = ExitCode.Failure,
    /** A sentence telling the user what to do next. */
    readonly hint?: string,
  ) {
    super(message);
    this.name = new.target.name;
  }
}

/** Bad options or arguments (exit 2). */
export class UsageError extends CliError {
  constructor(message: string, hint?: string) {
    super(message, ExitCode.Usage, hint);
  }
}

/** Not authorised (exit 3). */
export class AuthError extends CliError {
  constructor(message: string, hint?: string) {
    super(message, ExitCode.NotAuthorised, hint);
  }
}

/** The server or database cannot be reached (exit 4). */
export class UnreachableError extends CliError {
  constructor(message: string, hint?: string) {
    super(message, ExitCode.Unreachable, hint);
  }
}

/** A zod error as one readable line per problem. */
export function formatZodIssues(err: ZodError, names: Record<string, string> = {}): string {
  return err.issues
    .map((i) => {
      const key = i.path.map(String).join('.');
      const label = names[key] ?? (key ? key : '');
      return label ? `${label}: ${i.message}` : i.message;
    })
    .join('\n');
}

/**
 * The single error exit of the CLI: prints what went wrong (and what to do) on stderr and
 * returns the exit code. Help and --version (commander "errors" with exit code 0) print nothing
 * more and return 0.
 */
export function handleError(err: unknown, ctx: CliContext): ExitCode {
  const s = styles(useColor(ctx, ctx.stderr));
  const say = (msg: string, hint?: string) => {
    ctx.stderr.write(`${s.red('Error:')} ${terminalSafe(msg)}\n`);
    if (hint) ctx.stderr.write(`${s.dim(terminalSafe(hint))}\n`);
  };

  if (err instanceof CommanderError) {
    if (err.code === 'commander.helpDisplayed' || err.code === 'commander.version') return ExitCode.Ok;
    if (err.code === 'commander.help') return err.exitCode === 0 ? ExitCode.Ok : ExitCode.Usage;
    // commander has already printed its message (through configureOutput) — just the exit code.
    return ExitCode.Usage;
  }
  if (err instanceof CliError) {
    say(err.message, err.hint);
    return err.exitCode;
  }
  if (err instanceof ZodError) {
    say(formatZodIssues(err), 'Run the command with --help to see its options.');
    return ExitCode.Usage;
  }
  const message = err instanceof Error ? err.message : String(err);
  say(`Unexpected failure: ${message}`, 'Run again with DEBUG=val to see the stack trace.');
  if (ctx.env.DEBUG && /(^|,)\s*val\b/.test(ctx.env.DEBUG) && err instanceof Error && err.stack) {
    ctx.stderr.write(`${terminalSafe(err.stack)}\n`);
  }
  return ExitCode.Failure;
}
