import { createWriteStream } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import http from 'node:http';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { pipeline } from 'node:stream/promises';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { analysisEndpoints, datasetEditEndpoints as ep, XLSX_CONTENT_TYPE } from '@nusa/contracts';
import { call } from '../../../../test/call.ts';
import { createTestApp, type TestApp } from '../../../../test/test-app.ts';
import { writeXlsx, type XlsxColumn } from '../../../platform/files/xlsx.ts';
import { lookOfXlsx, rowsOfXlsx } from '../../../../test/xlsx-look.ts';
import { readXlsxRows } from '../../../platform/files/xlsx-reader.ts';

/**
 * The dataset export streamed (issue 13 speed): the same file as the whole-workbook writer made, a large export read
 * through a cursor with the server's memory printed, and a client that goes away mid-download releasing its connection.
 */

const ROWS = 30_000;
let t: TestApp;
let admin: string;
let datasetId: string;
let dir: string;
let base: string;

type Cell = string | number | null;
const sqlRows = async (where: string, order: string): Promise<Cell[][]> =>
  (
    await t.pools.owner.query<Cell[]>({
      text: `SELECT to_char(date_1, 'YYYY-MM-DD'), text_1, text_2, num_1::float8, num_2::float8, num_3::float8
               FROM analysis_rows WHERE dataset_id = $1 AND ${where} ORDER BY ${order} LIMIT 100000`,
      values: [datasetId],
      rowMode: 'array',
    })
  ).rows;

/** A date as the sheet stores it: days since 1899-12-30. */
const serial = (day: string) => (Date.parse(`${day}T00:00:00Z`) - Date.UTC(1899, 11, 30)) / 86_400_000;

/** GET through a real socket (the test app listening), the body written to a file as it arrives. */
function download(url: string, file: string): Promise<http.IncomingMessage> {
  return new Promise((resolve, reject) => {
    http
      .get(url, { headers: { authorization: `Bearer ${admin}` } }, (res) => {
        pipeline(res, createWriteStream(file)).then(() => resolve(res), reject);
      })
      .on('error', reject);
  });
}

/** The app role's transactions still open on this database (an export holding its connection has one). */
const openTransactions = async () =>
  (
    await t.pools.owner.query<{ query: string }>(
      `SELECT query FROM pg_stat_activity WHERE datname = current_database() AND usename = 'nusa_app' AND xact_start IS NOT NULL AND pid <> pg_backend_pid()`,
    )
  ).rows.map((r) => r.query);

async function until(what: string, check: () => Promise<boolean>) {
  for (let i = 0; i < 400; i++) {
    if (await check()) return;
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
  throw new Error(`still not: ${what}`);
}

beforeAll(async () => {
  t = await createTestApp('dataset-export');
  admin = await t.login('admin');
  dir = await mkdtemp(path.join(tmpdir(), 'dataset-export-'));
  const made = await call(t, ep.createDataset, {
    body: {
      name: 'Penjualan/Besar 2026',
      columns: [
        { label: 'Tanggal', type: 'date' },
        { label: 'Cabang', type: 'text' },
        { label: 'Produk dan keterangannya yang panjang sekali', type: 'text' },
        { label: 'Qty', type: 'number' },
        { label: 'Penjualan', type: 'money' },
        { label: 'Diskon', type: 'percent' },
      ],
    },
    token: admin,
  });
  expect(made.statusCode, made.body).toBe(200);
  datasetId = made.json().datasetId;
  const tenant = await t.tenantId('demo');
  // Slots in column order: date_1, text_1, text_2, num_1, num_2, num_3; some cells empty.
  await t.pools.owner.query(
    `INSERT INTO analysis_rows (tenant_id, dataset_id, row_no, date_1, text_1, text_2, num_1, num_2, num_3)
     SELECT $1, $2, i, CASE WHEN i % 13 = 0 THEN NULL ELSE date '2026-01-01' + (i * 37 % 400) END,
            CASE WHEN i % 60 = 7 THEN 'Denpasar' ELSE (ARRAY['Surabaya','Jakarta','Bandung','Medan & Sekitarnya','<Makassar>'])[i % 5 + 1] END,
            CASE WHEN i % 17 = 0 THEN NULL ELSE 'Produk ' || (i % 12) || ' "spesial"' END,
            1 + i * 7 % 9, CASE WHEN i % 11 = 0 THEN NULL ELSE (1 + i * 7 % 9) * (12000.25 + (i::bigint * 1231 % 30) * 500) END,
            (i % 20) / 100.0
       FROM generate_series(1, $3::int) i`,
    [tenant, datasetId, ROWS],
  );
  await t.pools.owner.query('UPDATE analysis_datasets SET row_count = $2 WHERE id = $1', [datasetId, ROWS]);
  base = await t.app.listen({ port: 0, host: '127.0.0.1' });
});
afterAll(async () => {
  await t.close();
  await rm(dir, { recursive: true, force: true });
});

describe('the dataset export, streamed', () => {
  it('answers the file the whole-workbook writer made: headers, cells, widths, number formats', async () => {
    const res = await t.request({ method: 'GET', url: `/api/v1/analysis/datasets/${datasetId}/rows/export?keyword=denpasar&sort=-c5`, token: admin });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers['content-type']).toBe(XLSX_CONTENT_TYPE);
    expect(res.headers['content-disposition']).toBe(`attachment; filename="Penjualan_Besar 2026-${new Date().toISOString().slice(0, 10)}.xlsx"`);
    const file = res.rawPayload;

    // Today's file before streaming: writeXlsx over the rows the list shows, headed and formatted per column type.
    const query = { keyword: 'denpasar', sort: '-c5' };
    const items: Cell[][] = [];
    let listed: { columns: { label: string }[]; items: Cell[][]; total: number };
    do {
      const page = await call(t, analysisEndpoints.listDatasetRows, {
        params: { datasetId },
        query: { ...query, limit: 100, page: items.length / 100 + 1 },
        token: admin,
      });
      expect(page.statusCode, page.body).toBe(200);
      listed = page.json();
      items.push(...listed.items);
    } while (items.length < listed.total);
    expect(items.length).toBe(ROWS / 60);
    const formats = [{ format: 'dd/mm/yyyy' }, {}, {}, { format: '#,##0.####' }, { format: '#,##0.##' }, { format: '0.##' }];
    const columns: XlsxColumn<Cell[]>[] = listed.columns.map((c, i) => ({
      header: c.label,
      width: Math.max(12, Math.min(40, c.label.length + 2)),
      ...formats[i],
      value: (r) => (i === 0 && typeof r[i] === 'string' ? new Date(`${r[i]}T00:00:00Z`) : r[i]),
    }));
    const before = await writeXlsx('Penjualan/Besar 2026', columns, items);

    expect(await rowsOfXlsx(file, dir)).toEqual(await rowsOfXlsx(before, dir));
    const look = await lookOfXlsx(file);
    expect(look).toEqual(await lookOfXlsx(before));
    expect(look).toMatchObject({ name: 'Penjualan_Besar 2026', views: [['frozen', 1]], autoFilter: 'A1:F1', widths: [12, 12, 40, 12, 12, 12] });
    expect(look.formats).toEqual(['dd/mm/yyyy', null, null, '#,##0.####', '#,##0.##', '0.##']);
  });

  it(`streams ${ROWS.toLocaleString('en')} rows, read through a cursor, every cell as in the database`, async () => {
    const file = path.join(dir, 'large.xlsx');
    const start = process.memoryUsage();
    const peak = { rss: start.rss, heap: start.heapUsed };
    const sampler = setInterval(() => {
      const m = process.memoryUsage();
      peak.rss = Math.max(peak.rss, m.rss);
      peak.heap = Math.max(peak.heap, m.heapUsed);
    }, 10);
    const res = await download(`${base}/api/v1/analysis/datasets/${datasetId}/rows/export?sort=-c5`, file).finally(() => clearInterval(sampler));
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe(XLSX_CONTENT_TYPE);
    expect(res.headers['transfer-encoding']).toBe('chunked');
    const mib = (n: number) => (n / 2 ** 20).toFixed(1);
    console.log(
      `export of ${ROWS} rows: test process (server + client) grew by RSS ${mib(peak.rss - start.rss)} MiB, heap ${mib(peak.heap - start.heapUsed)} MiB at most`,
    );

    const expected = await sqlRows('true', 'num_2 DESC NULLS LAST, row_no');
    let n = 0;
    for await (const row of readXlsxRows(file)) {
      if (n === 0) expect(row.values.slice(1)).toEqual(['Tanggal', 'Cabang', 'Produk dan keterangannya yang panjang sekali', 'Qty', 'Penjualan', 'Diskon']);
      else {
        const want = expected[n - 1];
        const got = Array.from({ length: 6 }, (_, i) => row.values[i + 1] ?? null);
        expect(got, `row ${n + 1}`).toEqual([want[0] === null ? null : serial(want[0] as string), ...want.slice(1)]);
      }
      n++;
    }
    expect(n).toBe(ROWS + 1);
    expect(await openTransactions()).toEqual([]);
  }, 120_000);

  it('releases the connection of a client that goes away mid-download', async () => {
    const url = `${base}/api/v1/analysis/datasets/${datasetId}/rows/export?sort=c2`;
    // More aborted downloads than the pool has connections: a leaked one would leave the last requests waiting.
    for (let i = 0; i < 8; i++) {
      const midway = await new Promise<string[]>((resolve, reject) => {
        const req = http.get(url, { headers: { authorization: `Bearer ${admin}` } }, (res) => {
          expect(res.statusCode).toBe(200);
          res.once('data', () => {
            res.pause();
            // The first bytes left while the export was still reading its rows (its transaction open on the cursor).
            void openTransactions().then((open) => {
              req.destroy();
              resolve(open);
            }, reject);
          });
        });
        req.on('error', () => {});
      });
      expect(
        midway.some((q) => q.includes('dataset_export')),
        midway.join(' | '),
      ).toBe(true);
      await until('the aborted export ended its transaction', async () => (await openTransactions()).length === 0);
    }
    expect(t.pools.app.waitingCount).toBe(0);
    const after = await call(t, analysisEndpoints.listDatasetRows, { params: { datasetId }, query: { limit: 5 }, token: admin });
    expect(after.statusCode, after.body).toBe(200);
  }, 120_000);
});
