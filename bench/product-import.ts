/**
 * Product xlsx import: 50,000 products through `POST /api/v1/erp/products/import` and its run (HTTP, pg-boss job, streaming xlsx reader,
 * per-row validation, batched upsert, audit) against the floor of the same rows written with plain multi-row
 * INSERTs through `pg` (no xlsx, no validation, no audit), in the same run on the same database. The server runs in
 * a child process so its memory is its own: the peak RSS is sampled from /proc/<pid>/status (VmRSS) during the
 * import, and VmHWM (the kernel's high-water mark since start) is printed too.
 *
 *   npx tsx bench/product-import.ts          BENCH_ROWS (default 50000)
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { readFileSync } from 'node:fs';
import fs from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import ExcelJS from 'exceljs';
import pg from 'pg';
import { DEFAULT_TENANT, IMPORT_RUN_POLL_MS, PRODUCT_SHEET_COLUMNS, XLSX_CONTENT_TYPE, type ImportRun } from '@nusa/contracts';
import { startServer } from '../apps/server/src/server.ts';
import { fmt, machine, table, tempDir } from './lib/common.ts';
import { benchConfig, logIn, startBenchDatabase, type BenchDatabase } from './lib/server.ts';

const ROWS = Number(process.env.BENCH_ROWS ?? 50_000);
const BATCH = 1000;

/** The child: a whole server (`npm start` minus the web build) on the given database; prints its URL. */
async function serve() {
  const config = benchConfig(process.env.BENCH_DATABASE_URL!, process.env.BENCH_DATA_DIR!, { JOBS: 'true' });
  const server = await startServer(config, () => {});
  process.stdout.write(`READY ${server.url}\n`);
  process.on('SIGTERM', () => void server.stop().then(() => process.exit(0)));
}

const memory = (pid: number) => {
  const status = readFileSync(`/proc/${pid}/status`, 'utf8');
  const kb = (name: string) => Number(new RegExp(`^${name}:\\s+(\\d+) kB`, 'm').exec(status)?.[1] ?? NaN) * 1024;
  return { rss: kb('VmRSS'), hwm: kb('VmHWM') };
};
const mib = (bytes: number) => `${fmt(bytes / 2 ** 20, 1)} MiB`;

/** Row i of the benchmark catalogue (the demo seed's units, brands and categories). */
const row = (prefix: string, i: number) => ({
  productCode: `${prefix}-${String(i).padStart(6, '0')}`,
  productName: `Produk Uji Beban ${i} Teh Melati Kemasan`,
  productType: 'PRODUCT',
  baseUomCode: 'PCS',
  brandCode: 'SEGAR',
  categoryCode: 'MNM',
  subCategoryCode: 'MNM-TEH',
  minQuantity: '1',
  maxQuantity: '1000',
  buyable: 'Y',
  sellable: 'Y',
  purchasePrice: String(1000 + (i % 5000)),
  sellPrice: `${1500 + (i % 5000)}.5`,
  standardPrice: '1200',
  weight: '0.25',
  length: '10',
  width: '5',
  height: '20',
  keywords: `teh melati minuman ${i % 97}`,
  warrantyMonths: '0',
  active: 'Y',
});

/** The file, written with ExcelJS's streaming writer (shared strings off, like most exporters). */
async function writeSheet(file: string) {
  const book = new ExcelJS.stream.xlsx.WorkbookWriter({ filename: file, useSharedStrings: false, useStyles: false });
  const sheet = book.addWorksheet('Produk');
  sheet.addRow([...PRODUCT_SHEET_COLUMNS]).commit();
  for (let i = 1; i <= ROWS; i++) {
    const r = row('BENCH', i);
    sheet.addRow(PRODUCT_SHEET_COLUMNS.map((c) => r[c])).commit();
  }
  sheet.commit();
  await book.commit();
}

/** The floor: the same rows as plain multi-row INSERTs in one transaction, ids and references resolved up front. */
async function baseline(databaseUrl: string): Promise<number> {
  const pool = new pg.Pool({ connectionString: databaseUrl, max: 1 });
  try {
    const refs = (
      await pool.query<{ tenant_id: string; uom: string; brand: string; category: string; sub: string }>(
        `
      SELECT t.id AS tenant_id,
             (SELECT id FROM uoms WHERE tenant_id = t.id AND code = 'PCS') AS uom,
             (SELECT id FROM brands WHERE tenant_id = t.id AND code = 'SEGAR') AS brand,
             (SELECT id FROM product_categories WHERE tenant_id = t.id AND code = 'MNM') AS category,
             (SELECT id FROM product_sub_categories WHERE tenant_id = t.id AND code = 'MNM-TEH') AS sub
        FROM tenants t WHERE t.code = $1`,
        [DEFAULT_TENANT],
      )
    ).rows[0];
    const started = performance.now();
    const client = await pool.connect();
    try {
      await client.query('BEGIN');
      for (let from = 1; from <= ROWS; from += BATCH) {
        const values: unknown[] = [];
        const tuples: string[] = [];
        for (let i = from; i < Math.min(from + BATCH, ROWS + 1); i++) {
          const r = row('BASE', i);
          const v = [
            refs.tenant_id,
            crypto.randomUUID(),
            r.productCode,
            r.productName,
            r.productType,
            refs.uom,
            refs.brand,
            refs.category,
            refs.sub,
            r.minQuantity,
            r.maxQuantity,
            true,
            true,
            r.purchasePrice,
            r.sellPrice,
            r.standardPrice,
            r.weight,
            r.length,
            r.width,
            r.height,
            r.keywords,
            0,
            true,
          ];
          tuples.push(`(${v.map((_, k) => `$${values.length + k + 1}`).join(', ')})`);
          values.push(...v);
        }
        await client.query(
          `INSERT INTO products (tenant_id, id, code, name, type, base_uom_id, brand_id, category_id, sub_category_id,
          min_quantity, max_quantity, buyable, sellable, purchase_price, sell_price, standard_price, weight, length, width, height, keywords,
          warranty_months, active) VALUES ${tuples.join(', ')}`,
          values,
        );
      }
      await client.query('COMMIT');
    } finally {
      client.release();
    }
    return (performance.now() - started) / 1000;
  } finally {
    await pool.end();
  }
}

async function main() {
  console.log(`\n== product-import: ${fmt(ROWS)} products through POST /api/v1/erp/products/import vs plain multi-row INSERTs ==`);
  console.log(`machine: ${machine()}`);
  const data = await tempDir('product-import');
  let database: BenchDatabase | undefined;
  let child: ChildProcess | undefined;
  try {
    database = await startBenchDatabase('bench_product_import');
    const { db } = database;
    const self = fileURLToPath(import.meta.url);
    child = spawn(process.execPath, ['--import', 'tsx', self, '--serve'], {
      env: { ...process.env, BENCH_DATABASE_URL: db.url, BENCH_DATA_DIR: data.dir },
      stdio: ['ignore', 'pipe', 'inherit'],
    });
    const baseUrl = await new Promise<string>((resolve, reject) => {
      let out = '';
      child!.stdout!.on('data', (chunk: Buffer) => {
        out += chunk.toString();
        const m = /READY (\S+)/.exec(out);
        if (m) resolve(m[1]);
      });
      child!.on('exit', (code) => reject(new Error(`the server exited (${code}) before it was ready`)));
    });
    const pid = child.pid!;
    const { token } = await logIn(baseUrl);

    const file = path.join(data.dir, 'products.xlsx');
    await writeSheet(file);
    const body = await fs.readFile(file);
    const idle = memory(pid);

    let peak = idle.rss;
    const sampler = setInterval(() => {
      peak = Math.max(peak, memory(pid).rss);
    }, 10);
    const started = performance.now();
    const res = await fetch(`${baseUrl}/api/v1/erp/products/import`, {
      method: 'POST',
      headers: { authorization: `Bearer ${token}`, 'content-type': XLSX_CONTENT_TYPE },
      body,
    });
    const answered = (performance.now() - started) / 1000;
    // The upload answers the queued run; the job then reads the file. Followed as the web does, until it ends.
    let run = (await res.json()) as ImportRun;
    if (res.status !== 200) throw new Error(`import answered ${res.status}: ${JSON.stringify(run).slice(0, 300)}`);
    while (run.status === 'queued' || run.status === 'running') {
      await new Promise((r) => setTimeout(r, IMPORT_RUN_POLL_MS));
      run = (await (await fetch(`${baseUrl}/api/v1/erp/imports/${run.importId}`, { headers: { authorization: `Bearer ${token}` } })).json()) as ImportRun;
    }
    const seconds = (performance.now() - started) / 1000;
    clearInterval(sampler);
    const report = run.report;
    if (run.status !== 'done' || !report || report.created !== ROWS || report.errors.length)
      throw new Error(`import ended ${run.status}: ${JSON.stringify(run).slice(0, 300)}`);
    const after = memory(pid);
    peak = Math.max(peak, after.rss);

    const baseSeconds = await baseline(db.url);
    const importRate = ROWS / seconds;
    const baseRate = ROWS / baseSeconds;
    console.log(`file: ${mib(body.length)} xlsx, ${fmt(ROWS)} rows × ${PRODUCT_SHEET_COLUMNS.length} columns\n`);
    table([
      ['path', 'seconds', 'rows/s'],
      ['import API (xlsx → validate → upsert + audit)', fmt(seconds, 2), fmt(importRate)],
      ['baseline (multi-row INSERT through pg)', fmt(baseSeconds, 2), fmt(baseRate)],
    ]);
    console.log(`\nthe upload was answered (run queued) after ${fmt(answered, 2)} s; the run ended after ${fmt(seconds, 2)} s`);
    console.log(
      `ratio import/baseline: ${fmt(importRate / baseRate, 2)} (the import does the baseline's writes plus reading, checking and auditing every row)`,
    );
    console.log(
      `server RSS: ${mib(idle.rss)} before the import, peak ${mib(peak)} during it (+${mib(peak - idle.rss)} for a ${mib(body.length)} file); VmHWM since start ${mib(after.hwm)}`,
    );
  } finally {
    if (child && child.exitCode === null) {
      const exited = new Promise((r) => child!.once('exit', r));
      child.kill('SIGTERM');
      await exited;
    }
    await database?.drop();
    await data.remove();
  }
}

if (process.argv.includes('--serve')) {
  await serve();
} else {
  await main();
}
