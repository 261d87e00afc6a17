/**
 * One jest config, three projects: `npm test` runs all; `npx jest --selectProjects unit` one.
 * unit: *.test.ts(x) · integration: *.int.test.ts (real SQLite, and MySQL when TEST_MYSQL_URL
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
    '^@val/offline-analyst$': '<rootDir>/offline-analyst/src',
    '^@val/ui$': '<rootDir>/ui/src',
    '^@val/ui/markdown$': '<rootDir>/ui/src/markdown',
    '^@val/ui/factSheet$': '<rootDir>/ui/src/factSheet',
    '^@val/bff$': '<rootDir>/bff/src',
    // ESM-only, with an import-only "exports" map that jest's require() resolution cannot read.
    '^json-schema-faker$': '<rootDir>/node_modules/json-schema-faker/dist/index.js',
  },
  testEnvironment: 'node',
  // Our packages from source: the `val-source` condition of their `exports` maps names the
  // TypeScript files (@val/contracts: its Node entry, schemas and all; subpaths as published).
  testEnvironmentOptions: { customExportConditions: ['node', 'node-addons', 'val-source'] },
};
const ignore = ['/node_modules/', '/dist/', '/\\.tsbuild/'];

module.exports = {
  projects: [
    {
      ...common,
      displayName: 'unit',
      testMatch: ['<rootDir>/**/*.test.ts?(x)'],
      testPathIgnorePatterns: [...ignore, '\\.int\\.test\\.', '\\.e2e\\.test\\.'],
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
