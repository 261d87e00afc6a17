import fs from 'node:fs';
import path from 'node:path';
import ts from 'typescript';
import { findRepoRoot } from '../src/config/env';

/*
 * One place knows the API's paths: contracts (API_ROUTES, PAID_PATHS, ...). The front ends and the
 * CLI call the API through the typed client (`createValApi`) or those constants, so no string
 * literal in their source (tests aside) names an `/api/...` path.
 */

const root = findRepoRoot();
const rel = (p: string) => path.relative(root, p).split(path.sep).join('/');

/** Source folders of the browser code and the CLI. */
const FOLDERS = ['shell/src', 'mf-validation/src', 'mf-simulation/src', 'mf-catalogue/src', 'mf-admin/src', 'ui/src', 'cli/src'];

function sourceFiles(dir: string): string[] {
  if (!fs.existsSync(dir)) return [];
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((e) => {
    const p = path.join(dir, e.name);
    if (e.isDirectory()) return e.name === 'node_modules' || e.name === 'dist' ? [] : sourceFiles(p);
    return /\.(tsx?|jsx?|mjs|cjs)$/.test(e.name) && !e.name.endsWith('.d.ts') && !/\.test\.[jt]sx?$/.test(e.name) ? [p] : [];
  });
}

/** A literal part that is an API path or URL: starts with `/api/` (or `http(s)://host/api/`), not prose that mentions one. */
const API_PATH = /^(?:https?:\/\/[^/\s]*)?\/api\//;

/** The string and template literals of a source text that hold an `/api/` path, as `line: text`. */
export function apiPathLiterals(fileName: string, text: string): string[] {
  const kind = /\.[jt]sx$/.test(fileName) ? ts.ScriptKind.TSX : fileName.endsWith('.ts') ? ts.ScriptKind.TS : ts.ScriptKind.JS;
  const sf = ts.createSourceFile(fileName, text, ts.ScriptTarget.Latest, true, kind);
  const found: string[] = [];
  const visit = (node: ts.Node) => {
    const texts =
      ts.isStringLiteral(node) || ts.isNoSubstitutionTemplateLiteral(node)
        ? [node.text]
        : ts.isTemplateExpression(node)
          ? [node.head.text, ...node.templateSpans.map((s) => s.literal.text)]
          : [];
    if (texts.some((t) => API_PATH.test(t))) found.push(`${sf.getLineAndCharacterOfPosition(node.getStart(sf)).line + 1}: ${node.getText(sf)}`);
    ts.forEachChild(node, visit);
  };
  visit(sf);
  return found;
}

describe('API paths are named in contracts only', () => {
  const files = FOLDERS.flatMap((d) => sourceFiles(path.join(root, d)));
  const literals = new Map(files.map((f) => [rel(f), apiPathLiterals(f, fs.readFileSync(f, 'utf8'))]));

  it('no front-end or CLI source file holds an /api/ path literal', () => {
    expect(files.length).toBeGreaterThan(100);
    const offending = [...literals].flatMap(([f, l]) => l.map((x) => `${f}:${x}`));
    expect(offending).toEqual([]);
  });

  it('the check finds literals and templates, not comments or other strings', () => {
    const src = [
      '// calls POST /api/contact',
      "const a = fetch('/api/contact');",
      'const b = `${base}/api/reports/${id}/pdf`;',
      'const c = `/api/public-stats`;',
      "const d = { path: '/products', note: 'see /api', help: 'the /api/reports/status answer' };",
      "const f = 'http://localhost:3000/api/validate';",
      'const e = <a href="/api">API docs</a>;',
    ].join('\n');
    expect(apiPathLiterals('x.tsx', src)).toEqual([
      "2: '/api/contact'",
      '3: `${base}/api/reports/${id}/pdf`',
      '4: `/api/public-stats`',
      "6: 'http://localhost:3000/api/validate'",
    ]);
  });
});
