/**
 * One webpack + Module Federation configuration for the shell (host) and every remote.
 * Each package's webpack.config.js calls `createConfig` with its own name, exposes and port.
 */
const path = require('node:path');
const HtmlWebpackPlugin = require('html-webpack-plugin');
// webpack's own Module Federation (container + sharing runtime, ~3 KB gzip on the host, ~2 KB per
// remoteEntry). The @module-federation/enhanced runtime we started with put ~46 KB gzip of
// federation runtime on every page; we load remotes ourselves (shell/src/federation/remotes.ts).
const { ModuleFederationPlugin } = require('webpack').container;

const zlib = require('node:zlib');

const root = path.resolve(__dirname, '..');

/** Emits a gzip -9 copy (`x.js.gz`) of every text asset over 1 KB; the BFF serves it to browsers that accept gzip. */
class GzipAssetsPlugin {
  apply(compiler) {
    const { Compilation, sources } = compiler.webpack;
    compiler.hooks.thisCompilation.tap('GzipAssetsPlugin', (compilation) => {
      compilation.hooks.processAssets.tap({ name: 'GzipAssetsPlugin', stage: Compilation.PROCESS_ASSETS_STAGE_REPORT }, (assets) => {
        for (const [name, asset] of Object.entries(assets)) {
          if (!/\.(js|css|html|json|svg)$/.test(name)) continue;
          const buf = asset.buffer();
          if (buf.length < 1024) continue;
          compilation.emitAsset(`${name}.gz`, new sources.RawSource(zlib.gzipSync(buf, { level: 9 })));
        }
      });
    });
  }
}
const rootPkg = (name) => require(require.resolve(`${name}/package.json`, { paths: [root] }));

/** Shared singletons: one React, one router, one styled-components, one ui and contracts for all. */
function sharedModules() {
  const single = (name, extra = {}) => ({
    singleton: true,
    requiredVersion: `^${rootPkg(name).version}`,
    version: rootPkg(name).version,
    ...extra,
  });
  return {
    react: single('react'),
    'react-dom': single('react-dom'),
    'react-dom/': single('react-dom'),
    'react-router-dom': single('react-router-dom'),
    'styled-components': single('styled-components'),
    '@val/ui': single('@val/ui'),
    '@val/contracts': single('@val/contracts'),
  };
}

/**
 * @param {object} opts
 * @param {string} opts.dir        the package folder (__dirname of its webpack.config.js)
 * @param {string} opts.name       federation name, e.g. val_validation
 * @param {Record<string,string>} [opts.exposes]  exposed modules (remotes)
 * @param {boolean} [opts.host]    true for the shell
 * @param {number} opts.port       dev-server port
 * @param {string} [opts.title]    html title for standalone/host pages
 */
function createConfig({ dir, name, exposes, host = false, port, title = 'Val' }) {
  return (_env, argv) => {
    const mode = argv.mode || 'production';
    const dev = mode === 'development';
    return {
      mode,
      context: dir,
      entry: { main: './src/index.ts' },
      target: 'web',
      devtool: dev ? 'eval-cheap-module-source-map' : 'source-map',
      output: {
        path: path.join(dir, 'dist'),
        publicPath: host ? '/' : 'auto',
        // Every file is content-hashed (immutable) except remoteEntry.js, whose URL is the
        // remote's address (served no-cache).
        filename: dev ? '[name].js' : '[name].[contenthash:10].js',
        chunkFilename: dev ? '[name].js' : '[name].[contenthash:10].js',
        assetModuleFilename: 'assets/[name].[contenthash:10][ext]',
        uniqueName: name,
        clean: true,
        compareBeforeEmit: false,
      },
      resolve: {
        extensions: ['.tsx', '.ts', '.js', '.mjs', '.json'],
        // Browsers get contracts from source through its zod-free entry (schemas only on request).
        alias: {
          '@val/contracts$': path.join(root, 'contracts', 'src', 'browser.ts'),
          '@val/contracts/schemas$': path.join(root, 'contracts', 'src', 'schemas.ts'),
        },
      },
      module: {
        // An import of a name a module does not export (e.g. a schema from the zod-free entry) fails the build.
        parser: { javascript: { exportsPresence: 'error' } },
        rules: [
          {
            test: /\.[cm]?tsx?$/,
            exclude: /node_modules/,
            use: {
              loader: 'swc-loader',
              options: {
                jsc: {
                  parser: { syntax: 'typescript', tsx: true },
                  transform: { react: { runtime: 'automatic', development: dev } },
                  target: 'es2020',
                  experimental: { plugins: [] },
                },
              },
            },
          },
          { test: /\.(png|svg|jpe?g|webp|woff2?)$/i, type: 'asset/resource' },
        ],
      },
      plugins: [
        new ModuleFederationPlugin({
          name,
          // A remote's container is a global `var <name>` set by remoteEntry.js; the shell loads
          // the script, inits the container with its share scope and gets `./App`.
          ...(host ? {} : { filename: 'remoteEntry.js', library: { type: 'var', name }, exposes: exposes || {} }),
          shared: sharedModules(),
        }),
        ...(dev ? [] : [new GzipAssetsPlugin()]),
        ...(host || dev
          ? [
              new HtmlWebpackPlugin({
                template: path.join(dir, 'public', 'index.html'),
                title,
                scriptLoading: 'defer',
              }),
            ]
          : []),
      ],
      performance: { hints: false },
      optimization: { moduleIds: 'deterministic', chunkIds: 'deterministic' },
      devServer: {
        port,
        historyApiFallback: true,
        hot: false,
        headers: { 'Access-Control-Allow-Origin': '*' },
        proxy: [{ context: ['/api', '/remotes.json'], target: process.env.VAL_DEV_API || 'http://localhost:3000' }],
      },
      stats: 'errors-warnings',
    };
  };
}

module.exports = { createConfig, sharedModules };
