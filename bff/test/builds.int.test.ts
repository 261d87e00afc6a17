import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { findRepoRoot } from '../src/config/env';

/*
 * What the builds ship: `bff/dist` (served in production, imported by the CLI) and the packed
 * CLI hold the product's code only. Tests and test support (fuzzers, fault proxies, the loopback
 * model server) are type-checked by each package's tsconfig.json and left out of the build by its
 * tsconfig.build.json. Run after a build (`npm test` builds first).
 */

const root = findRepoRoot();
const isTestCode = (rel: string) =>
  /(^|\/)test\//.test(rel) || /\.(test|int\.test|e2e\.test)\.(js|d\.ts|js\.map)$/.test(rel) || /(^|\/)(fuzz|faults)\//.test(rel);

function filesUnder(dir: string, base = dir): string[] {
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((e) => {
    const p = path.join(dir, e.name);
    return e.isDirectory() ? filesUnder(p, base) : [path.relative(base, p).split(path.sep).join('/')];
  });
}

describe('the builds ship no test code', () => {
  it.each(['bff', 'cli', 'contracts', 'ui'])('%s/dist holds no test files', (pkg) => {
    const dist = path.join(root, pkg, 'dist');
    const files = filesUnder(dist);
    expect(files.filter((f) => f.endsWith('.js')).length).toBeGreaterThan(5);
    expect(files.filter(isTestCode)).toEqual([]);
  });

  it('bff/dist holds the server, the worker and the migrations', () => {
    for (const f of ['src/server.js', 'src/worker.js', 'src/index.js', 'migrations/index.js']) {
      expect(fs.existsSync(path.join(root, 'bff', 'dist', f))).toBe(true);
    }
  });

  it('the packed CLI (npm pack -w cli) holds its commands and no test files', () => {
    const out = execFileSync('npm', ['pack', '-w', 'cli', '--dry-run', '--json', '--ignore-scripts'], {
      cwd: root,
      encoding: 'utf8',
      stdio: ['ignore', 'pipe', 'ignore'],
    });
    const [pack] = JSON.parse(out) as Array<{ files: Array<{ path: string }> }>;
    const files = pack.files.map((f) => f.path);
    expect(files).toEqual(expect.arrayContaining(['bin/val.js', 'dist/src/index.js', 'dist/src/commands/validate.js']));
    expect(files.filter(isTestCode)).toEqual([]);
  });
});
