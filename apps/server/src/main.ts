import { ConfigError, loadConfig } from './platform/config.ts';
import { describeStartupError, startServer } from './server.ts';
import { DEMO_PASSWORD, DEMO_USERS } from './db/seed/demo.ts';

let config: ReturnType<typeof loadConfig> | undefined;

async function main() {
  try {
    config = loadConfig();
  } catch (err) {
    if (err instanceof ConfigError) {
      console.error(err.message);
      process.exit(2);
    }
    throw err;
  }
  const server = await startServer(config);
  console.log(`\nNusa is running at ${server.url}`);
  if (config.SEED_DEMO) {
    console.log(`Demo tenant "demo", password for every demo user: ${DEMO_PASSWORD}`);
    for (const u of DEMO_USERS) console.log(`  ${u.username.padEnd(11)} ${u.role}`);
  }
  let stopping = false;
  const shutdown = async (signal: string) => {
    if (stopping) return;
    stopping = true;
    console.log(`\n${signal}: stopping Nusa and its database...`);
    await server.stop().catch((e) => console.error(e));
    process.exit(0);
  };
  process.on('SIGINT', () => void shutdown('SIGINT'));
  process.on('SIGTERM', () => void shutdown('SIGTERM'));
}

main().catch((err: unknown) => {
  console.error(`Nusa failed to start: ${describeStartupError(err, config ?? {})}`);
  // The whole error for a report, when asked for.
  if (config?.LOG_LEVEL === 'debug') console.error(err);
  process.exit(1);
});
