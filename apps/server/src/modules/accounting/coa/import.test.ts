import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../../test/test-app.ts';
import { importReport, importSuite, workbook } from '../../../platform/files/sheet-test-kit.ts';

let t: TestApp;
let admin: string;

beforeAll(async () => {
  t = await createTestApp('coa_import');
  admin = await t.login('admin');
});
afterAll(() => t.close());

const common = { app: () => t, admin: () => admin, forbidden: ['staff', 'agent', 'cashier'] };

describe('COA group xlsx import', () => {
  importSuite({
    ...common,
    path: 'v1/erp/coa-groups',
    keyword: 'Grup Impor',
    header: ['groupCode', 'groupName', 'type', 'sign', 'purpose', 'active'],
    required: ['groupCode', 'groupName', 'type', 'sign'],
    good: [
      ['8100', 'Grup Impor Satu', 'cost', 'debit', 'general', 'Y'],
      ['8200', 'Grup Impor Dua', 'Revenue', 'CREDIT', null, 'N'],
    ],
    bad: {
      row: ['8300', 'Grup Impor Salah', 'expense', 'debit', null, null],
      column: 'type',
      errorCode: 'invalid_input_format',
      errorArgs: ['type', 'asset, liability, equity, cost, revenue'],
    },
  });

  it('keeps a system-predefined group as it is: another type for it is refused', async () => {
    const res = await importReport(
      t,
      'v1/erp/coa-groups',
      await workbook(['Kode', 'Nama', 'Tipe', 'Saldo Normal'], [['1100', 'Kas dan Setara Kas', 'liability', 'credit']]),
      admin,
    );
    expect(res.errors).toEqual([{ row: 2, column: 'groupCode', errorCode: 'coa_group_system_predefined', errorArgs: ['1100'] }]);
  });
});

describe('segment group xlsx import', () => {
  importSuite({
    ...common,
    path: 'v1/erp/segment-groups',
    keyword: 'Segmen Impor',
    header: ['Code', 'Name', 'Active'],
    required: ['Code', 'Name'],
    good: [
      ['SEG-I1', 'Segmen Impor Satu', null],
      ['SEG-I2', 'Segmen Impor Dua', 'N'],
    ],
    bad: {
      row: ['SEG-I3', 'Segmen Impor dengan nama yang terlalu panjang', null],
      column: 'segmentName',
      errorCode: 'invalid_input_format',
      errorArgs: ['segmentName', expect.any(String) as never],
    },
  });
});

const ACCOUNT_HEADER = [
  'coaCode',
  'coaName',
  'description',
  'groupCode',
  'mainAccountCode',
  'type',
  'sign',
  'detail',
  'isDefault',
  'active',
  'activityGlCode',
  'activityGlName',
];

describe('chart of accounts xlsx import', () => {
  importSuite({
    ...common,
    path: 'v1/erp/coa',
    keyword: 'Impor Uji',
    header: ACCOUNT_HEADER,
    required: ['coaCode', 'coaName', 'groupCode'],
    good: [
      ['6190', 'Beban Impor Uji', null, '6100', null, null, null, 'N', 'N', 'Y', null, null],
      ['6190.01', 'Beban Impor Uji Listrik', 'listrik kantor', '6100', '6190', null, null, null, null, null, 'GL-01', 'Listrik'],
      ['7290', 'Beban Lain Impor Uji', null, '7200', null, 'cost', 'credit', 'Tidak', 'Tidak', 'Tidak', null, null],
    ],
    bad: {
      row: ['6191.01', 'Sub Impor Uji Salah Grup', null, '6100', '1102', null, null, null, null, null, null, null],
      column: 'mainAccountCode',
      errorCode: 'coa_main_account_invalid',
      errorArgs: ['1102'],
    },
  });

  it('takes the group sign and type for blank cells, and refuses changing a default account, an unknown group and an unknown main account', async () => {
    const sub = (await t.request({ method: 'GET', url: '/api/v1/erp/coa?keyword=6190.01', token: admin })).json().items[0];
    expect(sub).toMatchObject({ mainAccountCode: '6190', groupCode: '6100', sign: 'debit', type: 'cost', activityGlCode: 'GL-01' });
    const res = await importReport(
      t,
      'v1/erp/coa',
      await workbook(
        ['Kode', 'Nama', 'Grup', 'Akun Induk'],
        [
          ['2101', 'Utang Usaha Diubah', '2100', null],
          ['9999', 'Grup Tidak Ada', '9900', null],
          ['6192', 'Induk Tidak Ada', '6100', '6199'],
        ],
      ),
      admin,
    );
    expect(res.errors).toEqual([
      { row: 2, column: 'isDefault', errorCode: 'coa_default_cannot_be_changed', errorArgs: ['2101'] },
      { row: 3, column: 'groupCode', errorCode: 'group_coa_not_found', errorArgs: ['9900'] },
      { row: 4, column: 'mainAccountCode', errorCode: 'coa_not_found', errorArgs: ['6199'] },
    ]);
    expect((await t.request({ method: 'GET', url: '/api/v1/erp/coa?keyword=2101', token: admin })).json().items[0].coaName).toBe('Utang Usaha');
  });
});
