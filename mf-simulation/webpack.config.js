const { createConfig } = require('../tooling/webpack.mf');

module.exports = createConfig({
  dir: __dirname,
  name: 'val_simulation',
  exposes: { './App': './src/exposes/App.tsx', './Routes': './src/exposes/Routes.tsx' },
  // The pages this remote owns; the build writes them into mf-manifest.json (metaData.routes).
  routes: './src/routes.json',
  port: 3003,
  title: 'Val — Customer interviews and launch simulation',
});
