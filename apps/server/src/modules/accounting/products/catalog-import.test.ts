import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../../test/test-app.ts';
import { importReport, importSuite, workbook } from '../../../platform/files/sheet-test-kit.ts';

let t: TestApp;
let admin: string;

beforeAll(async () => {
  t = await createTestApp('catalog_import');
  admin = await t.login('admin');
});
afterAll(() => t.close());

const common = { app: () => t, admin: () => admin, forbidden: ['staff', 'agent', 'cashier'] };

describe('unit of measure xlsx import', () => {
  importSuite({
    ...common,
    path: 'v1/erp/uoms',
    keyword: 'ZUI-',
    header: ['uomCode', 'uomName', 'active'],
    required: ['uomCode', 'uomName'],
    good: [
      ['ZUI-BOX', 'Kotak Impor', 'Y'],
      ['ZUI-LSN', 'Lusin Impor', 'N'],
    ],
    bad: {
      row: ['ZUI BAD', 'Spasi', null],
      column: 'uomCode',
      errorCode: 'invalid_input_format',
      errorArgs: ['uomCode', 'letters, digits, dot, dash, slash or underscore, no spaces'],
    },
  });
});

describe('brand xlsx import', () => {
  importSuite({
    ...common,
    path: 'v1/erp/brands',
    keyword: 'ZBI-',
    header: ['Kode', 'Nama', 'Aktif'],
    required: ['Kode', 'Nama'],
    good: [
      ['ZBI-1', 'Merek Impor 1', 'Ya'],
      ['ZBI-2', 'Merek Impor 2', null],
    ],
    bad: { row: ['ZBI-3', null, 'Y'], column: 'brandName', errorCode: 'value_cannot_null', errorArgs: ['brandName'] },
  });
});

describe('product category xlsx import', () => {
  importSuite({
    ...common,
    path: 'v1/erp/product-categories',
    keyword: 'ZCI-',
    header: ['Code', 'Name', 'Active'],
    required: ['Code', 'Name'],
    good: [
      ['ZCI-1', 'Kategori Impor 1', 'Yes'],
      ['ZCI-2', 'Kategori Impor 2', 'No'],
    ],
    bad: { row: ['ZCI-3', 'Kategori Impor 3', 'Mungkin'], column: 'active', errorCode: 'invalid_input_format', errorArgs: ['active', 'Y or N'] },
  });
});

describe('product sub-category xlsx import', () => {
  importSuite({
    ...common,
    path: 'v1/erp/product-sub-categories',
    keyword: 'ZSI-',
    header: ['subCategoryCode', 'subCategoryName', 'categoryCode', 'active'],
    required: ['subCategoryCode', 'subCategoryName', 'categoryCode'],
    good: [
      ['ZSI-1', 'Sub Impor 1', 'MNM', null],
      ['ZSI-2', 'Sub Impor 2', 'mkn', 'Y'],
    ],
    bad: { row: ['ZSI-3', 'Sub Impor 3', 'TIDAKADA', null], column: 'categoryCode', errorCode: 'product_category_not_found', errorArgs: ['TIDAKADA'] },
  });

  it('refuses moving a sub-category that products use to another category, and keeps its name (the row is all-or-nothing)', async () => {
    const before = (await t.request({ method: 'GET', url: '/api/v1/erp/product-sub-categories?keyword=MNM-TEH', token: admin })).json().items[0];
    const res = await importReport(
      t,
      'v1/erp/product-sub-categories',
      await workbook(['Kode', 'Nama', 'Kode Kategori'], [['MNM-TEH', 'Teh Baru', 'MKN']]),
      admin,
    );
    expect(res).toEqual({
      rows: 1,
      created: 0,
      updated: 0,
      unchanged: 0,
      errors: [{ row: 2, column: 'categoryCode', errorCode: 'used_by_another_table', errorArgs: ['products'] }],
    });
    const after = (await t.request({ method: 'GET', url: '/api/v1/erp/product-sub-categories?keyword=MNM-TEH', token: admin })).json().items[0];
    expect(after).toEqual(before);
  });
});
