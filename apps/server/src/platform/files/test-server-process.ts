/**
 * A second server process on a test's database, for tests that kill a process mid-way (`kill -9` of an instance
 * whose worker is reading an import). Started as `node --import tsx test-server-process.ts` with TEST_DATABASE_URL,
 * TEST_DATA_DIR, TEST_AUTH_SECRET and TEST_JOBS; prints `READY <url>` once it listens.
 */
import { loadConfig } from '../config.ts';
import { startServer } from '../../server.ts';

const config = loadConfig({
  DATABASE_URL: process.env.TEST_DATABASE_URL!,
  DATABASE_APP_ROLE: 'nusa_app',
  DATA_DIR: process.env.TEST_DATA_DIR!,
  AUTH_SECRET: process.env.TEST_AUTH_SECRET!,
  PORT: '0',
  HOST: '127.0.0.1',
  LOG_LEVEL: 'silent',
  JOBS: process.env.TEST_JOBS ?? 'false',
  SEED_DEMO: 'false',
});
const server = await startServer(config, () => {});
process.stdout.write(`READY ${server.url}\n`);
process.on('SIGTERM', () => void server.stop().then(() => process.exit(0)));
