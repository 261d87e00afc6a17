import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';

/*
 * What a test measures or records on the way (timelines, figure tables, lists) without printing
 * it: `npx jest` stays quiet while tests pass, so what it prints is what needs reading. The text
 * goes to a file (one per name, under VAL_TEST_DIAGNOSTICS_DIR, default <tmp>/val-test-diagnostics)
 * where the figures can be read after a run, and into the message of a failure inside
 * `diagnostics.check`, with the file's path.
 */

/** Where the diagnostics files go. */
export function diagnosticsDir(): string {
  return process.env.VAL_TEST_DIAGNOSTICS_DIR || path.join(os.tmpdir(), 'val-test-diagnostics');
}

export interface Diagnostics {
  /** The file the lines are written to. */
  readonly file: string;
  /** Adds a line (or block) of text: written to the file at once, printed only on failure. */
  add(text: string): void;
  /** Everything added so far. */
  text(): string;
  /**
   * Runs `fn` (assertions); when it throws, the error's message gets the diagnostics and the
   * file's path appended, and it is thrown again.
   */
  check<T>(fn: () => T | Promise<T>): Promise<T>;
}

/** Diagnostics named `name` (e.g. 'sigterm-sqlite'); a new run of the name starts its file afresh. */
export function diagnostics(name: string): Diagnostics {
  const dir = diagnosticsDir();
  fs.mkdirSync(dir, { recursive: true });
  const file = path.join(dir, `${name.replace(/[^A-Za-z0-9._-]+/g, '-')}.txt`);
  fs.writeFileSync(file, '');
  const lines: string[] = [];
  const d: Diagnostics = {
    file,
    add(text) {
      lines.push(text);
      fs.appendFileSync(file, `${text}\n`);
    },
    text: () => lines.join('\n'),
    async check(fn) {
      try {
        return await fn();
      } catch (err) {
        throw withDiagnostics(err, d);
      }
    },
  };
  return d;
}

/** The error with the diagnostics (at most the last 8000 characters) and their file appended to its message. */
export function withDiagnostics(err: unknown, d: Diagnostics): unknown {
  if (!(err instanceof Error)) return err;
  const text = d.text();
  const shown = text.length > 8000 ? `…${text.slice(-8000)}` : text;
  const extra = `\n\nDiagnostics (${d.file}):\n${shown || '(none)'}`;
  err.message += extra;
  return err;
}
