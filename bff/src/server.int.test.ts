import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { loadConfig } from './config/env';
import { startServer, type RunningServer } from './server';

/** Reads from `sock` until `done(text)` is true or the socket ends; resolves with all text read. */
function readUntil(sock: net.Socket, done: (text: string) => boolean): Promise<{ text: string; ended: boolean; error?: string }> {
  return new Promise((resolve) => {
    let text = '';
    const finish = (ended: boolean, error?: string) => {
      sock.off('data', onData);
      resolve({ text, ended, error });
    };
    const onData = (b: Buffer) => {
      text += b.toString('latin1');
      if (done(text)) finish(false);
    };
    sock.on('data', onData);
    sock.once('end', () => finish(true));
    sock.once('error', (e: NodeJS.ErrnoException) => finish(true, e.code ?? e.message));
  });
}

const request = 'GET /healthz HTTP/1.1\r\nHost: localhost\r\nConnection: keep-alive\r\n\r\n';
const oneResponse = (t: string) => /\r\n\r\n/.test(t) && /\r\n\r\n[\s\S]*\}/.test(t);

describe('graceful stop of the HTTP server', () => {
  let dir: string;
  let running: RunningServer;
  beforeEach(async () => {
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'val-stop-'));
    running = await startServer(loadConfig({ NODE_ENV: 'test', LOG_LEVEL: 'silent', PORT: '0', HOST: '127.0.0.1', DATA_DIR: dir, REPORT_WORKER: 'off' }));
  });
  afterEach(async () => {
    await running.stop();
    fs.rmSync(dir, { recursive: true, force: true });
  });

  it('answers a request already sent on an idle keep-alive connection when the stop begins, then closes it', async () => {
    const sock = net.connect(running.port, '127.0.0.1');
    await new Promise((r) => sock.once('connect', r));
    sock.write(request);
    const first = await readUntil(sock, oneResponse);
    expect(first.text).toMatch(/^HTTP\/1\.1 200/);
    expect(first.text).not.toMatch(/\r\nconnection: close/i);

    // The connection is idle as the server sees it; the next request is on its way (in the
    // socket buffer, not yet read) when the stop begins: the client must still get its answer.
    sock.write(request);
    const stopped = running.stop();
    const second = await readUntil(sock, (t) => oneResponse(t));
    expect(second.error).toBeUndefined();
    expect(second.text).toMatch(/^HTTP\/1\.1 200/);
    expect(second.text).toMatch(/\r\nconnection: close/i);
    await stopped;
    sock.destroy();
  });

  it('refuses new connections once stopping, and ends within the grace with only idle connections open', async () => {
    const idle = net.connect(running.port, '127.0.0.1');
    await new Promise((r) => idle.once('connect', r));
    idle.write(request);
    await readUntil(idle, oneResponse);
    const closed = new Promise((r) => idle.once('close', r));
    const t0 = Date.now();
    const stopped = running.stop();
    const refused = await new Promise<string>((resolve) => {
      const s = net.connect(running.port, '127.0.0.1');
      s.once('connect', () => {
        s.destroy();
        resolve('connected');
      });
      s.once('error', (e: NodeJS.ErrnoException) => resolve(e.code ?? 'error'));
    });
    expect(refused).toBe('ECONNREFUSED');
    await stopped;
    await closed;
    expect(Date.now() - t0).toBeLessThan(3000);
  });
});
