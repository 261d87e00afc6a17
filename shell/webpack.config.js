const { createConfig } = require('../tooling/webpack.mf');

module.exports = createConfig({ dir: __dirname, name: 'val_shell', host: true, port: 3001, title: 'Val — validate your startup idea with AI' });
