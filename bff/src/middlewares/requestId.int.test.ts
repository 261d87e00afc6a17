import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { loadConfig } from '../config/env';
import { startServer, type RunningServer } from '../server';

/*
 * Every answer carries an X-Request-Id (the caller's own when it is a sane one), and every log
 * line written while serving the request carries the same id, so one request's lines can be found.
 */
describe('request ids', () => {
  let dir: string;
  let running: RunningServer;
  const lines: Array<Record<string, unknown>> = [];
  beforeAll(async () => {
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'val-reqid-'));
    const config = loadConfig({
      NODE_ENV: 'test',
      LOG_LEVEL: 'info',
      PORT: '0',
      HOST: '127.0.0.1',
      DATA_DIR: dir,
      REPORT_WORKER: 'off',
      ADMIN_PASSWORD: 'the right password',
      ADMIN_LOGIN_MAX_FAILURES: '100',
    });
    running = await startServer(config, { log: { write: (line: string) => void lines.push(JSON.parse(line)) } });
  });
  afterAll(async () => {
    await running?.stop();
    fs.rmSync(dir, { recursive: true, force: true });
  });

  /** A failed admin login: it writes one warning line while it is served. */
  const failedLogin = (headers: Record<string, string> = {}) =>
    fetch(`${running.url}/api/admin/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', ...headers },
      body: JSON.stringify({ password: 'wrong' }),
    });
  const loginLines = (id: string | null) => lines.filter((l) => l.msg === 'admin login failed' && l.reqId === id);

  it('answers with a generated id, and the log line of that request has it', async () => {
    const r = await failedLogin();
    expect(r.status).toBe(401);
    const id = r.headers.get('x-request-id');
    expect(id).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/);
    expect(loginLines(id)).toHaveLength(1);
    const other = await failedLogin();
    expect(other.headers.get('x-request-id')).not.toBe(id);
    expect(loginLines(other.headers.get('x-request-id'))).toHaveLength(1);
  });

  it("keeps the caller's X-Request-Id when it is a sane one (≤ 64 of A-Z a-z 0-9 . _ -)", async () => {
    const id = `edge-proxy_1.${'x'.repeat(51)}`;
    expect(id).toHaveLength(64);
    const r = await failedLogin({ 'x-request-id': id });
    expect(r.headers.get('x-request-id')).toBe(id);
    expect(loginLines(id)).toHaveLength(1);
    const health = await fetch(`${running.url}/healthz`, { headers: { 'x-request-id': 'abc' } });
    expect(health.headers.get('x-request-id')).toBe('abc');
  });

  it.each([
    ['too long', 'a'.repeat(65)],
    ['a space', 'two words'],
    ['a backslash', 'abc\\def'],
    ['empty', ''],
  ])('replaces an incoming id that is %s with a generated one', async (_label, bad) => {
    const r = await failedLogin({ 'x-request-id': bad });
    const id = r.headers.get('x-request-id');
    expect(id).not.toBe(bad);
    expect(id).toMatch(/^[0-9a-f-]{36}$/);
    expect(loginLines(id)).toHaveLength(1);
  });

  it('lines outside a request carry no request id', () => {
    const start = lines.find((l) => typeof l.msg === 'string' && l.msg.startsWith('Val is running on'));
    expect(start).toBeDefined();
    expect(start).not.toHaveProperty('reqId');
  });
});
