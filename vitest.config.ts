import { defineConfig } from 'vitest/config';

/**
 * Three projects: pure rules, server integration against real PostgreSQL, and Chromium end-to-end flows. They run
 * one after another (sequence.groupOrder): server and e2e each start a PostgreSQL and would fight over two cores.
 */
export default defineConfig({
  test: {
    projects: [
      {
        test: {
          name: 'unit',
          sequence: { groupOrder: 0 },
          include: ['packages/contracts/src/**/*.test.ts', 'apps/web/src/**/*.test.{ts,tsx}', 'apps/server/src/**/*.unit.test.ts'],
          environment: 'node',
          // Pure rules share their workers' module graphs (a process per file spent more time importing than testing);
          // the tests that stub window unstub it after each test, and i18n tests make their own instances.
          isolate: false,
        },
      },
      {
        test: {
          name: 'server',
          sequence: { groupOrder: 1 },
          include: ['apps/server/src/**/*.test.ts'],
          exclude: ['apps/server/src/**/*.unit.test.ts'],
          globalSetup: ['apps/server/test/global-setup.ts'],
          pool: 'forks',
          maxWorkers: 2,
          // A worker runs its files one after another in one process and imports the app once (a process per file
          // spent longer importing than testing). Every file still builds its own app on its own cloned database, and
          // what buildApp registers for the process it registers again.
          isolate: false,
          testTimeout: 30_000,
          hookTimeout: 60_000,
        },
      },
      {
        test: {
          name: 'e2e',
          sequence: { groupOrder: 2 },
          // A browser flow may lose a click to an animation on a loaded machine: it runs once more before it fails,
          // and `npm test` names every test that passed only on its second run, with its first failure.
          retry: 1,
          // A page's first data can take seconds on a loaded machine: polls wait up to 10 s (vitest's default is 1 s).
          expect: { poll: { timeout: 10_000, interval: 100 } },
          include: ['e2e/**/*.e2e.ts'],
          globalSetup: ['e2e/support/global-setup.ts'],
          setupFiles: ['e2e/support/per-file.ts'],
          pool: 'forks',
          maxWorkers: 2,
          // A worker's files share one process, so the support code (with the server's seed) is imported and Chromium
          // started once a worker (launchBrowser); each file still has its own contexts and its own logins (per-file.ts).
          isolate: false,
          testTimeout: 60_000,
          hookTimeout: 120_000,
        },
      },
    ],
  },
});
