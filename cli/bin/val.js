#!/usr/bin/env node
'use strict';
let cli;
try {
  require('@val/bff/nodeVersion').exitOnUnsupportedNode();
  cli = require('../dist/src/index.js');
} catch (err) {
  if (err && err.code === 'MODULE_NOT_FOUND' && /dist[\\/]src[\\/](index|nodeVersion)\.js/.test(String(err.message))) {
    console.error('Error: the val CLI is not built.\nRun `node scripts/ensure-built.js` (or `npm run build -w cli`) in the Val repository.');
    process.exit(1);
  }
  throw err;
}
cli.installSignalHandlers();
// `val stats links --format csv | head -1`: the reader went away — that is not an error.
for (const stream of [process.stdout, process.stderr]) {
  stream.on('error', (err) => {
    if (err && err.code === 'EPIPE') process.exit(process.exitCode ?? 0);
    throw err;
  });
}
cli.main(process.argv).then((code) => {
  process.exitCode = code;
  // Exit once everything written so far has reached stdout and stderr.
  process.stdout.write('', () => process.stderr.write('', () => process.exit(code)));
});
