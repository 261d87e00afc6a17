const { createConfig } = require('../tooling/webpack.mf');

module.exports = createConfig({
  dir: __dirname,
  name: 'val_simulation',
  exposes: { './App': './src/exposes/App.tsx' },
  port: 3003,
  title: 'Val — Customer interviews and launch simulation',
});
