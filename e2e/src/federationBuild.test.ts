import { Writable } from 'node:stream';
import webpack from 'webpack';
import { remoteConfigs } from './remoteBuild';

/**
 * What a newcomer sees while the remotes build (the first `npm start`): no warnings from the
 * federation plugins. A remote keeps `output.publicPath: 'auto'` (its chunks load from where its
 * remoteEntry.js was loaded, so any origin can host it) and its manifest says so.
 */
const remotes = ['mf-validation', 'mf-simulation', 'mf-catalogue', 'mf-admin'];

/** The lines webpack's infrastructure log prints while the remote's compiler is set up. */
function setupLog(remote: string): { log: string; config: webpack.Configuration } {
  const config = remoteConfigs(remote).client;
  let log = '';
  const stream = new Writable({
    write(chunk, _enc, done) {
      log += String(chunk);
      done();
    },
  });
  webpack({ ...config, infrastructureLogging: { level: 'warn', stream: stream as unknown as NodeJS.WritableStream, colors: false, appendOnly: true } });
  return { log, config };
}

describe('building a remote', () => {
  it.each(remotes)('%s: no Module Federation warning, and chunks still load from where the remote is hosted', (remote) => {
    const { log, config } = setupLog(remote);
    expect(log).not.toMatch(/Module Federation|publicPath/);
    expect(config.output?.publicPath).toBe('auto');
  });
});
