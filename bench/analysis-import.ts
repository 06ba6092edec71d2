/**
 * Dataset import (issue 13): a 1,000,000-row sales CSV through POST /api/v1/analysis/datasets/import and its run
 * (upload kept on the run, header and types found, every cell converted, rows written 5,000 per INSERT through
 * unnest, values counted, audit) vs PostgreSQL's own COPY of the same file into a table of the same types, in the
 * same run on the same database. The server runs in this process (JOBS=false: the run starts right after the
 * answer); the resident memory is sampled every 50 ms during the import and printed above what it was before.
 *
 *   npx tsx bench/analysis-import.ts        BENCH_ROWS (default 1000000)
 */
import fs from 'node:fs/promises';
import path from 'node:path';
import pg from 'pg';
import { CSV_CONTENT_TYPE, DEFAULT_TENANT, type AnalysisImportRun } from '@nusa/contracts';
import { APP_ROLE, cloneTemplate, startTestCluster } from '../apps/server/test/test-database.ts';
import { loadConfig } from '../apps/server/src/platform/config.ts';
import { startServer, type RunningServer } from '../apps/server/src/server.ts';
import { DEMO_PASSWORD } from '../apps/server/src/db/seed/demo.ts';
import { fmt, machine, table, tempDir } from './lib/common.ts';

const ROWS = Number(process.env.BENCH_ROWS ?? 1_000_000);
const AUTH_SECRET = 'bench-secret-that-is-long-enough-for-hs256-keys';
const BRANCHES = ['Surabaya', 'Jakarta', 'Bandung', 'Medan', 'Makassar', 'Denpasar'];
const mib = (bytes: number) => `${fmt(bytes / 2 ** 20, 1)} MiB`;

async function main() {
  console.log(`analysis-import: ${machine()}; ${fmt(ROWS)} rows`);
  const data = await tempDir('analysis-import');
  let cluster: Awaited<ReturnType<typeof startTestCluster>> | undefined;
  let db: Awaited<ReturnType<typeof cloneTemplate>> | undefined;
  let server: RunningServer | undefined;
  let owner: pg.Pool | undefined;
  try {
    const lines = ['Tanggal,Cabang,Produk,Segmen,Qty,Penjualan'];
    for (let i = 0; i < ROWS; i++) {
      const d = new Date(Date.UTC(2024, 0, 1) + (i % 730) * 86_400_000).toISOString().slice(0, 10);
      lines.push(
        `${d},${BRANCHES[i % 6]},Produk ${i % 120},${['Retail', 'Grosir', 'Online'][i % 3]},${1 + (i % 9)},${(1 + (i % 9)) * (12000 + (i % 30) * 500)}.50`,
      );
    }
    const file = Buffer.from(`${lines.join('\n')}\n`);
    lines.length = 0;
    const csvPath = path.join(data.dir, 'sales.csv');
    await fs.writeFile(csvPath, file);
    await fs.chmod(data.dir, 0o755);
    await fs.chmod(csvPath, 0o644);
    console.log(`file: ${mib(file.length)}`);

    cluster = await startTestCluster();
    db = await cloneTemplate(cluster.serverUrl, 'bench_analysis_import');
    server = await startServer(
      loadConfig({
        DATABASE_URL: db.url,
        DATABASE_APP_ROLE: APP_ROLE,
        DATA_DIR: data.dir,
        PORT: '0',
        HOST: '127.0.0.1',
        LOG_LEVEL: 'silent',
        JOBS: 'false',
        SEED_DEMO: 'true',
        AUTH_SECRET,
        NODE_ENV: 'production',
      }),
      () => {},
    );
    owner = new pg.Pool({ connectionString: db.url, max: 2 });
    const base = server.url;
    const pre = (await (await fetch(`${base}/api/v1/auth/pre-login`, { method: 'POST' })).json()) as { token: string };
    const login = await fetch(`${base}/api/v1/auth/login`, {
      method: 'POST',
      headers: { authorization: `Bearer ${pre.token}`, 'x-tenant': DEFAULT_TENANT, 'content-type': 'application/json' },
      body: JSON.stringify({ username: 'admin', password: DEMO_PASSWORD }),
    });
    const headers = { authorization: `Bearer ${login.headers.get('x-auth-token')}`, 'x-tenant': DEFAULT_TENANT };

    // Baseline: COPY of the same file (read by the server from disk) into a table of the same types.
    await owner.query('CREATE TABLE bench_copy (tanggal date, cabang text, produk text, segmen text, qty numeric, penjualan numeric)');
    let t0 = performance.now();
    await owner.query(`COPY bench_copy FROM '${csvPath}' WITH (FORMAT csv, HEADER true)`);
    const copyMs = performance.now() - t0;
    const copied = (await owner.query<{ n: number }>('SELECT count(*)::int AS n FROM bench_copy')).rows[0].n;
    if (copied !== ROWS) throw new Error(`COPY loaded ${copied} rows`);

    global.gc?.();
    const rssBefore = process.memoryUsage().rss;
    let peak = rssBefore;
    const sampler = setInterval(() => {
      peak = Math.max(peak, process.memoryUsage().rss);
    }, 50);
    t0 = performance.now();
    const queued = (await (
      await fetch(`${base}/api/v1/analysis/datasets/import?name=Besar`, {
        method: 'POST',
        headers: { ...headers, 'content-type': CSV_CONTENT_TYPE },
        body: file,
      })
    ).json()) as AnalysisImportRun;
    let run: AnalysisImportRun;
    for (;;) {
      run = (await (await fetch(`${base}/api/v1/analysis/imports/${queued.importId}`, { headers })).json()) as AnalysisImportRun;
      if (run.status === 'done' || run.status === 'failed') break;
      await new Promise((r) => setTimeout(r, 100));
    }
    const importMs = performance.now() - t0;
    clearInterval(sampler);
    if (run.status !== 'done' || run.report?.rows !== ROWS || run.report.errors.length)
      throw new Error(`import ended ${run.status} ${run.errorCode ?? ''} with ${run.report?.rows} rows`);
    const stored = (
      await owner.query<{ n: number; s: string }>('SELECT count(*)::int AS n, sum(num_2)::text AS s FROM analysis_rows WHERE dataset_id = $1', [run.datasetId])
    ).rows[0];
    const copiedSum = (await owner.query<{ s: string }>('SELECT sum(penjualan)::text AS s FROM bench_copy')).rows[0].s;
    if (stored.n !== ROWS || Number(stored.s) !== Number(copiedSum)) throw new Error(`stored ${stored.n} rows, sum ${stored.s} vs ${copiedSum}`);

    table([
      ['path', 'seconds', 'rows/s'],
      ['COPY of the file (baseline)', fmt(copyMs / 1000, 1), fmt(ROWS / (copyMs / 1000))],
      ['POST /api/v1/analysis/datasets/import + run', fmt(importMs / 1000, 1), fmt(ROWS / (importMs / 1000))],
      ['ratio import / COPY rows per second', '', fmt(copyMs / importMs, 2)],
    ]);
    console.log(
      `  resident memory of this process (server and client) during the import: ${mib(rssBefore)} before, peak ${mib(peak)} (+${mib(peak - rssBefore)}); the file is ${mib(file.length)}`,
    );
  } finally {
    await owner?.end();
    await server?.stop();
    await db?.drop();
    await cluster?.stop();
    await data.remove();
  }
}

await main();
