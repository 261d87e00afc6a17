/**
 * One webpack + Module Federation configuration for the shell (host) and every remote.
 * Each package's webpack.config.js calls `createConfig` with its own name, exposes and port.
 */
const path = require('node:path');
const HtmlWebpackPlugin = require('html-webpack-plugin');
// Module Federation 2.0: manifests, runtime plugins, preloading and types for remote teams.
const { ModuleFederationPlugin } = require('@module-federation/enhanced/webpack');

const zlib = require('node:zlib');

const root = path.resolve(__dirname, '..');

/**
 * Emits a gzip -9 copy (`x.js.gz`) and a brotli copy (`x.js.br`, quality 11) of every text asset
 * over 1 KB; the BFF serves the smallest one the browser accepts (brotli is ~15% smaller than gzip
 * for our scripts, which shows on a slow phone connection).
 */
class CompressAssetsPlugin {
  apply(compiler) {
    const { Compilation, sources } = compiler.webpack;
    compiler.hooks.thisCompilation.tap('CompressAssetsPlugin', (compilation) => {
      compilation.hooks.processAssets.tap({ name: 'CompressAssetsPlugin', stage: Compilation.PROCESS_ASSETS_STAGE_REPORT }, (assets) => {
        for (const [name, asset] of Object.entries(assets)) {
          if (!/\.(js|css|html|json|svg)$/.test(name)) continue;
          const buf = asset.buffer();
          if (buf.length < 1024) continue;
          compilation.emitAsset(`${name}.gz`, new sources.RawSource(zlib.gzipSync(buf, { level: 9 })));
          const br = zlib.brotliCompressSync(buf, {
            params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 11, [zlib.constants.BROTLI_PARAM_SIZE_HINT]: buf.length },
          });
          compilation.emitAsset(`${name}.br`, new sources.RawSource(br));
        }
      });
    });
  }
}
/**
 * The shell's page keeps the taps made before its code has arrived (shell/public/tapKeeper.js):
 * the script is emitted content-hashed (immutable) and loaded first in the head, async, so it runs
 * as soon as it arrives without holding up the first paint. A file, not an inline script: the CSP
 * allows only the hashed theme bootstrap inline.
 */
class TapKeeperPlugin {
  constructor(dir) {
    this.file = path.join(dir, 'public', 'tapKeeper.js');
  }
  apply(compiler) {
    const { Compilation, sources } = compiler.webpack;
    compiler.hooks.thisCompilation.tap('TapKeeperPlugin', (compilation) => {
      const text = require('node:fs').readFileSync(this.file, 'utf8');
      compilation.fileDependencies.add(this.file);
      const name = `tap-keeper.${require('node:crypto').createHash('sha256').update(text).digest('hex').slice(0, 10)}.js`;
      compilation.hooks.processAssets.tap({ name: 'TapKeeperPlugin', stage: Compilation.PROCESS_ASSETS_STAGE_ADDITIONAL }, () => {
        compilation.emitAsset(name, new sources.RawSource(text));
      });
      HtmlWebpackPlugin.getHooks(compilation).alterAssetTagGroups.tap('TapKeeperPlugin', (data) => {
        data.headTags.unshift({
          tagName: 'script',
          voidTag: false,
          meta: { plugin: 'TapKeeperPlugin' },
          attributes: { src: compilation.outputOptions.publicPath + name, async: true },
        });
        return data;
      });
    });
  }
}

/**
 * The shell's page starts downloading its startup chunks together with main.js instead of after
 * it: `<link rel="preload">` for the chunks of the async boundary (`import('./bootstrap')`) and of
 * every shared module the shell provides (React, the router, styled-components, ui),
 * which main.js would otherwise only request once it has arrived and run. main.js itself gets
 * fetchpriority=high (a deferred script is fetched at low priority).
 */
class PreloadStartupChunksPlugin {
  apply(compiler) {
    compiler.hooks.thisCompilation.tap('PreloadStartupChunksPlugin', (compilation) => {
      HtmlWebpackPlugin.getHooks(compilation).alterAssetTagGroups.tap('PreloadStartupChunksPlugin', (data) => {
        const publicPath = compilation.outputOptions.publicPath;
        const files = new Set();
        for (const group of compilation.chunkGroups) {
          if (group.isInitial()) continue;
          const startup = group.origins.some(
            (o) => o.request === './bootstrap' || (o.module && o.module.constructor && o.module.constructor.name === 'ProvideSharedModule'),
          );
          if (!startup) continue;
          for (const chunk of group.chunks) for (const f of chunk.files) if (f.endsWith('.js')) files.add(f);
        }
        for (const tag of data.headTags) {
          if (tag.tagName === 'script' && tag.attributes.src) tag.attributes.fetchpriority = 'high';
        }
        data.headTags.push(
          ...[...files].sort().map((f) => ({
            tagName: 'link',
            voidTag: true,
            meta: { plugin: 'PreloadStartupChunksPlugin' },
            attributes: { rel: 'preload', as: 'script', href: publicPath + f },
          })),
        );
        return data;
      });
    });
  }
}

/**
 * A remote's `output.publicPath` is 'auto' on purpose: its chunks load from wherever its
 * remoteEntry.js was loaded from, so any origin can host its folder, and its manifest says
 * `"publicPath": "auto"`, which the federation runtime resolves against the manifest's own URL.
 * The manifest plugin reports that choice as a warning on every build, whatever its options
 * (`getPublicPath` only replaces the manifest's entry URL with a fixed function of the host page,
 * and the chunks would still need 'auto'). This drops exactly that one line, nothing else.
 */
class AutoPublicPathNoticePlugin {
  apply(compiler) {
    compiler.hooks.infrastructureLog.tap('AutoPublicPathNoticePlugin', (name, type, args) => {
      const text = (args || []).map(String).join(' ');
      if (type === 'warn' && /Module Federation Manifest Plugin/.test(String(name)) && text.includes("reason: publicPath='auto'")) return true;
      return undefined;
    });
  }
}

/**
 * styled-components with stable class names: every styled component gets a componentId from its
 * file and position (`sc-<file hash>-<n>`) instead of a counter of components created so far, so
 * the server part and the browser part of a build name the same component the same way (the
 * server's HTML hydrates with the browser's classes), whatever order their modules load in.
 */
const STYLED_PLUGINS = [[require.resolve('@swc/plugin-styled-components'), { displayName: false, ssr: true, fileName: false, pure: true }]];

/** Our TypeScript, by swc (ES2022, React's automatic runtime, stable styled-components ids): the same for both parts of a build. */
const sourceRule = (dev) => ({
  test: /\.[cm]?tsx?$/,
  exclude: /node_modules/,
  use: {
    loader: 'swc-loader',
    options: {
      jsc: {
        parser: { syntax: 'typescript', tsx: true },
        transform: { react: { runtime: 'automatic', development: dev } },
        target: 'es2022',
        experimental: { plugins: STYLED_PLUGINS },
      },
    },
  },
});

const rootPkg = (name) => require(require.resolve(`${name}/package.json`, { paths: [root] }));

/**
 * What is shared at run time: only what must be one instance on the page. React and react-dom
 * (hooks and the fiber tree), the router (`@val/ui/router`, React Router 7 re-exported: a
 * remote's <Routes> and links run inside the shell's router), styled-components (its theme context and style sheet) and @val/ui (the
 * theme provider and the toast store the shell's Toaster shows). Each is a singleton with its real
 * version and `strictVersion`: a remote that needs a newer copy than the page has fails to load
 * (its slot shows its error state) instead of running on the older one.
 *
 * @val/contracts is not shared: it is plain functions and constants, so each remote bundles the
 * parts it uses (tree-shaken) from the version it was built with, and a remote built against newer
 * contracts runs under an older shell (e2e/src/remoteRoutes.e2e.test.ts).
 *
 * Remotes also share TanStack Query among themselves (the shell does not use it, so it does not
 * provide it, and the landing page never downloads it unless a remote on it asks).
 */
function sharedModules({ host }) {
  // `name` is the package whose version the shared module carries.
  const single = (name) => ({
    singleton: true,
    strictVersion: true,
    requiredVersion: `^${rootPkg(name).version}`,
    version: rootPkg(name).version,
  });
  return {
    react: single('react'),
    'react-dom': single('react-dom'),
    'react-dom/': single('react-dom'),
    // React Router 7 through our re-export list (ui/src/router.tsx): tree-shaken, versioned as the router.
    '@val/ui/router': { ...single('react-router-dom') },
    'styled-components': single('styled-components'),
    '@val/ui': single('@val/ui'),
    ...(host ? {} : { '@tanstack/react-query': single('@tanstack/react-query') }),
  };
}

/**
 * The @module-federation/enhanced options of the shell (host) or of a remote.
 *
 * - Every remote emits `mf-manifest.json` (remoteEntry, exposes with their chunk lists, shared) and
 *   its types (`@mf-types`, see `remoteDts`); the shell loads remotes at run time from the URLs in
 *   `GET /remotes.json` (shell/src/federation/remotes.ts), so it declares no remotes here.
 * - One federation runtime per page: the shell bundles it and provides it to the remotes
 *   (`externalRuntime` on remotes). The shell names the ES-module build of the runtime-providing
 *   plugin itself instead of setting `provideExternalRuntime`, which adds the plugin's CommonJS
 *   build and with it a second copy of runtime-core and sdk.
 * - `optimization.target: 'web'` drops the Node.js loaders from the runtime; remotes load no
 *   remotes (`disableRemote`). Standalone dev servers (`npm run dev -w mf-x`) keep a runtime of
 *   their own. `disableSnapshot` is not set: it would drop manifest loading and preloading.
 *
 * Measured (gzip -9, webpack 5.111.1, enhanced 2.9.3): the shell's main.js is 26.2 KB with the
 * ES-module inject plugin and 47.4 KB with `provideExternalRuntime`; 27.9 KB without
 * `target: 'web'`. A remoteEntry.js is 6.9 KB, 7.6 KB without `disableRemote`, 26.6 KB without
 * `externalRuntime`.
 */
function federationOptions({ dir, name, exposes, routes, host, dev }) {
  const shared = sharedModules({ host });
  if (host) {
    return {
      name,
      remotes: {},
      shared,
      manifest: false,
      dts: false,
      runtimePlugins: [
        // dist/index.js, next to the CommonJS main (the package's exports hide the file itself).
        path.join(path.dirname(require.resolve('@module-federation/inject-external-runtime-core-plugin', { paths: [dir] })), 'index.js'),
        path.join(dir, 'src', 'federation', 'runtimePlugins.ts'),
      ],
      experiments: { optimization: { target: 'web' } },
    };
  }
  return {
    name,
    filename: 'remoteEntry.js',
    exposes: exposes || {},
    shared,
    manifest: routes ? { additionalData: routesIntoManifest(path.resolve(dir, routes), !dev) } : true,
    dts: dev ? false : remoteDts(dir),
    experiments: dev ? {} : { externalRuntime: true, optimization: { target: 'web', disableRemote: true } },
  };
}

/**
 * Types for the teams that consume a remote: the exposes' declarations, compiled with the
 * remote's own tsconfig into `dist/@mf-types/` (kept next to `@mf-types.zip`, the archive the
 * plugin's consumeTypes downloads). The shell type-checks against these folders directly
 * (shell/tsconfig.json `paths`), which works offline and needs no dev server.
 */
function remoteDts(dir) {
  return {
    generateTypes: {
      tsConfigPath: path.join(dir, 'tsconfig.json'),
      deleteTypesFolder: false,
      generateAPITypes: false,
      extractThirdParty: false,
      extractRemoteTypes: false,
      compileInChildProcess: false,
      abortOnError: true,
    },
    consumeTypes: false,
    displayErrorInTerminal: true,
  };
}

/**
 * The manifest (mf-manifest.json) carries the pages a remote owns: `metaData.routes`, the route
 * list the remote's exposed `./Routes` renders (its `src/routes.json`), so the BFF knows which
 * paths exist (200 or 404, each page's head) and the shell which remote shows a path, without
 * either being rebuilt when a remote adds a page. The list is taken from the compiled module, as
 * the remote's code sees it after loaders; a build whose exposes do not import it fails.
 */
function routesIntoManifest(file, ssr) {
  return ({ stats, compilation }) => {
    const mod = [...compilation.modules].find((m) => m.resource === file);
    if (!mod) throw new Error(`${file}: no exposed module imports the route list`);
    const routes = JSON.parse(mod.originalSource().source().toString());
    if (!Array.isArray(routes) || routes.some((r) => !r || typeof r.path !== 'string' || typeof r.title !== 'string')) {
      throw new Error(`${file}: not a list of { path, title, description }`);
    }
    stats.metaData.routes = routes;
    // The server part of the same build (serverConfig), relative to the manifest.
    if (ssr) stats.metaData.ssr = { entry: SERVER_ENTRY };
    return stats;
  };
}

/** Where a build's server part is, relative to its dist/ (and to a remote's mf-manifest.json). */
const SERVER_ENTRY = 'server/ssr.js';

/**
 * What the server parts share, like the browser's shared singletons: the shell's server part
 * bundles them and the BFF hands them to each remote's server part (its `require`), so one React,
 * one router and one styled-components style sheet render the whole page. Anything else a remote's
 * server part uses is bundled into it.
 */
const SERVER_SHARED = {
  react: 'react',
  'react/jsx-runtime': 'react',
  'react-dom': 'react-dom',
  'react-dom/server': 'react-dom',
  'styled-components': 'styled-components',
  '@val/ui': '@val/ui',
  '@val/ui/router': 'react-router-dom',
};

/**
 * A remote's server part exports its exposed modules, by the same names as in the browser, and the
 * versions of the shared modules it was built with (`shared`: the BFF renders it only with
 * versions that satisfy them, as `strictVersion` does in the browser).
 */
function writeServerEntry(name, dir, exposes) {
  const lines = Object.entries(exposes || {}).map(([key, file], i) => [key, `e${i}`, path.resolve(dir, file)]);
  const versions = Object.fromEntries(Object.entries(SERVER_SHARED).map(([request, pkg]) => [request, rootPkg(pkg).version]));
  const code =
    lines.map(([, id, file]) => `import * as ${id} from ${JSON.stringify(file)};`).join('\n') +
    `\nexport const name = ${JSON.stringify(name)};` +
    `\nexport const shared = ${JSON.stringify(versions)};` +
    `\nexport const exposes = { ${lines.map(([key, id]) => `${JSON.stringify(key)}: ${id}`).join(', ')} };\n`;
  const file = path.join(
    require('node:os').tmpdir(),
    `val-ssr-entry-${name}-${require('node:crypto').createHash('sha1').update(dir).digest('hex').slice(0, 8)}.js`,
  );
  require('node:fs').writeFileSync(file, code);
  return file;
}

/**
 * The server part of a build (`dist/server/`, one CommonJS file, no chunks): for the shell,
 * `src/server.tsx` with React, react-dom/server, the router, styled-components and @val/ui bundled
 * in (it provides them, SERVER_SHARED); for a remote, its exposed modules with those left to the
 * shell's copies. The BFF loads the shell's from disk and a remote's from next to its manifest,
 * wherever the remote is deployed, so a remote's redeploy changes its server-rendered part too.
 */
function serverConfig({ dir, name, exposes, host, mode }) {
  const webpack = require('webpack');
  return {
    name: 'server',
    mode,
    context: dir,
    target: 'node22',
    entry: { [path.basename(SERVER_ENTRY, '.js')]: host ? './src/server.tsx' : writeServerEntry(name, dir, exposes) },
    devtool: false,
    output: { path: path.join(dir, 'dist', path.dirname(SERVER_ENTRY)), filename: '[name].js', library: { type: 'commonjs2' }, clean: true },
    externals: host ? [] : [({ request }, callback) => (request in SERVER_SHARED ? callback(null, `commonjs ${request}`) : callback())],
    resolve: { extensions: ['.tsx', '.ts', '.js', '.mjs', '.json'], conditionNames: ['val-source', '...'] },
    module: {
      parser: { javascript: { exportsPresence: 'error' } },
      rules: [
        sourceRule(false),
        // Asset URLs as the browser build names them; the files themselves are the browser build's.
        { test: /\.(png|svg|jpe?g|webp|woff2?)$/i, type: 'asset/resource', generator: { emit: false, filename: 'assets/[name].[contenthash:10][ext]' } },
      ],
    },
    plugins: [new webpack.optimize.LimitChunkCountPlugin({ maxChunks: 1 })],
    performance: { hints: false },
    optimization: { minimize: false, splitChunks: false, moduleIds: 'deterministic' },
    stats: 'errors-warnings',
  };
}

/**
 * @param {object} opts
 * @param {string} opts.dir        the package folder (__dirname of its webpack.config.js)
 * @param {string} opts.name       federation name, e.g. val_validation
 * @param {Record<string,string>} [opts.exposes]  exposed modules (remotes)
 * @param {string} [opts.routes]   a remote's route list (JSON), carried by its manifest
 * @param {boolean} [opts.host]    true for the shell
 * @param {number} opts.port       dev-server port
 * @param {string} [opts.title]    html title for standalone/host pages (a remote's standalone page is tooling/remote.html)
 */
function createConfig({ dir, name, exposes, routes, host = false, port, title = 'Val' }) {
  return (_env, argv) => {
    const mode = argv.mode || 'production';
    const dev = mode === 'development';
    const client = clientConfig({ dir, name, exposes, routes, host, port, title, mode, dev });
    // A production build is the browser part and the server part (dist/server/), built together
    // from the same sources so their markup and class names match; the dev server is browser-only.
    return dev ? client : [client, serverConfig({ dir, name, exposes, host, mode })];
  };
}

function clientConfig({ dir, name, exposes, routes, host, port, title, mode, dev }) {
  return {
    name: 'client',
    mode,
    context: dir,
    entry: { main: './src/index.ts' },
    // ES2022 browsers (as swc targets): webpack's own runtime code may use arrow functions, const and
    // destructuring, and class fields stay as written (no helper per class): smaller chunks.
    target: ['web', 'es2022'],
    // No source maps in production builds: the deployed folders would serve the full sources.
    devtool: dev ? 'eval-cheap-module-source-map' : false,
    output: {
      path: path.join(dir, 'dist'),
      publicPath: host ? '/' : 'auto',
      // Entry files (the shell's main.js, each remote's remoteEntry.js) keep a fixed name: webpack
      // 5.111 cannot put [contenthash] in the name of an entry chunk that carries the federation
      // runtime (module-federation/core#5077). They are small and served no-cache; the shell's
      // html adds ?<build hash> to main.js. Every other file is content-hashed and immutable.
      filename: '[name].js',
      chunkFilename: dev ? '[name].js' : '[name].[contenthash:10].js',
      assetModuleFilename: 'assets/[name].[contenthash:10][ext]',
      uniqueName: name,
      // The plugin writes the remote's types (dist/@mf-types/) outside webpack's asset list; the
      // server part (dist/server/, serverConfig) is the other compilation's.
      clean: { keep: /^(@mf-types|server)\// },
      compareBeforeEmit: false,
    },
    resolve: {
      extensions: ['.tsx', '.ts', '.js', '.mjs', '.json'],
      // Our packages from source: their `exports` maps point the `val-source` condition at the
      // TypeScript files (and @val/contracts' "." at its zod-free browser entry under `browser`;
      // schemas, product data, the typed client... are subpaths loaded only where imported).
      // For @val/ui this matters to the landing page: its ES modules keep the toast viewport a
      // chunk of its own (loaded with the first toast), where the CommonJS build would inline it.
      conditionNames: ['val-source', '...'],
    },
    module: {
      // An import of a name a module does not export (e.g. a schema from the zod-free entry) fails the build.
      parser: { javascript: { exportsPresence: 'error' } },
      rules: [sourceRule(dev), { test: /\.(png|svg|jpe?g|webp|woff2?)$/i, type: 'asset/resource' }],
    },
    plugins: [
      // Before the federation plugin: its manifest part reports publicPath 'auto' when it is applied.
      ...(host ? [] : [new AutoPublicPathNoticePlugin()]),
      new ModuleFederationPlugin(federationOptions({ dir, name, exposes, routes, host, dev })),
      ...(dev ? [] : [new CompressAssetsPlugin()]),
      ...(host || dev
        ? [
            new HtmlWebpackPlugin({
              // The shell has a page of its own; every remote's standalone page is one template
              // with the remote's title.
              template: host ? path.join(dir, 'public', 'index.html') : path.join(__dirname, 'remote.html'),
              title,
              scriptLoading: 'defer',
              // main.js has no content hash (see output.filename): a new build is a new URL.
              hash: true,
            }),
            ...(host ? [new TapKeeperPlugin(dir)] : []),
            ...(host && !dev ? [new PreloadStartupChunksPlugin()] : []),
          ]
        : []),
    ],
    performance: { hints: false },
    optimization: {
      moduleIds: 'deterministic',
      chunkIds: 'deterministic',
      // The shell needs every library it shares before its first render: one file for them
      // instead of one per package (fewer requests on the 6 connections of HTTP/1.1).
      ...(host && !dev
        ? {
            splitChunks: {
              cacheGroups: {
                startupLibs: {
                  test: /[\\/]node_modules[\\/](react|react-dom|scheduler|react-router|react-router-dom|@remix-run|styled-components|stylis|@emotion)[\\/]/,
                  name: 'libs',
                  chunks: 'all',
                  enforce: true,
                },
              },
            },
          }
        : {}),
    },
    devServer: {
      port,
      historyApiFallback: true,
      hot: false,
      headers: { 'Access-Control-Allow-Origin': '*' },
      proxy: [{ context: ['/api', '/remotes.json'], target: process.env.VAL_DEV_API || 'http://localhost:3000' }],
    },
    stats: 'errors-warnings',
  };
}

module.exports = { createConfig, sharedModules, SERVER_SHARED };
