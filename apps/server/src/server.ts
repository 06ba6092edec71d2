import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { FastifyInstance } from 'fastify';
import pg from 'pg';
import { DEFAULT_TENANT } from '@nusa/contracts';
import type { Config } from './platform/config.ts';
import { startEmbeddedPostgres } from './platform/db/embedded.ts';
import { createPools, databaseUrlWith, type Pools } from './platform/db/pools.ts';
import { migrateDatabase } from './platform/db/migrate.ts';
import { loadSecrets } from './platform/auth/secrets.ts';
import { TokenService } from './platform/auth/tokens.ts';
import { TenantDirectory } from './platform/tenancy/resolve.ts';
import { noJobs, startJobs } from './platform/jobs/jobs.ts';
import { buildApp } from './app.ts';
import { seedTenant } from './db/seed/demo.ts';

export const DEFAULT_WEB_DIST = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../web/dist');
const EMBEDDED_DATABASE = 'nusa';

async function ensureDatabase(serverUrl: string, name: string) {
  const client = new pg.Client({ connectionString: serverUrl });
  await client.connect();
  try {
    const r = await client.query('SELECT 1 FROM pg_database WHERE datname = $1', [name]);
    if (r.rowCount === 0) await client.query(`CREATE DATABASE ${name}`);
  } finally {
    await client.end();
  }
}

export interface RunningServer {
  app: FastifyInstance;
  pools: Pools;
  url: string;
  stop(): Promise<void>;
}

/** Starts everything `npm start` promises: database, migrations, demo tenant, jobs, API and web on one port. */
export async function startServer(config: Config, log: (msg: string) => void = console.log): Promise<RunningServer> {
  const embedded = config.DATABASE_URL
    ? undefined
    : await startEmbeddedPostgres({ dir: path.join(config.dataDir, 'pg'), port: config.EMBEDDED_PG_PORT, log: config.LOG_LEVEL === 'debug' ? log : undefined });
  let url = config.DATABASE_URL;
  if (embedded) {
    await ensureDatabase(embedded.url, EMBEDDED_DATABASE);
    url = databaseUrlWith(embedded.url, EMBEDDED_DATABASE);
  }
  const secrets = await loadSecrets(config.AUTH_SECRET, config.dataDir);
  const appPassword = config.DATABASE_APP_PASSWORD ?? secrets.databasePassword;
  const pools = createPools(url!, config.DATABASE_APP_ROLE, config.DATABASE_POOL_SIZE, appPassword);
  try {
    const version = Number((await pools.owner.query('SHOW server_version_num')).rows[0].server_version_num);
    if (version < 150000) throw new Error(`PostgreSQL 15 or newer is needed; DATABASE_URL points to version ${version}`);
    await migrateDatabase(pools.owner, config.DATABASE_APP_ROLE, appPassword, log);
    if (config.SEED_DEMO) {
      const demo = await seedTenant(pools, { code: DEFAULT_TENANT, name: 'PT Demo Nusantara' });
      if (demo.created) log('Seeded the demo tenant "demo".');
    }
    const jobs = config.JOBS ? await startJobs(url!, (m, e) => log(`${m}: ${String(e)}`)) : noJobs;
    const app = await buildApp(
      { config, pools, jobs, tokens: new TokenService(secrets, config.WORK_TOKEN_SECONDS), tenants: new TenantDirectory(pools.app) },
      { logger: config.LOG_LEVEL === 'silent' ? false : { level: config.LOG_LEVEL }, webDist: config.WEB_DIST ?? DEFAULT_WEB_DIST },
    );
    const address = await app.listen({ port: config.PORT, host: config.HOST });
    let stopped = false;
    return {
      app, pools, url: address.replace('0.0.0.0', 'localhost'),
      stop: async () => {
        if (stopped) return;
        stopped = true;
        await app.close();
        await jobs.stop();
        await pools.close();
        await embedded?.stop();
      },
    };
  } catch (err) {
    await pools.close().catch(() => {});
    await embedded?.stop().catch(() => {});
    throw err;
  }
}
