import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { FastifyInstance } from 'fastify';
import pg from 'pg';
import { DEFAULT_TENANT } from '@nusa/contracts';
import type { Config } from './platform/config.ts';
import { describeThrown, startEmbeddedPostgres, StartupError } from './platform/db/embedded.ts';
import { createPools, databaseUrlWith, type Pools } from './platform/db/pools.ts';
import { migrateDatabase } from './platform/db/migrate.ts';
import { loadSecrets } from './platform/auth/secrets.ts';
import { TokenService } from './platform/auth/tokens.ts';
import { TenantDirectory } from './platform/tenancy/resolve.ts';
import { noJobs, startJobs } from './platform/jobs/jobs.ts';
import { buildApp } from './app.ts';
import { seedTenant } from './db/seed/demo.ts';
import { seedDemoBookings } from './db/seed/demo-bookings.ts';

/** The embedded PostgreSQL's default port; any other value, or the variable set at all, is the user's choice. */
const DEFAULT_EMBEDDED_PG_PORT = 54329;
const embeddedPortIsFixed = (config: Config) => process.env.EMBEDDED_PG_PORT !== undefined || config.EMBEDDED_PG_PORT !== DEFAULT_EMBEDDED_PG_PORT;

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
    : await startEmbeddedPostgres({
        dir: path.join(config.dataDir, 'pg'),
        port: config.EMBEDDED_PG_PORT,
        portFixed: embeddedPortIsFixed(config),
        log,
        debug: config.LOG_LEVEL === 'debug' ? log : undefined,
      });
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
      if (demo.created) {
        const started = Date.now();
        const released = await seedDemoBookings(pools, demo.id);
        log(`Seeded the demo tenant "demo" with a year of bookings (${released} documents released in ${Date.now() - started} ms).`);
      }
    }
    const jobs = config.JOBS ? await startJobs(url!, (m, e) => log(`${m}: ${String(e)}`)) : noJobs;
    const app = await buildApp(
      { config, pools, jobs, tokens: new TokenService(secrets, config.WORK_TOKEN_SECONDS), tenants: new TenantDirectory(pools.app) },
      { logger: config.LOG_LEVEL === 'silent' ? false : { level: config.LOG_LEVEL }, webDist: config.WEB_DIST ?? DEFAULT_WEB_DIST },
    );
    const address = await app.listen({ port: config.PORT, host: config.HOST });
    let stopped = false;
    return {
      app,
      pools,
      url: address.replace('0.0.0.0', 'localhost'),
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

/**
 * What a failed start says: what went wrong and what to do, for the failures a person can fix (a port in use, a
 * database that cannot be reached or refuses the login); anything else with its own message, never `undefined`.
 */
export function describeStartupError(err: unknown, config: Partial<Pick<Config, 'PORT' | 'HOST' | 'DATABASE_URL'>>): string {
  if (err instanceof StartupError) return err.message;
  const e = (err ?? {}) as { code?: unknown; syscall?: unknown; port?: unknown; address?: unknown };
  const code = typeof e.code === 'string' ? e.code : undefined;
  const database = config.DATABASE_URL ? `the PostgreSQL of DATABASE_URL (${safeUrl(config.DATABASE_URL)})` : 'the embedded PostgreSQL';
  if (e.syscall === 'listen' && code === 'EADDRINUSE') {
    return `Port ${String(e.port ?? config.PORT)} is already in use by another program (another Nusa?). Stop it, or set PORT to a free port.`;
  }
  if (e.syscall === 'listen' && code === 'EACCES') {
    return `Nusa may not listen on port ${String(e.port ?? config.PORT)} of ${config.HOST ?? 'this machine'}. Set PORT to a port above 1023, or HOST to an address of this machine.`;
  }
  const reason = describeThrown(err);
  const network = code ?? (err instanceof AggregateError ? (err.errors[0] as { code?: string } | undefined)?.code : undefined);
  if (network === 'ECONNREFUSED' || network === 'ENOTFOUND' || network === 'ETIMEDOUT' || network === 'EHOSTUNREACH') {
    return `Cannot reach ${database}: ${reason}. Check that it runs and that the host and port are right${config.DATABASE_URL ? ', or unset DATABASE_URL to use the embedded PostgreSQL' : ''}.`;
  }
  if (code === '28P01' || code === '28000')
    return `${database} refused the login: ${reason}. Check the user and password in DATABASE_URL (or DATABASE_APP_PASSWORD for the app role).`;
  if (code === '3D000') return `${database} has no such database: ${reason}. Create it, or correct the database name in DATABASE_URL.`;
  if (code === '42501') return `${database} refused an operation: ${reason}. DATABASE_URL must name a user that owns the schema (see docs/operations.md).`;
  return reason;
}

/** A database URL without its password, for messages. */
function safeUrl(url: string) {
  try {
    const u = new URL(url);
    if (u.password) u.password = '***';
    return u.toString();
  } catch {
    return 'not a valid URL';
  }
}
