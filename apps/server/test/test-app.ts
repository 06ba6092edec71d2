import type { FastifyInstance, InjectOptions, LightMyRequestResponse } from 'fastify';
import { inject } from 'vitest';
import { DEFAULT_TENANT } from '@nusa/contracts';
import { buildApp, type BuildOptions } from '../src/app.ts';
import { loadConfig } from '../src/platform/config.ts';
import { createPools, type Pools } from '../src/platform/db/pools.ts';
import { TokenService } from '../src/platform/auth/tokens.ts';
import { loadSecrets } from '../src/platform/auth/secrets.ts';
import { TenantDirectory } from '../src/platform/tenancy/resolve.ts';
import { noJobs, startJobs } from '../src/platform/jobs/jobs.ts';
import { DEMO_PASSWORD, seedTenant } from '../src/db/seed/demo.ts';
import { APP_ROLE, TEST_SECRET, cloneTemplate } from './test-database.ts';

export { TEST_SECRET };

/** The private addresses tests' fake services listen on (platform/outbound refuses them otherwise). */
export const TEST_OUTBOUND_ALLOW = '127.0.0.1';

export interface TestApp {
  app: FastifyInstance;
  pools: Pools;
  tokens: TokenService;
  /** The cloned database of this app (owner connection string). */
  databaseUrl: string;
  /** The id of a tenant by code, read through the owner pool. */
  tenantId(code: string): Promise<string>;
  /** Seeds a tenant with the demo roles and users (password DEMO_PASSWORD); returns its id. */
  seedTenant(code: string, options?: { vendor?: boolean }): Promise<string>;
  preLoginToken(): Promise<string>;
  /** Logs in and returns the work token. */
  login(username: string, tenant?: string, password?: string): Promise<string>;
  request(opts: InjectOptions & { token?: string; tenant?: string }): Promise<LightMyRequestResponse>;
  close(): Promise<void>;
}

export interface TestAppOptions {
  /** Registers extra routes before the app is made ready (machinery tests that need an access kind no endpoint uses yet). */
  extend?: (app: FastifyInstance) => void;
}

/**
 * A whole server on a fresh database cloned from the migrated template, with the `demo` tenant seeded. Jobs stay
 * off unless `env.JOBS` is 'true', in which case pg-boss runs on the cloned database as `npm start` would.
 */
export async function createTestApp(label = 'test', env: Record<string, string> = {}, options: TestAppOptions = {}): Promise<TestApp> {
  const db = await cloneTemplate(inject('pgServerUrl'), label);
  const config = loadConfig({
    DATABASE_URL: db.url,
    AUTH_SECRET: TEST_SECRET,
    LOG_LEVEL: 'silent',
    JOBS: 'false',
    // Every test request comes from one address, standing for many users: the per-address login limit has a test of its own.
    LOGIN_ADDRESS_FAILURES_PER_MINUTE: '10000',
    // The fake OpenAI, Telegram, WhatsApp and Google servers listen on loopback: allowed, as an on-premises install
    // allows its own model server. Tests of the outbound guard pass OUTBOUND_ALLOW_HOSTS: '' (nothing allowed).
    OUTBOUND_ALLOW_HOSTS: TEST_OUTBOUND_ALLOW,
    ...env,
  });
  const secrets = await loadSecrets(TEST_SECRET, config.dataDir);
  const pools = createPools(db.url, APP_ROLE, 6, secrets.databasePassword);
  const tokens = new TokenService(secrets, config.WORK_TOKEN_SECONDS);
  const jobs = config.JOBS ? await startJobs(db.url, () => {}) : noJobs;
  const app = await buildApp({ config, pools, tokens, jobs, tenants: new TenantDirectory(pools.app, 0) }, { webDist: '/nonexistent' });
  options.extend?.(app);
  await app.ready();
  await seedTenant(pools, { code: DEFAULT_TENANT, name: 'PT Demo Nusantara' });

  // A test that changes users or grants straight in the database expects the next request to see it: wait until
  // the NOTIFY of such a change has reached the principal cache (milliseconds; a deployment needs no such wait).
  const request: TestApp['request'] = async ({ token, tenant, headers, ...opts }) => {
    if (token) await app.accessChanges.sync();
    return app.inject({
      ...opts,
      headers: { ...(token ? { authorization: `Bearer ${token}` } : {}), ...(tenant ? { 'x-tenant': tenant } : {}), ...headers },
    });
  };
  const preLoginToken = async () => (await request({ method: 'POST', url: '/api/v1/auth/pre-login' })).json().token as string;
  return {
    app,
    pools,
    tokens,
    request,
    preLoginToken,
    databaseUrl: db.url,
    tenantId: async (code) => {
      const row = (await pools.owner.query<{ id: string }>('SELECT id FROM tenants WHERE code = $1', [code])).rows[0];
      if (!row) throw new Error(`no tenant ${code}`);
      return row.id;
    },
    seedTenant: async (code, options = {}) => (await seedTenant(pools, { code, name: `PT ${code}`, ...options })).id,
    login: async (username, tenant = DEFAULT_TENANT, password = DEMO_PASSWORD) => {
      const res = await request({ method: 'POST', url: '/api/v1/auth/login', token: await preLoginToken(), tenant, payload: { username, password } });
      if (res.statusCode !== 200) throw new Error(`login ${username}@${tenant} failed: ${res.statusCode} ${res.body}`);
      return res.headers['x-auth-token'] as string;
    },
    close: async () => {
      await app.close();
      await jobs.stop();
      await pools.close();
      await db.drop();
    },
  };
}

/**
 * Another server instance on the test app's database, listening on loopback: what a socket on one instance and a
 * write on another need (NOTIFY fan-out), or a config of its own (a trusted proxy, a logger). The caller closes it.
 */
export async function secondInstance(
  t: TestApp,
  env: Record<string, string> = {},
  logger?: BuildOptions['logger'],
): Promise<{ app: FastifyInstance; config: ReturnType<typeof loadConfig>; port: number }> {
  const config = loadConfig({
    DATABASE_URL: t.databaseUrl,
    AUTH_SECRET: TEST_SECRET,
    LOG_LEVEL: 'silent',
    JOBS: 'false',
    OUTBOUND_ALLOW_HOSTS: TEST_OUTBOUND_ALLOW,
    ...env,
  });
  const app = await buildApp(
    { config, pools: t.pools, tokens: t.tokens, jobs: noJobs, tenants: new TenantDirectory(t.pools.app, 0) },
    { webDist: '/nonexistent', logger },
  );
  await app.listen({ port: 0, host: '127.0.0.1' });
  return { app, config, port: (app.server.address() as { port: number }).port };
}
