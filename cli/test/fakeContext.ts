import { PassThrough } from 'node:stream';
import type { CliContext, OutStream } from '../src/context';

/** A stream double that keeps what was written. */
export class Capture implements OutStream {
  text = '';
  constructor(
    public isTTY = false,
    public columns = 100,
  ) {}
  write(chunk: string | Uint8Array, cb?: (err?: Error | null) => void): boolean {
    this.text += typeof chunk === 'string' ? chunk : Buffer.from(chunk).toString('utf8');
    cb?.();
    return true;
  }
}

/** A CLI context over captured streams (not a TTY unless asked), a fixed env and cwd. */
export function fakeContext(opts: { env?: NodeJS.ProcessEnv; tty?: boolean; cwd?: string } = {}): CliContext & { stdout: Capture; stderr: Capture } {
  const stdin = new PassThrough() as unknown as NodeJS.ReadStream;
  return {
    stdout: new Capture(opts.tty),
    stderr: new Capture(opts.tty),
    stdin,
    env: opts.env ?? {},
    cwd: opts.cwd ?? process.cwd(),
  };
}
