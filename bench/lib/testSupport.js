/**
 * Test support a benchmark runs (bff/test/…), compiled on first use into bench/dist/ by
 * bench/tsconfig.json (incremental: a second or two when nothing changed). bff's build leaves
 * test code out of bff/dist, so benchmarks do not load it from there.
 *   const { startChatServer } = requireTestSupport('chatServer');
 */
const { execFileSync } = require('node:child_process');
const path = require('node:path');

const root = path.resolve(__dirname, '..', '..');
let compiled = false;

/** `bff/test/<name>.ts`, compiled; `name` is one of bench/tsconfig.json's files, e.g. 'faults/outageScenario'. */
function requireTestSupport(name) {
  if (!compiled) {
    execFileSync(path.join(root, 'node_modules', '.bin', 'tsc'), ['-p', path.join(root, 'bench', 'tsconfig.json')], { cwd: root, stdio: 'inherit' });
    compiled = true;
  }
  return require(path.join(root, 'bench', 'dist', 'bff', 'test', `${name}.js`));
}

module.exports = { requireTestSupport };
