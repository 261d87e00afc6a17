#!/usr/bin/env node
/**
 * Builds what is not built yet (or is older than its sources), in dependency order:
 * contracts, pdf, client, content, offline-analyst, ui, bff and cli with `tsc -b` over their tsconfig.build.json (incremental; no tests in dist/), then each remote and the shell with
 * webpack. `npm start` and `npm test` call it, so a fresh clone needs only `npm ci` first.
 * Set VAL_SKIP_BUILD=1 to skip the check.
 */
const { execFileSync } = require('node:child_process');
const fs = require('node:fs');
const path = require('node:path');

const root = path.resolve(__dirname, '..');
// Before any build: the same floor as bff/src/nodeVersion.ts (better-sqlite3 13 crashes on Node 20).
{
  const [major, minor] = process.versions.node.split('.').map(Number);
  if (major < 22 || (major === 22 && minor < 14)) {
    console.error(
      `Val needs Node.js 22.14 or newer; this is ${process.versions.node}. Install Node.js 24 LTS (on Linux x86_64: \`. scripts/node24.sh\` in the repository).`,
    );
    process.exit(1);
  }
}
if (process.env.VAL_SKIP_BUILD === '1') process.exit(0);

function newest(p) {
  if (!fs.existsSync(p)) return 0;
  const st = fs.statSync(p);
  if (!st.isDirectory()) return st.mtimeMs;
  let m = 0;
  for (const e of fs.readdirSync(p)) {
    if (e === 'node_modules' || e === 'dist' || e === '.tsbuild') continue;
    m = Math.max(m, newest(path.join(p, e)));
  }
  return m;
}

const run = (cmd, args, cwd = root) => {
  const t0 = Date.now();
  execFileSync(cmd, args, { cwd, stdio: 'inherit', env: { ...process.env, NX_DAEMON: 'false' } });
  return Date.now() - t0;
};

const bin = (name) => path.join(root, 'node_modules', '.bin', name);
const started = Date.now();

// One build at a time on this machine (parallel `npm test` runs would clobber each other's dist).
const lock = path.join(require('node:os').tmpdir(), `val-build-${require('node:crypto').createHash('sha1').update(root).digest('hex').slice(0, 8)}.lock`);
const sleep = (ms) => Atomics.wait(new Int32Array(new SharedArrayBuffer(4)), 0, 0, ms);
for (let waited = 0; ; waited += 500) {
  try {
    fs.mkdirSync(lock);
    break;
  } catch {
    const age = Date.now() - (fs.existsSync(lock) ? fs.statSync(lock).mtimeMs : Date.now());
    if (age > 10 * 60 * 1000) fs.rmSync(lock, { recursive: true, force: true });
    if (waited === 0) console.log('[build] waiting for another build to finish');
    sleep(500);
  }
}
const release = () => fs.rmSync(lock, { recursive: true, force: true });
process.on('exit', release);
process.on('SIGINT', () => process.exit(130));
process.on('SIGTERM', () => process.exit(143));

// TypeScript packages: tsc -b is incremental and takes a second or two when nothing changed.
// Each builds from its tsconfig.build.json, which leaves the tests out of dist/ (their
// tsconfig.json is the type-check of the tests, `npm run typecheck`). A dist/ written by the
// old all-in-one config (its tsconfig.tsbuildinfo is left beside dist/ or in it) held test
// files: it is built again, once.
const tsPackages = ['contracts', 'pdf', 'client', 'content', 'offline-analyst', 'ui', 'bff', 'cli'];
for (const dir of tsPackages) {
  const legacy = [path.join(dir, 'tsconfig.tsbuildinfo'), path.join(dir, 'dist', 'tsconfig.tsbuildinfo')].map((f) => path.join(root, f));
  if (!legacy.some((f) => fs.existsSync(f))) continue;
  console.log(`[build] ${dir}/dist was built with its tests: building it again without them`);
  fs.rmSync(path.join(root, dir, 'dist'), { recursive: true, force: true });
  for (const f of legacy) fs.rmSync(f, { force: true });
}
run(bin('tsc'), ['-b', ...tsPackages.map((dir) => `${dir}/tsconfig.build.json`)]);

const shared = [
  'contracts/src',
  'contracts/package.json',
  'pdf/src',
  'pdf/package.json',
  'client/src',
  'client/package.json',
  'content/src',
  'content/package.json',
  'ui/src',
  'ui/package.json',
  'tooling',
  'package-lock.json',
].map((s) => newest(path.join(root, s)));
const bundles = [
  ['mf-validation', 'remoteEntry.js'],
  ['mf-simulation', 'remoteEntry.js'],
  ['mf-catalogue', 'remoteEntry.js'],
  ['mf-admin', 'remoteEntry.js'],
  ['shell', 'index.html'],
];
for (const [dir, marker] of bundles) {
  const out = path.join(root, dir, 'dist', marker);
  const src = Math.max(
    ...shared,
    newest(path.join(root, dir, 'src')),
    newest(path.join(root, dir, 'public')),
    newest(path.join(root, dir, 'webpack.config.js')),
  );
  if (fs.existsSync(out) && newest(out) >= src) continue;
  console.log(`[build] bundling ${dir} (webpack)`);
  const ms = run(bin('webpack'), ['--mode', 'production'], path.join(root, dir));
  console.log(`[build] ${dir} built in ${(ms / 1000).toFixed(1)} s`);
}
// Budget: each remote's entry must stay small (the landing page loads three of them).
const { remoteEntrySizes, BUDGETS } = require('../bench/lib/bundles');
const over = Object.entries(remoteEntrySizes()).filter(([, v]) => v !== null && v > BUDGETS.remoteEntryGzip);
if (over.length) {
  for (const [k, v] of over)
    console.error(`[build] mf-${k}/dist/remoteEntry.js is ${(v / 1024).toFixed(1)} KB gzip, over the ${BUDGETS.remoteEntryGzip / 1024} KB budget`);
  process.exit(1);
}

const total = (Date.now() - started) / 1000;
if (total > 3) console.log(`[build] done in ${total.toFixed(1)} s`);
