const { createConfig } = require('../tooling/webpack.mf');

module.exports = createConfig({
  dir: __dirname,
  name: 'val_admin',
  exposes: { './App': './src/exposes/App.tsx' },
  port: 3005,
  title: 'Val — Admin analytics dashboard',
});
