import { DEFAULT_TENANT } from '@nusa/contracts';
import { APP_ROLE, cloneTemplate, startTestCluster } from '../../apps/server/test/test-database.ts';
import { loadConfig, type Config } from '../../apps/server/src/platform/config.ts';
import { startServer, type RunningServer } from '../../apps/server/src/server.ts';
import { DEMO_PASSWORD } from '../../apps/server/src/db/seed/demo.ts';
import { dataDirectory, dropTestCluster, within } from './common.ts';

const AUTH_SECRET = 'bench-secret-that-is-long-enough-for-hs256-keys';

/** A test cluster with a fresh database cloned from the migrated template. */
export interface BenchDatabase {
  cluster: Awaited<ReturnType<typeof startTestCluster>>;
  db: Awaited<ReturnType<typeof cloneTemplate>>;
  /** The cluster's data folder (for `cpuOf`). */
  pgDir: string;
  /** Drops the database, stops the cluster and removes its folder (`dropTestCluster`). */
  drop(): Promise<void>;
}

/** Starts a test cluster and clones `database` (e.g. 'bench_posting'); stops what it started if a step fails. */
export async function startBenchDatabase(database: string): Promise<BenchDatabase> {
  let cluster: BenchDatabase['cluster'] | undefined;
  let db: BenchDatabase['db'] | undefined;
  let pgDir: string | undefined;
  try {
    cluster = await startTestCluster();
    pgDir = await dataDirectory(cluster.serverUrl);
    db = await cloneTemplate(cluster.serverUrl, database);
  } catch (e) {
    await dropTestCluster(db, cluster, pgDir);
    throw e;
  }
  const [c, d, dir] = [cluster, db, pgDir];
  return { cluster: c, db: d, pgDir: dir, drop: () => dropTestCluster(d, c, dir) };
}

/**
 * The benchmarks' server settings: the real server on `databaseUrl` as the app role, a free port, silent logs, no
 * jobs, the demo seed, a fixed secret, production mode; `env` overrides or adds settings (e.g. JOBS, WEB_DIST).
 */
export function benchConfig(databaseUrl: string, dataDir: string, env: NodeJS.ProcessEnv = {}): Config {
  return loadConfig({
    DATABASE_URL: databaseUrl,
    DATABASE_APP_ROLE: APP_ROLE,
    DATA_DIR: dataDir,
    PORT: '0',
    HOST: '127.0.0.1',
    LOG_LEVEL: 'silent',
    JOBS: 'false',
    SEED_DEMO: 'true',
    AUTH_SECRET,
    NODE_ENV: 'production',
    ...env,
  });
}

export interface BenchServer extends BenchDatabase {
  config: Config;
  server: RunningServer;
  /** Seconds `startServer` took (migrations check, demo seed, app build), without the cluster's start. */
  serverSeconds: number;
  /** Stops the server (bounded by `within`), then drops the database and the cluster. */
  stop(): Promise<void>;
}

/**
 * The start of most benchmarks: a test cluster, a database cloned for it, and the real server in this process on
 * it (`benchConfig`). Everything started is stopped again when a later step fails.
 */
export async function startBenchServer(options: { database: string; dataDir: string; env?: NodeJS.ProcessEnv }): Promise<BenchServer> {
  const database = await startBenchDatabase(options.database);
  let config: Config;
  let server: RunningServer;
  const started = performance.now();
  try {
    config = benchConfig(database.db.url, options.dataDir, options.env);
    server = await startServer(config, () => {});
  } catch (e) {
    await database.drop();
    throw e;
  }
  return {
    ...database,
    config,
    server,
    serverSeconds: (performance.now() - started) / 1000,
    stop: async () => {
      await within('server stop', 30_000, server.stop());
      await database.drop();
    },
  };
}

/** Pre-login, then login; throws unless the server answers 200 with a work token. Returns the token and the answer's body. */
export async function logIn(
  baseUrl: string,
  username = 'admin',
  password = DEMO_PASSWORD,
  tenant = DEFAULT_TENANT,
): Promise<{ token: string; session: unknown }> {
  const pre = (await (await fetch(`${baseUrl}/api/v1/auth/pre-login`, { method: 'POST', headers: { 'x-tenant': tenant } })).json()) as { token: string };
  const res = await fetch(`${baseUrl}/api/v1/auth/login`, {
    method: 'POST',
    headers: { authorization: `Bearer ${pre.token}`, 'x-tenant': tenant, 'content-type': 'application/json' },
    body: JSON.stringify({ username, password }),
  });
  const token = res.headers.get('x-auth-token');
  if (res.status !== 200 || !token) throw new Error(`login ${username} failed: ${res.status} ${await res.text()}`);
  return { token, session: await res.json() };
}

/** The headers of a logged-in user's requests: the work token and the tenant. */
export async function loginHeaders(
  baseUrl: string,
  username = 'admin',
  password = DEMO_PASSWORD,
  tenant = DEFAULT_TENANT,
): Promise<{ authorization: string; 'x-tenant': string }> {
  const { token } = await logIn(baseUrl, username, password, tenant);
  return { authorization: `Bearer ${token}`, 'x-tenant': tenant };
}
