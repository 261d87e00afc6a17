const { createConfig } = require('../tooling/webpack.mf');

module.exports = createConfig({
  dir: __dirname,
  name: 'val_catalogue',
  exposes: { './Hero': './src/exposes/Hero.tsx', './Catalogue': './src/exposes/Catalogue.tsx', './Routes': './src/exposes/Routes.tsx' },
  // The pages this remote owns; the build writes them into mf-manifest.json (metaData.routes).
  routes: './src/routes.json',
  port: 3004,
  title: 'Val — Report catalogue, feasibility study and report pages',
});
