import { execFileSync, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { nodeVersionProblem } from './nodeVersion';

/*
 * On a Node.js older than 22.14 (these machines ship Node 20 at /usr/bin/node) every entry point
 * refuses to start with one clear line, instead of crashing inside the better-sqlite3 addon.
 */
const root = path.resolve(__dirname, '../..');
const candidates = [process.env.VAL_OLD_NODE, '/usr/bin/node', '/usr/local/bin/node'].filter((p): p is string => !!p && fs.existsSync(p));
const oldNode = candidates.find((bin) => {
  const v = execFileSync(bin, ['-p', 'process.versions.node'], { encoding: 'utf8' }).trim();
  return nodeVersionProblem(v) !== null;
});

const entryPoints: Array<[string, string[]]> = [
  ['the server (npm start)', ['bff/dist/src/server.js']],
  ['the report worker', ['bff/dist/src/worker.js']],
  ['the val CLI', ['cli/bin/val.js', 'validate', '--help']],
  ['the build step of npm start and npm test', ['scripts/ensure-built.js']],
];

if (!oldNode) {
  describe('entry points on an old Node.js', () => {
    it.todo(`refuse to start (skipped: no Node.js older than 22.14 found at ${candidates.join(', ') || '/usr/bin/node'}; set VAL_OLD_NODE to one)`);
  });
} else {
  describe(`entry points on an old Node.js (${oldNode})`, () => {
    it.each(entryPoints)('%s exits 1 with "Val needs Node.js 22.14 or newer; this is …"', (_name, args) => {
      const r = spawnSync(oldNode, args, { cwd: root, encoding: 'utf8', env: { ...process.env, VAL_SKIP_BUILD: '' }, timeout: 30_000 });
      expect(r.status).toBe(1);
      expect(r.stderr).toMatch(/^Val needs Node\.js 22\.14 or newer; this is 2[01]\.\d+\.\d+\./);
      expect(r.stdout).toBe('');
    });
  });
}
