#!/usr/bin/env node
/**
 * Development: the BFF on :3000 (pointing the shell at the remotes' dev servers) and each
 * front end on its own webpack dev server: shell 3001, validation 3002, simulation 3003,
 * catalogue 3004, admin 3005. Open http://localhost:3001.
 */
const { spawn } = require('node:child_process');
const path = require('node:path');

const root = path.resolve(__dirname, '..');
const remotes = { validation: 3002, simulation: 3003, catalogue: 3004, admin: 3005 };
const env = { ...process.env };
for (const [name, port] of Object.entries(remotes)) env[`REMOTE_${name.toUpperCase()}_URL`] = `http://localhost:${port}/`;

const procs = [];
const start = (label, cmd, args, cwd, extra = {}) => {
  const p = spawn(cmd, args, { cwd, env: { ...env, ...extra }, stdio: 'inherit' });
  p.on('exit', (code) => console.log(`[dev] ${label} exited (${code})`));
  procs.push(p);
};
const tsc = path.join(root, 'node_modules', '.bin', 'tsc');
require('node:child_process').execFileSync(tsc, ['-b', 'contracts', 'ui', 'bff', 'cli'], { cwd: root, stdio: 'inherit' });
start('bff', process.execPath, [path.join(root, 'bff/dist/src/server.js')], root);
start('tsc', tsc, ['-b', '-w', 'contracts', 'ui', 'bff', 'cli', '--preserveWatchOutput'], root);
for (const dir of ['shell', ...Object.keys(remotes).map((n) => `mf-${n}`)]) {
  start(dir, path.join(root, 'node_modules', '.bin', 'webpack'), ['serve', '--mode', 'development'], path.join(root, dir));
}
const stop = () => procs.forEach((p) => p.kill('SIGTERM'));
process.on('SIGINT', stop);
process.on('SIGTERM', stop);
