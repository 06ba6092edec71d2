import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../../test/test-app.ts';
import { importReport, importSuite, workbook } from '../../../platform/files/sheet-test-kit.ts';

let t: TestApp;
let admin: string;

/** Free cash and bank accounts for the imported cash banks (the demo's own serve the demo's cash banks). */
beforeAll(async () => {
  t = await createTestApp('cash_bank_import');
  admin = await t.login('admin');
  const group = async (code: string) =>
    (await t.request({ method: 'GET', url: `/api/v1/erp/coa-groups?keyword=${code}`, token: admin })).json().items[0].groupId;
  const bank1201 = (await t.request({ method: 'GET', url: '/api/v1/erp/coa?keyword=1201', token: admin }))
    .json()
    .items.find((a: { coaCode: string }) => a.coaCode === '1201').coaId;
  for (const [coaCode, groupCode, mainAccountId] of [
    ['1103', '1100', null],
    ['1104', '1100', null],
    ['1105', '1100', null],
    ['1201.04', '1200', bank1201],
  ] as const) {
    const res = await t.request({
      method: 'POST',
      url: '/api/v1/erp/coa',
      token: admin,
      payload: { coaCode, coaName: `Akun ${coaCode}`, groupId: await group(groupCode), mainAccountId },
    });
    expect(res.statusCode, res.body).toBe(200);
  }
});
afterAll(() => t.close());

describe('cash bank xlsx import', () => {
  importSuite({
    app: () => t,
    admin: () => admin,
    path: 'v1/erp/cash-banks',
    keyword: 'Impor',
    forbidden: ['staff', 'agent', 'cashier'],
    header: ['cashBankCode', 'cashBankName', 'type', 'coaCode', 'coaName', 'currencyCode', 'ouCode', 'accountNumber', 'active'],
    required: ['cashBankCode', 'cashBankName', 'type', 'coaCode', 'currencyCode'],
    good: [
      ['ZKB-1', 'Kas Impor Satu', 'Kas', '1103', 'diabaikan', 'IDR', null, null, 'Y'],
      ['ZKB-2', 'Bank Impor BRI', 'BANK', '1201.03', null, 'idr', 'JKT', '123-456-789', null],
      ['ZKB-3', 'Kas Impor Dolar', 'Cash', '1104', null, 'USD', null, null, 'N'],
    ],
    bad: {
      row: ['ZKB-4', 'Bank Impor Tanpa OU', 'Bank', '1201.04', null, 'IDR', null, null, null],
      column: 'ouCode',
      errorCode: 'cash_bank_ou_required',
      errorArgs: [],
    },
  });

  it('generates a blank code from the cash-bank numbering and reports COA, currency and OU problems at their columns', async () => {
    const res = await importReport(
      t,
      'v1/erp/cash-banks',
      await workbook(
        ['Kode', 'Nama', 'Tipe', 'Kode COA', 'Mata Uang', 'Kode OU'],
        [
          [null, 'Kas Tanpa Kode', 'Kas', '1105', 'IDR', null],
          ['ZKB-5', 'Kas Akun Bank', 'Kas', '1201.04', 'IDR', null],
          ['ZKB-6', 'Kas Akun Terpakai', 'Kas', '1103', 'IDR', null],
          ['ZKB-7', 'Kas Mata Uang Asing', 'Kas', '1105', 'XYZ', null],
          ['ZKB-8', 'Bank OU Asing', 'Bank', '1201.04', 'IDR', 'TIDAKADA'],
          ['ZKB-9', 'Kas Akun Asing', 'Kas', '9999', 'IDR', null],
        ],
      ),
      admin,
    );
    expect(res).toEqual({
      rows: 6,
      created: 1,
      updated: 0,
      unchanged: 0,
      errors: [
        { row: 3, column: 'coaCode', errorCode: 'cash_bank_coa_group_invalid', errorArgs: ['1201.04'] },
        { row: 4, column: 'coaCode', errorCode: 'cash_bank_coa_already_used', errorArgs: ['1103'] },
        { row: 5, column: 'currencyCode', errorCode: 'currency_not_found', errorArgs: ['XYZ'] },
        { row: 6, column: 'ouCode', errorCode: 'ou_not_found', errorArgs: ['TIDAKADA'] },
        { row: 7, column: 'coaCode', errorCode: 'coa_not_found', errorArgs: ['9999'] },
      ],
    });
    const generated = (await t.request({ method: 'GET', url: '/api/v1/erp/cash-banks?keyword=Tanpa%20Kode', token: admin })).json().items[0];
    expect(generated.cashBankCode).toMatch(/^CB\d+$/);
    const bri = (await t.request({ method: 'GET', url: '/api/v1/erp/cash-banks?keyword=ZKB-2', token: admin })).json().items[0];
    expect(bri).toMatchObject({ type: 'BANK', coaCode: '1201.03', currencyCode: 'IDR', accountNumber: '123-456-789', ouId: expect.any(String) });
  });
});
