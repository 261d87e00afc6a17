/** Starts the built server on a free port for a benchmark (fresh SQLite unless env says otherwise). */
const { spawn } = require('node:child_process');
const fs = require('node:fs');
const net = require('node:net');
const os = require('node:os');
const path = require('node:path');

const root = path.resolve(__dirname, '..', '..');

function freePort() {
  return new Promise((resolve, reject) => {
    const s = net.createServer();
    s.once('error', reject);
    s.listen(0, '127.0.0.1', () => {
      const { port } = s.address();
      s.close(() => resolve(port));
    });
  });
}

async function startServer(env = {}) {
  const entry = path.join(root, 'bff', 'dist', 'src', 'server.js');
  if (!fs.existsSync(entry)) throw new Error('Build first: node scripts/ensure-built.js');
  const port = await freePort();
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'val-bench-'));
  let out = '';
  // BENCH_NODE_ARGS: extra node flags for the server, e.g. "--cpu-prof --cpu-prof-dir=/tmp/prof".
  const nodeArgs = (process.env.BENCH_NODE_ARGS || '').split(' ').filter(Boolean);
  const proc = spawn(process.execPath, [...nodeArgs, entry], {
    cwd: root,
    env: { ...process.env, NODE_ENV: 'test', PORT: String(port), HOST: '127.0.0.1', DATA_DIR: dataDir, LOG_LEVEL: 'warn', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  proc.stdout.on('data', (d) => (out += d));
  proc.stderr.on('data', (d) => (out += d));
  const url = `http://127.0.0.1:${port}`;
  const deadline = Date.now() + 30000;
  for (;;) {
    if (proc.exitCode !== null) throw new Error(`server exited (${proc.exitCode}):\n${out}`);
    try {
      if ((await fetch(`${url}/readyz`)).ok) break;
    } catch {
      /* starting */
    }
    if (Date.now() > deadline) throw new Error(`server not ready:\n${out}`);
    await new Promise((r) => setTimeout(r, 100));
  }
  return {
    url,
    port,
    proc,
    logs: () => out,
    async stop() {
      if (proc.exitCode === null) {
        const done = new Promise((r) => proc.once('exit', r));
        proc.kill('SIGTERM');
        const t = setTimeout(() => proc.kill('SIGKILL'), 10000);
        await done;
        clearTimeout(t);
      }
      fs.rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

module.exports = { startServer, freePort, root };
