import type { CliContext } from '../context';
import { CliError, ExitCode } from './handleError';

/** True when the user can be asked: stdin and stderr are terminals. */
export function canPrompt(ctx: CliContext): boolean {
  return Boolean(ctx.stdin.isTTY && ctx.stderr.isTTY && typeof ctx.stdin.setRawMode === 'function');
}

/**
 * Asks for a secret on the terminal without echoing it (prompt on stderr). Backspace edits,
 * Ctrl-C or Ctrl-D aborts (exit 1).
 */
export function promptSecret(ctx: CliContext, question: string): Promise<string> {
  const { stdin, stderr } = ctx;
  stderr.write(question);
  return new Promise((resolve, reject) => {
    let value = '';
    const wasRaw = stdin.isRaw;
    stdin.setRawMode(true);
    stdin.resume();
    stdin.setEncoding('utf8');
    const done = (err?: Error) => {
      stdin.off('data', onData);
      stdin.setRawMode(wasRaw);
      stdin.pause();
      stderr.write('\n');
      if (err) reject(err);
      else resolve(value);
    };
    const onData = (chunk: string) => {
      for (const ch of chunk) {
        if (ch === '\r' || ch === '\n') return done();
        if (ch === '\u0003' || ch === '\u0004') return done(new CliError('Cancelled.', ExitCode.Failure));
        if (ch === '\u007f' || ch === '\b') value = value.slice(0, -1);
        else if (ch >= ' ') value += ch;
      }
    };
    stdin.on('data', onData);
  });
}
