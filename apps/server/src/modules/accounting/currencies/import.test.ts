import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../../test/test-app.ts';
import { importReport, importSuite, workbook } from '../../../platform/files/sheet-test-kit.ts';

let t: TestApp;
let admin: string;

beforeAll(async () => {
  t = await createTestApp('currency_import');
  admin = await t.login('admin');
});
afterAll(() => t.close());

const common = { app: () => t, admin: () => admin, forbidden: ['staff', 'agent', 'cashier'] };

describe('currency xlsx import', () => {
  importSuite({
    ...common,
    path: 'v1/erp/currencies',
    keyword: 'QQ',
    header: ['currencyCode', 'currencyName', 'symbol', 'decimals', 'active'],
    required: ['currencyCode', 'currencyName', 'symbol', 'decimals'],
    good: [
      ['QQA', 'Mata Uang Uji A', 'QA', 2, 'Y'],
      ['qqb', 'Mata Uang Uji B', 'QB', 0, null],
    ],
    bad: {
      row: ['QQ1', 'Mata Uang Salah', 'Q1', 2, null],
      column: 'currencyCode',
      errorCode: 'invalid_input_format',
      errorArgs: ['currencyCode', 'three letters (ISO 4217)'],
    },
  });

  it('rolls back the whole row when the book currency would be deactivated: its new name is not kept either', async () => {
    const res = await importReport(
      t,
      'v1/erp/currencies',
      await workbook(['Kode', 'Nama', 'Simbol', 'Desimal', 'Aktif'], [['IDR', 'Rupiah Baru', 'Rp', 2, 'N']]),
      admin,
    );
    expect(res).toEqual({
      rows: 1,
      created: 0,
      updated: 0,
      unchanged: 0,
      errors: [{ row: 2, column: 'active', errorCode: 'currency_book_cannot_be_changed', errorArgs: ['IDR'] }],
    });
    const idr = (await t.request({ method: 'GET', url: '/api/v1/erp/currencies?keyword=IDR', token: admin })).json().items[0];
    expect(idr).toMatchObject({ currencyName: 'Rupiah Indonesia', active: 'Y' });
    const audit = await t.pools.owner.query(`SELECT count(*)::int AS n FROM audit_log WHERE entity_id = $1 AND action = 'update'`, [idr.currencyId]);
    expect(audit.rows[0].n).toBe(0);
  });
});

describe('exchange rate xlsx import', () => {
  importSuite({
    ...common,
    path: 'v1/erp/exchange-rates',
    keyword: 'QQ',
    header: ['fromCurrency', 'toCurrency', 'rateDate', 'rate', 'active'],
    required: ['fromCurrency', 'toCurrency', 'rateDate', 'rate'],
    good: [
      ['QQA', 'IDR', '2026-11-01', '1500.5', null],
      ['QQA', 'IDR', '02/11/2026', 1510, 'Y'],
      ['QQB', 'QQA', '2026-11-01', '0.0000615', 'N'],
    ],
    bad: { row: ['QQA', 'qqa', '2026-11-03', '1', null], column: 'toCurrency', errorCode: 'exchange_rate_same_currency', errorArgs: [] },
  });

  it('reports an unknown currency, a rate of 0 and a pair and date given twice at their columns', async () => {
    const res = await importReport(
      t,
      'v1/erp/exchange-rates',
      await workbook(
        ['Dari', 'Ke', 'Tanggal', 'Kurs'],
        [
          ['QQA', 'QQZ', '2026-11-05', '1'],
          ['QQA', 'IDR', '2026-11-05', '0'],
          ['QQA', 'IDR', '2026-11-06', '1520'],
          ['qqa', 'idr', '06/11/2026', '1530'],
        ],
      ),
      admin,
    );
    expect(res).toEqual({
      rows: 4,
      created: 1,
      updated: 0,
      unchanged: 0,
      errors: [
        { row: 2, column: 'toCurrency', errorCode: 'currency_not_found', errorArgs: ['QQZ'] },
        { row: 3, column: 'rate', errorCode: 'exchange_rate_must_be_positive', errorArgs: [] },
        { row: 5, column: 'rateDate', errorCode: 'exchange_rate_already_exists', errorArgs: ['QQA', 'IDR', '2026-11-06'] },
      ],
    });
    const rate = (
      await t.request({ method: 'GET', url: '/api/v1/erp/exchange-rates/lookup?fromCurrency=QQA&toCurrency=IDR&date=2026-11-06', token: admin })
    ).json();
    expect(rate.rate).toBe('1520');
  });
});

describe('country xlsx import', () => {
  importSuite({
    ...common,
    path: 'v1/erp/countries',
    keyword: 'Negeri Impor',
    header: ['Code', 'Name', 'Active'],
    required: ['Code', 'Name'],
    good: [
      ['XQ', 'Negeri Impor Satu', null],
      ['xr', 'Negeri Impor Dua', 'No'],
    ],
    bad: {
      row: ['X1', 'Negeri Impor Salah', null],
      column: 'countryCode',
      errorCode: 'invalid_input_format',
      errorArgs: ['countryCode', 'two letters (ISO 3166-1)'],
    },
  });
});
