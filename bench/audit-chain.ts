/**
 * The audit hash chain's cost per write: audited writes through `writeAudit` into `audit_log` (inserted unchained;
 * after each COMMIT the in-process chainer chains the tenant's waiting rows in batches on the owner's pool,
 * docs/decisions/009) against the same INSERT into a copy of the table without the chain (no triggers, no seq and
 * time indexes) — same database, same run, interleaved rounds. Each write is its own tenant transaction (BEGIN +
 * set_config, INSERT, COMMIT), as a business write's audit row is. The chained rate counts the writers' commits while
 * the chainer runs beside them; after each round the time until every row is chained is printed as well.
 *
 *   npx tsx bench/audit-chain.ts
 *
 * Three shapes: 1 writer; 20 concurrent writers in one tenant (their COMMITs queue on its chain head); 20
 * concurrent writers in 20 tenants (no two share a head). BENCH_SECONDS (per path and round, default 3), BENCH_ROUNDS
 * (default 3).
 */
import { v7 as uuidv7 } from 'uuid';
import { APP_ROLE, cloneTemplate, startTestCluster, testSecrets } from '../apps/server/test/test-database.ts';
import { createPools, type Pools } from '../apps/server/src/platform/db/pools.ts';
import { withTenant } from '../apps/server/src/platform/db/tenant.ts';
import { writeAudit } from '../apps/server/src/platform/audit/write.ts';
import { verifyAuditChain } from '../apps/server/src/platform/audit/verify.ts';
import { AuditChainer, chainAfterCommitOn } from '../apps/server/src/platform/audit/chain.ts';
import { fmt, machine, median, table, within, dropTestCluster, dataDirectory } from './lib/common.ts';

const SECONDS = Number(process.env.BENCH_SECONDS ?? 3);
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 3);
const WRITERS = 20;
const AFTER = { warehouseCode: 'GD-01', warehouseName: 'Gudang Pusat Jakarta', flgWarehouse: 'WAREHOUSE', address: 'Jl. Sudirman 1', active: 'Y' };

/** Runs `writers` loops of `write(writer)` for SECONDS; returns writes per second. */
async function run(writers: number, write: (writer: number) => Promise<void>): Promise<number> {
  let done = 0;
  const until = performance.now() + SECONDS * 1000;
  const started = performance.now();
  await Promise.all(
    Array.from({ length: writers }, async (_, w) => {
      while (performance.now() < until) {
        await write(w);
        done++;
      }
    }),
  );
  return done / ((performance.now() - started) / 1000);
}

async function main() {
  console.log('\n== audit-chain: audited writes with the hash chain vs the same INSERT without it ==');
  console.log(`machine: ${machine()}`);
  let cluster: Awaited<ReturnType<typeof startTestCluster>> | undefined;
  let db: Awaited<ReturnType<typeof cloneTemplate>> | undefined;
  let pools: Pools | undefined;
  let pgDir: string | undefined;
  try {
    cluster = await startTestCluster();
    pgDir = await dataDirectory(cluster.serverUrl);
    db = await cloneTemplate(cluster.serverUrl, 'bench_audit_chain');
    const { databasePassword } = await testSecrets();
    pools = createPools(db.url, APP_ROLE, WRITERS, databasePassword);
    // The baseline table: audit_log's columns and primary key under the same row-level security, without the chain.
    await pools.owner.query(`CREATE TABLE bench_audit_plain (LIKE audit_log INCLUDING DEFAULTS)`);
    await pools.owner.query(`ALTER TABLE bench_audit_plain ADD PRIMARY KEY (tenant_id, id), ALTER COLUMN seq DROP NOT NULL, ALTER COLUMN hash DROP NOT NULL`);
    await pools.owner.query(`ALTER TABLE bench_audit_plain ENABLE ROW LEVEL SECURITY, FORCE ROW LEVEL SECURITY`);
    await pools.owner.query(`CREATE POLICY bench_tenant ON bench_audit_plain USING (tenant_id = nullif(current_setting('app.tenant_id', true), '')::uuid)`);
    await pools.owner.query(`GRANT SELECT, INSERT ON bench_audit_plain TO ${APP_ROLE}`);
    const app = pools.app;
    const chainer = new AuditChainer(pools.owner, (err) => console.error('chain run failed', err));
    chainAfterCommitOn(app, chainer);
    const tenants = Array.from({ length: WRITERS }, () => uuidv7());
    const chained = (tenant: string) =>
      withTenant(app, tenant, (tx) =>
        writeAudit(
          tx,
          { tenantId: tenant },
          { module: 'accounting.warehouse', action: 'update', entity: 'warehouse', entityId: 'GD-01', before: AFTER, after: AFTER },
        ),
      );
    const plain = (tenant: string) =>
      withTenant(app, tenant, (_tx, client) =>
        client.query(
          `INSERT INTO bench_audit_plain (tenant_id, id, module, action, entity, entity_id, before, after) VALUES ($1, $2, 'accounting.warehouse', 'update', 'warehouse', 'GD-01', $3, $3)`,
          [tenant, uuidv7(), JSON.stringify(AFTER)],
        ),
      );
    // Warm-up: connections opened, plans cached, each tenant's chain head made.
    await Promise.all(tenants.map((t) => chained(t)));
    await Promise.all(tenants.map((t) => plain(t)));
    await chainer.settled();

    const shapes = [
      { name: '1 writer', writers: 1, tenantOf: () => tenants[0] },
      { name: `${WRITERS} writers, one tenant`, writers: WRITERS, tenantOf: () => tenants[0] },
      { name: `${WRITERS} writers, ${WRITERS} tenants`, writers: WRITERS, tenantOf: (w: number) => tenants[w] },
    ];
    const rows: string[][] = [['shape (median of rounds)', 'chained writes/s', 'plain writes/s', 'chained / plain', 'all chained after the round']];
    for (const shape of shapes) {
      const withChain: number[] = [];
      const without: number[] = [];
      const settleMs: number[] = [];
      for (let round = 1; round <= ROUNDS; round++) {
        // Alternate the order between rounds so drift does not favour one path.
        const first = round % 2 ? 'chain' : 'plain';
        for (const which of first === 'chain' ? ['chain', 'plain'] : ['plain', 'chain']) {
          if (which === 'chain') {
            withChain.push(await run(shape.writers, (w) => chained(shape.tenantOf(w))));
            const stopped = performance.now();
            await chainer.settled();
            settleMs.push(performance.now() - stopped);
          } else without.push(await run(shape.writers, async (w) => void (await plain(shape.tenantOf(w)))));
        }
        console.log(
          `  ${shape.name}, round ${round}: chained ${fmt(withChain.at(-1)!)} /s (all chained ${settleMs.at(-1)!.toFixed(0)} ms after), plain ${fmt(without.at(-1)!)} /s`,
        );
      }
      const a = median(withChain);
      const b = median(without);
      rows.push([shape.name, fmt(a), fmt(b), `${(a / b).toFixed(3)} ×`, `${median(settleMs).toFixed(0)} ms`]);
    }
    console.log('');
    table(rows);

    // The chain written under contention verifies, and the walk's own speed.
    const written = (await pools.owner.query<{ n: number }>(`SELECT count(*)::int AS n FROM audit_log WHERE tenant_id = $1`, [tenants[0]])).rows[0].n;
    const started = performance.now();
    const verdict = await withTenant(app, tenants[0], (tx) => verifyAuditChain(tx));
    const seconds = (performance.now() - started) / 1000;
    console.log(`\n  verify of the one-tenant chain: ${JSON.stringify(verdict)} (${fmt(written)} rows, ${fmt(written / seconds)} rows/s)`);
    const unchained = (await pools.owner.query<{ n: number }>(`SELECT count(*)::int AS n FROM audit_log WHERE seq IS NULL`)).rows[0].n;
    console.log(`  rows left unchained: ${unchained}; writers' commits share no lock, the chainer chains many rows per flush`);
    if (!verdict.ok || verdict.checked !== written || unchained) process.exitCode = 1;
    await chainer.close();
  } finally {
    await within('pools close', 10_000, pools?.close() ?? Promise.resolve());
    await dropTestCluster(db, cluster, pgDir);
  }
}

main().catch((err) => {
  console.error(err);
  process.exitCode = 1;
});
