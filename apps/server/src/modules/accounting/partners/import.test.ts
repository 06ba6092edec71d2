import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../../test/test-app.ts';
import { importReport, importSuite, workbook } from '../../../platform/files/sheet-test-kit.ts';

let t: TestApp;
let admin: string;

beforeAll(async () => {
  t = await createTestApp('partner_import');
  admin = await t.login('admin');
});
afterAll(() => t.close());

const HEADER = ['partnerCode', 'partnerName', 'alias', 'lineOfBusiness', 'rank', 'phones', 'fax', 'email', 'creditLimit', 'active'];

describe('customer xlsx import', () => {
  importSuite({
    app: () => t,
    admin: () => admin,
    path: 'v1/erp/customers',
    keyword: 'ZCU-',
    forbidden: ['staff', 'agent'],
    header: HEADER,
    required: ['partnerCode', 'partnerName'],
    good: [
      ['ZCU-1', 'PT Pelanggan Impor', 'Impor', 'Ritel', 3, '021-5550123, 0812-3456-7890', null, 'beli@impor.co.id', '150000000.50', 'Y'],
      ['ZCU-2', 'CV Pelanggan Dua', null, null, null, null, null, null, null, 'N'],
    ],
    bad: {
      row: ['ZCU-3', 'Telepon Pendek', null, null, 1, '0812', null, null, null, null],
      column: 'phones',
      errorCode: 'partner_phone_too_short',
      errorArgs: ['0812'],
    },
  });

  it('keeps the addresses of a customer the import updates, and reports a credit limit of 0 at its column', async () => {
    const created = await t.request({
      method: 'POST',
      url: '/api/v1/erp/customers',
      token: admin,
      payload: {
        partnerCode: 'ZCU-ADDR',
        partnerName: 'Dengan Alamat',
        addresses: [{ address: 'Jl. Sudirman 1', city: 'Jakarta', roles: ['BILLING', 'SHIPPING'] }],
      },
    });
    expect(created.statusCode, created.body).toBe(200);
    const res = await importReport(
      t,
      'v1/erp/customers',
      await workbook(
        ['Kode', 'Nama', 'Batas Kredit', 'Peringkat'],
        [
          ['ZCU-ADDR', 'Dengan Alamat Baru', '1000000', 2],
          ['ZCU-NOL', 'Kredit Nol', '0', 1],
          ['ZCU-RANK', 'Peringkat Salah', null, 9],
        ],
      ),
      admin,
    );
    expect(res).toEqual({
      rows: 3,
      created: 0,
      updated: 1,
      unchanged: 0,
      errors: [
        { row: 3, column: 'creditLimit', errorCode: 'credit_limit_must_be_positive', errorArgs: [] },
        { row: 4, column: 'rank', errorCode: 'invalid_input_format', errorArgs: ['rank', expect.any(String)] },
      ],
    });
    const after = (await t.request({ method: 'GET', url: `/api/v1/erp/customers/${created.json().partnerId}`, token: admin })).json();
    expect(after).toMatchObject({ partnerName: 'Dengan Alamat Baru', creditLimit: '1000000', rank: 2 });
    expect(after.addresses).toEqual([expect.objectContaining({ address: 'Jl. Sudirman 1', city: 'Jakarta', roles: ['BILLING', 'SHIPPING'] })]);
  });
});

describe('supplier xlsx import', () => {
  importSuite({
    app: () => t,
    admin: () => admin,
    path: 'v1/erp/suppliers',
    keyword: 'ZSU-',
    forbidden: ['staff', 'cashier'],
    header: HEADER,
    required: ['partnerCode', 'partnerName'],
    good: [['ZSU-1', 'PT Pemasok Impor', null, 'Distribusi', 5, '031-5550199', '031-5550198', null, null, null]],
    bad: {
      row: ['ZSU-2', 'Email Salah', null, null, null, null, null, 'bukan-email', null, null],
      column: 'email',
      errorCode: 'invalid_input_format',
      errorArgs: ['email', expect.any(String) as never],
    },
  });

  it('keeps customers and suppliers apart: a customer code is a new supplier', async () => {
    const res = await importReport(t, 'v1/erp/suppliers', await workbook(['Code', 'Name'], [['ZCU-2', 'Pemasok Berkode Pelanggan']]), admin);
    expect(res).toMatchObject({ created: 1, errors: [] });
    expect((await t.request({ method: 'GET', url: '/api/v1/erp/customers?keyword=ZCU-2', token: admin })).json().items[0].partnerName).toBe('CV Pelanggan Dua');
  });
});
