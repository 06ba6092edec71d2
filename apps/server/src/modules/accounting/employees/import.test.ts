import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../../test/test-app.ts';
import { importReport, importSuite, workbook } from '../../../platform/files/sheet-test-kit.ts';

let t: TestApp;
let admin: string;

beforeAll(async () => {
  t = await createTestApp('employee_import');
  admin = await t.login('admin');
});
afterAll(() => t.close());

const HEADER = [
  'employeeCode',
  'employeeName',
  'employeeType',
  'birthPlace',
  'birthDate',
  'identityNumber',
  'joinDate',
  'resignDate',
  'pensionDate',
  'jobTitle',
  'status',
  'active',
];

describe('employee xlsx import', () => {
  importSuite({
    app: () => t,
    admin: () => admin,
    path: 'v1/erp/employees',
    keyword: 'ZEI-',
    forbidden: ['staff', 'agent', 'cashier'],
    header: HEADER,
    required: ['employeeCode', 'employeeName', 'employeeType', 'joinDate', 'jobTitle'],
    good: [
      ['ZEI-1', 'Bambang Impor', 'PERMANENT', 'Bandung', '1990-04-12', '3273011204900001', '2020-01-06', null, null, 'MANAGER', 'ACTIVE', 'Y'],
      ['ZEI-2', 'Ani Impor', 'Kontrak', null, null, null, '06/01/2024', null, null, 'Staf', 'Cuti', null],
      ['ZEI-3', 'Joko Impor', 'Internship', null, null, null, 45292, '2024-06-30', null, 'staff', 'Resigned', 'N'],
    ],
    bad: {
      row: ['ZEI-4', 'Resign Tanpa Tanggal', 'PERMANENT', null, null, null, '2020-01-06', null, null, 'STAFF', 'RESIGNED', null],
      column: 'resignDate',
      errorCode: 'employee_status_date_required',
      errorArgs: ['RESIGNED', 'resign'],
    },
  });

  it('reads dates typed the Indonesian way and as Excel serials, and reports a date before joining at its column', async () => {
    const items = (await t.request({ method: 'GET', url: '/api/v1/erp/employees?keyword=ZEI-', token: admin })).json().items;
    expect(items.map((e: { joinDate: string; status: string }) => [e.joinDate, e.status])).toEqual([
      ['2020-01-06', 'ACTIVE'],
      ['2024-01-06', 'ON_LEAVE'],
      ['2024-01-01', 'RESIGNED'],
    ]);
    const res = await importReport(
      t,
      'v1/erp/employees',
      await workbook(
        ['Kode', 'Nama', 'Tipe', 'Tanggal Lahir', 'Tanggal Bergabung', 'Jabatan'],
        [
          ['ZEI-5', 'Lahir Setelah Bergabung', 'Tetap', '2021-01-01', '2020-01-06', 'Staf'],
          ['ZEI-6', 'Tanggal Salah', 'Tetap', null, '31/02/2024', 'Staf'],
        ],
      ),
      admin,
    );
    expect(res.errors).toEqual([
      { row: 2, column: 'birthDate', errorCode: 'employee_date_before_join', errorArgs: ['birth'] },
      { row: 3, column: 'joinDate', errorCode: 'invalid_input_format', errorArgs: ['joinDate', 'a date such as 2026-11-21 or 21/11/2026'] },
    ]);
    expect(res.created).toBe(0);
  });
});
