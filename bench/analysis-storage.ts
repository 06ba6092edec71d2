/**
 * How to store analysis datasets (docs/decisions/005-analysis-datasets.md): the same 1,000,000 sales rows
 *   (a) in one wide table of typed slot columns shared by every dataset (num_1..24, text_1..24, date_1..8), beside
 *       another dataset of the same size in the same table, and
 *   (b) in a table of their own with exactly their columns,
 * both under row-level security, read as a role that is not the owner, inside a transaction with app.tenant_id set.
 * Each aggregation a question makes is timed on both (median of 5 after a warm-up); the ratio is (b)/(a) time.
 *
 *   npx tsx bench/analysis-storage.ts        BENCH_ROWS (default 1000000)
 */
import path from 'node:path';
import pg from 'pg';
import { startEmbeddedPostgres } from '../apps/server/src/platform/db/embedded.ts';
import { freePort } from '../apps/server/test/test-database.ts';
import { fmt, machine, median, table, tempDir } from './lib/common.ts';

const ROWS = Number(process.env.BENCH_ROWS ?? 1_000_000);
const TENANT = '0190a000-0000-7000-8000-000000000001';
const DATASET = '0190a000-0000-7000-8000-0000000000d1';
const OTHER = '0190a000-0000-7000-8000-0000000000d2';

const wideColumns = [
  ...Array.from({ length: 24 }, (_, i) => `num_${i + 1} numeric`),
  ...Array.from({ length: 24 }, (_, i) => `text_${i + 1} text`),
  ...Array.from({ length: 8 }, (_, i) => `date_${i + 1} date`),
].join(', ');

const policy = (t: string) => `ALTER TABLE ${t} ENABLE ROW LEVEL SECURITY; ALTER TABLE ${t} FORCE ROW LEVEL SECURITY;
  CREATE POLICY ${t}_iso ON ${t} USING (tenant_id = nullif(current_setting('app.tenant_id', true), '')::uuid);
  GRANT SELECT ON ${t} TO bench_reader;`;

/** The generated sales row i: branch, product, segment, date over two years, qty and amount. */
const gen = (dataset: string) => `
  SELECT '${TENANT}'::uuid, '${dataset}'::uuid, i,
         (i % 7) + 1, ((i::bigint * 7919) % 500000) / 10.0 + 1000,
         (ARRAY['Surabaya','Jakarta','Bandung','Medan','Makassar','Denpasar','Semarang','Malang'])[(i % 8) + 1],
         'Produk ' || (i % 120), (ARRAY['Retail','Grosir','Online'])[(i % 3) + 1],
         date '2024-01-01' + (i % 730)
    FROM generate_series(1, ${ROWS}) i`;

const QUERIES: [string, (t: 'a' | 'b') => string][] = [
  [
    'total, one month',
    (t) =>
      t === 'a'
        ? `SELECT sum(num_2) FROM analysis_rows WHERE tenant_id = '${TENANT}' AND dataset_id = '${DATASET}' AND date_1 BETWEEN '2025-03-01' AND '2025-03-31'`
        : `SELECT sum(amount) FROM ds_sales WHERE date_sold BETWEEN '2025-03-01' AND '2025-03-31'`,
  ],
  [
    'sum per branch, all',
    (t) =>
      t === 'a'
        ? `SELECT text_1, sum(num_2) FROM analysis_rows WHERE tenant_id = '${TENANT}' AND dataset_id = '${DATASET}' GROUP BY 1 ORDER BY 2 DESC`
        : `SELECT branch, sum(amount) FROM ds_sales GROUP BY 1 ORDER BY 2 DESC`,
  ],
  [
    'sum per month, one branch',
    (t) =>
      t === 'a'
        ? `SELECT date_trunc('month', date_1), sum(num_2) FROM analysis_rows WHERE tenant_id = '${TENANT}' AND dataset_id = '${DATASET}' AND text_1 = 'Surabaya' GROUP BY 1 ORDER BY 1`
        : `SELECT date_trunc('month', date_sold), sum(amount) FROM ds_sales WHERE branch = 'Surabaya' GROUP BY 1 ORDER BY 1`,
  ],
  [
    'top 5 products by qty',
    (t) =>
      t === 'a'
        ? `SELECT text_2, sum(num_1) FROM analysis_rows WHERE tenant_id = '${TENANT}' AND dataset_id = '${DATASET}' GROUP BY 1 ORDER BY 2 DESC LIMIT 5`
        : `SELECT product, sum(qty) FROM ds_sales GROUP BY 1 ORDER BY 2 DESC LIMIT 5`,
  ],
];

async function main() {
  console.log(`analysis-storage: ${machine()}; ${fmt(ROWS)} rows per dataset`);
  const tmp = await tempDir('analysis');
  const db = await startEmbeddedPostgres({ dir: path.join(tmp.dir, 'pg'), port: await freePort() });
  try {
    const owner = new pg.Client({ connectionString: db.url });
    await owner.connect();
    owner.on('error', () => {});
    await owner.query(`CREATE ROLE bench_reader LOGIN PASSWORD 'bench'`);
    await owner.query(`CREATE TABLE analysis_rows (tenant_id uuid NOT NULL, dataset_id uuid NOT NULL, row_no integer NOT NULL, ${wideColumns},
      PRIMARY KEY (tenant_id, dataset_id, row_no)); ${policy('analysis_rows')}`);
    await owner.query(`CREATE TABLE ds_sales (tenant_id uuid NOT NULL, dataset_id uuid NOT NULL, row_no integer NOT NULL, qty numeric, amount numeric,
      branch text, product text, segment text, date_sold date, PRIMARY KEY (tenant_id, row_no)); ${policy('ds_sales')}`);
    const loads: [string, number][] = [];
    for (const [label, statement] of [
      ['(a) wide, other dataset', `INSERT INTO analysis_rows (tenant_id, dataset_id, row_no, num_1, num_2, text_1, text_2, text_3, date_1) ${gen(OTHER)}`],
      ['(a) wide, this dataset', `INSERT INTO analysis_rows (tenant_id, dataset_id, row_no, num_1, num_2, text_1, text_2, text_3, date_1) ${gen(DATASET)}`],
      ['(b) own table', `INSERT INTO ds_sales (tenant_id, dataset_id, row_no, qty, amount, branch, product, segment, date_sold) ${gen(DATASET)}`],
    ] as const) {
      const t0 = performance.now();
      await owner.query(statement);
      loads.push([label, performance.now() - t0]);
    }
    await owner.query('VACUUM ANALYZE analysis_rows');
    await owner.query('VACUUM ANALYZE ds_sales');
    const size = await owner.query<{ a: string; b: string }>(
      `SELECT pg_total_relation_size('analysis_rows') / 2 AS a, pg_total_relation_size('ds_sales') AS b`,
    );
    await owner.end();

    const reader = new pg.Client({ connectionString: db.url.replace(/\/\/[^@]*@/, '//bench_reader:bench@') });
    await reader.connect();
    reader.on('error', () => {});
    const timed = async (statement: string) => {
      await reader.query(`BEGIN; SELECT set_config('app.tenant_id', '${TENANT}', true)`);
      const t0 = performance.now();
      const r = await reader.query(statement);
      const ms = performance.now() - t0;
      await reader.query('COMMIT');
      return { ms, rows: r.rows };
    };
    const rows: string[][] = [['query', '(a) wide ms', '(b) own table ms', '(b)/(a) time']];
    for (const [label, q] of QUERIES) {
      const a = await timed(q('a'));
      const b = await timed(q('b'));
      const same = (r: Record<string, unknown>[]) => JSON.stringify(r.map((x) => Object.values(x)));
      if (same(a.rows) !== same(b.rows)) throw new Error(`${label}: the two layouts answer differently`);
      const ta: number[] = [];
      const tb: number[] = [];
      for (let i = 0; i < 5; i++) {
        ta.push((await timed(q('a'))).ms);
        tb.push((await timed(q('b'))).ms);
      }
      rows.push([label, fmt(median(ta), 1), fmt(median(tb), 1), fmt(median(tb) / median(ta), 2)]);
    }
    await reader.end();
    table(rows);
    console.log('');
    table([['load (INSERT … SELECT)', 'ms'], ...loads.map(([l, ms]) => [l, fmt(ms)])]);
    console.log(`  size per dataset: (a) ${fmt(Number(size.rows[0].a) / 2 ** 20)} MiB, (b) ${fmt(Number(size.rows[0].b) / 2 ** 20)} MiB`);
  } finally {
    await db.stop();
    await tmp.remove();
  }
}

await main();
