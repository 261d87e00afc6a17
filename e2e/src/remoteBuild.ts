import path from 'node:path';
import webpack from 'webpack';

const repoRoot = path.resolve(__dirname, '..', '..');

/** A remote's production build as its team runs it: the browser part and the server part (tooling/webpack.mf.js). */
export function remoteConfigs(remote: string): { client: webpack.Configuration; server: webpack.Configuration } {
  // eslint-disable-next-line @typescript-eslint/no-require-imports -- the remote's webpack config is CommonJS, loaded by path at run time
  const make = require(path.join(repoRoot, remote, 'webpack.config.js')) as (env: unknown, argv: { mode: string }) => webpack.Configuration[];
  const configs = make({}, { mode: 'production' });
  const client = configs.find((c) => c.name === 'client');
  const server = configs.find((c) => c.name === 'server');
  if (!client || !server) throw new Error(`${remote}/webpack.config.js: expected a browser and a server build`);
  return { client, server };
}

/**
 * Builds both parts into `out` (the browser part) and `out/server` (the server part, where the
 * manifest says it is), with `rules` put first in both (loaders that change the sources).
 */
export function buildRemote(remote: string, out: string, rules: webpack.RuleSetRule[] = []): Promise<void> {
  const { client, server } = remoteConfigs(remote);
  client.output = { ...client.output, path: out };
  server.output = { ...server.output, path: path.join(out, 'server') };
  for (const config of [client, server]) config.module!.rules!.unshift(...rules);
  return new Promise((resolve, reject) =>
    webpack([client, server], (err, stats) => {
      if (err || !stats || stats.hasErrors()) reject(err ?? new Error(stats?.toString('errors-only') ?? 'build failed'));
      else resolve();
    }),
  );
}
