/**
 * One jest config, three projects: `npm test` runs all; `npx jest --selectProjects unit` one.
 * unit: *.test.ts(x) · dom: *.dom.test.tsx (React Testing Library in jsdom) · integration: *.int.test.ts (real SQLite, and MySQL when TEST_MYSQL_URL
 * is set) · e2e: e2e/**\/*.e2e.test.ts (the built server + the system Chromium).
 */
const swc = [
  '@swc/jest',
  {
    jsc: {
      parser: { syntax: 'typescript', tsx: true },
      transform: { react: { runtime: 'automatic' } },
      target: 'es2022',
    },
    module: { type: 'commonjs' },
  },
];

const common = {
  rootDir: __dirname,
  transform: { '^.+\\.(t|j|mj|cj)sx?$': swc },
  // ESM-only dependencies are compiled too.
  transformIgnorePatterns: [],
  moduleNameMapper: {
    // ESM-only, with an import-only "exports" map that jest's require() resolution cannot read.
    '^json-schema-faker$': '<rootDir>/node_modules/json-schema-faker/dist/index.js',
  },
  testEnvironment: 'node',
  // Our packages from source: the `val-source` condition of their `exports` maps names the
  // TypeScript files (@val/contracts: its Node entry, schemas and all; @val/ui, @val/bff... with
  // their subpaths as published), so no package of ours needs a moduleNameMapper entry.
  testEnvironmentOptions: { customExportConditions: ['node', 'node-addons', 'val-source'] },
};
const ignore = ['/node_modules/', '/dist/', '/\\.tsbuild/'];

module.exports = {
  projects: [
    {
      ...common,
      displayName: 'unit',
      testMatch: ['<rootDir>/**/*.test.ts?(x)'],
      testPathIgnorePatterns: [...ignore, '\\.int\\.test\\.', '\\.e2e\\.test\\.', '\\.dom\\.test\\.'],
    },
    {
      // React Testing Library tests of the front ends: jsdom with Node's fetch and streams. The
      // packages resolve as in Node, so a test can run the real BFF (bff/test/app.ts) in-process.
      ...common,
      displayName: 'dom',
      testMatch: ['<rootDir>/**/*.dom.test.tsx'],
      testPathIgnorePatterns: ignore,
      testEnvironment: '<rootDir>/tooling/jest/domEnvironment.js',
    },
    {
      ...common,
      displayName: 'integration',
      testMatch: ['<rootDir>/**/*.int.test.ts'],
      testPathIgnorePatterns: ignore,
    },
    {
      ...common,
      displayName: 'e2e',
      testMatch: ['<rootDir>/e2e/**/*.e2e.test.ts'],
      testPathIgnorePatterns: ignore,
    },
  ],
  testTimeout: 60000,
};
