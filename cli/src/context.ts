/** A writable text stream the CLI prints to (process.stdout / process.stderr, or a test double). */
export interface OutStream {
  write(chunk: string | Uint8Array, cb?: (err?: Error | null) => void): boolean;
  isTTY?: boolean;
  columns?: number;
}

/** Where the CLI reads and writes: the real process by default, doubles in unit tests. */
export interface CliContext {
  stdout: OutStream;
  stderr: OutStream;
  stdin: NodeJS.ReadStream;
  env: NodeJS.ProcessEnv;
  cwd: string;
}

/** The running process as a context. */
export function processContext(): CliContext {
  return { stdout: process.stdout, stderr: process.stderr, stdin: process.stdin, env: process.env, cwd: process.cwd() };
}

/** Writes a line (adds the newline). */
export function println(out: OutStream, line = ''): void {
  out.write(`${line}\n`);
}

/** True when colours may be used on this stream (a TTY, NO_COLOR unset, TERM not dumb). */
export function useColor(ctx: CliContext, out: OutStream): boolean {
  return Boolean(out.isTTY) && !ctx.env.NO_COLOR && ctx.env.TERM !== 'dumb';
}

/** Minimal ANSI styling that turns itself off when colours are off. */
export function styles(enabled: boolean) {
  const wrap = (open: number, close: number) => (s: string) => (enabled ? `\u001b[${open}m${s}\u001b[${close}m` : s);
  return {
    bold: wrap(1, 22),
    dim: wrap(2, 22),
    red: wrap(31, 39),
    green: wrap(32, 39),
    yellow: wrap(33, 39),
    cyan: wrap(36, 39),
  };
}
