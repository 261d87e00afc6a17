import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { spawnServer, stopProcess, type SpawnedServer } from '../../bff/test/faults/spawnServer';

export { freePort } from '../../bff/test/faults/spawnServer';

const repoRoot = path.resolve(__dirname, '..', '..');

export interface TestServer extends SpawnedServer {
  dataDir: string;
}

/**
 * What this test file started and has not stopped yet, servers (even still starting) and workers:
 * `stopTestServers()` in each file's afterAll ends them, so a beforeAll that fails half-way (the
 * browser cannot launch while a server starts beside it) leaves no server process running.
 */
const running = { servers: new Set<() => Promise<void>>(), workers: new Set<() => Promise<void>>() };

/** Stops every server and worker this file started and has not stopped (workers first). */
export async function stopTestServers(): Promise<void> {
  await Promise.all([...running.workers].map((stop) => stop()));
  await Promise.all([...running.servers].map((stop) => stop()));
}

/**
 * Starts the real, built server (`bff/dist/src/server.js`) on a free port with a fresh SQLite
 * file (or the given env, e.g. DATABASE_URL), and waits until /readyz answers; `stop()` also
 * removes the data folder.
 */
export async function startTestServer(env: Record<string, string> = {}): Promise<TestServer> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'val-e2e-'));
  const starting = spawnServer({ DATA_DIR: dataDir, ...env });
  const stop = async () => {
    running.servers.delete(stop);
    await (await starting.catch(() => null))?.stop();
    fs.rmSync(dataDir, { recursive: true, force: true });
  };
  running.servers.add(stop);
  const server = await starting.catch(async (e: unknown) => {
    await stop();
    throw e;
  });
  return { ...server, dataDir, stop };
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
  const stop = () => {
    running.workers.delete(stop);
    return stopProcess(proc);
  };
  running.workers.add(stop);
  const deadline = Date.now() + 30000;
  while (!out.includes('report worker ready')) {
    if (proc.exitCode !== null) throw new Error(`worker exited early (${proc.exitCode}):\n${out}`);
    if (Date.now() > deadline) {
      proc.kill('SIGKILL');
      throw new Error(`worker did not become ready in 30 s:\n${out}`);
    }
    await new Promise((r) => setTimeout(r, 50));
  }
  return { logs: () => out, stop };
}
