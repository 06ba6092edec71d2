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
import { CSV_CONTENT_TYPE, type AnalysisImportRun } from '@nusa/contracts';
import { fmt, machine, table, tempDir } from './lib/common.ts';
import { loginHeaders, startBenchServer, type BenchServer } from './lib/server.ts';

const ROWS = Number(process.env.BENCH_ROWS ?? 1_000_000);
const BRANCHES = ['Surabaya', 'Jakarta', 'Bandung', 'Medan', 'Makassar', 'Denpasar'];
const mib = (bytes: number) => `${fmt(bytes / 2 ** 20, 1)} MiB`;

async function main() {
  console.log(`analysis-import: ${machine()}; ${fmt(ROWS)} rows`);
  const data = await tempDir('analysis-import');
  let bench: BenchServer | undefined;
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

    bench = await startBenchServer({ database: 'bench_analysis_import', dataDir: data.dir });
    const { server, db } = bench;
    owner = new pg.Pool({ connectionString: db.url, max: 2 });
    const base = server.url;
    const headers = await loginHeaders(base);

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
    await bench?.stop();
    await data.remove();
  }
}

await main();
