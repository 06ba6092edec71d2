/**
 * Numbering under contention: 50 concurrent creators each taking document numbers through `allocateNumber` (one
 * tenant transaction per number: BEGIN + set_config, the upsert on number_sequences, COMMIT; all 50 queue on the
 * same row lock, which is what makes the numbers gapless) against 50 concurrent clients calling `nextval` on a bare
 * PostgreSQL sequence (no transaction, no lock held, gaps allowed) — same database, same run, interleaved rounds.
 *
 *   npx tsx bench/numbering.ts
 *
 * BENCH_SECONDS (measured seconds per path and round, default 4), BENCH_ROUNDS (default 3), BENCH_CREATORS (default 50).
 */
import pg from 'pg';
import type { NumberFormat } from '@nusa/contracts';
import { APP_ROLE, cloneTemplate, startTestCluster, testSecrets } from '../apps/server/test/test-database.ts';
import { createPools, databaseUrlAs, type Pools } from '../apps/server/src/platform/db/pools.ts';
import { withTenant } from '../apps/server/src/platform/db/tenant.ts';
import { allocateNumber } from '../apps/server/src/platform/numbering/allocate.ts';
import { seedTenant } from '../apps/server/src/db/seed/demo.ts';
import { fmt, machine, median, table, within, dropTestCluster, dataDirectory } from './lib/common.ts';

const SECONDS = Number(process.env.BENCH_SECONDS ?? 4);
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 3);
const CREATORS = Number(process.env.BENCH_CREATORS ?? 50);
const FORMAT: NumberFormat = { prefix: 'INV/', suffix: '', separator: '/', yearDigits: 4, month: true, day: false, counterDigits: 6, reset: 'year-month' };

/** Runs `CREATORS` loops of `take` for `SECONDS`; returns numbers per second and what each loop got. */
async function run(take: () => Promise<string>): Promise<{ perSecond: number; taken: string[] }> {
  const taken: string[] = [];
  const until = performance.now() + SECONDS * 1000;
  const started = performance.now();
  await Promise.all(
    Array.from({ length: CREATORS }, async () => {
      while (performance.now() < until) taken.push(await take());
    }),
  );
  return { perSecond: taken.length / ((performance.now() - started) / 1000), taken };
}

async function main() {
  console.log(`\n== numbering: ${CREATORS} concurrent creators through allocateNumber vs ${CREATORS} clients on a bare sequence (nextval) ==`);
  console.log(`machine: ${machine()}`);
  let cluster: Awaited<ReturnType<typeof startTestCluster>> | undefined;
  let db: Awaited<ReturnType<typeof cloneTemplate>> | undefined;
  let pools: Pools | undefined;
  let bare: pg.Pool | undefined;
  let pgDir: string | undefined;
  try {
    cluster = await startTestCluster();
    pgDir = await dataDirectory(cluster.serverUrl);
    db = await cloneTemplate(cluster.serverUrl, 'bench_numbering');
    const { databasePassword } = await testSecrets();
    pools = createPools(db.url, APP_ROLE, CREATORS, databasePassword);
    const tenant = (await seedTenant(pools, { code: 'demo', name: 'PT Demo Nusantara' })).id;
    await pools.owner.query('CREATE SEQUENCE bench_bare_sequence');
    await pools.owner.query(`GRANT USAGE ON SEQUENCE bench_bare_sequence TO ${APP_ROLE}`);
    // The baseline logs in as the same app role, with its own pool of the same size.
    bare = new pg.Pool({ connectionString: databaseUrlAs(db.url, APP_ROLE, databasePassword), max: CREATORS });
    const app = pools.app;
    const allocate = () => withTenant(app, tenant, (tx) => allocateNumber(tx, tenant, { key: 'bench-invoice', format: FORMAT, date: '2026-11-21' }));
    const nextval = async () => String((await bare!.query<{ n: string }>(`SELECT nextval('bench_bare_sequence') AS n`)).rows[0].n);
    // Warm both pools up (connections opened, plans cached) before measuring.
    await Promise.all(Array.from({ length: CREATORS }, () => allocate()));
    await Promise.all(Array.from({ length: CREATORS }, () => nextval()));

    const numbered: number[] = [];
    const sequence: number[] = [];
    const all: string[] = [];
    for (let round = 1; round <= ROUNDS; round++) {
      const a = await run(allocate);
      const b = await run(nextval);
      numbered.push(a.perSecond);
      sequence.push(b.perSecond);
      all.push(...a.taken);
      console.log(`  round ${round}: allocateNumber ${fmt(a.perSecond)} numbers/s, nextval ${fmt(b.perSecond)} numbers/s`);
    }
    // Every number taken must be distinct, and the counter must stand exactly at warm-up + measured numbers: no gaps.
    const last = (await pools.owner.query<{ v: string }>(`SELECT last_value AS v FROM number_sequences WHERE sequence_key = 'bench-invoice'`)).rows[0].v;
    const distinct = new Set(all).size === all.length;
    const gapless = Number(last) === all.length + CREATORS;

    const a = median(numbered);
    const b = median(sequence);
    console.log('');
    table([
      ['path (median of rounds)', 'numbers/s', 'vs nextval'],
      ['allocateNumber (tenant tx, row lock, gapless)', fmt(a), `${(a / b).toFixed(3)} ×`],
      ['bare sequence nextval (gaps allowed)', fmt(b), '1.000 ×'],
    ]);
    console.log(`\n  ratio allocateNumber / nextval: ${(a / b).toFixed(3)} (nextval is ${(b / a).toFixed(1)} × faster)`);
    console.log(
      `  ${fmt(all.length)} numbers checked: ${distinct ? 'all distinct' : 'DUPLICATES FOUND'}, counter at ${last}: ${gapless ? 'no gaps' : 'GAPS FOUND'}`,
    );
    console.log(`  ${CREATORS} creators, ${ROUNDS} rounds of ${SECONDS} s per path; each allocateNumber is its own transaction (3 round trips).`);
    console.log('  the row lock is held until COMMIT, so gapless numbers of one sequence are bound by commit latency (WAL flush),');
    console.log('  whatever the number of creators; different sequences (document types, periods, tenants) do not wait on each other.');
    if (!distinct || !gapless) process.exitCode = 1;
  } finally {
    await within('baseline pool end', 10_000, bare?.end() ?? Promise.resolve());
    await within('pools close', 10_000, pools?.close() ?? Promise.resolve());
    await dropTestCluster(db, cluster, pgDir);
  }
}

main().catch((err) => {
  console.error(err);
  process.exitCode = 1;
});
