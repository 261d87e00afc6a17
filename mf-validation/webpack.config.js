const webpack = require('webpack');
const { createConfig } = require('../tooling/webpack.mf');

const base = createConfig({
  dir: __dirname,
  name: 'val_validation',
  exposes: { './Lab': './src/exposes/Lab.tsx', './Resources': './src/exposes/Resources.tsx', './Routes': './src/exposes/Routes.tsx' },
  // The pages this remote owns; the build writes them into mf-manifest.json (metaData.routes).
  routes: './src/routes.json',
  port: 3002,
  title: 'Val — Idea Validation Lab and Startup Resources Kit',
});

/**
 * jspdf lazily imports html2canvas, canvg and dompurify for `doc.html()` and SVG images, which the
 * validation report never uses: leave them out instead of emitting ~1 MB of unused chunks.
 */
module.exports = (env, argv) => {
  const configs = base(env, argv);
  // A production build is the browser part and the server part (tooling/webpack.mf.js): both.
  for (const config of [configs].flat()) {
    config.plugins.push(new webpack.IgnorePlugin({ resourceRegExp: /^(html2canvas|canvg|dompurify)$/, contextRegExp: /jspdf/ }));
  }
  return configs;
};
