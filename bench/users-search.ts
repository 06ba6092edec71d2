/**
 * User search at scale (issue 3): the 25-row page of GET /api/v1/config/users with a keyword, through the whole
 * stack (token, session check, RLS transaction, JSON), in a tenant of 10,000 users versus a tenant of 100 users
 * on the same database in the same run. The ratio large/small should stay under 2.
 *
 *   npx tsx bench/users-search.ts
 *
 * BENCH_REQUESTS (per keyword and tenant, default 150), BENCH_CONCURRENCY (default 4).
 */
import pg from 'pg';
import { APP_ROLE, TEST_SECRET, cloneTemplate, startTestCluster, testSecrets } from '../apps/server/test/test-database.ts';
import { buildApp } from '../apps/server/src/app.ts';
import { loadConfig } from '../apps/server/src/platform/config.ts';
import { createPools, type Pools } from '../apps/server/src/platform/db/pools.ts';
import { TokenService } from '../apps/server/src/platform/auth/tokens.ts';
import { TenantDirectory } from '../apps/server/src/platform/tenancy/resolve.ts';
import { noJobs } from '../apps/server/src/platform/jobs/jobs.ts';
import { DEMO_PASSWORD, seedTenant } from '../apps/server/src/db/seed/demo.ts';
import { fmt, machine, median, table, within, dropTestCluster } from './lib/common.ts';

const REQUESTS = Number(process.env.BENCH_REQUESTS ?? 150);
const CONCURRENCY = Number(process.env.BENCH_CONCURRENCY ?? 4);
const FIRST = ['Budi', 'Siti', 'Agus', 'Dewi', 'Rina', 'Andi', 'Putri', 'Joko', 'Wati', 'Eko', 'Sri', 'Hendra', 'Yuni', 'Fajar', 'Indah', 'Rudi'];
const LAST = ['Santoso', 'Rahayu', 'Wijaya', 'Lestari', 'Kurniawati', 'Pratama', 'Hidayat', 'Saputra', 'Nugroho', 'Susanto', 'Halim', 'Gunawan'];
const KEYWORDS = ['', 'santoso', 'dewi', 'user0042'];

/** Adds `count` users named like real people (username userNNNNN) to the tenant, straight in SQL. */
async function addUsers(pools: Pools, tenantCode: string, count: number) {
  await pools.owner.query(
    `INSERT INTO users (tenant_id, id, username, email, full_name, password_hash, role_id)
     SELECT t.id, gen_random_uuid(), 'user' || lpad(i::text, 5, '0'), 'user' || i || '@contoh.co.id',
            ($3::text[])[1 + i % array_length($3::text[], 1)] || ' ' || ($4::text[])[1 + (i / 7) % array_length($4::text[], 1)],
            u.password_hash, u.role_id
       FROM tenants t JOIN users u ON u.tenant_id = t.id AND u.username = 'staff', generate_series(1, $2) i
      WHERE t.code = $1`,
    [tenantCode, count, FIRST, LAST],
  );
  await pools.owner.query('VACUUM ANALYZE users');
}

async function main() {
  console.log(
    `\n== user search: 25-row page with keyword, 10,000-user tenant vs 100-user tenant (${REQUESTS} requests per keyword, ${CONCURRENCY} at a time) ==`,
  );
  console.log(`machine: ${machine()}`);
  let cluster: Awaited<ReturnType<typeof startTestCluster>> | undefined;
  let db: Awaited<ReturnType<typeof cloneTemplate>> | undefined;
  let pools: Pools | undefined;
  let pgDir: string | undefined;
  let app: Awaited<ReturnType<typeof buildApp>> | undefined;
  try {
    cluster = await startTestCluster();
    const admin = new pg.Client({ connectionString: cluster.serverUrl });
    await admin.connect();
    pgDir = (await admin.query<{ dir: string }>(`SELECT current_setting('data_directory') AS dir`)).rows[0].dir;
    await admin.end();
    db = await cloneTemplate(cluster.serverUrl, 'bench_users');
    const secrets = await testSecrets();
    pools = createPools(db.url, APP_ROLE, 8, secrets.databasePassword);
    const config = loadConfig({ DATABASE_URL: db.url, AUTH_SECRET: TEST_SECRET, LOG_LEVEL: 'silent', JOBS: 'false' });
    app = await buildApp(
      { config, pools, tokens: new TokenService(secrets, config.WORK_TOKEN_SECONDS), jobs: noJobs, tenants: new TenantDirectory(pools.app) },
      { webDist: '/nonexistent' },
    );
    await app.ready();
    await seedTenant(pools, { code: 'small', name: 'PT Kecil' });
    await seedTenant(pools, { code: 'large', name: 'PT Besar' });
    await addUsers(pools, 'small', 95);
    await addUsers(pools, 'large', 9995);

    const login = async (tenant: string) => {
      const preRes = await app!.inject({ method: 'POST', url: '/api/v1/auth/pre-login', headers: { 'x-tenant': tenant } });
      if (preRes.statusCode !== 200) throw new Error(`pre-login: ${preRes.statusCode} ${preRes.body}`);
      const pre = preRes.json().token as string;
      const res = await app!.inject({
        method: 'POST',
        url: '/api/v1/auth/login',
        headers: { authorization: `Bearer ${pre}`, 'x-tenant': tenant },
        payload: { username: 'admin', password: DEMO_PASSWORD },
      });
      if (res.statusCode !== 200) throw new Error(`login to ${tenant}: ${res.statusCode} ${res.body}`);
      return res.headers['x-auth-token'] as string;
    };
    const tokens = { small: await login('small'), large: await login('large') };

    /** Mean milliseconds per request for `REQUESTS` requests, `CONCURRENCY` in flight. */
    const measure = async (tenant: 'small' | 'large', keyword: string) => {
      const url = `/api/v1/config/users?limit=25${keyword ? `&keyword=${keyword}` : ''}`;
      let left = REQUESTS;
      let total = 0;
      const started = performance.now();
      await Promise.all(
        Array.from({ length: CONCURRENCY }, async () => {
          while (left-- > 0) {
            const res = await app!.inject({ method: 'GET', url, headers: { authorization: `Bearer ${tokens[tenant]}` } });
            if (res.statusCode !== 200) throw new Error(`${tenant} ${url}: ${res.statusCode} ${res.body}`);
            total = res.json().total;
          }
        }),
      );
      return { ms: (performance.now() - started) / REQUESTS, total };
    };

    const rows: string[][] = [['keyword', 'matches 100 / 10,000', 'ms per request 100', 'ms per request 10,000', 'ratio']];
    const ratios: number[] = [];
    for (const keyword of KEYWORDS) {
      await measure('small', keyword);
      await measure('large', keyword); // warm-up of plans and caches
      const small = await measure('small', keyword);
      const large = await measure('large', keyword);
      const ratio = large.ms / small.ms;
      ratios.push(ratio);
      rows.push([keyword || '(none)', `${fmt(small.total)} / ${fmt(large.total)}`, small.ms.toFixed(2), large.ms.toFixed(2), `${ratio.toFixed(2)} ×`]);
    }
    console.log('');
    table(rows);
    console.log(`\n  median ratio 10,000 / 100 users: ${median(ratios).toFixed(2)} (target under 2); worst: ${Math.max(...ratios).toFixed(2)}`);
    console.log("  requests go through app.inject (no sockets), so the figures are the server's own work per request.");
  } finally {
    await within('app close', 10_000, app?.close() ?? Promise.resolve());
    await within('pools close', 10_000, pools?.close() ?? Promise.resolve());
    await dropTestCluster(db, cluster, pgDir);
  }
}

main().catch((err) => {
  console.error(err);
  process.exitCode = 1;
});
