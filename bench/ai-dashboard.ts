/**
 * The AI usage dashboard at scale (issue 10): GET /api/v1/dashboard/usage with every widget (the admin holds all ten
 * tasks) for one full month, through the whole stack, for a tenant with 1,000,000 usage rows versus one with 10,000,
 * each with ten neighbour tenants of its own size in the same tables. Rows span a year and go in through the same
 * statement triggers as meteredCall, so the daily rollups are what the dashboard reads. The ratio large/small should
 * stay under 2: the widgets' cost follows the days asked for, not the calls made.
 *
 *   npx tsx bench/ai-dashboard.ts
 *
 * BENCH_LARGE_ROWS (default 1,000,000), BENCH_SMALL_ROWS (10,000), BENCH_NEIGHBOURS (10 of each size),
 * BENCH_REQUESTS (per tenant and round, default 100), BENCH_CONCURRENCY (4).
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

const LARGE = Number(process.env.BENCH_LARGE_ROWS ?? 1_000_000);
const SMALL = Number(process.env.BENCH_SMALL_ROWS ?? 10_000);
const NEIGHBOURS = Number(process.env.BENCH_NEIGHBOURS ?? 10);
const REQUESTS = Number(process.env.BENCH_REQUESTS ?? 100);
const CONCURRENCY = Number(process.env.BENCH_CONCURRENCY ?? 4);
const ROUNDS = 3;
const CHUNK = 250_000;

/**
 * `rows` usage rows over the last 365 days in time order (and a session per five rows) for a tenant, in chunks, through
 * the triggers; ids rise with time as UUID v7 ids do.
 */
async function addUsage(owner: pg.Pool, tenantCode: string, rows: number) {
  const { id } = (await owner.query<{ id: string }>('SELECT id FROM tenants WHERE code = $1', [tenantCode])).rows[0];
  const ous = (
    await owner.query<{ id: string }>(`SELECT id FROM org_units WHERE tenant_id = $1 AND code IN ('JKT', 'SBY', 'KEMANG') ORDER BY code`, [id])
  ).rows.map((r) => r.id);
  for (let done = 0; done < rows; done += CHUNK) {
    await owner.query(
      `INSERT INTO ai_usage (tenant_id, id, at, area, client_ou_id, chat_session_id, provider, model, purpose, kind, input_tokens, output_tokens, images, cost, duration_ms, outcome)
       SELECT $1, ('01900000-0000-7000-8000-' || lpad(to_hex(i), 12, '0'))::uuid,
              now() - interval '365 days' + (i + random()) * (interval '365 days' / $4::int), (ARRAY['chat', 'analysis', 'photo'])[1 + i % 3],
              ($2::uuid[])[1 + (i / 3) % 4], NULL, 'openai-compatible', m.model, m.purpose, m.kind,
              (random() * 1500)::int, (random() * 300)::int, CASE WHEN m.kind = 'image' THEN 1 ELSE 0 END, round((random() * 5)::numeric, 4),
              (random() * 3000)::int, CASE WHEN i % 50 = 0 THEN 'failed' ELSE 'ok' END
         FROM generate_series($3::int + 1, least($3::int + ${CHUNK}, $4::int)) i
         CROSS JOIN LATERAL (SELECT (ARRAY['local-intent', 'gpt-4o-mini', 'text-embedding-3-small', 'gpt-image-1'])[1 + (i / 12) % 4] AS model) n
         CROSS JOIN LATERAL (SELECT n.model, CASE n.model WHEN 'gpt-image-1' THEN 'image' WHEN 'text-embedding-3-small' THEN 'embedding'
                                     WHEN 'local-intent' THEN 'intent' ELSE 'chat' END AS purpose,
                                    CASE WHEN n.model = 'gpt-image-1' THEN 'image' ELSE 'request' END AS kind) m`,
      [id, [...ous, null], done, rows],
    );
    await owner.query(
      `INSERT INTO ai_chat_sessions (tenant_id, id, area, client_ou_id, customer_key, model, started_at, ended_at)
       SELECT $1, ('01900000-0000-7000-9000-' || lpad(to_hex(i), 12, '0'))::uuid, 'chat', ($2::uuid[])[1 + i % 4], 'wa:' || (random() * $5)::int,
              'gpt-4o-mini', s, s + random() * interval '20 minutes'
         FROM generate_series($3::int / 5 + 1, least($3::int + ${CHUNK}, $4::int) / 5) i,
              LATERAL (SELECT now() - interval '365 days' + (i * 5 + random()) * (interval '365 days' / $4::int) AS s) x`,
      [id, [...ous, null], done, rows, Math.max(10, rows / 20)],
    );
  }
}

async function main() {
  console.log(
    `\n== AI usage dashboard: every widget for one month, ${fmt(LARGE)}-row tenant vs ${fmt(SMALL)}-row tenant, ${NEIGHBOURS} neighbours of each size (${REQUESTS} requests per tenant and round, ${CONCURRENCY} at a time) ==`,
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
    db = await cloneTemplate(cluster.serverUrl, 'bench_ai_dashboard');
    const secrets = await testSecrets();
    pools = createPools(db.url, APP_ROLE, 8, secrets.databasePassword);
    const config = loadConfig({ DATABASE_URL: db.url, AUTH_SECRET: TEST_SECRET, LOG_LEVEL: 'silent', JOBS: 'false' });
    app = await buildApp(
      { config, pools, tokens: new TokenService(secrets, config.WORK_TOKEN_SECONDS), jobs: noJobs, tenants: new TenantDirectory(pools.app) },
      { webDist: '/nonexistent' },
    );
    await app.ready();

    const generated = performance.now();
    const tenants = [
      { code: 'small', rows: SMALL },
      { code: 'large', rows: LARGE },
      ...Array.from({ length: NEIGHBOURS }, (_, i) => [
        { code: `small-${i}`, rows: SMALL },
        { code: `large-${i}`, rows: LARGE },
      ]).flat(),
    ];
    for (const t of tenants) {
      await seedTenant(pools, { code: t.code, name: `PT ${t.code}` });
      await addUsage(pools.owner, t.code, t.rows);
    }
    await pools.owner.query('VACUUM ANALYZE ai_usage, ai_chat_sessions, ai_usage_daily, ai_customers, ai_quotas');
    const counts = (
      await pools.owner.query<{ usage: string; daily: string }>(
        `SELECT (SELECT count(*) FROM ai_usage) AS usage, (SELECT count(*) FROM ai_usage_daily) AS daily`,
      )
    ).rows[0];
    console.log(
      `generated ${fmt(Number(counts.usage))} usage rows (${fmt(Number(counts.daily))} daily rollup rows) for ${tenants.length} tenants in ${fmt((performance.now() - generated) / 1000, 1)} s`,
    );

    const login = async (tenant: string) => {
      const pre = (await app!.inject({ method: 'POST', url: '/api/v1/auth/pre-login', headers: { 'x-tenant': tenant } })).json().token as string;
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
    // Last month, whole: a month every tenant has rows in.
    const now = new Date();
    const from = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() - 1, 1)).toISOString().slice(0, 10);
    const to = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), 0)).toISOString().slice(0, 10);
    const url = `/api/v1/dashboard/usage?from=${from}&to=${to}`;

    const measure = async (tenant: 'small' | 'large') => {
      let left = REQUESTS;
      let requests = 0;
      let widgets = 0;
      const started = performance.now();
      await Promise.all(
        Array.from({ length: CONCURRENCY }, async () => {
          while (left-- > 0) {
            const res = await app!.inject({ method: 'GET', url, headers: { authorization: `Bearer ${tokens[tenant]}` } });
            if (res.statusCode !== 200) throw new Error(`${tenant} ${url}: ${res.statusCode} ${res.body}`);
            const body = res.json();
            requests = body.widgets.requests.total;
            widgets = Object.keys(body.widgets).length;
          }
        }),
      );
      return { ms: (performance.now() - started) / REQUESTS, requests, widgets };
    };

    await measure('small');
    await measure('large'); // warm-up of plans and caches
    const rows: string[][] = [['round', `ms per request ${fmt(SMALL)} rows`, `ms per request ${fmt(LARGE)} rows`, 'ratio']];
    const ratios: number[] = [];
    let last: { small: Awaited<ReturnType<typeof measure>>; large: Awaited<ReturnType<typeof measure>> } | undefined;
    for (let round = 1; round <= ROUNDS; round++) {
      // Alternate the order so drift favours neither.
      const first = round % 2 ? 'small' : 'large';
      const a = await measure(first);
      const b = await measure(first === 'small' ? 'large' : 'small');
      const small = first === 'small' ? a : b;
      const large = first === 'small' ? b : a;
      last = { small, large };
      ratios.push(large.ms / small.ms);
      rows.push([String(round), small.ms.toFixed(2), large.ms.toFixed(2), `${(large.ms / small.ms).toFixed(2)} ×`]);
    }
    console.log('');
    table(rows);
    console.log(`\n  ${from} … ${to}: ${last!.small.widgets} widgets; ${fmt(last!.small.requests)} vs ${fmt(last!.large.requests)} requests that month`);
    console.log(`  median ratio ${fmt(LARGE)} / ${fmt(SMALL)} rows: ${median(ratios).toFixed(2)} (target under 2)`);
    console.log("  requests go through app.inject (no sockets), so the figures are the server's own work per request.");
  } finally {
    await within('app close', 10_000, app?.close() ?? Promise.resolve());
    await within('pools close', 10_000, pools?.close() ?? Promise.resolve());
    await dropTestCluster(db, cluster, pgDir, 60_000);
  }
}

main().catch((err) => {
  console.error(err);
  process.exitCode = 1;
});
