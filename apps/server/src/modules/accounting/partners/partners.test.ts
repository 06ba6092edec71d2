import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../../test/test-app.ts';

let t: TestApp;
let admin: string;
const ids: Record<string, string> = {};
const CUSTOMERS = '/api/v1/erp/customers';
const SUPPLIERS = '/api/v1/erp/suppliers';

beforeAll(async () => {
  t = await createTestApp('partners');
  admin = await t.login('admin');
});
afterAll(() => t.close());

const customer = {
  partnerCode: 'ZP-C1',
  partnerName: 'PT Maju Bersama',
  alias: 'Maju',
  lineOfBusiness: 'Ritel',
  rank: 4,
  phones: ['(021) 5550-1234', '0812-3456-7890'],
  fax: '021-55501249',
  email: 'beli@majubersama.co.id',
  creditLimit: '25000000.50',
  addresses: [
    { address: 'Jl. Gajah Mada No. 1', city: 'Jakarta Pusat', postalCode: '10130', roles: ['MAILING', 'BILLING'], latitude: '-6.1654', longitude: '106.8178' },
    { address: 'Gudang Cakung Blok B', city: 'Jakarta Timur', postalCode: null, roles: ['SHIPPING'], latitude: null, longitude: null },
  ],
};
const post = (url: string, payload: object, token = admin) => t.request({ method: 'POST', url, token, payload });

describe('customers and suppliers', () => {
  it('gives blank codes the format of the seeded records (CUS-0004 after CUS-0003, SUP-0003, EMP-0006, PRD-0006)', async () => {
    const blank = await post(CUSTOMERS, { ...customer, partnerCode: '', partnerName: 'PT Kode Otomatis' });
    expect(blank.statusCode, blank.body).toBe(200);
    expect(blank.json().partnerCode).toBe('CUS-0004');
    const supplier = await post(SUPPLIERS, { ...customer, partnerCode: '', partnerName: 'PT Pemasok Otomatis' });
    expect(supplier.json().partnerCode).toBe('SUP-0003');
    const uom = (await t.request({ method: 'GET', url: '/api/v1/erp/uoms?keyword=PCS', token: admin })).json().items[0];
    const product = await post('/api/v1/erp/products', { productCode: '', productName: 'Produk Kode Otomatis', baseUomId: uom.uomId });
    expect(product.statusCode, product.body).toBe(200);
    expect(product.json().productCode).toBe('PRD-0006');
    await t.request({ method: 'DELETE', url: `${CUSTOMERS}/${blank.json().partnerId}`, token: admin });
    await t.request({ method: 'DELETE', url: `${SUPPLIERS}/${supplier.json().partnerId}`, token: admin });
    await t.request({ method: 'DELETE', url: `/api/v1/erp/products/${product.json().productId}`, token: admin });
  });

  it('creates a customer with addresses, roles and map positions, and answers the combo fields', async () => {
    const res = await post(CUSTOMERS, customer);
    expect(res.statusCode, res.body).toBe(200);
    const c = res.json();
    ids.c1 = c.partnerId;
    expect(c).toMatchObject({
      partnerCode: 'ZP-C1',
      partnerName: 'PT Maju Bersama',
      typePartnerCode: 'CUSTOMER',
      rank: 4,
      creditLimit: '25000000.5',
      active: 'Y',
    });
    expect(c.addresses).toEqual([
      expect.objectContaining({ address: 'Jl. Gajah Mada No. 1', roles: ['MAILING', 'BILLING'], latitude: '-6.1654', longitude: '106.8178' }),
      expect.objectContaining({ address: 'Gudang Cakung Blok B', roles: ['SHIPPING'], latitude: null }),
    ]);
    const stored = await t.pools.owner.query(`SELECT credit_limit FROM partners WHERE id = $1`, [c.partnerId]);
    expect(stored.rows[0].credit_limit).toBe('25000000.5000');
    const audit = await t.pools.owner.query(`SELECT module, action FROM audit_log WHERE entity_id = $1`, [c.partnerId]);
    expect(audit.rows).toEqual([{ module: 'accounting.customer', action: 'create' }]);
  });

  it('keeps customers and suppliers apart: same code allowed per type, each listed under its own path', async () => {
    const sup = await post(SUPPLIERS, { ...customer, partnerName: 'PT Maju Bersama (Pemasok)' });
    expect(sup.statusCode, sup.body).toBe(200);
    ids.s1 = sup.json().partnerId;
    expect(sup.json().typePartnerCode).toBe('SUPPLIER');
    const customers = (await t.request({ method: 'GET', url: `${CUSTOMERS}?keyword=ZP-`, token: admin })).json();
    expect(customers.items.map((p: { partnerId: string }) => p.partnerId)).toEqual([ids.c1]);
    expect((await t.request({ method: 'GET', url: `${CUSTOMERS}/${ids.s1}`, token: admin })).json().errorCode).toBe('partner_not_found');
    const dup = await post(CUSTOMERS, { ...customer, partnerCode: 'zp-c1' });
    expect(dup.statusCode).toBe(409);
    expect(dup.json()).toEqual({ errorCode: 'partner_code_already_exists', errorArgs: ['zp-c1'] });
    const byAlias = (await t.request({ method: 'GET', url: `${CUSTOMERS}?keyword=maju`, token: admin })).json();
    expect(byAlias.total).toBe(1);
  });

  it('generates a code when left blank', async () => {
    const a = await post(CUSTOMERS, { partnerName: 'Toko Tanpa Kode' });
    const b = await post(CUSTOMERS, { partnerCode: '', partnerName: 'Toko Tanpa Kode 2' });
    expect(a.statusCode, a.body).toBe(200);
    expect(a.json().partnerCode).toMatch(/^CUS-\d{4}$/);
    expect(b.json().partnerCode).not.toBe(a.json().partnerCode);
  });

  it.each([
    ['a credit limit of 0', { creditLimit: '0' }, 422, 'credit_limit_must_be_positive', []],
    ['a negative credit limit', { creditLimit: '-5' }, 422, 'credit_limit_must_be_positive', []],
    ['a phone of 10 characters', { phones: ['0812345678'] }, 422, 'partner_phone_too_short', ['0812345678']],
    ['a fax of 8 characters', { fax: '021-5550' }, 422, 'partner_phone_too_short', ['021-5550']],
    ['a latitude without longitude', { addresses: [{ address: 'Jl. A', roles: ['OTHERS'], latitude: '-6.2' }] }, 422, 'partner_geo_position_invalid', []],
    [
      'a latitude beyond 90',
      { addresses: [{ address: 'Jl. A', roles: ['OTHERS'], latitude: '91', longitude: '106' }] },
      422,
      'partner_geo_position_invalid',
      [],
    ],
    [
      'a longitude beyond 180',
      { addresses: [{ address: 'Jl. A', roles: ['OTHERS'], latitude: '-6', longitude: '-180.5' }] },
      422,
      'partner_geo_position_invalid',
      [],
    ],
  ])('refuses %s', async (_name, change, status, errorCode, errorArgs) => {
    const res = await post(CUSTOMERS, { ...customer, partnerCode: 'ZP-BAD', ...change });
    expect(res.statusCode).toBe(status);
    expect(res.json()).toEqual({ errorCode, errorArgs });
    const stored = await t.pools.owner.query(`SELECT 1 FROM partners WHERE code = 'ZP-BAD'`);
    expect(stored.rowCount).toBe(0);
  });

  it('refuses a rank outside 1-5, an address without a role and a code with spaces', async () => {
    for (const change of [{ rank: 6 }, { rank: 0 }, { addresses: [{ address: 'Jl. A', roles: [] }] }, { partnerCode: 'ZP C' }]) {
      const res = await post(CUSTOMERS, { ...customer, partnerCode: 'ZP-BAD2', ...change });
      expect(res.statusCode).toBe(400);
      expect(res.json().errorCode).toBe('invalid_input_format');
    }
  });

  it('edits (addresses replaced), deactivates, and deletes unless an OU policy names the partner', async () => {
    const edit = await t.request({
      method: 'PUT',
      url: `${CUSTOMERS}/${ids.c1}`,
      token: admin,
      payload: { ...customer, rank: 5, addresses: [customer.addresses[1]] },
    });
    expect(edit.statusCode, edit.body).toBe(200);
    expect(edit.json()).toMatchObject({ rank: 5, addresses: [expect.objectContaining({ roles: ['SHIPPING'] })] });
    const off = await t.request({ method: 'PUT', url: `${CUSTOMERS}/${ids.c1}/active`, token: admin, payload: { active: 'N' } });
    expect(off.json().active).toBe('N');
    expect((await t.request({ method: 'GET', url: `${CUSTOMERS}?keyword=ZP-&limit=30`, token: admin })).json().total).toBe(0);
    await t.request({ method: 'PUT', url: `${CUSTOMERS}/${ids.c1}/active`, token: admin, payload: { active: 'Y' } });

    const ous = (await t.request({ method: 'GET', url: '/api/v1/config/org-units?keyword=SBY', token: admin })).json();
    const sby = ous.items.find((u: { ouCode: string }) => u.ouCode === 'SBY').ouId;
    const cashierId = (
      await t.pools.owner.query(`SELECT u.id FROM users u JOIN tenants t ON t.id = u.tenant_id WHERE t.code = 'demo' AND u.username = 'cashier'`)
    ).rows[0].id;
    const empty = { documentTypes: [], products: [], warehouses: [], cashBanks: [], glActivities: [] };
    const saved = await t.request({
      method: 'PUT',
      url: `/api/v1/config/policy-ou/${sby}`,
      token: admin,
      payload: { ...empty, partners: ['CUS-0002'], memberIds: [cashierId] },
    });
    expect(saved.statusCode, saved.body).toBe(200);
    const cashier = await t.login('cashier');
    const picked = (await t.request({ method: 'GET', url: `${CUSTOMERS}?limit=30`, token: cashier })).json();
    expect(picked.items.map((p: { partnerCode: string }) => p.partnerCode)).toEqual(['CUS-0002']);
    const seeded = (await t.request({ method: 'GET', url: `${CUSTOMERS}?keyword=CUS-0002`, token: admin })).json().items[0];
    const refused = await t.request({ method: 'DELETE', url: `${CUSTOMERS}/${seeded.partnerId}`, token: admin });
    expect(refused.json()).toEqual({ errorCode: 'used_by_another_table', errorArgs: ['policy-ou'] });
    const deleted = await t.request({ method: 'DELETE', url: `${SUPPLIERS}/${ids.s1}`, token: admin });
    expect(deleted.json()).toEqual({ ok: true });
    expect((await t.pools.owner.query(`SELECT 1 FROM partner_addresses WHERE partner_id = $1`, [ids.s1])).rowCount).toBe(0);
  });

  it('exports customers as xlsx with the credit limit exact', async () => {
    const res = await t.request({ method: 'GET', url: `${CUSTOMERS}/export?keyword=ZP-C1`, token: admin });
    expect(res.statusCode).toBe(200);
    const book = new ExcelJS.Workbook();
    await book.xlsx.load(res.rawPayload as unknown as ArrayBuffer);
    const sheet = book.worksheets[0];
    expect(sheet.name).toBe('Pelanggan');
    expect(sheet.getRow(1).getCell(1).value).toBe('Kode');
    expect(sheet.getRow(2).getCell(1).value).toBe('ZP-C1');
    expect(sheet.getRow(2).getCell(9).value).toBe('25000000.5');
  });

  it('follows the tasks: the cashier edits customers but not suppliers, the agent gets 403, another tenant sees nothing', async () => {
    const cashier = await t.login('cashier');
    expect((await post(CUSTOMERS, { partnerCode: 'ZP-CASH', partnerName: 'Toko Kasir' }, cashier)).statusCode).toBe(200);
    expect((await t.request({ method: 'GET', url: SUPPLIERS, token: cashier })).statusCode).toBe(403);
    expect((await t.request({ method: 'DELETE', url: `${CUSTOMERS}/${ids.c1}`, token: cashier })).statusCode).toBe(403);
    const agent = await t.login('agent');
    const denied = await t.request({ method: 'GET', url: CUSTOMERS, token: agent });
    expect(denied.statusCode).toBe(403);
    expect(denied.json().errorCode).toBe('forbidden_action');
    await t.seedTenant('acme');
    const acme = await t.login('admin', 'acme');
    expect((await t.request({ method: 'GET', url: `${CUSTOMERS}?keyword=ZP-`, token: acme })).json().total).toBe(0);
    expect((await t.request({ method: 'GET', url: `${CUSTOMERS}/${ids.c1}`, token: acme })).statusCode).toBe(404);
    expect((await t.request({ method: 'DELETE', url: `${CUSTOMERS}/${ids.c1}`, token: acme })).statusCode).toBe(404);
  });
});
