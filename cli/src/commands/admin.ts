import { Command } from 'commander';
import { z } from 'zod';
import { println, type CliContext } from '../context';
import { UsageError } from '../utils/handleError';
import { examples, parseOptions } from '../utils/options';
import { canPrompt, promptSecret } from '../utils/prompt';

/** Refused: a password on the command line stays in the shell history and the process list. */
export const PASSWORD_NOT_ON_ARGV = 'The password is never taken from the command line: pipe it to stdin or type it at the prompt.';

/** The password from a terminal prompt (typed twice, not echoed) or, when stdin is not a terminal, all of stdin (one trailing newline dropped). */
async function readPassword(ctx: CliContext): Promise<string> {
  if (canPrompt(ctx)) {
    const first = await promptSecret(ctx, 'Admin password: ');
    if (first && (await promptSecret(ctx, 'The same password again: ')) !== first) throw new UsageError('The two passwords differ.', 'Run the command again.');
    return first;
  }
  const chunks: Buffer[] = [];
  for await (const c of ctx.stdin) chunks.push(typeof c === 'string' ? Buffer.from(c, 'utf8') : (c as Buffer));
  return Buffer.concat(chunks)
    .toString('utf8')
    .replace(/\r?\n$/, '');
}

/**
 * Runs `val admin hash-password`: prints the scrypt hash of the admin password in the format
 * the server's ADMIN_PASSWORD_HASH takes (`scrypt$N$r$p$salt$hash`, the server's own hashing).
 */
export async function runHashPassword(ctx: CliContext): Promise<void> {
  const password = await readPassword(ctx);
  if (!password) throw new UsageError('No password given.', 'Pipe it to stdin (printf %s "$PW" | val admin hash-password) or run the command in a terminal.');
  const { hashPassword } = await import('@val/bff');
  println(ctx.stdout, await hashPassword(password));
}

/** `val admin`: the operator's set-up commands. */
export function adminCommand(ctx: CliContext, run: typeof runHashPassword): Command {
  const admin = new Command('admin').description("Set up the admin dashboard's access");
  admin
    .command('hash-password')
    .description('Print the scrypt hash of an admin password for ADMIN_PASSWORD_HASH (reads it from stdin, or asks on a terminal)')
    .argument('[password...]', 'refused: the password is read from stdin or the prompt')
    .addHelpText(
      'after',
      examples([
        ['val admin hash-password', 'asks for the password (twice), prints the hash'],
        ['printf %s "$ADMIN_PW" | val admin hash-password', 'the password from stdin'],
      ]),
    )
    .action(async (given: string[], _o: unknown, cmd: Command) => {
      if (given.length) throw new UsageError(PASSWORD_NOT_ON_ARGV);
      parseOptions(z.object({}).strict(), cmd.opts(), {}, cmd);
      await run(ctx);
    });
  return admin;
}
