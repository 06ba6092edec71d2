/**
 * The trial balance's cost against the size of the ledger: one month's trial balance of a tenant with 1,000,000 ledger
 * lines against the same of a tenant with 10,000 lines, same database, same run, interleaved rounds. Both ledgers
 * spread balanced pairs over the same five years (2022-2026), 24 accounts and three OU keys, written by INSERT … SELECT
 * generate_series in chunks, so period balances and year balances are built by their statement triggers as a posting
 * builds them. The reports read those (architecture §9): the month's figures should cost about the same in both.
 *
 *   npx tsx bench/trial-balance.ts
 *
 * Also printed: a date range cutting through two months (its edge days read ledger lines, which grow with the lines
 * per month, not with history), and, for scale, the naive query that sums the whole ledger per account.
 * BENCH_ROUNDS (default 15), BENCH_LARGE (default 1,000,000), BENCH_SMALL (default 10,000).
 */
import { APP_ROLE, cloneTemplate, startTestCluster, testSecrets } from '../apps/server/test/test-database.ts';
import { createPools, type Pools } from '../apps/server/src/platform/db/pools.ts';
import { withTenant } from '../apps/server/src/platform/db/tenant.ts';
import { seedTenant } from '../apps/server/src/db/seed/demo.ts';
import { trialBalance } from '../apps/server/src/modules/accounting/reports/trial-balance.ts';
import { fmt, machine, median, table, within, dropTestCluster, dataDirectory } from './lib/common.ts';

const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 15);
const LARGE = Number(process.env.BENCH_LARGE ?? 1_000_000);
const SMALL = Number(process.env.BENCH_SMALL ?? 10_000);
const CHUNK = 50_000;
const FIRST_DAY = '2022-01-01';
const DAYS = 1826;

/** `lines` ledger lines in balanced pairs (one posting each), dated evenly over five years, through the app role. */
async function postLedger(pools: Pools, tenantId: string, lines: number) {
  const accounts = (
    await pools.owner.query<{ id: string }>(
      `SELECT id FROM coa_accounts a WHERE tenant_id = $1 AND NOT EXISTS (SELECT 1 FROM coa_accounts s WHERE s.tenant_id = a.tenant_id AND s.main_account_id = a.id)
      ORDER BY code LIMIT 24`,
      [tenantId],
    )
  ).rows.map((r) => r.id);
  const ous = (await pools.owner.query<{ id: string }>(`SELECT id FROM org_units WHERE tenant_id = $1 ORDER BY code LIMIT 2`, [tenantId])).rows.map(
    (r) => r.id,
  );
  const idr = (await pools.owner.query<{ id: string }>(`SELECT id FROM currencies WHERE tenant_id = $1 AND code = 'IDR'`, [tenantId])).rows[0].id;
  const pairs = lines / 2;
  for (let start = 0; start < pairs; start += CHUNK / 2) {
    const end = Math.min(pairs, start + CHUNK / 2) - 1;
    await withTenant(pools.app, tenantId, (_tx, client) =>
      client.query(
        `
      INSERT INTO ledger_entries (tenant_id, posting_id, document_id, document_type, document_number, entry_date, period, coa_id, ou_id, currency_id, amount, book_amount, memo)
      SELECT $1::uuid, p.id, p.id, 'JV', 'BENCH-' || k, d.day, extract(year FROM d.day)::int * 100 + extract(month FROM d.day)::int,
             ($2::uuid[])[1 + CASE WHEN s.sign > 0 THEN (k * 7) % $3 ELSE (k * 13 + 5) % $3 END],
             ($4::uuid[])[1 + k % 3], $5, s.sign * a.amount, s.sign * a.amount, 'bench'
        FROM generate_series($6::int, $7::int) AS k
        CROSS JOIN LATERAL (SELECT md5($1::text || k)::uuid AS id) p
        CROSS JOIN LATERAL (SELECT ($8::date + ((k::bigint * $9) / $10)::int) AS day) d
        CROSS JOIN LATERAL (SELECT ((k::bigint * 7919) % 100000000) / 100.0 + 1 AS amount) a
        CROSS JOIN (VALUES (1), (-1)) AS s(sign)`,
        [tenantId, accounts, accounts.length, [...ous, null], idr, start, end, FIRST_DAY, DAYS, pairs],
      ),
    );
  }
  await pools.owner.query('ANALYZE ledger_entries; ANALYZE period_balances; ANALYZE ledger_year_balances; ANALYZE ledger_account_totals');
}

/** Milliseconds of one call, in its own tenant transaction as a request runs it. */
async function timed(fn: () => Promise<unknown>): Promise<number> {
  const started = performance.now();
  await fn();
  return performance.now() - started;
}

async function main() {
  console.log(`\n== trial-balance: one month's trial balance with ${fmt(LARGE)} ledger lines in the tenant vs ${fmt(SMALL)} ==`);
  console.log(`machine: ${machine()}`);
  let cluster: Awaited<ReturnType<typeof startTestCluster>> | undefined;
  let db: Awaited<ReturnType<typeof cloneTemplate>> | undefined;
  let pools: Pools | undefined;
  let pgDir: string | undefined;
  try {
    cluster = await startTestCluster();
    pgDir = await dataDirectory(cluster.serverUrl);
    db = await cloneTemplate(cluster.serverUrl, 'bench_trial_balance');
    const { databasePassword } = await testSecrets();
    pools = createPools(db.url, APP_ROLE, 4, databasePassword);
    const small = (await seedTenant(pools, { code: 'small', name: 'PT Small' })).id;
    const large = (await seedTenant(pools, { code: 'large', name: 'PT Large' })).id;
    let started = performance.now();
    await postLedger(pools, small, SMALL);
    await postLedger(pools, large, LARGE);
    const counts = await pools.owner.query<{ tenant_id: string; lines: number; balances: number; years: number }>(`
      SELECT e.tenant_id, count(*)::int AS lines,
             (SELECT count(*)::int FROM period_balances b WHERE b.tenant_id = e.tenant_id) AS balances,
             (SELECT count(*)::int FROM ledger_year_balances y WHERE y.tenant_id = e.tenant_id) AS years
        FROM ledger_entries e GROUP BY e.tenant_id`);
    console.log(
      `  ledgers written in ${fmt((performance.now() - started) / 1000, 1)} s (lines through the triggers: period balances, year balances, balance check)`,
    );
    for (const c of counts.rows)
      console.log(
        `  ${c.tenant_id === large ? 'large' : 'small'}: ${fmt(c.lines)} lines, ${fmt(c.balances)} period-balance rows, ${fmt(c.years)} year-balance rows`,
      );

    const app = pools.app;
    const month = (tenant: string) => timed(() => withTenant(app, tenant, (tx) => trialBalance(tx, { period: '202606' })));
    const range = (tenant: string) => timed(() => withTenant(app, tenant, (tx) => trialBalance(tx, { from: '2026-06-10', to: '2026-07-20' })));
    const naive = (tenant: string) =>
      timed(() =>
        withTenant(app, tenant, (_tx, client) =>
          client.query(`
      SELECT coa_id, sum(book_amount) FILTER (WHERE entry_date < '2026-06-01'), sum(greatest(book_amount, 0)) FILTER (WHERE period = 202606),
             sum(greatest(-book_amount, 0)) FILTER (WHERE period = 202606)
        FROM ledger_entries WHERE entry_date <= '2026-06-30' GROUP BY coa_id`),
        ),
      );
    // The same answer from both paths: the report equals the naive sums.
    const check = await withTenant(app, large, (tx) => trialBalance(tx, { period: '202606' }));
    const naiveDebit = (
      await pools.owner.query<{ d: string }>(`SELECT sum(greatest(book_amount, 0))::text AS d FROM ledger_entries WHERE tenant_id = $1 AND period = 202606`, [
        large,
      ])
    ).rows[0].d;
    if (Number(check.totals.debit) !== Number(naiveDebit) || check.totals.debit !== check.totals.credit) {
      console.error(`  wrong answer: report debit ${check.totals.debit}, credit ${check.totals.credit}, ledger ${naiveDebit}`);
      process.exitCode = 1;
    }
    started = performance.now();
    for (const t of [small, large])
      for (let i = 0; i < 3; i++) {
        await month(t);
        await range(t);
      } // warm-up
    const shapes = [
      { name: 'trial balance, period 202606', run: month },
      { name: 'trial balance, 2026-06-10..2026-07-20', run: range },
      { name: 'naive: whole ledger summed per account', run: naive },
    ];
    const rows: string[][] = [['what (median of rounds)', `${fmt(SMALL)} lines ms`, `${fmt(LARGE)} lines ms`, 'large / small']];
    for (const shape of shapes) {
      const a: number[] = [];
      const b: number[] = [];
      for (let round = 1; round <= (shape.run === naive ? 3 : ROUNDS); round++) {
        // Alternate the order between rounds so drift does not favour one tenant.
        if (round % 2) {
          a.push(await shape.run(small));
          b.push(await shape.run(large));
        } else {
          b.push(await shape.run(large));
          a.push(await shape.run(small));
        }
      }
      rows.push([shape.name, fmt(median(a), 2), fmt(median(b), 2), `${(median(b) / median(a)).toFixed(2)} ×`]);
    }
    console.log('');
    table(rows);
    console.log("\n  The month reads year balances (one row per account and OU), this year's period balances and nothing of the");
    console.log('  ledger; the range also reads the ledger lines of its edge days (their number grows with the lines per month).');
  } finally {
    await within('pools close', 10_000, pools?.close() ?? Promise.resolve());
    await dropTestCluster(db, cluster, pgDir);
  }
}

main().catch((err) => {
  console.error(err);
  process.exitCode = 1;
});
