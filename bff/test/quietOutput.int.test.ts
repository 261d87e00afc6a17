import { execFile } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { promisify } from 'node:util';
import ts from 'typescript';
import { findRepoRoot } from '../src/config/env';

/*
 * `npx jest` output that reads as a failure when nothing failed hides the real ones.
 * Passing tests print nothing: figures, timelines and lists go to a diagnostics file
 * (bff/test/diagnostics.ts) and into the message of a failure; knex's own messages go to the
 * logger, not the console; a skipped test says why in its name.
 */

const root = findRepoRoot();
const rel = (p: string) => path.relative(root, p).split(path.sep).join('/');
const run = promisify(execFile);

function files(dir: string): string[] {
  if (!fs.existsSync(dir)) return [];
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((e) => {
    const p = path.join(dir, e.name);
    if (e.isDirectory()) return ['node_modules', 'dist', '.tsbuild'].includes(e.name) ? [] : files(p);
    return /\.tsx?$/.test(e.name) && !e.name.endsWith('.d.ts') ? [p] : [];
  });
}

/** The `console.*(…)` calls of a source text, as `line: text`. */
export function consoleCalls(fileName: string, text: string): string[] {
  const sf = ts.createSourceFile(fileName, text, ts.ScriptTarget.Latest, true, fileName.endsWith('x') ? ts.ScriptKind.TSX : ts.ScriptKind.TS);
  const found: string[] = [];
  const visit = (node: ts.Node) => {
    if (
      ts.isCallExpression(node) &&
      ts.isPropertyAccessExpression(node.expression) &&
      ts.isIdentifier(node.expression.expression) &&
      node.expression.expression.text === 'console'
    ) {
      found.push(`${sf.getLineAndCharacterOfPosition(node.getStart(sf)).line + 1}: ${node.getText(sf).slice(0, 80)}`);
    }
    ts.forEachChild(node, visit);
  };
  visit(sf);
  return found;
}

/** The blocks jest prints for console output, and Node's warnings, in a jest run's output. */
export function noise(output: string): string[] {
  return output.split('\n').filter((l) => /^\s*console\.(log|error|warn|info|debug)\s*$|● Console|Cannot log after tests are done|Warning: /.test(l));
}

describe('quiet test output', () => {
  it('no test and no test support file writes to the console (diagnostics go to a file and to failures)', () => {
    const folders = ['bff', 'e2e', 'contracts', 'shell', 'mf-admin', 'mf-validation', 'mf-simulation', 'mf-catalogue', 'ui', 'cli'];
    const tests = folders.flatMap((d) => files(path.join(root, d))).filter((f) => /\.test\.tsx?$/.test(f) || /^(bff\/test|e2e\/src)\//.test(rel(f)));
    expect(tests.length).toBeGreaterThan(100);
    expect(tests.flatMap((f) => consoleCalls(f, fs.readFileSync(f, 'utf8')).map((c) => `${rel(f)}:${c}`))).toEqual([]);
  });

  it('the checks see console calls and jest’s console blocks', () => {
    expect(consoleCalls('x.ts', "const a = 1;\nconsole.log(`figures ${a}`);\nlogger.info('fine');\nconsole.error('x');")).toEqual([
      '2: console.log(`figures ${a}`)',
      "4: console.error('x')",
    ]);
    expect(noise('PASS a.test.ts\n  ● Console\n\n    console.log\n      figures\n')).toEqual(['  ● Console', '    console.log']);
  });

  // A fault test run through jest in a child process, as `npx jest` prints it: a silent network
  // cut under the shared counters (knex printed a line per failed query there). Without MySQL
  // it is skipped, and says why.
  it('a fault test prints no console block and names the reason of every skipped test', async () => {
    const file = 'bff/test/faults/counterHang.int.test.ts';
    const { stdout, stderr } = await run(
      process.execPath,
      [
        path.join(root, 'node_modules', 'jest', 'bin', 'jest.js'),
        '--ci',
        '--colors=false',
        '--verbose',
        '--selectProjects',
        'integration',
        '--runTestsByPath',
        file,
      ],
      { cwd: root, env: { ...process.env, FORCE_COLOR: '0' }, maxBuffer: 20 * 1024 * 1024 },
    ).catch((e: { stdout?: string; stderr?: string; message: string }) => ({ stdout: e.stdout ?? '', stderr: `${e.stderr ?? ''}\n${e.message}` }));
    const output = `${stdout}\n${stderr}`;
    expect(output).toMatch(/Tests:\s+(\d+ skipped, )?\d+ (passed|skipped), \d+ total/);
    expect(noise(output)).toEqual([]);
    const skipped = output.split('\n').filter((l) => /^\s*○ skipped /.test(l));
    expect(skipped.filter((l) => !/\(skipped: .+\)/.test(l))).toEqual([]);
  }, 120_000);
});
