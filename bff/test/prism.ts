import { spawn, type ChildProcess } from 'node:child_process';
import net from 'node:net';
import path from 'node:path';

/** The workspace root (prism and redocly are root devDependencies). */
export const REPO_ROOT = path.resolve(__dirname, '..', '..');
/** A binary of the root's node_modules/.bin. */
export const bin = (name: string): string => path.join(REPO_ROOT, 'node_modules', '.bin', name);

/** Environment of the third-party tools: no telemetry, no update checks, no colours. */
export const TOOL_ENV: NodeJS.ProcessEnv = {
  ...process.env,
  SCARF_ANALYTICS: 'false',
  REDOCLY_TELEMETRY: 'off',
  REDOCLY_SUPPRESS_UPDATE_NOTICE: 'true',
  NO_COLOR: '1',
  FORCE_COLOR: '0',
};

/** A free loopback port. */
export async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const s = net.createServer();
    s.once('error', reject);
    s.listen(0, '127.0.0.1', () => {
      const { port } = s.address() as net.AddressInfo;
      s.close(() => resolve(port));
    });
  });
}

export interface PrismProxy {
  url: string;
  /** Everything prism printed (for a failure message). */
  log(): string;
  stop(): Promise<void>;
}

/**
 * Starts `prism proxy <document> <upstream> --errors` (Stoplight's validation proxy) on a free
 * loopback port and waits until it listens. With `validateRequest: false` it forwards requests the
 * document rejects, so the server's own answer to them is still checked against the document.
 */
export async function startPrismProxy(opts: { document: string; upstream: string; validateRequest?: boolean; timeoutMs?: number }): Promise<PrismProxy> {
  const port = await freePort();
  const args = ['proxy', opts.document, opts.upstream, '--errors', '-h', '127.0.0.1', '-p', String(port)];
  if (opts.validateRequest === false) args.push('--validate-request', 'false');
  const child: ChildProcess = spawn(bin('prism'), args, { env: TOOL_ENV, stdio: ['ignore', 'pipe', 'pipe'] });
  let out = '';
  const keep = (b: Buffer) => {
    out += b.toString();
    if (out.length > 200_000) out = out.slice(-100_000);
  };
  child.stdout?.on('data', keep);
  child.stderr?.on('data', keep);
  await new Promise<void>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`prism did not start within ${opts.timeoutMs ?? 60_000} ms:\n${out}`)), opts.timeoutMs ?? 60_000);
    const check = () => {
      if (/Prism is listening/.test(out)) {
        clearTimeout(timer);
        resolve();
      }
    };
    child.stdout?.on('data', check);
    child.once('exit', (code) => {
      clearTimeout(timer);
      reject(new Error(`prism exited with ${code} before listening:\n${out}`));
    });
  });
  return {
    url: `http://127.0.0.1:${port}`,
    log: () => out,
    async stop() {
      if (child.exitCode !== null) return;
      const exited = new Promise((r) => child.once('exit', r));
      child.kill('SIGTERM');
      let timer: NodeJS.Timeout | undefined;
      await Promise.race([exited, new Promise((r) => (timer = setTimeout(r, 5000)))]);
      clearTimeout(timer);
      if (child.exitCode === null) child.kill('SIGKILL');
    },
  };
}
