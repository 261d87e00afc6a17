#!/usr/bin/env node
require('../dist/index.js').main(process.argv);
