import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import path from 'node:path';
import { findRepoRoot } from '../../src/config/env';

/** The built server running in a child process. */
export interface SpawnedServer {
  url: string;
  port: number;
  /** The environment the server runs with (a worker over the same database can share it). */
  env: NodeJS.ProcessEnv;
  proc: ChildProcess;
  logs(): string;
  /** Resolves with the exit code (or signal) once the process ends. */
  exited: Promise<{ code: number | null; signal: NodeJS.Signals | null; at: number }>;
  kill(signal?: NodeJS.Signals): void;
  /** SIGTERM, then SIGKILL after 10 s; resolves once the process has exited. */
  stop(): Promise<void>;
}

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

/** Path of the built server entry (`npm test` builds it first). */
export function builtServerEntry(): string {
  return path.join(findRepoRoot(), 'bff', 'dist', 'src', 'server.js');
}

/**
 * Starts `bff/dist/src/server.js` with the given environment on a free loopback port and waits
 * until /readyz answers (30 s at most). The one way every test (faults, e2e) runs the built server.
 */
export async function spawnServer(env: Record<string, string>): Promise<SpawnedServer> {
  const entry = builtServerEntry();
  if (!fs.existsSync(entry)) throw new Error('The server is not built: run `node scripts/ensure-built.js` (npm test does it for you).');
  const port = await freePort();
  let out = '';
  const serverEnv: NodeJS.ProcessEnv = { ...process.env, NODE_ENV: 'test', LOG_LEVEL: 'warn', HOST: '127.0.0.1', PORT: String(port), DATABASE_URL: '', ...env };
  const proc = spawn(process.execPath, [entry], { cwd: findRepoRoot(), env: serverEnv, stdio: ['ignore', 'pipe', 'pipe'] });
  proc.stdout?.on('data', (d) => (out += d));
  proc.stderr?.on('data', (d) => (out += d));
  const exited = new Promise<{ code: number | null; signal: NodeJS.Signals | null; at: number }>((resolve) =>
    proc.once('exit', (code, signal) => resolve({ code, signal, at: Date.now() })),
  );
  const url = `http://127.0.0.1:${port}`;
  const deadline = Date.now() + 30_000;
  for (;;) {
    if (proc.exitCode !== null) throw new Error(`server exited early (${proc.exitCode}):\n${out}`);
    try {
      if ((await fetch(`${url}/readyz`)).ok) break;
    } catch {
      /* starting */
    }
    if (Date.now() > deadline) {
      proc.kill('SIGKILL');
      throw new Error(`server not ready in 30 s:\n${out}`);
    }
    await new Promise((r) => setTimeout(r, 100));
  }
  return {
    url,
    port,
    env: serverEnv,
    proc,
    logs: () => out,
    exited,
    kill(signal = 'SIGTERM') {
      if (proc.exitCode === null && proc.signalCode === null) proc.kill(signal);
    },
    stop: () => stopProcess(proc),
  };
}

/** SIGTERM, then SIGKILL after 10 s; resolves once the process has exited. */
export async function stopProcess(proc: ChildProcess): Promise<void> {
  if (proc.exitCode !== null || proc.signalCode !== null) return;
  const exited = new Promise((r) => proc.once('exit', r));
  proc.kill('SIGTERM');
  const t = setTimeout(() => proc.kill('SIGKILL'), 10000);
  await exited;
  clearTimeout(t);
}
