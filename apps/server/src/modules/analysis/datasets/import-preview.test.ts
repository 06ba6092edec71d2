import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { analysisEndpoints as ep, CSV_CONTENT_TYPE, PDF_CONTENT_TYPE, type AnalysisImportRun, type DatasetPreview } from '@nusa/contracts';
import { call } from '../../../../test/call.ts';
import { pdfSale, salesPdf, scannedPdf } from '../../../../test/dataset-pdfs.ts';
import { createTestApp, type TestApp } from '../../../../test/test-app.ts';

let t: TestApp;
let admin: string;

const send = (url: string, file: Buffer | string, contentType: string, token = admin, tenant?: string) =>
  t.request({ method: 'POST', url: `/api/v1/analysis/datasets/${url}`, token, tenant, payload: file, headers: { 'content-type': contentType } });

async function importFile(file: Buffer | string, contentType: string, query: string): Promise<AnalysisImportRun> {
  const res = await send(`import?${query}`, file, contentType);
  expect(res.statusCode, res.body.slice(0, 300)).toBe(200);
  const queued = res.json<AnalysisImportRun>();
  for (;;) {
    const run = (await call(t, ep.getAnalysisImport, { params: { importId: queued.importId }, token: admin })).json();
    if (run.status === 'done' || run.status === 'failed') return run;
    await new Promise((r) => setTimeout(r, 50));
  }
}

const rowsOf = async (datasetId: string, page = 1) =>
  (await call(t, ep.listDatasetRows, { params: { datasetId }, query: { page, limit: 100 }, token: admin })).json();

/** A shop's CSV: a product code of digits (read as a number unless the user says text), a bad date in row 4. */
const CSV = ['Tanggal;Kode;Cabang;Jumlah', '31/12/2025;1001;Surabaya;1.234.567,89', '01/01/2026;1002;Jakarta;250.000', '02/01/2026;1003;Medan;12,5']
  .concat(['kemarin;1004;Bandung;1.000'])
  .join('\n');

let pdf: Buffer;

beforeAll(async () => {
  t = await createTestApp('analysis-import');
  admin = await t.login('admin');
  pdf = await salesPdf(130, { badAt: 7 });
});
afterAll(() => t.close());

describe('PDF upload', () => {
  let datasetId: string;

  it('imports the table of a three-page text PDF as one dataset with its types and Indonesian numbers and dates', async () => {
    const run = await importFile(pdf, PDF_CONTENT_TYPE, 'name=Laporan%20PDF');
    expect(run).toMatchObject({ status: 'done', report: { rows: 130 } });
    datasetId = run.datasetId!;
    // Row 8 of the table's Qty says "tujuh": reported by its line in the PDF (title, header, then rows) and column.
    expect(run.report!.errors).toEqual([{ row: 10, column: 'Qty', errorCode: 'analysis_cell_invalid', errorArgs: ['tujuh', 'number/angka'] }]);
    const d = (await call(t, ep.getDataset, { params: { datasetId }, token: admin })).json();
    expect(d).toMatchObject({ name: 'Laporan PDF', rowCount: 130 });
    expect(d.columns.map(({ label, type }) => [label, type])).toEqual([
      ['Tanggal', 'date'],
      ['Cabang', 'text'],
      ['Produk', 'text'],
      ['Qty', 'number'],
      ['Penjualan', 'money'],
    ]);
    const items = [...(await rowsOf(datasetId, 1)).items, ...(await rowsOf(datasetId, 2)).items];
    expect(items).toHaveLength(130);
    items.forEach((r, i) => {
      const s = pdfSale(i);
      expect(r).toEqual([`2025-12-${String(s.day).padStart(2, '0')}`, s.branch, s.product, i === 7 ? null : s.qty, Math.round(s.amount * 100) / 100]);
    });
  });

  it('previews a PDF: the header, types and first rows as written', async () => {
    const res = await send('preview', pdf, PDF_CONTENT_TYPE);
    expect(res.statusCode, res.body.slice(0, 300)).toBe(200);
    const p = res.json<DatasetPreview>();
    expect(p).toMatchObject({ format: 'pdf', headerRow: 2 });
    expect(p.columns.map((c) => c.type)).toEqual(['date', 'text', 'text', 'number', 'money']);
    expect(p.rows).toHaveLength(20);
    expect(p.rows[0]).toEqual(['01/12/2025', 'Surabaya', 'Kopi Susu', '1', '1.234.567,89']);
  });

  it('says a scanned PDF is scanned, in the preview and in the run, and saves nothing', async () => {
    const scan = await scannedPdf();
    const res = await send('preview', scan, PDF_CONTENT_TYPE);
    expect(res.statusCode).toBe(422);
    expect(res.json()).toEqual({ errorCode: 'analysis_pdf_scanned', errorArgs: [] });
    expect(await importFile(scan, 'application/octet-stream', 'name=Pindaian')).toMatchObject({
      status: 'failed',
      errorCode: 'analysis_pdf_scanned',
      datasetId: null,
    });
    expect((await call(t, ep.listDatasets, { query: { keyword: 'Pindaian' }, token: admin })).json().total).toBe(0);
  });
});

describe('type preview before import', () => {
  it('previews a CSV without saving anything', async () => {
    const before = (await call(t, ep.listDatasets, { query: {}, token: admin })).json().total;
    const res = await send('preview', CSV, CSV_CONTENT_TYPE);
    expect(res.json()).toEqual({
      format: 'csv',
      headerRow: 1,
      columns: [
        { label: 'Tanggal', type: 'text' },
        { label: 'Kode', type: 'text' },
        { label: 'Cabang', type: 'text' },
        { label: 'Jumlah', type: 'number' },
      ],
      rows: [
        ['31/12/2025', '1001', 'Surabaya', '1.234.567,89'],
        ['01/01/2026', '1002', 'Jakarta', '250.000'],
        ['02/01/2026', '1003', 'Medan', '12,5'],
        ['kemarin', '1004', 'Bandung', '1.000'],
      ],
    } satisfies DatasetPreview);
    expect((await call(t, ep.listDatasets, { query: {}, token: admin })).json().total).toBe(before);
  });

  it('imports with the types and names chosen in the preview; cells that do not fit are reported by row and column', async () => {
    const columns = [
      { label: 'Tanggal', type: 'date' },
      { label: 'Kode Produk', type: 'text' },
      { label: 'Cabang', type: 'text' },
      { label: 'Nilai', type: 'money' },
    ];
    const run = await importFile(CSV, CSV_CONTENT_TYPE, `name=Dipilih&columns=${encodeURIComponent(JSON.stringify(columns))}`);
    expect(run).toMatchObject({ status: 'done', report: { rows: 4 } });
    expect(run.report!.errors).toEqual([{ row: 5, column: 'Tanggal', errorCode: 'analysis_cell_invalid', errorArgs: ['kemarin', 'date/tanggal'] }]);
    const rows = await rowsOf(run.datasetId!);
    expect(rows.columns.map(({ label, type }) => ({ label, type }))).toEqual(columns);
    expect(rows.items).toEqual([
      ['2025-12-31', '1001', 'Surabaya', 1234567.89],
      ['2026-01-01', '1002', 'Jakarta', 250000],
      ['2026-01-02', '1003', 'Medan', 12.5],
      [null, '1004', 'Bandung', 1000],
    ]);
    const audit = await t.pools.owner.query(`SELECT after FROM audit_log WHERE module = 'analysis.dataset' AND entity_id = $1`, [run.datasetId]);
    expect(audit.rows[0].after).toMatchObject({ name: 'Dipilih', format: 'csv', typesChosen: true, badCells: 1 });
  });

  it('without choices the same upload still imports directly with the inferred types', async () => {
    const run = await importFile(CSV, CSV_CONTENT_TYPE, 'name=Langsung');
    expect(run.status).toBe('done');
    expect((await rowsOf(run.datasetId!)).columns.map((c) => c.type)).toEqual(['text', 'text', 'text', 'number']);
  });

  it('refuses choices that are not JSON, name an unknown type, or do not match the columns of the file', async () => {
    const bad = await send(`import?name=x&columns=${encodeURIComponent('[{label:')}`, CSV, CSV_CONTENT_TYPE);
    expect(bad.statusCode).toBe(400);
    expect(bad.json()).toEqual({ errorCode: 'invalid_input_format', errorArgs: ['columns', 'JSON'] });
    const unknown = await send(`import?name=x&columns=${encodeURIComponent(JSON.stringify([{ label: 'A', type: 'boolean' }]))}`, CSV, CSV_CONTENT_TYPE);
    expect(unknown.json().errorCode).toBe('invalid_input_format');
    const fewer = await importFile(CSV, CSV_CONTENT_TYPE, `name=Kurang&columns=${encodeURIComponent(JSON.stringify([{ label: 'A', type: 'text' }]))}`);
    expect(fewer).toMatchObject({ status: 'failed', errorCode: 'analysis_import_columns_invalid', errorArgs: [4], datasetId: null });
  });

  it('keeps the preview to users with the task, and the datasets to their tenant', async () => {
    const staff = await t.login('staff');
    expect((await send('preview', CSV, CSV_CONTENT_TYPE, staff)).statusCode).toBe(403);
    await t.seedTenant('acme');
    const other = await t.login('admin', 'acme');
    expect((await send('preview', CSV, CSV_CONTENT_TYPE, other, 'acme')).statusCode).toBe(200);
    expect((await call(t, ep.listDatasets, { query: { keyword: 'PDF' }, token: other, tenant: 'acme' })).json()).toEqual({ items: [], total: 0 });
  });
});
