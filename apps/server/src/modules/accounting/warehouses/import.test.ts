import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../../test/test-app.ts';
import { importReport, importRun, importSuite, upload, workbook } from '../../../platform/files/sheet-test-kit.ts';

let t: TestApp;
let admin: string;

beforeAll(async () => {
  t = await createTestApp('warehouse_import');
  admin = await t.login('admin');
});
afterAll(() => t.close());

describe('warehouse xlsx import', () => {
  importSuite({
    app: () => t,
    admin: () => admin,
    path: 'v1/erp/warehouses',
    keyword: 'ZWI-',
    forbidden: ['staff', 'agent'],
    header: ['warehouseCode', 'warehouseName', 'flgWarehouse', 'address', 'active'],
    required: ['warehouseCode', 'warehouseName', 'flgWarehouse'],
    good: [
      ['ZWI-1', 'Gudang Impor Satu', 'WAREHOUSE', 'Jl. Impor 1', 'Y'],
      ['ZWI-2', 'Pabrik Impor', 'Produksi', null, null],
      ['ZWI-3', 'Toko Impor', 'location', null, 'N'],
    ],
    bad: {
      row: ['ZWI-9', 'Gudang Salah', 'TOKO', null, null],
      column: 'flgWarehouse',
      errorCode: 'invalid_input_format',
      errorArgs: ['flgWarehouse', 'LOCATION, PRODUCTION, WAREHOUSE'],
    },
  });

  it('reads types by name, deactivates on N, updates a changed row, generates blank codes and reports a code taken in the file', async () => {
    const list = (await t.request({ method: 'GET', url: '/api/v1/erp/warehouses?keyword=ZWI-', token: admin })).json();
    expect(list.items.map((w: { warehouseCode: string; flgWarehouse: string; active: string }) => [w.warehouseCode, w.flgWarehouse, w.active])).toEqual([
      ['ZWI-1', 'WAREHOUSE', 'Y'],
      ['ZWI-2', 'PRODUCTION', 'Y'],
      ['ZWI-3', 'LOCATION', 'N'],
    ]);
    const file = await workbook(
      ['Kode', 'Nama', 'Tipe', 'Aktif'],
      [
        ['ZWI-1', 'Gudang Impor Satu (baru)', 'Gudang', 'N'],
        [null, 'Gudang Tanpa Kode', 'Gudang', null],
        ['zwi-1', 'Lagi', 'Gudang', null],
        ['ZWI 4', 'Spasi', 'Gudang', null],
        ['ZWI-5', null, 'Gudang', null],
      ],
    );
    const res = await importReport(t, 'v1/erp/warehouses', file, admin);
    expect(res).toEqual({
      rows: 5,
      created: 1,
      updated: 1,
      unchanged: 0,
      errors: [
        { row: 4, column: 'warehouseCode', errorCode: 'sheet_import_duplicate_row', errorArgs: ['zwi-1', 2] },
        {
          row: 5,
          column: 'warehouseCode',
          errorCode: 'invalid_input_format',
          errorArgs: ['warehouseCode', 'letters, digits, dot, dash, slash or underscore, no spaces'],
        },
        { row: 6, column: 'warehouseName', errorCode: 'value_cannot_null', errorArgs: ['warehouseName'] },
      ],
    });
    const one = (await t.request({ method: 'GET', url: '/api/v1/erp/warehouses?keyword=ZWI-1', token: admin })).json().items[0];
    // The file has no address column: the stored address stays.
    expect(one).toMatchObject({ warehouseName: 'Gudang Impor Satu (baru)', active: 'N', address: 'Jl. Impor 1' });
    const generated = (await t.request({ method: 'GET', url: '/api/v1/erp/warehouses?keyword=Tanpa%20Kode', token: admin })).json().items[0];
    expect(generated.warehouseCode).toMatch(/^[A-Z]+\d+$/);
    const audit = await t.pools.owner.query(`SELECT action FROM audit_log WHERE entity_id = $1 ORDER BY id`, [one.warehouseId]);
    expect(audit.rows.map((r) => r.action)).toEqual(['create', 'update', 'deactivate']);
  });

  it('clears the address of a blank cell in a present address column, and keeps it when the column is left out', async () => {
    const address = async () => (await t.request({ method: 'GET', url: '/api/v1/erp/warehouses?keyword=ZWI-1', token: admin })).json().items[0].address;
    expect(await address()).toBe('Jl. Impor 1');
    const blank = await importReport(
      t,
      'v1/erp/warehouses',
      await workbook(['Kode', 'Nama', 'Tipe', 'Alamat'], [['ZWI-1', 'Gudang Impor Satu (baru)', 'Gudang', null]]),
      admin,
    );
    expect(blank).toEqual({ rows: 1, created: 0, updated: 1, unchanged: 0, errors: [] });
    expect(await address()).toBeNull();
    const filled = await importReport(
      t,
      'v1/erp/warehouses',
      await workbook(['Kode', 'Nama', 'Tipe', 'Alamat'], [['ZWI-1', 'Gudang Impor Satu (baru)', 'Gudang', 'Jl. Impor 1A']]),
      admin,
    );
    expect(filled).toMatchObject({ updated: 1, errors: [] });
    const renamed = await importReport(
      t,
      'v1/erp/warehouses',
      await workbook(['Kode', 'Nama', 'Tipe'], [['ZWI-1', 'Gudang Impor Satu (ganti)', 'Gudang']]),
      admin,
    );
    expect(renamed).toEqual({ rows: 1, created: 0, updated: 1, unchanged: 0, errors: [] });
    expect((await t.request({ method: 'GET', url: '/api/v1/erp/warehouses?keyword=ZWI-1', token: admin })).json().items[0]).toMatchObject({
      warehouseName: 'Gudang Impor Satu (ganti)',
      address: 'Jl. Impor 1A',
      active: 'N',
    });
  });

  it('refuses a file that is not xlsx and a sheet without the required columns', async () => {
    const garbage = await upload(t, 'v1/erp/warehouses', Buffer.from('not a spreadsheet'), admin);
    expect(garbage.statusCode).toBe(400);
    expect(garbage.json().errorCode).toBe('sheet_import_file_invalid');
    // A zip is taken; the run then finds the sheet lacks a required column, and ends failed with nothing saved.
    const missing = await importRun(t, 'v1/erp/warehouses', await workbook(['Kode', 'Nama'], [['X', 'Y']]), admin);
    expect(missing).toMatchObject({ status: 'failed', errorCode: 'sheet_import_column_missing', errorArgs: ['Tipe'], report: null });
    const json = await t.request({ method: 'POST', url: '/api/v1/erp/warehouses/import', token: admin, payload: { rows: [] } });
    expect(json.statusCode).toBe(415);
  });
});
