import js from '@eslint/js';
import globals from 'globals';
import reactHooks from 'eslint-plugin-react-hooks';
import tseslint from 'typescript-eslint';
import boundaries from './scripts/eslint-boundaries.js';

export default tseslint.config(
  { ignores: ['**/node_modules/**', '**/dist/**', '.data/**', 'artifacts/**', 'apps/server/src/db/migrations/**'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.node, ...globals.browser } },
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      '@typescript-eslint/consistent-type-imports': 'error',
      'no-console': 'off',
    },
  },
  // Module boundaries of the server and feature areas of the web (scripts/eslint-boundaries.js; docs/architecture.md).
  {
    files: ['apps/server/src/modules/**/*.ts', 'apps/web/src/features/**/*.{ts,tsx}'],
    plugins: { boundaries },
    rules: { 'boundaries/imports': 'error' },
  },
  {
    files: ['apps/server/src/platform/**/*.ts'],
    rules: {
      'no-restricted-imports': ['error', { patterns: [{ regex: '/modules/', message: 'platform/ holds no business words: it never imports a module.' }] }],
    },
  },
  // Typed linting of the server: a promise nobody awaits loses its error (and, inside a request, its transaction).
  {
    files: ['apps/server/src/**/*.ts', 'apps/server/test/**/*.ts'],
    languageOptions: { parserOptions: { projectService: true, tsconfigRootDir: import.meta.dirname } },
    rules: { '@typescript-eslint/no-floating-promises': 'error' },
  },
  {
    files: ['apps/web/src/**/*.{ts,tsx}'],
    plugins: { 'react-hooks': reactHooks },
    rules: reactHooks.configs['recommended-latest'].rules,
  },
);
