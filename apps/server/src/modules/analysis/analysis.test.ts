import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { analysisEndpoints as ep, CSV_CONTENT_TYPE, DATASET_SLOTS, XLSX_CONTENT_TYPE, type AnalysisImportRun } from '@nusa/contracts';
import { call } from '../../../test/call.ts';
import { createTestApp, type TestApp } from '../../../test/test-app.ts';
import { SLOTS } from './datasets/schema.ts';

let t: TestApp;

async function workbook(header: string[], rows: (string | number | Date | null)[][]): Promise<Buffer> {
  const book = new ExcelJS.Workbook();
  const sheet = book.addWorksheet('Data');
  sheet.addRow(header);
  for (const r of rows) sheet.addRow(r);
  return Buffer.from(await book.xlsx.writeBuffer());
}
let admin: string;

const BRANCHES = ['Surabaya', 'Jakarta', 'Bandung', 'Medan'];
const PRODUCTS = ['Kopi Susu', 'Teh Melati', 'Roti Bakar', 'Es Jeruk', 'Nasi Goreng', 'Mie Ayam', 'Pisang Goreng'];
const SEGMENTS = ['Retail', 'Grosir', 'Online'];
const DAY = 86_400_000;
const today = new Date(Date.UTC(new Date().getUTCFullYear(), new Date().getUTCMonth(), new Date().getUTCDate()));
const iso = (d: Date) => d.toISOString().slice(0, 10);
const idDate = (d: Date) => `${String(d.getUTCDate()).padStart(2, '0')}/${String(d.getUTCMonth() + 1).padStart(2, '0')}/${d.getUTCFullYear()}`;
const rupiah = (n: number) => `Rp ${n.toLocaleString('id-ID')}`;

/** Sales row i: a date within the last 400 days, a branch, product and segment, qty and amount (whole rupiah). */
const sale = (i: number) => {
  const qty = 1 + ((i * 7) % 9);
  return {
    date: new Date(today.getTime() - ((i * 37) % 400) * DAY), branch: BRANCHES[i % 4], product: PRODUCTS[(i * 3) % 7],
    segment: SEGMENTS[i % 3], qty, amount: qty * (15000 + ((i * 1231) % 20) * 500),
  };
};
const SALES = Array.from({ length: 600 }, (_, i) => sale(i));

/** The CSV as an Indonesian spreadsheet saves it: a title row, semicolons, dd/mm/yyyy, money with Rp and dots, one bad cell. */
const salesCsv = () => [
  'Laporan Penjualan;;;;;',
  ';;;;;',
  'Tanggal;Cabang;Produk;Segmen;Qty;Penjualan',
  ...SALES.map((s, i) => `${idDate(s.date)};${s.branch};${s.product};${s.segment};${i === 5 ? 'lima' : s.qty};"${rupiah(s.amount)}"`),
].join('\r\n');

async function importFile(file: Buffer | string, contentType: string, name: string, token = admin): Promise<AnalysisImportRun> {
  const res = await t.request({ method: 'POST', url: `/api/v1/analysis/datasets/import?name=${encodeURIComponent(name)}`, token, payload: file, headers: { 'content-type': contentType } });
  expect(res.statusCode, res.body.slice(0, 300)).toBe(200);
  const queued = res.json<AnalysisImportRun>();
  expect(queued).toMatchObject({ status: 'queued', datasetId: null });
  for (;;) {
    const run = (await call(t, ep.getAnalysisImport, { params: { importId: queued.importId }, token })).json();
    if (run.status === 'done' || run.status === 'failed') return run;
    await new Promise((r) => setTimeout(r, 50));
  }
}

let csvDataset: string;

beforeAll(async () => {
  t = await createTestApp('analysis');
  admin = await t.login('admin');
  const run = await importFile(salesCsv(), CSV_CONTENT_TYPE, 'Penjualan Toko');
  expect(run.status, JSON.stringify(run)).toBe('done');
  csvDataset = run.datasetId!;
});
afterAll(() => t.close());

describe('dataset imports', () => {
  it('keeps the slot counts of the contracts and the table the same', () => expect(SLOTS).toEqual(DATASET_SLOTS));

  it('imports a CSV under a title row: types inferred, the bad cell reported by row and column and stored empty', async () => {
    const d = (await call(t, ep.getDataset, { params: { datasetId: csvDataset }, token: admin })).json();
    expect(d).toMatchObject({ name: 'Penjualan Toko', rowCount: 600 });
    expect(d.columns).toEqual([
      { key: 'c1', label: 'Tanggal', type: 'date' }, { key: 'c2', label: 'Cabang', type: 'text' }, { key: 'c3', label: 'Produk', type: 'text' },
      { key: 'c4', label: 'Segmen', type: 'text' }, { key: 'c5', label: 'Qty', type: 'number' }, { key: 'c6', label: 'Penjualan', type: 'money' },
    ]);
    const run = (await t.pools.owner.query<{ report: { errors: unknown[] } }>(`SELECT report FROM import_runs WHERE endpoint = '/v1/analysis/datasets/import' ORDER BY created_at LIMIT 1`)).rows[0];
    expect(run.report.errors).toEqual([{ row: 9, column: 'Qty', errorCode: 'analysis_cell_invalid', errorArgs: ['lima', 'number/angka'] }]);
    const rows = (await call(t, ep.listDatasetRows, { params: { datasetId: csvDataset }, query: { page: 1, limit: 5 }, token: admin })).json();
    expect(rows.total).toBe(600);
    expect(rows.items[0]).toEqual([iso(SALES[0].date), SALES[0].branch, SALES[0].product, SALES[0].segment, SALES[0].qty, SALES[0].amount]);
    const page2 = (await call(t, ep.listDatasetRows, { params: { datasetId: csvDataset }, query: { page: 2, limit: 5 }, token: admin })).json();
    expect(page2.items[0]).toEqual([iso(SALES[5].date), SALES[5].branch, SALES[5].product, SALES[5].segment, null, SALES[5].amount]);
  });

  it('imports an xlsx (Excel dates and numbers) and lists it', async () => {
    const file = await workbook(['Tanggal', 'Cabang', 'Nilai', 'Diskon'], [
      [new Date(Date.UTC(2026, 0, 31)), 'Surabaya', 1500000.5, '10%'],
      [new Date(Date.UTC(2026, 1, 1)), 'Jakarta', 250000, '12,5%'],
    ]);
    const run = await importFile(file, XLSX_CONTENT_TYPE, 'Dari Excel');
    expect(run).toMatchObject({ status: 'done', rowsRead: 2, report: { rows: 2, errors: [] } });
    const rows = (await call(t, ep.listDatasetRows, { params: { datasetId: run.datasetId! }, query: { page: 1, limit: 25 }, token: admin })).json();
    expect(rows.columns.map((c) => c.type)).toEqual(['date', 'text', 'money', 'percent']);
    expect(rows.items).toEqual([['2026-01-31', 'Surabaya', 1500000.5, 10], ['2026-02-01', 'Jakarta', 250000, 12.5]]);
    const list = (await call(t, ep.listDatasets, { query: { keyword: 'excel' }, token: admin })).json();
    expect(list.items.map((d) => d.name)).toEqual(['Dari Excel']);
  });

  it('fails a file without a header row or that is no spreadsheet, and saves nothing of it', async () => {
    const noHeader = await importFile('1;2;3\n4;5;6\n', CSV_CONTENT_TYPE, 'Tanpa Judul');
    expect(noHeader).toMatchObject({ status: 'failed', errorCode: 'analysis_header_missing', datasetId: null });
    const binary = await t.request({ method: 'POST', url: '/api/v1/analysis/datasets/import?name=x', token: admin, payload: Buffer.from([1, 0, 2, 0]), headers: { 'content-type': 'application/octet-stream' } });
    expect(binary.json()).toEqual({ errorCode: 'analysis_file_invalid', errorArgs: [] });
    const wide = `${Array.from({ length: DATASET_SLOTS.date + 1 }, (_, i) => `Tanggal ${i + 1}`).join(',')}\n${Array.from({ length: DATASET_SLOTS.date + 1 }, () => '01/01/2025').join(',')}\n`;
    expect(await importFile(wide, CSV_CONTENT_TYPE, 'Lebar')).toMatchObject({ status: 'failed', errorCode: 'analysis_too_many_columns', errorArgs: ['tanggal/date', DATASET_SLOTS.date] });
    expect((await call(t, ep.listDatasets, { query: {}, token: admin })).json().total).toBe(2);
  });

  it('shows nothing to another tenant and refuses users without the tasks', async () => {
    await t.seedTenant('acme');
    const other = await t.login('admin', 'acme');
    expect((await call(t, ep.listDatasets, { query: {}, token: other, tenant: 'acme' })).json()).toEqual({ items: [], total: 0 });
    expect((await call(t, ep.getDataset, { params: { datasetId: csvDataset }, token: other, tenant: 'acme' })).error().errorCode).toBe('analysis_dataset_not_found');
    expect((await call(t, ep.listDatasetRows, { params: { datasetId: csvDataset }, query: {}, token: other, tenant: 'acme' })).error().errorCode).toBe('analysis_dataset_not_found');
    const rls = await t.pools.app.query(`SELECT count(*)::int AS n FROM analysis_rows`);
    expect(rls.rows[0].n).toBe(0);
    const cashier = await t.login('cashier');
    expect((await call(t, ep.listDatasets, { query: {}, token: cashier })).statusCode).toBe(403);
    const staff = await t.login('staff');
    const upload = await t.request({ method: 'POST', url: '/api/v1/analysis/datasets/import?name=x', token: staff, payload: 'a,b\n1,2', headers: { 'content-type': CSV_CONTENT_TYPE } });
    expect(upload.statusCode).toBe(403);
    expect((await call(t, ep.listDatasetRows, { params: { datasetId: csvDataset }, query: {}, token: staff })).statusCode).toBe(403);
  });
});
