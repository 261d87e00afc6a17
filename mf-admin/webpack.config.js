const { createConfig } = require('../tooling/webpack.mf');

module.exports = createConfig({
  dir: __dirname,
  name: 'val_admin',
  exposes: { './Routes': './src/exposes/Routes.tsx' },
  // The pages this remote owns; the build writes them into mf-manifest.json (metaData.routes).
  routes: './src/routes.json',
  port: 3005,
  title: 'Val — Admin analytics dashboard',
});
