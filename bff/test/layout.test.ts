import fs from 'node:fs';
import path from 'node:path';
import ts from 'typescript';
import { findRepoRoot } from '../src/config/env';

/*
 * The house rules a newcomer relies on (README, "Layout"), checked so they stay true:
 * SQL is built only in bff/src/repositories, bff/src/db and bff/migrations; the BFF's modules
 * import each other without cycles; the offline analyst (offline-analyst/) stands on its own,
 * below the BFF, and is used through its public entry only; Server-Sent Events are parsed in one
 * place, client/src/sse.ts.
 */

const root = findRepoRoot();
const rel = (p: string) => path.relative(root, p).split(path.sep).join('/');
const isTest = (p: string) => /\.test\.tsx?$/.test(p);

function sourceFiles(dir: string): string[] {
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((e) => {
    const p = path.join(dir, e.name);
    if (e.isDirectory()) return sourceFiles(p);
    return /\.tsx?$/.test(e.name) && !e.name.endsWith('.d.ts') ? [p] : [];
  });
}

/** What builds a knex query: the query builder, a transaction, raw SQL, the schema or migrator. */
const QUERY_BUILDING = [
  /\bknex\s*\(/,
  /\btrx\s*\(/,
  /\.where(?:Not|In|NotIn|Null|NotNull|Exists|Raw)?\s*\(/,
  /\.(?:orWhere|andWhere|onConflict|orderBy|groupBy|forUpdate|skipLocked|returning)\s*\(/,
  /\.raw\s*\(/,
  /\bknex\.(?:schema|migrate|transaction|raw)\b/,
];

/** The lines of `files` that match one of `patterns`, as `path:line: text`. */
function linesMatching(files: string[], patterns: RegExp[]): string[] {
  return files.flatMap((f) =>
    fs
      .readFileSync(f, 'utf8')
      .split('\n')
      .flatMap((line, i) => (patterns.some((re) => re.test(line)) ? [`${rel(f)}:${i + 1}: ${line.trim()}`] : [])),
  );
}

describe('where SQL lives', () => {
  const allowed = ['bff/src/repositories/', 'bff/src/db/', 'bff/migrations/'];
  const files = ['bff/src', 'cli/src'].flatMap((d) => sourceFiles(path.join(root, d))).filter((f) => !isTest(f));

  it('no code outside repositories/, db/ and migrations builds a query', () => {
    const outside = files.filter((f) => !allowed.some((a) => rel(f).startsWith(a)));
    expect(outside.length).toBeGreaterThan(50);
    expect(linesMatching(outside, QUERY_BUILDING)).toEqual([]);
  });

  it('the check sees a query where there is one', () => {
    const lines = ["await knex('outbox').where({ id }).update({ status: 'sent' });", 'return trx("report_jobs").insert(row);', 'q.orWhere("x", 1)'];
    expect(lines.filter((l) => QUERY_BUILDING.some((re) => re.test(l)))).toEqual(lines);
    expect(['const names = Array.from(set);', 'items.filter((x) => x.ok)'].filter((l) => QUERY_BUILDING.some((re) => re.test(l)))).toEqual([]);
  });
});

/** The relative imports of each module under `dir` (tests left out), type-only imports included. */
function importGraph(dir: string): Map<string, string[]> {
  const files = sourceFiles(dir).filter((f) => !isTest(f));
  const known = new Set(files);
  const resolve = (from: string, spec: string) => {
    if (!spec.startsWith('.')) return null;
    const base = path.resolve(path.dirname(from), spec);
    return [`${base}.ts`, `${base}.tsx`, path.join(base, 'index.ts')].find((c) => known.has(c)) ?? null;
  };
  const graph = new Map<string, string[]>();
  for (const f of files) {
    const info = ts.preProcessFile(fs.readFileSync(f, 'utf8'), true, true);
    graph.set(
      f,
      info.importedFiles.map((i) => resolve(f, i.fileName)).filter((x): x is string => x !== null),
    );
  }
  return graph;
}

/** Every import cycle of the graph (Tarjan's strongly connected components of more than one module). */
function cycles(graph: Map<string, string[]>): string[][] {
  let next = 0;
  const index = new Map<string, number>();
  const low = new Map<string, number>();
  const stack: string[] = [];
  const onStack = new Set<string>();
  const found: string[][] = [];
  const visit = (v: string) => {
    index.set(v, next);
    low.set(v, next);
    next += 1;
    stack.push(v);
    onStack.add(v);
    for (const w of graph.get(v) ?? []) {
      if (!index.has(w)) {
        visit(w);
        low.set(v, Math.min(low.get(v)!, low.get(w)!));
      } else if (onStack.has(w)) low.set(v, Math.min(low.get(v)!, index.get(w)!));
    }
    if (low.get(v) === index.get(v)) {
      const scc: string[] = [];
      let w: string;
      do {
        w = stack.pop()!;
        onStack.delete(w);
        scc.push(w);
      } while (w !== v);
      if (scc.length > 1 || (graph.get(v) ?? []).includes(v)) found.push(scc.map(rel).sort());
    }
  };
  for (const v of graph.keys()) if (!index.has(v)) visit(v);
  return found;
}

describe('how the BFF modules depend on each other', () => {
  const graph = importGraph(path.join(root, 'bff', 'src'));

  it('has no import cycle', () => {
    expect(graph.size).toBeGreaterThan(50);
    expect(cycles(graph)).toEqual([]);
  });

  it('finds a cycle where there is one', () => {
    const g = new Map([
      [path.join(root, 'a.ts'), [path.join(root, 'b.ts')]],
      [path.join(root, 'b.ts'), [path.join(root, 'a.ts')]],
      [path.join(root, 'c.ts'), [path.join(root, 'a.ts')]],
    ]);
    expect(cycles(g)).toEqual([['a.ts', 'b.ts']]);
  });
});

/** The module specifiers a file loads: import/export … from, import(), require(). */
function specifiers(file: string): string[] {
  return ts.preProcessFile(fs.readFileSync(file, 'utf8'), true, true).importedFiles.map((i) => i.fileName);
}

/** Code and test files of every workspace but `skip`, the benchmarks and the scripts (no dist/, no node_modules). */
function everyOtherFile(dir: string, skip: string): string[] {
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((e) => {
    const p = path.join(dir, e.name);
    if (e.isDirectory()) return ['node_modules', 'dist', '.tsbuild', '.git', skip].includes(e.name) ? [] : everyOtherFile(p, skip);
    return /\.(?:[cm]?js|tsx?)$/.test(e.name) && !e.name.endsWith('.d.ts') ? [p] : [];
  });
}

/** A way into the offline analyst's files instead of its public entry: its src/ or dist/, by package name, relative path or path.join. */
const ANALYST_INTERNALS = [/^@val\/offline-analyst\/./, /(?:^|\/)offline-analyst\/(?:src|dist)(?:\/|$)/];
const ANALYST_PATH_JOIN = /['"]offline-analyst['"]\s*,\s*['"](?:src|dist)['"]/;

describe('the offline analyst package (offline-analyst/)', () => {
  const own = sourceFiles(path.join(root, 'offline-analyst', 'src')).filter((f) => !isTest(f));

  it('imports only @val/contracts, zod and its own files: nothing from the BFF', () => {
    expect(own.length).toBeGreaterThan(10);
    const outside = own.flatMap((f) =>
      specifiers(f)
        .filter((s) =>
          s.startsWith('.') ? !path.resolve(path.dirname(f), s).startsWith(path.join(root, 'offline-analyst', 'src')) : !['@val/contracts', 'zod'].includes(s),
        )
        .map((s) => `${rel(f)} → ${s}`),
    );
    expect(outside).toEqual([]);
  });

  it('is used through its public entry only: no file outside offline-analyst/ loads its src/ or dist/', () => {
    const files = everyOtherFile(root, 'offline-analyst');
    expect(files.length).toBeGreaterThan(300);
    const into = files.flatMap((f) => [
      ...specifiers(f)
        .filter((s) => ANALYST_INTERNALS.some((re) => re.test(s)))
        .map((s) => `${rel(f)} → ${s}`),
      ...(f !== __filename && ANALYST_PATH_JOIN.test(fs.readFileSync(f, 'utf8')) ? [`${rel(f)} → a path into offline-analyst/src or dist`] : []),
    ]);
    expect(into).toEqual([]);
    expect(files.filter((f) => specifiers(f).includes('@val/offline-analyst')).length).toBeGreaterThan(10);
  });

  it('the check sees a way into its files', () => {
    const into = ['@val/offline-analyst/dist/markets', '../../offline-analyst/src/validation', '../offline-analyst/dist/index.js'];
    expect(into.filter((s) => ANALYST_INTERNALS.some((re) => re.test(s)))).toEqual(into);
    expect(['@val/offline-analyst', '@val/contracts/catalogue', './offline/reports'].filter((s) => ANALYST_INTERNALS.some((re) => re.test(s)))).toEqual([]);
    expect(ANALYST_PATH_JOIN.test("path.join(root, 'offline-analyst', 'dist', 'markets')")).toBe(true);
  });
});

/** The packages of ours used through an `exports` map, which webpack and jest read (no alias of their own). */
const EXPORTING_PACKAGES = ['contracts', 'pdf', 'client', 'content', 'ui', 'offline-analyst', 'bff'];
/**
 * Those no other workspace reaches into (offline-analyst/ has its own rule above; tests of the CLI and
 * the front ends still import the BFF's modules by path).
 */
const EXPORTS_ONLY_PACKAGES = ['contracts', 'pdf', 'client', 'content', 'ui'];
/** A way into the files of the package in `dir` (@val/<dir>) instead of its `exports`: its src/ or dist/, by package name, relative path or path.join. */
const internals = (dir: string) => [new RegExp(`^@val\\/${dir}\\/(?:src|dist)(?:\\/|$)`), new RegExp(`(?:^|\\/)${dir}\\/(?:src|dist)(?:\\/|$)`)];
const pathJoinInto = (dir: string) => new RegExp(`['"]${dir}['"]\\s*,\\s*['"](?:src|dist)['"]`);
const CONTRACTS_INTERNALS = internals('contracts');
const CONTRACTS_PATH_JOIN = pathJoinInto('contracts');

/** What is wrong with the `exports` map of the package in `dir`: each entry must name its types, its TypeScript source (`val-source`) and its build, and typesVersions the types of each subpath. */
function exportProblems(dir: string, pkg = JSON.parse(fs.readFileSync(path.join(root, dir, 'package.json'), 'utf8'))): string[] {
  const entries = Object.entries(pkg.exports ?? {}).filter(([k]) => k !== './package.json') as Array<[string, Record<string, unknown>]>;
  if (!entries.some(([k]) => k === '.')) return [`${dir}: no exports map with a "." entry`];
  return entries.flatMap(([sub, target]) => {
    const sources = typeof target['val-source'] === 'string' ? [target['val-source']] : Object.values((target['val-source'] ?? {}) as Record<string, string>);
    const types = String(target.types);
    const problems = [
      ...(sources.length && sources.every((f) => f.startsWith('./src/') && fs.existsSync(path.join(root, dir, f))) ? [] : ['val-source']),
      ...(/^\.\/dist\/.+\.d\.ts$/.test(types) ? [] : ['types']),
      ...(String(target.default) === types.replace(/\.d\.ts$/, '.js') ? [] : ['default']),
      ...(sub === '.' || JSON.stringify(pkg.typesVersions?.['*']?.[sub.slice(2)]) === JSON.stringify([types.slice(2)]) ? [] : ['typesVersions']),
    ];
    return problems.map((x) => `${dir} ${sub}: ${x}`);
  });
}
/** The keys of a module map (webpack resolve.alias, jest moduleNameMapper) that send one of those packages (@val/contracts, @val/ui...) somewhere by hand. */
const handKeptAliases = (map: Record<string, unknown> | undefined) =>
  Object.keys(map ?? {}).filter((k) => EXPORTING_PACKAGES.some((dir) => k.includes(`@val/${dir}`) || k.includes(`@val\\/${dir}`)));

describe('our packages behind an exports map (@val/contracts, the packages split from it, @val/ui, @val/offline-analyst, @val/bff)', () => {
  const pkg = JSON.parse(fs.readFileSync(path.join(root, 'contracts', 'package.json'), 'utf8'));
  const entries = Object.entries(pkg.exports ?? {}).filter(([k]) => k !== './package.json') as Array<[string, Record<string, unknown>]>;

  it.each(EXPORTING_PACKAGES)(
    '%s/ has an exports map: each entry names its types, its TypeScript source (`val-source`) and its build, and typesVersions finds the types of each subpath',
    (dir) => {
      expect(exportProblems(dir)).toEqual([]);
    },
  );

  it('@val/contracts keeps its subpaths, and the browser gets its zod-free entry', () => {
    expect(entries.map(([k]) => k)).toEqual(expect.arrayContaining(['.', './schemas', './evidence', './factSheet', './routes']));
    expect(pkg.exports['.']['val-source']).toEqual({ browser: './src/browser.ts', default: './src/index.ts' });
  });

  it.each(EXPORTS_ONLY_PACKAGES)(
    '%s/ is used through its exports only: no file outside it (code, benchmarks, tests, scripts) loads its src/ or dist/',
    (dir) => {
      const files = everyOtherFile(root, dir);
      expect(files.length).toBeGreaterThan(300);
      const [patterns, join] = [internals(dir), pathJoinInto(dir)];
      const into = files.flatMap((f) => [
        ...specifiers(f)
          .filter((s) => patterns.some((re) => re.test(s)))
          .map((s) => `${rel(f)} → ${s}`),
        ...(f !== __filename && join.test(fs.readFileSync(f, 'utf8')) ? [`${rel(f)} → a path into ${dir}/src or dist`] : []),
      ]);
      expect(into).toEqual([]);
      expect(files.filter((f) => specifiers(f).some((s) => s === `@val/${dir}` || s.startsWith(`@val/${dir}/`))).length).toBeGreaterThan(0);
    },
  );

  it('webpack and jest find our packages through their exports maps: neither keeps an alias of its own', async () => {
    const jestConfig = (await import(path.join(root, 'jest.config.js'))) as { projects: Array<{ moduleNameMapper?: Record<string, string> }> };
    expect(jestConfig.projects.flatMap((p) => handKeptAliases(p.moduleNameMapper))).toEqual([]);
    const { createConfig } = await import(path.join(root, 'tooling', 'webpack.mf.js'));
    for (const [dir, name, host] of [
      ['mf-admin', 'val_admin', false],
      ['shell', 'shell', true],
    ] as const) {
      // A production build is the browser part and the server part: both.
      const configs = createConfig({ dir: path.join(root, dir), name, host, port: 0 })({}, { mode: 'production' });
      expect(configs.map((c: { name: string }) => c.name)).toEqual(['client', 'server']);
      for (const webpack of configs) {
        expect(handKeptAliases(webpack.resolve.alias)).toEqual([]);
        expect(webpack.resolve.conditionNames).toContain('val-source');
      }
    }
  });

  it('@val/ui keeps its markdown and fact sheet entries, and the CLI finds the Node.js version check as @val/bff/nodeVersion', () => {
    const ui = JSON.parse(fs.readFileSync(path.join(root, 'ui', 'package.json'), 'utf8'));
    expect(Object.keys(ui.exports)).toEqual(expect.arrayContaining(['.', './markdown', './factSheet']));
    const bff = JSON.parse(fs.readFileSync(path.join(root, 'bff', 'package.json'), 'utf8'));
    expect(Object.keys(bff.exports)).toEqual(expect.arrayContaining(['.', './nodeVersion', './package.json']));
    expect(fs.readFileSync(path.join(root, 'cli', 'bin', 'val.js'), 'utf8')).toContain("require('@val/bff/nodeVersion')");
  });

  it('the checks see a way into its files and a hand-kept alias', () => {
    const into = ['@val/contracts/dist/catalogue', '../../contracts/dist/index.js', '@val/contracts/src/routes', '../contracts/src'];
    expect(into.filter((s) => CONTRACTS_INTERNALS.some((re) => re.test(s)))).toEqual(into);
    expect(
      ['@val/contracts', '@val/contracts/catalogue', './contracts', '../mf-contracts/distance'].filter((s) => CONTRACTS_INTERNALS.some((re) => re.test(s))),
    ).toEqual([]);
    expect(CONTRACTS_PATH_JOIN.test("path.join(root, 'contracts', 'src', 'browser.ts')")).toBe(true);
    expect(
      ['@val/client/dist/sse', '../../pdf/src/validationReport'].filter((s) => [...internals('client'), ...internals('pdf')].some((re) => re.test(s))),
    ).toHaveLength(2);
    expect(
      ['@val/ui/dist/markdown', '../../ui/src/ToasterView', '@val/ui/markdown', '@val/ui'].filter((s) => internals('ui').some((re) => re.test(s))),
    ).toEqual(['@val/ui/dist/markdown', '../../ui/src/ToasterView']);
    const mapper = {
      '^@val/contracts/client$': 'x',
      '@val/contracts$': 'y',
      '^@val/ui$': 'z',
      '^@val/ui/markdown$': 'z',
      '^@val/content$': 'w',
      '^@val/offline-analyst$': 'v',
      '^@val/bff$': 'u',
      '^json-schema-faker$': 't',
    };
    expect(handKeptAliases(mapper)).toEqual(Object.keys(mapper).slice(0, -1));
    expect(handKeptAliases({ '@val/ui$': 'ui/src/index.ts', 'react-dom$': 'preact/compat' })).toEqual(['@val/ui$']);
    const ui = JSON.parse(fs.readFileSync(path.join(root, 'ui', 'package.json'), 'utf8'));
    expect(
      exportProblems('ui', { ...ui, typesVersions: { '*': { factSheet: ui.typesVersions['*'].factSheet, router: ui.typesVersions['*'].router } } }),
    ).toEqual(['ui ./markdown: typesVersions']);
    expect(
      exportProblems('ui', { ...ui, exports: { ...ui.exports, './markdown': { ...ui.exports['./markdown'], 'val-source': './markdown/index.ts' } } }),
    ).toEqual(['ui ./markdown: val-source']);
    expect(exportProblems('bff', { ...JSON.parse(fs.readFileSync(path.join(root, 'bff', 'package.json'), 'utf8')), exports: undefined })).toEqual([
      'bff: no exports map with a "." entry',
    ]);
  });
});

/** Every import of each module under `dir` (tests left out): the specifier as written, and the module it resolves to (relative ones). */
function importsOf(dir: string): Array<{ file: string; spec: string; target: string | null }> {
  const graph = importGraph(dir);
  return [...graph.keys()].flatMap((file) =>
    ts.preProcessFile(fs.readFileSync(file, 'utf8'), true, true).importedFiles.map((i) => {
      const base = i.fileName.startsWith('.') ? path.resolve(path.dirname(file), i.fileName) : null;
      const target = base ? ([`${base}.ts`, `${base}.tsx`, path.join(base, 'index.ts')].find((c) => graph.has(c)) ?? null) : null;
      return { file, spec: i.fileName, target };
    }),
  );
}

/** The imports of modules under `from` that `forbidden` matches (by package name or by the imported module's repo path), as `file → import`. */
function forbiddenImports(imports: ReturnType<typeof importsOf>, from: string, forbidden: RegExp[], except: Record<string, string> = {}): string[] {
  return imports
    .filter(({ file }) => rel(file).startsWith(from) && !(rel(file) in except))
    .filter(({ spec, target }) => forbidden.some((re) => re.test(target ? rel(target) : spec)))
    .map(({ file, spec }) => `${rel(file)} → ${spec}`);
}

describe('what each layer of the BFF may import', () => {
  const imports = importsOf(path.join(root, 'bff', 'src'));

  /** HTTP: Koa and its middleware packages, our middlewares, the HTTP glue of http/, the development stand-ins (the embedded OpenID provider among them). */
  const HTTP = [/^koa$/, /^koa-/, /^@koa\//, /^bff\/src\/middlewares\//, /^bff\/src\/http\//, /^bff\/src\/dev\//];

  it('services take and return plain values: no file in services/ imports Koa, middlewares/, http/ or dev/ (the embedded OpenID provider)', () => {
    expect(imports.filter(({ file }) => rel(file).startsWith('bff/src/services/')).length).toBeGreaterThan(20);
    expect(forbiddenImports(imports, 'bff/src/services/', HTTP)).toEqual([]);
  });

  /**
   * Routes reach the stores only through services (and `deps`, built in createServices).
   * Exceptions, each with its reason: none.
   */
  const ROUTES_MAY_IMPORT_REPOSITORIES: Record<string, string> = {};

  it('routes call services: no file in routes/ imports repositories/', () => {
    expect(imports.filter(({ file }) => rel(file).startsWith('bff/src/routes/')).length).toBeGreaterThan(20);
    expect(forbiddenImports(imports, 'bff/src/routes/', [/^bff\/src\/repositories\//], ROUTES_MAY_IMPORT_REPOSITORIES)).toEqual([]);
  });

  it('routes call services: no file in routes/ reads the stores from deps (`deps.repos`)', () => {
    const routes = sourceFiles(path.join(root, 'bff', 'src', 'routes')).filter((f) => !isTest(f));
    expect(routes.length).toBeGreaterThan(15);
    expect(linesMatching(routes, [/\brepos\b/])).toEqual([]);
  });

  it('payments: only the Stripe provider imports Stripe, and only paymentProviders/index.ts picks a provider', () => {
    expect(forbiddenImports(imports, 'bff/src/', [/^stripe$/], { 'bff/src/services/paymentProviders/stripe.ts': 'the Stripe provider' })).toEqual([]);
    const picks = forbiddenImports(imports, 'bff/src/', [/^bff\/src\/services\/paymentProviders\/(?:stripe|test)\.ts$/], {
      'bff/src/services/paymentProviders/index.ts': 'chooses the provider by config',
      'bff/src/services/payments.ts': 're-exports the TEST MODE card checks, which its unit test imports from the service',
    });
    expect(picks).toEqual([]);
  });

  it('the checks see a forbidden import where there is one', () => {
    const file = path.join(root, 'bff/src/services/x.ts');
    const fake = [
      { file, spec: 'koa', target: null },
      { file, spec: '@koa/router', target: null },
      { file, spec: 'koa-session', target: null },
      { file, spec: '../middlewares/sameOrigin', target: path.join(root, 'bff/src/middlewares/sameOrigin.ts') },
      { file, spec: '../dev/oidc/embedded', target: path.join(root, 'bff/src/dev/oidc/embedded.ts') },
      { file, spec: '../http/authSession', target: path.join(root, 'bff/src/http/authSession.ts') },
      { file, spec: 'zod', target: null },
      { file, spec: './auth', target: path.join(root, 'bff/src/services/auth.ts') },
    ];
    expect(forbiddenImports(fake, 'bff/src/services/', HTTP)).toHaveLength(6);
    const route = [
      { file: path.join(root, 'bff/src/routes/a/router.ts'), spec: '../../repositories/payments', target: path.join(root, 'bff/src/repositories/payments.ts') },
    ];
    expect(forbiddenImports(route, 'bff/src/routes/', [/^bff\/src\/repositories\//])).toHaveLength(1);
  });
});

describe('where the stores are built', () => {
  /** What builds a store: a repository factory or a counter store. */
  const BUILDS_A_STORE = [/\bknex\w*Repository\s*\(/, /\b(?:create|knex|redis|memory)CounterStore\s*\(/];
  const repositories = sourceFiles(path.join(root, 'bff', 'src', 'repositories')).filter((f) => !isTest(f));
  const index = path.join(root, 'bff', 'src', 'repositories', 'index.ts');

  it('createRepositories in repositories/index.ts builds every store of repositories/', () => {
    const stores = repositories.filter((f) => f !== index);
    expect(stores.length).toBeGreaterThanOrEqual(9);
    const source = fs.readFileSync(index, 'utf8');
    const body = source.slice(source.indexOf('export function createRepositories'));
    const built = stores.filter((f) => {
      const factories = [...fs.readFileSync(f, 'utf8').matchAll(/^export function ((?:knex\w*Repository|createCounterStore))\(/gm)].map((m) => m[1]);
      return factories.some((name) => new RegExp(`\\b${name}\\(`).test(body));
    });
    expect(stores.filter((f) => !built.includes(f)).map(rel)).toEqual([]);
  });

  it('no module of the BFF outside repositories/ builds a store (they get them from createRepositories)', () => {
    const outside = sourceFiles(path.join(root, 'bff', 'src')).filter((f) => !isTest(f) && !rel(f).startsWith('bff/src/repositories/'));
    expect(outside.length).toBeGreaterThan(50);
    expect(linesMatching(outside, BUILDS_A_STORE)).toEqual([]);
  });

  it('the check sees a store being built', () => {
    const lines = [
      'const repo = knexReportRepository(db.knex, db.dialect);',
      'outbox: knexOutboxRepository(db.knex),',
      'const counters = createCounterStore(db, logger);',
    ];
    expect(lines.filter((l) => BUILDS_A_STORE.some((re) => re.test(l)))).toEqual(lines);
  });
});

/** The module specifiers `file` imports, each marked static (import/export-from/require) or dynamic (`import()`). */
function importKinds(file: string, text = fs.readFileSync(file, 'utf8')): Array<{ spec: string; dynamic: boolean }> {
  const source = ts.createSourceFile(file, text, ts.ScriptTarget.Latest, true);
  const found: Array<{ spec: string; dynamic: boolean }> = [];
  const visit = (node: ts.Node) => {
    if ((ts.isImportDeclaration(node) || ts.isExportDeclaration(node)) && node.moduleSpecifier && ts.isStringLiteral(node.moduleSpecifier)) {
      found.push({ spec: node.moduleSpecifier.text, dynamic: false });
    } else if (
      ts.isImportEqualsDeclaration(node) &&
      ts.isExternalModuleReference(node.moduleReference) &&
      ts.isStringLiteral(node.moduleReference.expression)
    ) {
      found.push({ spec: node.moduleReference.expression.text, dynamic: false });
    } else if (ts.isCallExpression(node) && node.arguments.length && ts.isStringLiteralLike(node.arguments[0])) {
      if (node.expression.kind === ts.SyntaxKind.ImportKeyword) found.push({ spec: node.arguments[0].text, dynamic: true });
      else if (ts.isIdentifier(node.expression) && node.expression.text === 'require') found.push({ spec: node.arguments[0].text, dynamic: false });
    }
    ts.forEachChild(node, visit);
  };
  visit(source);
  return found;
}

describe('where the development stand-ins live', () => {
  const dev = path.join(root, 'bff', 'src', 'dev');
  /** The one production module that loads bff/src/dev: through `await import(...)` only, never a static import. */
  const REGISTRATION = 'bff/src/createServices.ts';
  const intoDev = (file: string, spec: string) => {
    const target = path.resolve(path.dirname(file), spec);
    return spec.startsWith('.') && (target === dev || target.startsWith(dev + path.sep));
  };

  /** The imports of bff/src/dev by modules outside it (tests left out), as `file → spec (static|dynamic)`. */
  const devImports = (files: string[], kinds: (f: string) => Array<{ spec: string; dynamic: boolean }>) =>
    files
      .filter((f) => !f.startsWith(dev + path.sep))
      .flatMap((f) =>
        kinds(f)
          .filter((i) => intoDev(f, i.spec))
          .map((i) => `${rel(f)} → ${i.spec} (${i.dynamic ? 'dynamic' : 'static'})`),
      );

  it('the embedded sign-in, the TEST MODE card form and the unpaid report start are in dev/; the /test run (a production admin tool) is a route', () => {
    for (const f of ['oidc/embedded.ts', 'testCheckout.ts', 'reports.ts']) expect([f, fs.existsSync(path.join(dev, f))]).toEqual([f, true]);
    expect(fs.existsSync(path.join(root, 'bff/src/routes/test-flow/router.ts'))).toBe(true);
    expect(fs.existsSync(path.join(root, 'bff/src/oidc'))).toBe(false);
    expect(fs.existsSync(path.join(root, 'bff/src/routes/dev-test'))).toBe(false);
  });

  it(`no module outside dev/ imports it, but ${REGISTRATION}, and that one only through a dynamic import`, () => {
    const files = sourceFiles(path.join(root, 'bff', 'src')).filter((f) => !isTest(f));
    expect(devImports(files, importKinds)).toEqual([`${REGISTRATION} → ./dev (dynamic)`]);
  });

  it('dev/index.ts loads each conditional stand-in (embedded sign-in, card form, unpaid report start) only through a dynamic import', () => {
    const own = importKinds(path.join(dev, 'index.ts')).filter((i) => i.spec.startsWith('./'));
    expect(own.filter((i) => !i.dynamic).map((i) => i.spec)).toEqual([]);
    expect(
      own
        .filter((i) => i.dynamic)
        .map((i) => i.spec)
        .sort(),
    ).toEqual(['./oidc/embedded', './reports', './testCheckout']);
  });

  it('the check tells a static import of dev/ from a dynamic one', () => {
    const file = path.join(root, REGISTRATION);
    const fake = (text: string) => (f: string) => importKinds(f, text);
    expect(devImports([file], fake("import { createDevStandIns } from './dev';"))).toEqual([`${REGISTRATION} → ./dev (static)`]);
    expect(devImports([file], fake("const dev = await (await import('./dev/index')).createDevStandIns(x);"))).toEqual([
      `${REGISTRATION} → ./dev/index (dynamic)`,
    ]);
    expect(devImports([file], fake("export { x } from './dev/reports';\nconst y = require('./dev');"))).toEqual([
      `${REGISTRATION} → ./dev/reports (static)`,
      `${REGISTRATION} → ./dev (static)`,
    ]);
    expect(devImports([file], fake("import { x } from './devices';"))).toEqual([]);
  });
});

describe('where event streams are parsed', () => {
  /** What parsing a text/event-stream by hand looks like: reading its field lines or splitting its blocks. */
  const PARSING = [/startsWith\(\s*['"](?:data|event|id):/, /\.(?:indexOf|split)\(\s*['"]\\n\\n['"]/, /match\(\/\^(?:data|event): /];
  const dirs = [
    'contracts/src',
    'client/src',
    'pdf/src',
    'ui/src',
    'shell/src',
    'mf-validation/src',
    'mf-simulation/src',
    'mf-catalogue/src',
    'mf-admin/src',
    'cli/src',
    'cli/test',
    'bff/src',
    'bff/test',
    'e2e/src',
  ];

  it('only client/src/sse.ts reads SSE fields (the remotes, the CLI and the tests use it)', () => {
    const files = dirs.flatMap((d) => sourceFiles(path.join(root, d))).filter((f) => rel(f) !== 'client/src/sse.ts' && f !== __filename);
    expect(files.length).toBeGreaterThan(100);
    expect(linesMatching(files, PARSING)).toEqual([]);
  });

  it('the check sees a hand-made parser', () => {
    const lines = [
      "if (line.startsWith('data:')) data.push(line.slice(5));",
      "while ((cut = buffer.indexOf('\\n\\n')) >= 0) {",
      'const event = block.match(/^event: (.*)$/m)?.[1];',
    ];
    expect(lines.filter((l) => PARSING.some((re) => re.test(l)))).toEqual(lines);
  });
});

describe("the README's Layout", () => {
  const readme = fs.readFileSync(path.join(root, 'README.md'), 'utf8');
  const start = readme.indexOf('Where each kind of code lives:');
  const section = start < 0 ? '' : readme.slice(start, readme.indexOf('\n## ', start));

  it('says where each kind of code lives in seven numbered lines, naming folders and files that exist', () => {
    expect(section.split('\n').filter((l) => /^\d\. /.test(l))).toHaveLength(7);
    const paths = [...section.matchAll(/`((?:bff|cli|contracts|offline-analyst|shell)\/[^`<*]+)`/g)].map((m) => m[1]);
    expect(paths.length).toBeGreaterThan(8);
    expect(
      paths.filter((p) => !fs.existsSync(path.join(root, p)) && !fs.existsSync(path.join(root, 'contracts', 'src', p.replace(/^contracts\//, '')))),
    ).toEqual([]);
  });
});
