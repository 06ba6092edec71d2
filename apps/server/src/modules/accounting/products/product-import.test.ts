import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../../test/test-app.ts';
import { importReport, importRun, upload as kitUpload } from '../../../platform/files/sheet-test-kit.ts';

let t: TestApp;
let admin: string;
const URL = '/api/v1/erp/products/import';

beforeAll(async () => {
  t = await createTestApp('product_import');
  admin = await t.login('admin');
});
afterAll(() => t.close());

const HEADER = [
  'productCode',
  'productName',
  'productType',
  'baseUomCode',
  'brandCode',
  'categoryCode',
  'subCategoryCode',
  'minQuantity',
  'maxQuantity',
  'buyable',
  'sellable',
  'purchasePrice',
  'sellPrice',
  'standardPrice',
  'weight',
  'length',
  'width',
  'height',
  'keywords',
  'warrantyMonths',
  'active',
];

async function workbook(rows: (string | number | null)[][], header = HEADER): Promise<Buffer> {
  const book = new ExcelJS.Workbook();
  const sheet = book.addWorksheet('Produk');
  sheet.addRow(header);
  for (const r of rows) sheet.addRow(r);
  return Buffer.from(await book.xlsx.writeBuffer());
}

const PATH = 'v1/erp/products';
const upload = (file: Buffer, token = admin) => kitUpload(t, PATH, file, token);
const report = (file: Buffer) => importReport(t, PATH, file, admin);

const good = (i: number): (string | number | null)[] => [
  `ZI-${String(i).padStart(5, '0')}`,
  `Produk Impor ${i}`,
  i % 10 === 0 ? 'SERVICE' : 'PRODUCT',
  'PCS',
  'NUSA',
  'MNM',
  'MNM-TEH',
  1,
  100,
  'Y',
  'Y',
  1000 + i,
  '2500.75',
  '1200',
  '0.5',
  10,
  5,
  20,
  `teh impor ${i}`,
  12,
  'Y',
];

/** Rows that must fail, by the column and code they fail with. */
const BAD: Record<number, { change: (r: (string | number | null)[]) => void; column: string; errorCode: string; errorArgs: (string | number)[] }> = {
  7: {
    change: (r) => {
      r[11] = 0;
    },
    column: 'purchasePrice',
    errorCode: 'price_must_be_positive',
    errorArgs: ['purchase'],
  },
  100: {
    change: (r) => {
      r[12] = '-5';
    },
    column: 'sellPrice',
    errorCode: 'price_must_be_positive',
    errorArgs: ['sell'],
  },
  777: {
    change: (r) => {
      r[3] = 'GALON';
    },
    column: 'baseUomCode',
    errorCode: 'uom_not_found',
    errorArgs: ['GALON'],
  },
  1234: {
    change: (r) => {
      r[7] = 500;
    },
    column: 'minQuantity',
    errorCode: 'min_quantity_exceeds_max',
    errorArgs: [],
  },
  2000: {
    change: (r) => {
      r[1] = null;
    },
    column: 'productName',
    errorCode: 'value_cannot_null',
    errorArgs: ['productName'],
  },
  2500: {
    change: (r) => {
      r[6] = 'MKN-RINGAN';
    },
    column: 'subCategoryCode',
    errorCode: 'product_sub_category_not_in_category',
    errorArgs: ['MKN-RINGAN', 'MNM'],
  },
  3000: {
    change: (r) => {
      r[9] = 'YA';
    },
    column: 'buyable',
    errorCode: 'invalid_input_format',
    errorArgs: ['buyable', 'Y or N'],
  },
  3500: {
    change: (r) => {
      r[0] = 'ZI-00001';
    },
    column: 'productCode',
    errorCode: 'product_import_duplicate_row',
    errorArgs: ['ZI-00001', 2],
  },
  4000: {
    change: (r) => {
      r[13] = '12.34567';
    },
    column: 'standardPrice',
    errorCode: 'invalid_input_format',
    errorArgs: ['standardPrice', 'a number with at most 4 decimals'],
  },
  4999: {
    change: (r) => {
      r[4] = 'TIDAKADA';
    },
    column: 'brandCode',
    errorCode: 'brand_not_found',
    errorArgs: ['TIDAKADA'],
  },
};

// Thousands of rows through the whole stack: generous time on a loaded CI machine.
describe('product xlsx import', { timeout: 180_000 }, () => {
  let file: Buffer;

  it('imports 5,000 rows: saves the good ones, reports each bad row with row number, column and code, saves none of them', async () => {
    const rows = Array.from({ length: 5000 }, (_, i) => {
      const r = good(i + 1);
      BAD[i + 1]?.change(r);
      return r;
    });
    rows.splice(2500, 0, Array(HEADER.length).fill(null)); // an empty row is skipped, not an error
    file = await workbook(rows);
    const run = await importRun(t, PATH, file, admin);
    expect(run).toMatchObject({ status: 'done', rowsRead: 5000 });
    const report = run.report!;
    const badCount = Object.keys(BAD).length;
    expect(report).toMatchObject({ rows: 5000, created: 5000 - badCount, updated: 0, unchanged: 0 });
    // Sheet row numbers: the header is row 1, item i is row i + 1 (+1 after the empty row).
    const rowOf = (i: number) => i + 1 + (i > 2500 ? 1 : 0);
    expect(report.errors).toEqual(
      Object.entries(BAD).map(([i, b]) => ({ row: rowOf(Number(i)), column: b.column, errorCode: b.errorCode, errorArgs: b.errorArgs })),
    );
    const stored = await t.pools.owner.query(`SELECT count(*)::int AS n FROM products WHERE code LIKE 'ZI-%'`);
    expect(stored.rows[0].n).toBe(5000 - badCount);
    const bad = await t.pools.owner.query(`SELECT code FROM products WHERE code = ANY($1)`, [['ZI-00007', 'ZI-00100', 'ZI-00777', 'ZI-04999']]);
    expect(bad.rows).toEqual([]);
    const one = await t.pools.owner.query(`SELECT type, purchase_price, sell_price, weight, warranty_months, active FROM products WHERE code = 'ZI-00010'`);
    expect(one.rows[0]).toEqual({ type: 'SERVICE', purchase_price: '1010.0000', sell_price: '2500.7500', weight: '0.5000', warranty_months: 12, active: true });
    const audit = await t.pools.owner.query(`SELECT count(*)::int AS n FROM audit_log WHERE module = 'accounting.product' AND action = 'import'`);
    expect(audit.rows[0].n).toBe(5); // one entry per batch of 1,000 rows
  });

  it('changes nothing when the same file comes again', async () => {
    expect(await report(file)).toMatchObject({ rows: 5000, created: 0, updated: 0, unchanged: 5000 - Object.keys(BAD).length });
  });

  it('keeps every field a sheet of only the required columns leaves out (prices, flags, sizes, active ...)', async () => {
    const saved = Array.from({ length: 5000 }, (_, i) => i + 1)
      .filter((i) => !BAD[i])
      .map(good);
    const stored = () => t.pools.owner.query(`SELECT * FROM products WHERE code LIKE 'ZI-%' ORDER BY code`).then((r) => r.rows);
    await t.pools.owner.query(`UPDATE products SET active = false WHERE code = 'ZI-00002'`);
    const before = await stored();
    const required = ['productCode', 'productName', 'baseUomCode'].map((c) => HEADER.indexOf(c));
    const res = await report(
      await workbook(
        saved.map((r) => required.map((i) => r[i])),
        required.map((i) => HEADER[i]),
      ),
    );
    expect(res).toEqual({ rows: saved.length, created: 0, updated: 0, unchanged: saved.length, errors: [] });
    expect(await stored()).toEqual(before);
    await t.pools.owner.query(`UPDATE products SET active = true WHERE code = 'ZI-00002'`);
  });

  it('clears a field whose present column has a blank cell and keeps the columns the sheet leaves out', async () => {
    const res = await report(await workbook([['ZI-00001', 'Produk Impor 1', 'PCS', null]], ['productCode', 'productName', 'baseUomCode', 'keywords']));
    expect(res).toEqual({ rows: 1, created: 0, updated: 1, unchanged: 0, errors: [] });
    const one = await t.pools.owner.query(`SELECT keywords, sell_price, warranty_months, active FROM products WHERE code = 'ZI-00001'`);
    expect(one.rows[0]).toEqual({ keywords: null, sell_price: '2500.7500', warranty_months: 12, active: true });
  });

  it('exports products and re-imports the export without changing anything; an edited row is updated', async () => {
    const exported = await t.request({ method: 'GET', url: '/api/v1/erp/products/export?lang=en', token: admin });
    expect(exported.statusCode).toBe(200);
    const total = (await t.pools.owner.query(`SELECT count(*)::int AS n FROM products p JOIN tenants t ON t.id = p.tenant_id WHERE t.code = 'demo'`)).rows[0].n;
    const before = (await t.pools.owner.query(`SELECT id, updated_at FROM products ORDER BY id`)).rows;
    const again = await report(exported.rawPayload);
    expect(again).toEqual({ rows: total, created: 0, updated: 0, unchanged: total, errors: [] });
    expect((await t.pools.owner.query(`SELECT id, updated_at FROM products ORDER BY id`)).rows).toEqual(before);

    const book = new ExcelJS.Workbook();
    await book.xlsx.load(exported.rawPayload as unknown as ArrayBuffer);
    const sheet = book.worksheets[0];
    const row = sheet.getRow(2);
    const code = row.getCell(1).value as string;
    row.getCell(13).value = '99999.9999';
    row.commit();
    const edited = await report(Buffer.from(await book.xlsx.writeBuffer()));
    expect(edited).toMatchObject({ created: 0, updated: 1, unchanged: total - 1, errors: [] });
    const stored = await t.pools.owner.query(`SELECT sell_price FROM products WHERE code = $1`, [code]);
    expect(stored.rows[0].sell_price).toBe('99999.9999');
  });

  it('generates codes for rows without one and accepts Indonesian headings', async () => {
    const headings = ['Kode Produk', 'Nama Produk', 'Kode Satuan Dasar', 'Harga Jual'];
    expect(
      await report(
        await workbook(
          [
            [null, 'Gula Pasir 1 kg', 'KG', '17500'],
            ['', 'Garam Beryodium', 'PCS', 4000],
          ],
          headings,
        ),
      ),
    ).toMatchObject({ rows: 2, created: 2, errors: [] });
    const rows = await t.pools.owner.query(`SELECT code FROM products WHERE name IN ('Gula Pasir 1 kg', 'Garam Beryodium') ORDER BY code`);
    expect(rows.rows.map((r) => r.code)).toEqual([expect.stringMatching(/^PRD-\d{4}$/), expect.stringMatching(/^PRD-\d{4}$/)]);
  });

  it('refuses a file that is not xlsx, a sheet without the required columns and a JSON body', async () => {
    const garbage = await upload(Buffer.from('this is not a spreadsheet at all'));
    expect(garbage.statusCode).toBe(400);
    expect(garbage.json().errorCode).toBe('product_import_file_invalid');
    const missing = await importRun(t, PATH, await workbook([['X', 'Y']], ['productCode', 'productName']), admin);
    expect(missing).toMatchObject({ status: 'failed', errorCode: 'product_import_column_missing', errorArgs: ['Kode Satuan Dasar'] });
    const json = await t.request({ method: 'POST', url: URL, token: admin, payload: { rows: [] } });
    expect(json.statusCode).toBe(415);
    expect(json.json().errorCode).toBe('unsupported_media_type');
  });

  it('refuses users without the edit task, and another tenant sees none of the imported products', async () => {
    for (const user of ['staff', 'agent', 'cashier']) {
      const res = await upload(file, await t.login(user));
      expect(res.statusCode, user).toBe(403);
      expect(res.json().errorCode).toBe('forbidden_action');
    }
    await t.seedTenant('acme');
    const acme = await t.login('admin', 'acme');
    expect((await t.request({ method: 'GET', url: '/api/v1/erp/products?keyword=ZI-', token: acme })).json().total).toBe(0);
  });
});
