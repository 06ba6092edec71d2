import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vite';
import { landingPage } from './src/landing/vite-plugin.ts';
import { precompress } from './src/build/precompress.ts';
import { contractImports } from './src/build/contract-imports.ts';
import { errorCatalogue } from './src/build/error-catalogue.ts';

const root = fileURLToPath(new URL('.', import.meta.url));

/**
 * React and i18n/data libraries change rarely: their own long-cached chunks. Ant Design is left to the automatic
 * splitting so components used by one lazily loaded page (the dashboard's table) load with that page.
 */
const vendorGroups = [
  { name: 'react', test: /node_modules[\\/](react|react-dom|scheduler|react-router)[\\/]/, priority: 30 },
  { name: 'i18n', test: /node_modules[\\/](i18next|react-i18next|html-parse-stringify|void-elements|@tanstack)[\\/]/, priority: 20 },
];

/**
 * Ant Design's @rc-component packages declare no "sideEffects", so the bundler kept every module of theirs that an
 * imported index reaches, used or not (antd's Input reaches the whole of rc-form and its async-validator). Their
 * modules only define components and helpers (the one that extends dayjs, the date picker's adapter, is imported
 * for its exports wherever a date picker is used, and no code of ours relies on those dayjs plugins). Anything
 * else keeps its package's own declaration.
 */
const undeclaredSideEffects = (id: string) => (/[\\/]node_modules[\\/]@rc-component[\\/]/.test(id) ? false : undefined);

/**
 * Building a zod schema changes nothing outside it (no code of ours calls z.config or registers schemas): a schema
 * that no code reads is dropped, and with it zod when a chunk reads none (the login page's password-policy module
 * defines one it does not use).
 */
const pureFunctions = ['z', 'defineEndpoint'];

export default defineConfig({
  root,
  oxc: { jsx: { runtime: 'automatic', importSource: 'react' } },
  plugins: [landingPage(), contractImports(), errorCatalogue(), precompress()],
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    chunkSizeWarningLimit: 1200,
    rolldownOptions: {
      // antd marks its modules "use client" for React Server Components; in a browser bundle that means nothing.
      onLog(level, log, handler) {
        if (log.code === 'MODULE_LEVEL_DIRECTIVE') return;
        handler(level, log);
      },
      // The static landing page is an entry of its own: a few KB of CSS and script, none of the app's bundle.
      input: { index: `${root}/index.html`, landing: `${root}/landing.html` },
      output: { codeSplitting: { groups: vendorGroups } },
      treeshake: { moduleSideEffects: undeclaredSideEffects, manualPureFunctions: pureFunctions },
    },
  },
  server: {
    port: 5173,
    proxy: { '/api': { target: 'http://localhost:3000', changeOrigin: false } },
  },
});
