import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';

const repoRoot = path.resolve(__dirname, '..', '..');

/** A free TCP port on loopback. */
export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const srv = net.createServer();
    srv.once('error', reject);
    srv.listen(0, '127.0.0.1', () => {
      const addr = srv.address();
      const port = typeof addr === 'object' && addr ? addr.port : 0;
      srv.close(() => resolve(port));
    });
  });
}

export interface TestServer {
  url: string;
  port: number;
  dataDir: string;
  /** The environment the server runs with (a worker started with `startTestWorker` shares it). */
  env: NodeJS.ProcessEnv;
  proc: ChildProcess;
  logs: () => string;
  stop(): Promise<void>;
}

/**
 * Starts the real, built server (`bff/dist/src/server.js`) on a free port with a fresh SQLite
 * file (or the given env, e.g. DATABASE_URL), and waits until /readyz answers.
 */
export async function startTestServer(env: Record<string, string> = {}): Promise<TestServer> {
  const entry = path.join(repoRoot, 'bff', 'dist', 'src', 'server.js');
  if (!fs.existsSync(entry)) throw new Error('The server is not built: run `npm run build` (npm test does it for you).');
  const port = await freePort();
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'val-e2e-'));
  let out = '';
  const serverEnv: NodeJS.ProcessEnv = {
    ...process.env,
    NODE_ENV: 'test',
    PORT: String(port),
    HOST: '127.0.0.1',
    DATA_DIR: dataDir,
    LOG_LEVEL: 'warn',
    DATABASE_URL: '',
    ...env,
  };
  const proc = spawn(process.execPath, [entry], { cwd: repoRoot, env: serverEnv, stdio: ['ignore', 'pipe', 'pipe'] });
  proc.stdout?.on('data', (d) => (out += d));
  proc.stderr?.on('data', (d) => (out += d));
  const url = `http://127.0.0.1:${port}`;
  const deadline = Date.now() + 30000;
  for (;;) {
    if (proc.exitCode !== null) throw new Error(`server exited early (${proc.exitCode}):\n${out}`);
    try {
      const r = await fetch(`${url}/readyz`);
      if (r.ok) break;
    } catch {
      /* not up yet */
    }
    if (Date.now() > deadline) {
      proc.kill('SIGKILL');
      throw new Error(`server did not become ready in 30 s:\n${out}`);
    }
    await new Promise((r) => setTimeout(r, 100));
  }
  return {
    url,
    port,
    dataDir,
    env: serverEnv,
    proc,
    logs: () => out,
    async stop() {
      await stopChild(proc);
      fs.rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

/** SIGTERM, then SIGKILL after 10 s; resolves once the process has exited. */
async function stopChild(proc: ChildProcess): Promise<void> {
  if (proc.exitCode !== null || proc.signalCode !== null) return;
  const exited = new Promise((r) => proc.once('exit', r));
  proc.kill('SIGTERM');
  const t = setTimeout(() => proc.kill('SIGKILL'), 10000);
  await exited;
  clearTimeout(t);
}

export interface TestWorker {
  logs: () => string;
  stop(): Promise<void>;
}

/**
 * Starts the built standalone report worker (`bff/dist/src/worker.js`) over the database of a
 * server started with `REPORT_WORKER: 'off'`, so a test decides when queued reports begin to run.
 * Resolves once the worker says it is ready.
 */
export async function startTestWorker(server: TestServer, env: Record<string, string> = {}): Promise<TestWorker> {
  const entry = path.join(repoRoot, 'bff', 'dist', 'src', 'worker.js');
  let out = '';
  const proc = spawn(process.execPath, [entry], { cwd: repoRoot, env: { ...server.env, LOG_LEVEL: 'info', ...env }, stdio: ['ignore', 'pipe', 'pipe'] });
  proc.stdout?.on('data', (d) => (out += d));
  proc.stderr?.on('data', (d) => (out += d));
  const deadline = Date.now() + 30000;
  while (!out.includes('report worker ready')) {
    if (proc.exitCode !== null) throw new Error(`worker exited early (${proc.exitCode}):\n${out}`);
    if (Date.now() > deadline) {
      proc.kill('SIGKILL');
      throw new Error(`worker did not become ready in 30 s:\n${out}`);
    }
    await new Promise((r) => setTimeout(r, 50));
  }
  return {
    logs: () => out,
    stop: () => stopChild(proc),
  };
}
