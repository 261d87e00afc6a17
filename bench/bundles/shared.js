#!/usr/bin/env node
/**
 * What each shared library costs on the landing page: builds the shell's browser part into a temp
 * folder (the repository's dist/ is untouched) and splits the startup chunks — the ones the page
 * preloads with main.js: `libs` and the chunks of the shared modules and of the bootstrap — by
 * package (react, react-dom, scheduler, react-router, styled-components, @val/ui...).
 * - source: the package's modules before minification (webpack's stats, inside concatenated modules too);
 * - min: the bytes of the minified chunks that come from the package (by the build's source map);
 * - gzip est.: gzip -9 of those minified bytes on their own. An estimate: gzip is not additive (a
 *   package compresses better next to the others), so the real gzip of the chunks is printed too.
 * No target: information for the landing budget (bench/bundles/run.js measures the page itself).
 *   node bench/bundles/shared.js       (~20 s; it builds the shell itself, after `npm ci`)
 * Prints a table and a JSON line `BENCH {...}`.
 */
const fs = require('node:fs');
const os = require('node:os');
const path = require('node:path');
const zlib = require('node:zlib');
const webpack = require('webpack');

const root = path.resolve(__dirname, '..', '..');
const gz = (buf) => zlib.gzipSync(buf, { level: 9 }).length;
const kb = (n) => `${(n / 1024).toFixed(1)} KB`;

// What the shell provides (tooling/webpack.mf.js sharedModules; the router is React Router 7,
// styled-components brings stylis and @emotion/*).
const GLUE = '(webpack runtime and federation glue)';
const SHARED = /^(react|react-dom|scheduler|react-router|react-router-dom|styled-components|stylis|@emotion\/.*|@val\/ui)$/;

/**
 * The package a module belongs to, from its path relative to shell/ (a stats name or a source-map
 * source, `webpack://val_shell/../ui/src/x.ts`): after the last node_modules/, else `../ui/src` is
 * @val/ui (`../contracts/src` @val/contracts...) and `./src` the shell's own code.
 */
function packageOf(p) {
  p = p.replace(/^webpack:\/\/[^/]*\//, '');
  const i = p.lastIndexOf('node_modules/');
  if (i >= 0) {
    const [a, b] = p.slice(i + 'node_modules/'.length).split('/');
    return a.startsWith('@') ? `${a}/${b}` : a;
  }
  const ours = /^\.\.\/([\w-]+)\/src\//.exec(p);
  if (ours) return `@val/${ours[1]}`;
  return /^\.\/src\//.test(p) ? 'shell (own code)' : GLUE;
}

/** Source-map mappings (base64 VLQ) of one generated line: [[column, sourceIndex?], ...]. */
function decodeMappings(mappings) {
  const B64 = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/';
  const lines = [];
  let src = 0;
  for (const line of mappings.split(';')) {
    let col = 0;
    const segs = [];
    for (const seg of line.split(',').filter(Boolean)) {
      const vals = [];
      for (let i = 0, v = 0, shift = 0; i < seg.length; i++) {
        const d = B64.indexOf(seg[i]);
        v += (d & 31) << shift;
        if (d & 32) shift += 5;
        else {
          vals.push(v & 1 ? -(v >>> 1) : v >>> 1);
          v = shift = 0;
        }
      }
      col += vals[0];
      if (vals.length > 1) src += vals[1];
      segs.push([col, vals.length > 1 ? src : undefined]);
    }
    lines.push(segs);
  }
  return lines;
}

/** Minified text of a chunk file, per package: each mapped stretch goes to its source's package. */
function splitByPackage(code, map, into) {
  const lines = code.split('\n');
  decodeMappings(map.mappings).forEach((segs, ln) => {
    const text = lines[ln] ?? '';
    let last = 0;
    const add = (pkg, s) => into.set(pkg, (into.get(pkg) ?? '') + s);
    segs.forEach(([col, src], k) => {
      if (col > last) add(GLUE, text.slice(last, col));
      const end = k + 1 < segs.length ? segs[k + 1][0] : text.length;
      add(src === undefined ? GLUE : packageOf(map.sources[src]), text.slice(col, end));
      last = end;
    });
    if (!segs.length) add(GLUE, text);
  });
}

(async () => {
  const out = fs.mkdtempSync(path.join(os.tmpdir(), 'val-shared-'));
  const client = require(path.join(root, 'shell', 'webpack.config.js'))({}, { mode: 'production' }).find((c) => c.name === 'client');
  // Into the temp folder, with source maps (they do not change the minified code) to split the chunks by package.
  Object.assign(client.output, { path: out });
  client.devtool = 'hidden-source-map';
  const stats = await new Promise((resolve, reject) =>
    webpack(client, (err, s) => (err ? reject(err) : s.hasErrors() ? reject(new Error(s.toString('errors-only'))) : resolve(s))),
  );
  // Every module: no size limits, and the modules webpack hides by default (those inside a
  // concatenated module are "orphans", the CommonJS ones only reached through another are "dependent").
  const json = stats.toJson({
    all: false,
    chunks: true,
    chunkModules: true,
    nestedModules: true,
    chunkRelations: true,
    chunkModulesSpace: Infinity,
    nestedModulesSpace: Infinity,
    orphanModules: true,
    dependentModules: true,
  });

  // The startup chunks: those the built page preloads with main.js (PreloadStartupChunksPlugin).
  const html = fs.readFileSync(path.join(out, 'index.html'), 'utf8');
  const preloaded = new Set([...html.matchAll(/rel="?preload"?[^>]*href="?\/([^" >]+\.js)/g)].map((m) => m[1]));
  const chunks = json.chunks.filter((c) => c.files.some((f) => preloaded.has(f)));

  // Source bytes per package, from the modules (inside concatenated modules: nestedModules).
  const source = new Map();
  const walk = (mods) => {
    for (const m of mods ?? []) {
      // A group of modules (`children`) or a concatenated module (its `modules`).
      if (m.children || m.modules) walk(m.children || m.modules);
      else if (m.name) source.set(packageOf(m.name), (source.get(packageOf(m.name)) ?? 0) + (m.size ?? 0));
    }
  };
  for (const c of chunks) walk(c.modules);

  // Minified text per package, by the source maps of the chunk files.
  const minified = new Map();
  const files = chunks.flatMap((c) => c.files.filter((f) => f.endsWith('.js')));
  for (const f of files) {
    splitByPackage(fs.readFileSync(path.join(out, f), 'utf8'), JSON.parse(fs.readFileSync(path.join(out, `${f}.map`), 'utf8')), minified);
  }
  const rows = [...new Set([...source.keys(), ...minified.keys()])]
    .map((name) => ({
      name,
      shared: SHARED.test(name),
      source: source.get(name) ?? 0,
      min: Buffer.byteLength(minified.get(name) ?? ''),
      gzip: gz(minified.get(name) ?? ''),
    }))
    .sort((a, b) => b.gzip - a.gzip);

  console.log(`Landing page startup chunks of the shell (preloaded with main.js): ${files.join(', ')}`);
  console.log("Per package; gzip est. = gzip -9 of the package's minified bytes alone — an ESTIMATE: gzip is not additive.");
  console.log(`  ${'gzip est.'.padStart(9)}  ${'min'.padStart(9)}  ${'source'.padStart(9)}  package`);
  for (const r of rows)
    console.log(`  ${kb(r.gzip).padStart(9)}  ${kb(r.min).padStart(9)}  ${kb(r.source).padStart(9)}  ${r.name}${r.shared ? '  (shared)' : ''}`);
  const sum = (k, rs = rows) => rs.reduce((a, r) => a + r[k], 0);
  const shared = rows.filter((r) => r.shared);
  console.log(
    `  ${kb(sum('gzip', shared)).padStart(9)}  ${kb(sum('min', shared)).padStart(9)}  ${kb(sum('source', shared)).padStart(9)}  TOTAL shared libraries (sum of estimates)`,
  );
  console.log(`  ${kb(sum('gzip')).padStart(9)}  ${kb(sum('min')).padStart(9)}  ${kb(sum('source')).padStart(9)}  TOTAL startup chunks (sum of estimates)`);
  // The real figures, for comparison: each chunk file compressed whole.
  const real = files.map((f) => fs.readFileSync(path.join(out, f))).map((buf, i) => ({ file: files[i], raw: buf.length, gzip: gz(buf) }));
  for (const r of real) console.log(`  real gzip -9 of ${r.file}: ${kb(r.gzip)} (${kb(r.raw)} minified)`);
  console.log(`  real gzip -9 of the startup chunks, file by file: ${kb(sum('gzip', real))} (${kb(sum('raw', real))} minified)`);
  fs.rmSync(out, { recursive: true, force: true });

  const results = shared.map((r) => ({ name: `shared: ${r.name} (gzip est.)`, value: kb(r.gzip), target: 'info', pass: true }));
  console.log(`BENCH ${JSON.stringify({ bench: 'bundles-shared', results })}`);
})().catch((e) => {
  console.error(e);
  process.exit(1);
});
