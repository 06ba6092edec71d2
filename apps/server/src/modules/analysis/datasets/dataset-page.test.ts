import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { analysisAskEndpoints, analysisEndpoints, datasetEditEndpoints as ep } from '@nusa/contracts';
import { call } from '../../../../test/call.ts';
import { createTestApp, type TestApp } from '../../../../test/test-app.ts';

/** The dataset page (issue 13): a dataset made by hand, its rows and columns edited, searched, sorted, exported. */

let t: TestApp;
let admin: string;
let datasetId: string;

const BRANCHES = ['Surabaya', 'Jakarta', 'Bandung'];
/** Row i as typed in the grid: Indonesian dates and money. */
const typed = (i: number) => [
  BRANCHES[i % 3],
  `${String(1 + (i % 28)).padStart(2, '0')}/03/2026`,
  `Rp ${(100_000 * (i + 1)).toLocaleString('id-ID')}`,
  String(i % 4),
];
const ROWS = 12;

const rows = (query: { keyword?: string; sort?: string; page?: number; limit?: number } = {}) =>
  call(t, analysisEndpoints.listDatasetRows, { params: { datasetId }, query, token: admin }).then((r) => {
    expect(r.statusCode, r.body).toBe(200);
    return r.json();
  });
const dataset = async () => (await call(t, analysisEndpoints.getDataset, { params: { datasetId }, token: admin })).json();
const sqlRows = async (select: string, tail = '') =>
  (await t.pools.owner.query({ text: `SELECT ${select} FROM analysis_rows WHERE dataset_id = $1 ${tail}`, values: [datasetId], rowMode: 'array' })).rows;

beforeAll(async () => {
  t = await createTestApp('dataset-page');
  admin = await t.login('admin');
  const made = await call(t, ep.createDataset, {
    body: {
      name: 'Penjualan Manual',
      columns: [
        { label: 'Cabang', type: 'text' },
        { label: 'Tanggal', type: 'date' },
        { label: 'Penjualan', type: 'money' },
        { label: 'Kode', type: 'text' },
      ],
    },
    token: admin,
  });
  expect(made.statusCode, made.body).toBe(200);
  datasetId = made.json().datasetId;
  for (let i = 0; i < ROWS; i++) {
    const r = await call(t, ep.addDatasetRow, { params: { datasetId }, body: { cells: typed(i) }, token: admin });
    expect(r.statusCode, r.body).toBe(200);
  }
});
afterAll(() => t.close());

describe('a dataset made by hand', () => {
  it('keeps its columns and types, and reads rows typed the Indonesian way', async () => {
    const d = await dataset();
    expect(d).toMatchObject({ name: 'Penjualan Manual', source: 'manual', rowCount: ROWS });
    expect(d.columns.map((c) => [c.key, c.label, c.type])).toEqual([
      ['c1', 'Cabang', 'text'],
      ['c2', 'Tanggal', 'date'],
      ['c3', 'Penjualan', 'money'],
      ['c4', 'Kode', 'text'],
    ]);
    const first = await rows({ limit: 5 });
    expect(first.total).toBe(ROWS);
    expect(first.rowNos).toEqual([1, 2, 3, 4, 5]);
    expect(first.items[1]).toEqual(['Jakarta', '2026-03-02', 200000, '1']);
  });

  it('refuses a cell that does not read as its type, naming the column, and writes nothing', async () => {
    const before = await sqlRows('count(*)::int');
    const bad = await call(t, ep.addDatasetRow, { params: { datasetId }, body: { cells: ['Medan', '31/02/2026', '5000', ''] }, token: admin });
    expect(bad.statusCode).toBe(422);
    expect(bad.error()).toEqual({ errorCode: 'analysis_row_cell_invalid', errorArgs: ['Tanggal', '31/02/2026', 'date/tanggal', 'c2'] });
    const wide = await call(t, ep.addDatasetRow, { params: { datasetId }, body: { cells: ['a', null, null, null, 'x'] }, token: admin });
    expect(wide.error()).toEqual({ errorCode: 'analysis_row_too_wide', errorArgs: [5, 4] });
    expect(await sqlRows('count(*)::int')).toEqual(before);
    expect((await dataset()).rowCount).toBe(ROWS);
  });

  it('edits a row in place and keeps the old cells in the audit', async () => {
    const r = await call(t, ep.updateDatasetRow, {
      params: { datasetId, rowNo: 2 },
      body: { cells: ['Jakarta Barat', '2026-03-02', '1.234.567,89', '1'] },
      token: admin,
    });
    expect(r.json()).toEqual({ rowNo: 2, cells: ['Jakarta Barat', '2026-03-02', 1234567.89, '1'] });
    expect(await sqlRows('text_1, num_1::text', 'AND row_no = 2')).toEqual([['Jakarta Barat', '1234567.89']]);
    const audit = await t.pools.owner.query(`SELECT action, before, after FROM audit_log WHERE entity = 'analysis_row' AND entity_id = $1`, [`${datasetId}:2`]);
    expect(audit.rows.map((a) => a.action)).toEqual(['create', 'update']);
    expect(audit.rows[1].before).toMatchObject({ Cabang: 'Jakarta', Penjualan: '200000' });
    expect(audit.rows[1].after).toMatchObject({ Cabang: 'Jakarta Barat', Penjualan: '1234567.89' });
    const missing = await call(t, ep.updateDatasetRow, { params: { datasetId, rowNo: 999 }, body: { cells: [] }, token: admin });
    expect(missing.error()).toEqual({ errorCode: 'analysis_row_not_found', errorArgs: [999] });
  });

  it('searches text columns, sorts by any column and pages stably', async () => {
    const found = await rows({ keyword: 'sura' });
    expect(found.total).toBe(4);
    expect(found.items.every((r) => r[0] === 'Surabaya')).toBe(true);
    expect((await rows({ keyword: 'tidak ada' })).total).toBe(0);
    const byMoney = await rows({ sort: '-c3', limit: 100 });
    expect(byMoney.rowNos).toEqual((await sqlRows('row_no', 'ORDER BY num_1 DESC, row_no')).map((r) => r[0]));
    const byBranch = await rows({ sort: 'c1', limit: 100 });
    expect(byBranch.items.map((r) => r[0])).toEqual((await sqlRows('text_1', 'ORDER BY text_1, row_no')).map((r) => r[0]));
    const pages = [
      ...(await rows({ sort: 'c1', limit: 5, page: 1 })).rowNos,
      ...(await rows({ sort: 'c1', limit: 5, page: 2 })).rowNos,
      ...(await rows({ sort: 'c1', limit: 5, page: 3 })).rowNos,
    ];
    expect(pages).toEqual(byBranch.rowNos);
    const unknown = await call(t, analysisEndpoints.listDatasetRows, { params: { datasetId }, query: { sort: 'c9' }, token: admin });
    expect(unknown.error()).toEqual({ errorCode: 'analysis_column_not_found', errorArgs: ['c9'] });
  });

  it('exports what the list shows as xlsx', async () => {
    const res = await t.request({ method: 'GET', url: `/api/v1/analysis/datasets/${datasetId}/rows/export?keyword=band&sort=-c3`, token: admin });
    expect(res.statusCode, res.body).toBe(200);
    const book = new ExcelJS.Workbook();
    await book.xlsx.load(res.rawPayload as unknown as ArrayBuffer);
    const sheet = book.worksheets[0];
    expect(sheet.getRow(1).values).toEqual([undefined, 'Cabang', 'Tanggal', 'Penjualan', 'Kode']);
    const shown = await rows({ keyword: 'band', sort: '-c3' });
    const exported: unknown[][] = [];
    sheet.eachRow((row, n) => {
      if (n > 1) exported.push((row.values as unknown[]).slice(1).map((v) => (v instanceof Date ? v.toISOString().slice(0, 10) : v)));
    });
    expect(exported).toEqual(shown.items);
    expect(exported.length).toBe(4);
  });

  it('answers questions over a dataset made by hand', async () => {
    const a = await call(t, analysisAskEndpoints.ask, { body: { datasetId, question: 'total penjualan per cabang' }, token: admin });
    expect(a.statusCode, a.body).toBe(200);
    const expected = await sqlRows('text_1, sum(num_1)::float8', 'GROUP BY 1 ORDER BY 2 DESC, 1');
    expect(a.json().rows).toEqual(expected);
  });

  it('deletes the rows chosen', async () => {
    const r = await call(t, ep.deleteDatasetRows, { params: { datasetId }, body: { rowNos: [1, 4, 999] }, token: admin });
    expect(r.json()).toEqual({ deleted: 2 });
    expect((await dataset()).rowCount).toBe(ROWS - 2);
    expect((await rows({ limit: 100 })).rowNos).not.toContain(1);
    expect((await sqlRows('count(*)::int'))[0][0]).toBe(ROWS - 2);
    const added = await call(t, ep.addDatasetRow, { params: { datasetId }, body: { cells: typed(20) }, token: admin });
    expect(added.json().rowNo).toBe(ROWS + 1);
  });
});

describe('columns', () => {
  it('renames a column, keeping its key, and refuses a name already used', async () => {
    const r = await call(t, ep.updateDatasetColumn, { params: { datasetId, key: 'c1' }, body: { label: 'Outlet' }, token: admin });
    expect(r.json().columns[0]).toEqual({ key: 'c1', label: 'Outlet', type: 'text' });
    const a = await call(t, analysisAskEndpoints.ask, { body: { datasetId, question: 'total penjualan per outlet' }, token: admin });
    expect(a.json().plan.dimensions).toEqual([expect.objectContaining({ column: 'c1' })]);
    const taken = await call(t, ep.updateDatasetColumn, { params: { datasetId, key: 'c4' }, body: { label: 'outlet' }, token: admin });
    expect(taken.statusCode).toBe(409);
    expect(taken.error()).toEqual({ errorCode: 'analysis_column_label_taken', errorArgs: ['outlet'] });
  });

  it('refuses a retype while a value does not convert, naming its row, and converts every value once fixed', async () => {
    await call(t, ep.updateDatasetRow, { params: { datasetId, rowNo: 3 }, body: { cells: ['Bandung', '03/03/2026', '300000', 'tiga'] }, token: admin });
    const refused = await call(t, ep.updateDatasetColumn, { params: { datasetId, key: 'c4' }, body: { type: 'number' }, token: admin });
    expect(refused.statusCode).toBe(422);
    expect(refused.error()).toEqual({ errorCode: 'analysis_retype_refused', errorArgs: ['Kode', 'number/angka', 1, '3', 'tiga'] });
    expect((await dataset()).columns[3]).toEqual({ key: 'c4', label: 'Kode', type: 'text' });
    expect((await sqlRows('count(text_2)::int, count(num_2)::int'))[0]).toEqual([ROWS - 1, 0]);

    await call(t, ep.updateDatasetRow, { params: { datasetId, rowNo: 3 }, body: { cells: ['Bandung', '03/03/2026', '300000', '3'] }, token: admin });
    const done = await call(t, ep.updateDatasetColumn, { params: { datasetId, key: 'c4' }, body: { type: 'number', label: 'Jumlah' }, token: admin });
    expect(done.statusCode, done.body).toBe(200);
    expect(done.json().columns[3]).toEqual({ key: 'c4', label: 'Jumlah', type: 'number' });
    expect((await sqlRows('count(text_2)::int, count(num_2)::int'))[0]).toEqual([0, ROWS - 1]);
    const sum = (await sqlRows('sum(num_2)::float8'))[0][0];
    const a = await call(t, analysisAskEndpoints.ask, { body: { datasetId, question: 'total jumlah' }, token: admin });
    expect(a.json().rows).toEqual([[sum]]);
    // Back to text: numbers become their text, and the dates column to text and back.
    expect((await call(t, ep.updateDatasetColumn, { params: { datasetId, key: 'c4' }, body: { type: 'text' }, token: admin })).statusCode).toBe(200);
    expect((await call(t, ep.updateDatasetColumn, { params: { datasetId, key: 'c2' }, body: { type: 'text' }, token: admin })).statusCode).toBe(200);
    expect((await call(t, ep.updateDatasetColumn, { params: { datasetId, key: 'c2' }, body: { type: 'date' }, token: admin })).statusCode).toBe(200);
    const second = await rows({ limit: 5 });
    expect(second.rowNos[0]).toBe(2);
    expect(second.items[0]).toEqual(['Jakarta Barat', '2026-03-02', 1234567.89, '1']);
    const audit = await t.pools.owner.query(
      `SELECT count(*)::int AS n FROM audit_log WHERE entity = 'analysis_dataset' AND entity_id = $1 AND action = 'update'`,
      [datasetId],
    );
    expect(audit.rows[0].n).toBe(5);
  });
});

describe('access', () => {
  it('shows nothing to another tenant and refuses users without the tasks', async () => {
    await t.seedTenant('acme');
    const other = await t.login('admin', 'acme');
    const as = { token: other, tenant: 'acme' };
    expect((await call(t, ep.addDatasetRow, { params: { datasetId }, body: { cells: ['x'] }, ...as })).error().errorCode).toBe('analysis_dataset_not_found');
    expect((await call(t, ep.updateDatasetRow, { params: { datasetId, rowNo: 2 }, body: { cells: ['x'] }, ...as })).error().errorCode).toBe(
      'analysis_dataset_not_found',
    );
    expect((await call(t, ep.deleteDatasetRows, { params: { datasetId }, body: { rowNos: [2] }, ...as })).error().errorCode).toBe('analysis_dataset_not_found');
    expect((await call(t, ep.updateDatasetColumn, { params: { datasetId, key: 'c1' }, body: { label: 'x' }, ...as })).error().errorCode).toBe(
      'analysis_dataset_not_found',
    );
    expect((await call(t, ep.exportDatasetRows, { params: { datasetId }, query: {}, ...as })).statusCode).toBe(404);
    expect((await call(t, analysisEndpoints.listDatasetRows, { params: { datasetId }, query: { keyword: 'a' }, ...as })).statusCode).toBe(404);
    expect((await dataset()).rowCount).toBe(ROWS - 1);

    const staff = await t.login('staff');
    const refused = [
      await call(t, ep.createDataset, { body: { name: 'x', columns: [{ label: 'a', type: 'text' }] }, token: staff }),
      await call(t, ep.addDatasetRow, { params: { datasetId }, body: { cells: ['x'] }, token: staff }),
      await call(t, ep.updateDatasetRow, { params: { datasetId, rowNo: 2 }, body: { cells: ['x'] }, token: staff }),
      await call(t, ep.deleteDatasetRows, { params: { datasetId }, body: { rowNos: [2] }, token: staff }),
      await call(t, ep.updateDatasetColumn, { params: { datasetId, key: 'c1' }, body: { label: 'x' }, token: staff }),
      await call(t, ep.exportDatasetRows, { params: { datasetId }, query: {}, token: staff }),
    ];
    expect(refused.map((r) => r.statusCode)).toEqual([403, 403, 403, 403, 403, 403]);
  });

  it('refuses a dataset with a repeated column name or too many date columns', async () => {
    const twice = await call(t, ep.createDataset, {
      body: {
        name: 'x',
        columns: [
          { label: 'A', type: 'text' },
          { label: 'a', type: 'number' },
        ],
      },
      token: admin,
    });
    expect(twice.error()).toEqual({ errorCode: 'analysis_column_label_taken', errorArgs: ['a'] });
    const dates = Array.from({ length: 9 }, (_, i) => ({ label: `T${i}`, type: 'date' as const }));
    expect((await call(t, ep.createDataset, { body: { name: 'x', columns: dates }, token: admin })).error()).toEqual({
      errorCode: 'analysis_too_many_columns',
      errorArgs: ['tanggal/date', 8],
    });
  });
});
