import js from '@eslint/js';
import globals from 'globals';
import reactHooks from 'eslint-plugin-react-hooks';
import tseslint from 'typescript-eslint';

/**
 * Module boundaries of the server (docs/architecture.md): a module reaches another module only through its public
 * service (`service.ts`, or an `index.ts` that re-exports it), never its schema.ts, routes.ts or other internals; and
 * platform/ knows no module. The patterns read the import path relative to the file, so they are set per depth:
 * modules/<area>/<module>/ files (one `../` is a sibling module, two an area) and modules/auth/ files.
 */
const PUBLIC_FILE = '(?:service|index)\\.ts$';
const BOUNDARY = 'A module uses another module only through its public service.ts (or index.ts): not its schema, routes or internals.';
const siblingInternals = { regex: `^\\.\\./(?!\\.\\.)(?:[^/]+/)+(?!${PUBLIC_FILE})[^/]+$`, message: BOUNDARY };
const areaInternals = { regex: `^\\.\\./\\.\\./(?!\\.\\.)(?:[^/]+/)+(?!${PUBLIC_FILE})[^/]+$`, message: BOUNDARY };

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
  {
    files: ['apps/server/src/modules/*/*/**/*.ts'],
    rules: { 'no-restricted-imports': ['error', { patterns: [siblingInternals, areaInternals] }] },
  },
  {
    files: ['apps/server/src/modules/auth/*.ts'],
    rules: { 'no-restricted-imports': ['error', { patterns: [siblingInternals] }] },
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
