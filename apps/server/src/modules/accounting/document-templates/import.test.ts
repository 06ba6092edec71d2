import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../../test/test-app.ts';
import { importReport, importSuite, workbook } from '../../../platform/files/sheet-test-kit.ts';

let t: TestApp;
let admin: string;

beforeAll(async () => {
  t = await createTestApp('document_template_import');
  admin = await t.login('admin');
});
afterAll(() => t.close());

const HEADER = [
  'templateCode',
  'templateName',
  'documentType',
  'prefix',
  'suffix',
  'separator',
  'yearDigits',
  'month',
  'day',
  'counterDigits',
  'reset',
  'active',
];

describe('document template xlsx import', () => {
  importSuite({
    app: () => t,
    admin: () => admin,
    path: 'v1/erp/document-templates',
    keyword: 'Template Impor',
    forbidden: ['staff', 'agent', 'cashier'],
    header: HEADER,
    required: ['templateCode', 'templateName', 'documentType', 'yearDigits', 'counterDigits', 'reset'],
    good: [
      ['TPL-ZI1', 'Template Impor Satu', 'ZI1', 'ZI/', null, '/', 4, 'Y', 'N', 4, 'year-month', 'Y'],
      ['TPL-ZI2', 'Template Impor Dua', 'ZI2', 'Z', '-X', null, 0, 'Tidak', 'Tidak', 6, 'never', 'N'],
    ],
    bad: {
      row: ['TPL-ZI3', 'Template Impor Salah', 'ZI3', 'X', null, null, 0, 'N', 'N', 4, 'year', null],
      column: 'reset',
      errorCode: 'autonumber_reset_needs_year',
      errorArgs: [],
    },
  });

  it('numbers with the imported format, and refuses a second template for a document type', async () => {
    const preview = (await t.request({ method: 'GET', url: '/api/v1/erp/document-templates/next?documentType=ZI1&date=2026-11-21', token: admin })).json();
    expect(preview).toMatchObject({ number: 'ZI/202611/0001', fromTemplate: true });
    const res = await importReport(
      t,
      'v1/erp/document-templates',
      await workbook(['Kode', 'Nama', 'Jenis Dokumen', 'Digit Tahun', 'Digit Penghitung', 'Reset'], [['TPL-ZI4', 'Pesanan Lagi', 'so', 4, 4, 'year']]),
      admin,
    );
    expect(res.errors).toEqual([{ row: 2, column: 'documentType', errorCode: 'document_type_code_already_exists', errorArgs: ['so'] }]);
  });
});
