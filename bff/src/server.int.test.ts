import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { readSse } from '@val/client';
import { startChatServer, type ChatServer } from '../test/chatServer';
import { findRepoRoot, loadConfig } from './config/env';
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

/** A raw POST whose body trickles in (1 byte every 200 ms of the declared 10,000): a slow upload. */
function slowUpload(port: number): { response: Promise<{ text: string; ended: boolean; error?: string }>; stop(): void } {
  const sock = net.connect(port, '127.0.0.1');
  sock.write('POST /api/contact HTTP/1.1\r\nHost: localhost\r\nContent-Type: application/json\r\nContent-Length: 10000\r\n\r\n{"name":"');
  const drip = setInterval(() => !sock.destroyed && sock.write('a'), 200);
  const response = readUntil(sock, (t) => /\r\n\r\n[\s\S]*\}/.test(t));
  sock.on('error', () => undefined);
  return {
    response,
    stop: () => {
      clearInterval(drip);
      sock.destroy();
    },
  };
}

describe('the stop with slow clients attached (no wait for the shutdown timeout)', () => {
  let dir: string;
  let chat: ChatServer;
  let running: RunningServer;
  const logs: string[] = [];
  beforeEach(async () => {
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'val-stop-slow-'));
    chat = await startChatServer();
    // A model that writes one word a second for a minute.
    chat.reply({ type: 'stream', chunks: Array.from({ length: 60 }, (_, i) => `word${i} `), delayMs: 1000 });
    running = await startServer(
      loadConfig({
        NODE_ENV: 'test',
        LOG_LEVEL: 'info',
        PORT: '0',
        HOST: '127.0.0.1',
        DATA_DIR: dir,
        REPORT_WORKER: 'off',
        SHUTDOWN_TIMEOUT_MS: '60000',
        AI_PROVIDER: 'openai',
        OPENAI_API_KEY: 'sk-test',
        OPENAI_BASE_URL: chat.baseURL,
        AI_MAX_RETRIES: '0',
      }),
      { log: { write: (line: string) => void logs.push(line) } },
    );
  });
  afterEach(async () => {
    await running.stop();
    await chat.close();
    fs.rmSync(dir, { recursive: true, force: true });
  });

  it('30 slow uploads get a 503 saying to send again, the stop does not wait for them', async () => {
    const uploads = Array.from({ length: 30 }, () => slowUpload(running.port));
    await new Promise((r) => setTimeout(r, 300));
    await running.stop();
    const answers = await Promise.all(uploads.map((u) => u.response));
    for (const u of uploads) u.stop();
    for (const a of answers) {
      expect(a.text).toMatch(/^HTTP\/1\.1 503/);
      expect(a.text).toMatch(/\r\nretry-after: 5/i);
      expect(a.text).toContain('"code":"unavailable"');
      expect(a.text).toContain('The server is restarting. Please send this again in a moment.');
    }
    expect(logs.join('')).not.toContain('shutdown timeout');
  }, 20_000);

  it('a validation stream ends with a final error event (the server is restarting) and the stop does not wait for the model', async () => {
    const res = await fetch(`${running.url.replace('localhost', '127.0.0.1')}/api/validate/stream`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ idea: 'Meal kits for climbers', targetCustomer: 'Boulderers', problemSolved: 'Hungry after training' }),
    });
    expect(res.status).toBe(200);
    const events: Array<{ event: string; data: string }> = [];
    const read = (async () => {
      for await (const e of readSse(res.body)) events.push({ event: e.event, data: e.data });
    })();
    while (!events.some((e) => e.event === 'delta')) await new Promise((r) => setTimeout(r, 50));
    await running.stop();
    await read;
    const last = events[events.length - 1];
    expect(last.event).toBe('error');
    expect(JSON.parse(last.data)).toEqual({ code: 'unavailable', message: 'The server is restarting. Please try again in a moment.' });
    expect(events.some((e) => e.event === 'done')).toBe(false);
    expect(logs.join('')).not.toContain('shutdown timeout');
  }, 20_000);

  it('a report event stream ends, telling the browser to reconnect (to another process) soon', async () => {
    const id = await running.deps.reports.start({ product: 'tam-assessment-for-ideas', inputs: { idea: 'Meal kits for climbers' } });
    const res = await fetch(`${running.url.replace('localhost', '127.0.0.1')}/api/reports/${id}/events`);
    expect(res.status).toBe(200);
    const reader = (res.body as ReadableStream<Uint8Array>).getReader();
    let text = '';
    const read = (async () => {
      for (let r = await reader.read(); !r.done; r = await reader.read()) text += new TextDecoder().decode(r.value);
    })();
    while (!text.includes(': connected')) await new Promise((r) => setTimeout(r, 20));
    await running.stop();
    await read;
    expect(text).toMatch(/\nretry: 1000\n/);
    expect(logs.join('')).not.toContain('shutdown timeout');
  }, 20_000);
});

describe('PUBLIC_URL and the origin of redirects', () => {
  it('production refuses to start without it', () => {
    const env = {
      NODE_ENV: 'production',
      ANALYTICS_HASH_KEY: 'k'.repeat(32),
      SESSION_KEYS: 'k'.repeat(40),
      OIDC_ISSUER: 'https://accounts.google.com',
      OIDC_CLIENT_ID: 'id',
      OIDC_CLIENT_SECRET: 'secret',
      STRIPE_SECRET_KEY: 'sk_live_x',
      STRIPE_WEBHOOK_SECRET: 'whsec_x',
    };
    expect(() => loadConfig(env)).toThrow(/PUBLIC_URL: must be set in production/);
    expect(() => loadConfig({ ...env, PUBLIC_URL: 'https://val.example' })).not.toThrow();
  });

  it.each([
    ['unset', {}, true],
    ['set', { PUBLIC_URL: 'http://localhost:3000' }, false],
  ])('outside production, %s: the start log says whether the Host header decides sign-in redirects and checkout return URLs', async (_label, env, warned) => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'val-public-url-'));
    const lines: Array<{ level: number; msg: string }> = [];
    const running = await startServer(
      loadConfig({ NODE_ENV: 'development', LOG_LEVEL: 'info', PORT: '0', HOST: '127.0.0.1', DATA_DIR: dir, REPORT_WORKER: 'off', ...env }),
      {
        log: { write: (line: string) => void lines.push(JSON.parse(line)) },
      },
    );
    try {
      const warning = lines.find((l) => /PUBLIC_URL/.test(l.msg));
      expect(Boolean(warning)).toBe(warned);
      if (warned) {
        expect(warning?.level).toBe(40);
        expect(warning?.msg).toMatch(/PUBLIC_URL is not set: sign-in redirects and checkout return URLs take their origin from each request's Host header/);
      }
    } finally {
      await running.stop();
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });
});

describe('the start (npm start runs bff/dist/src/server.js)', () => {
  /** Starts the built server with `env`; resolves with its stdout once the plain address line has printed. */
  function start(env: Record<string, string>): Promise<{ child: ChildProcess; out: () => string; url: string }> {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'val-start-'));
    const child = spawn(process.execPath, [path.join(findRepoRoot(), 'bff', 'dist', 'src', 'server.js')], {
      env: { PATH: process.env.PATH ?? '', NODE_ENV: 'development', DATA_DIR: dir, REPORT_WORKER: 'off', PORT: '0', ...env },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    child.once('exit', () => fs.rmSync(dir, { recursive: true, force: true }));
    let out = '';
    let err = '';
    child.stderr!.on('data', (b: Buffer) => (err += b.toString()));
    return new Promise((resolve, reject) => {
      const timer = setTimeout(() => {
        child.kill('SIGKILL');
        reject(new Error(`no address line within 30 s; stdout:\n${out}\nstderr:\n${err}`));
      }, 30_000);
      child.stdout!.on('data', (b: Buffer) => {
        out += b.toString();
        const m = /^Val is running on (\S+)$/m.exec(out);
        if (m) {
          clearTimeout(timer);
          resolve({ child, out: () => out, url: m[1] });
        }
      });
      child.once('exit', (code) => reject(new Error(`exited with ${code}; stdout:\n${out}\nstderr:\n${err}`)));
    });
  }
  const stopped = (child: ChildProcess) => new Promise((r) => (child.exitCode !== null ? r(null) : (child.once('exit', r), child.kill('SIGTERM'))));

  it.each([
    ['every interface (the default HOST)', {}, /^http:\/\/localhost:\d+$/],
    ['HOST=127.0.0.1', { HOST: '127.0.0.1' }, /^http:\/\/127\.0\.0\.1:\d+$/],
  ])('on %s, prints one plain line with the address it listens on, beside the JSON log', async (_label, env, shape) => {
    const { child, out, url } = await start(env);
    try {
      expect(url).toMatch(shape);
      const res = await fetch(`${url}/healthz`);
      expect(res.status).toBe(200);
      const lines = out().split('\n').filter(Boolean);
      expect(lines.filter((l) => l.startsWith('Val is running on '))).toEqual([`Val is running on ${url}`]);
      // The JSON log goes on as before, its start line included.
      expect(lines.some((l) => l.startsWith('{') && JSON.parse(l).msg === `Val is running on ${url}`)).toBe(true);
    } finally {
      await stopped(child);
    }
  });
});
