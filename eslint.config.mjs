// ESLint for the whole repository (flat config): JavaScript's and typescript-eslint's recommended
// rules, React's rules of hooks in the front ends, a few import rules, and eslint-config-prettier
// last so that no rule argues with the formatter (Prettier, .prettierrc.json).
import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import reactHooks from 'eslint-plugin-react-hooks';
import importX from 'eslint-plugin-import-x';
import prettier from 'eslint-config-prettier';
import globals from 'globals';

const FRONT_ENDS = ['shell', 'mf-validation', 'mf-simulation', 'mf-catalogue', 'mf-admin', 'ui'];

export default tseslint.config(
  {
    ignores: ['**/node_modules/**', '**/dist/**', '**/.tsbuild/**', '**/@mf-types/**', '**/coverage/**', 'screenshots/**', '**/*.d.ts'],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    plugins: { 'import-x': importX },
    languageOptions: { ecmaVersion: 2023, sourceType: 'module', globals: { ...globals.node } },
    linterOptions: { reportUnusedDisableDirectives: 'error' },
    rules: {
      'import-x/first': 'error',
      'import-x/no-duplicates': 'error',
      'import-x/no-self-import': 'error',
      'import-x/no-mutable-exports': 'error',
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_', caughtErrors: 'none', ignoreRestSiblings: true }],
      // Off: the patterns with control characters match them on purpose (terminal escapes the CLI
      // and the logs strip, control characters refused in stored text and in headers).
      'no-control-regex': 'off',
    },
  },
  {
    files: ['**/*.js', '**/*.cjs'],
    languageOptions: { sourceType: 'commonjs' },
    rules: {
      '@typescript-eslint/no-require-imports': 'off',
      // `const crypto = require('node:crypto')` names a module after the global it also is.
      'no-redeclare': ['error', { builtinGlobals: false }],
    },
  },
  {
    // Plain scripts the shell's page loads as they are (no bundler): browser globals, no modules.
    files: ['shell/public/**/*.js'],
    languageOptions: { sourceType: 'script', globals: { ...globals.browser } },
  },
  {
    // Scripts that drive a browser: the functions they pass to page.evaluate run in the page.
    files: ['bench/**/*.js', 'scripts/**/*.js', 'e2e/**/*.ts'],
    languageOptions: { globals: { ...globals.node, ...globals.browser } },
  },
  {
    files: FRONT_ENDS.map((d) => `${d}/**/*.{ts,tsx}`),
    plugins: { 'react-hooks': reactHooks },
    languageOptions: { globals: { ...globals.browser } },
    // The rules of hooks and complete effect dependencies. The plugin's React Compiler rules
    // (purity, refs, set-state-in-effect…) are not turned on: the front ends are not compiled by
    // the React Compiler, and those rules judge code by what the compiler can memoise.
    rules: { 'react-hooks/rules-of-hooks': 'error', 'react-hooks/exhaustive-deps': 'error' },
  },
  {
    // The router is one federation singleton, shared as `@val/ui/router` (tree-shaken React Router 7):
    // an import of the package itself would bundle a second router whose context the shell's never provides.
    files: FRONT_ENDS.map((d) => `${d}/**/*.{ts,tsx}`),
    ignores: ['ui/src/router.tsx'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          paths: ['react-router-dom', 'react-router'].map((name) => ({ name, message: "Import the router from '@val/ui/router' (the shared singleton)." })),
        },
      ],
    },
  },
  prettier,
);
