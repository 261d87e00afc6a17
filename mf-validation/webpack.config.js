const { createConfig } = require('../tooling/webpack.mf');

module.exports = createConfig({
  dir: __dirname,
  name: 'val_validation',
  exposes: { './App': './src/exposes/App.tsx' },
  port: 3002,
  title: 'Val — Idea Validation Lab and Startup Resources Kit',
});
