import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';

/** The repository root and the real bin of the CLI. */
export const repoRoot = path.resolve(__dirname, '..', '..');
export const valBin = path.join(repoRoot, 'cli', 'bin', 'val.js');

/** Sources (not tests) of cli/src whose compiled file is missing or older than they are. */
function staleSources(dir: string, out: string[] = []): string[] {
  for (const e of fs.readdirSync(dir, { withFileTypes: true })) {
    const p = path.join(dir, e.name);
    if (e.isDirectory()) staleSources(p, out);
    else if (/\.ts$/.test(e.name) && !/\.test\.ts$/.test(e.name)) {
      const js = path.join(repoRoot, 'cli', 'dist', path.relative(path.join(repoRoot, 'cli'), p)).replace(/\.ts$/, '.js');
      if (!fs.existsSync(js) || fs.statSync(js).mtimeMs + 1000 < fs.statSync(p).mtimeMs) out.push(path.relative(repoRoot, p));
    }
  }
  return out;
}

/**
 * Fails fast when the CLI is not built, or is older than its sources, so the integration tests
 * never exercise stale code: run `node scripts/ensure-built.js` first (npm test does).
 */
export function assertBuilt(): void {
  const entry = path.join(repoRoot, 'cli', 'dist', 'src', 'index.js');
  if (!fs.existsSync(entry)) throw new Error('The CLI is not built: run `node scripts/ensure-built.js` first.');
  const stale = staleSources(path.join(repoRoot, 'cli', 'src'));
  if (stale.length) throw new Error(`cli/dist is older than ${stale.join(', ')}: run \`node scripts/ensure-built.js\` first.`);
}

export interface CliRun {
  code: number | null;
  signal: NodeJS.Signals | null;
  stdout: string;
  stderr: string;
}

/** Env for a child CLI: this process's env minus anything that would leak into the test. */
function childEnv(env: Record<string, string | undefined>): NodeJS.ProcessEnv {
  const base: NodeJS.ProcessEnv = { ...process.env };
  for (const k of ['VAL_API_URL', 'VAL_ADMIN_PASSWORD', 'DATABASE_URL', 'DATA_DIR', 'NO_COLOR', 'DEBUG']) delete base[k];
  const out: NodeJS.ProcessEnv = { ...base, NODE_ENV: 'test', LOG_LEVEL: 'warn' };
  for (const [k, v] of Object.entries(env)) {
    if (v === undefined) delete out[k];
    else out[k] = v;
  }
  return out;
}

/** Starts `node cli/bin/val.js …` (the real bin) without waiting. */
export function spawnCli(
  args: string[],
  opts: { env?: Record<string, string | undefined>; cwd?: string; input?: string } = {},
): ChildProcess & { result: Promise<CliRun> } {
  const child = spawn(process.execPath, [valBin, ...args], { cwd: opts.cwd ?? repoRoot, env: childEnv(opts.env ?? {}), stdio: ['pipe', 'pipe', 'pipe'] });
  let stdout = '';
  let stderr = '';
  child.stdout?.setEncoding('utf8').on('data', (d: string) => (stdout += d));
  child.stderr?.setEncoding('utf8').on('data', (d: string) => (stderr += d));
  if (opts.input !== undefined) child.stdin?.end(opts.input);
  else child.stdin?.end();
  const result = new Promise<CliRun>((resolve, reject) => {
    child.once('error', reject);
    child.once('close', (code, signal) => resolve({ code, signal, stdout, stderr }));
  });
  return Object.assign(child, { result });
}

/** Runs the real bin to completion (killed after `timeoutMs`). */
export async function runCli(
  args: string[],
  opts: { env?: Record<string, string | undefined>; cwd?: string; input?: string; timeoutMs?: number } = {},
): Promise<CliRun> {
  const child = spawnCli(args, opts);
  const timer = setTimeout(() => child.kill('SIGKILL'), opts.timeoutMs ?? 60_000);
  try {
    return await child.result;
  } finally {
    clearTimeout(timer);
  }
}
