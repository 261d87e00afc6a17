const { createConfig } = require('../tooling/webpack.mf');

module.exports = createConfig({
  dir: __dirname,
  name: 'val_catalogue',
  exposes: { './App': './src/exposes/App.tsx', './Hero': './src/exposes/Hero.tsx' },
  port: 3004,
  title: 'Val — Report catalogue, feasibility study and report pages',
});
