import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { startTestServer, stopTestServers, type TestServer } from './server';

/**
 * scripts/screenshot.js is how we look at the product: every section must be drawn when it
 * shoots (no loading spinners of lazily loaded sections), and the home page is named `home`.
 */
let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(async () => {
  await stopTestServers();
});

function run(args: string[], env: Record<string, string>): Promise<{ code: number | null; out: string }> {
  return new Promise((resolve) => {
    const p = spawn(process.execPath, [path.resolve(__dirname, '..', '..', 'scripts', 'screenshot.js'), ...args], {
      env: { ...process.env, ...env },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let out = '';
    p.stdout.on('data', (d) => (out += d));
    p.stderr.on('data', (d) => (out += d));
    p.on('exit', (code) => resolve({ code, out }));
  });
}

describe('scripts/screenshot.js', () => {
  it('names the home page `home` and shoots only once every section is drawn', async () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'val-shots-'));
    try {
      const { code, out } = await run([server.url, '/', '/products'], { SCREENSHOT_DIR: dir });
      expect(code).toBe(0);
      const files = fs.readdirSync(dir).sort();
      expect(files).toEqual(
        ['home', 'products'].flatMap((n) => [`${n}-1280-dark.png`, `${n}-1280-light.png`, `${n}-375-dark.png`, `${n}-375-light.png`]).sort(),
      );
      const lines = out.split('\n').filter((l) => l.endsWith('.png') || /\.png /.test(l));
      expect(lines).toHaveLength(8);
      for (const l of lines) expect(l).toMatch(/\(0 still loading\)$/);
    } finally {
      fs.rmSync(dir, { recursive: true, force: true });
    }
  }, 240000);
});
