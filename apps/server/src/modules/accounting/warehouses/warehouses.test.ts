import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../../test/test-app.ts';

let t: TestApp;
let admin: string;
const ids: Record<string, string> = {};
const URL = '/api/v1/erp/warehouses';

beforeAll(async () => {
  t = await createTestApp('warehouses');
  admin = await t.login('admin');
});
afterAll(() => t.close());

const create = (payload: object, token = admin) => t.request({ method: 'POST', url: URL, token, payload });

describe('warehouses', () => {
  it('creates warehouses of the three types, lists them with combo fields and audits the write', async () => {
    for (const [code, type] of [
      ['ZW-GDG', 'WAREHOUSE'],
      ['ZW-PRD', 'PRODUCTION'],
      ['ZW-LOK', 'LOCATION'],
    ] as const) {
      const res = await create({ warehouseCode: code, warehouseName: `Gudang ${code}`, flgWarehouse: type });
      expect(res.statusCode, res.body).toBe(200);
      expect(res.json()).toMatchObject({ warehouseCode: code, flgWarehouse: type, active: 'Y', address: null });
      ids[code] = res.json().warehouseId;
    }
    const list = (await t.request({ method: 'GET', url: `${URL}?keyword=zw-&type=PRODUCTION`, token: admin })).json();
    expect(list).toEqual({
      total: 1,
      items: [expect.objectContaining({ warehouseCode: 'ZW-PRD', warehouseName: 'Gudang ZW-PRD', flgWarehouse: 'PRODUCTION' })],
    });
    const audit = await t.pools.owner.query(`SELECT action, module FROM audit_log WHERE entity_id = $1`, [ids['ZW-GDG']]);
    expect(audit.rows).toEqual([{ action: 'create', module: 'accounting.warehouse' }]);
  });

  it('generates a code when it is left blank, and refuses a duplicate code in any case', async () => {
    const first = await create({ warehouseCode: '', warehouseName: 'Gudang Tanpa Kode', flgWarehouse: 'WAREHOUSE' });
    expect(first.statusCode, first.body).toBe(200);
    const second = await create({ warehouseName: 'Gudang Tanpa Kode 2', flgWarehouse: 'WAREHOUSE' });
    expect(first.json().warehouseCode).toMatch(/^[A-Z]+\d+$/);
    expect(second.json().warehouseCode).not.toBe(first.json().warehouseCode);
    const dup = await create({ warehouseCode: 'zw-gdg', warehouseName: 'Lagi', flgWarehouse: 'WAREHOUSE' });
    expect(dup.statusCode).toBe(409);
    expect(dup.json()).toEqual({ errorCode: 'warehouse_code_already_exists', errorArgs: ['zw-gdg'] });
    const rename = await t.request({
      method: 'PUT',
      url: `${URL}/${ids['ZW-LOK']}`,
      token: admin,
      payload: { warehouseCode: 'ZW-PRD', warehouseName: 'x', flgWarehouse: 'LOCATION' },
    });
    expect(rename.json().errorCode).toBe('warehouse_code_already_exists');
    const spaces = await create({ warehouseCode: 'ZW 1', warehouseName: 'x', flgWarehouse: 'WAREHOUSE' });
    expect(spaces.json().errorCode).toBe('invalid_input_format');
    const badType = await create({ warehouseCode: 'ZW-1', warehouseName: 'x', flgWarehouse: 'SHOP' });
    expect(badType.statusCode).toBe(400);
  });

  it('edits, deactivates (hidden from the dropdown) and answers warehouse_not_found', async () => {
    const edit = await t.request({
      method: 'PUT',
      url: `${URL}/${ids['ZW-LOK']}`,
      token: admin,
      payload: { warehouseCode: 'ZW-LOK', warehouseName: 'Toko Kemang', flgWarehouse: 'LOCATION', address: 'Jl. Kemang Raya 8' },
    });
    expect(edit.json()).toMatchObject({ warehouseName: 'Toko Kemang', address: 'Jl. Kemang Raya 8' });
    const off = await t.request({ method: 'PUT', url: `${URL}/${ids['ZW-LOK']}/active`, token: admin, payload: { active: 'N' } });
    expect(off.json().active).toBe('N');
    const dropdown = (await t.request({ method: 'GET', url: `${URL}?keyword=ZW-&limit=30`, token: admin })).json();
    expect(dropdown.items.map((w: { warehouseCode: string }) => w.warehouseCode)).toEqual(['ZW-GDG', 'ZW-PRD']);
    const page = (await t.request({ method: 'GET', url: `${URL}?keyword=ZW-&active=N`, token: admin })).json();
    expect(page.total).toBe(1);
    const missing = await t.request({ method: 'GET', url: `${URL}/0190a000-0000-7000-8000-000000000000`, token: admin });
    expect(missing.statusCode).toBe(404);
    expect(missing.json().errorCode).toBe('warehouse_not_found');
  });

  it("filters the lazy dropdown by the user's OU policy and refuses to delete a warehouse a policy names", async () => {
    const ous = (await t.request({ method: 'GET', url: '/api/v1/config/org-units?keyword=JKT', token: admin })).json();
    const jkt = ous.items.find((u: { ouCode: string }) => u.ouCode === 'JKT').ouId;
    const staffId = (await t.pools.owner.query(`SELECT u.id FROM users u JOIN tenants t ON t.id = u.tenant_id WHERE t.code = 'demo' AND u.username = 'staff'`))
      .rows[0].id;
    const empty = { documentTypes: [], products: [], partners: [], cashBanks: [], glActivities: [] };
    const saved = await t.request({
      method: 'PUT',
      url: `/api/v1/config/policy-ou/${jkt}`,
      token: admin,
      payload: { ...empty, warehouses: ['ZW-GDG'], memberIds: [staffId] },
    });
    expect(saved.statusCode, saved.body).toBe(200);
    const staff = await t.login('staff');
    const pickedRes = await t.request({ method: 'GET', url: `${URL}?limit=30`, token: staff });
    expect(pickedRes.statusCode, pickedRes.body).toBe(200);
    const picked = pickedRes.json();
    expect(picked.items.map((w: { warehouseCode: string }) => w.warehouseCode)).toEqual(['ZW-GDG']);
    // The full list (not the dropdown) still shows everything to read.
    expect((await t.request({ method: 'GET', url: `${URL}?keyword=ZW-`, token: staff })).json().total).toBe(3);
    // No policy restricts warehouses for admin: the dropdown is unrestricted.
    expect((await t.request({ method: 'GET', url: `${URL}?keyword=ZW-&limit=30`, token: admin })).json().total).toBe(2);
    const refused = await t.request({ method: 'DELETE', url: `${URL}/${ids['ZW-GDG']}`, token: admin });
    expect(refused.statusCode).toBe(409);
    expect(refused.json()).toEqual({ errorCode: 'used_by_another_table', errorArgs: ['policy-ou'] });
    const deleted = await t.request({ method: 'DELETE', url: `${URL}/${ids['ZW-PRD']}`, token: admin });
    expect(deleted.json()).toEqual({ ok: true });
    const audit = await t.pools.owner.query(`SELECT action FROM audit_log WHERE entity_id = $1 ORDER BY id`, [ids['ZW-PRD']]);
    expect(audit.rows.map((r) => r.action)).toEqual(['create', 'delete']);
  });

  it('exports the list as xlsx', async () => {
    const res = await t.request({ method: 'GET', url: `${URL}/export?keyword=ZW-&lang=en`, token: admin });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toContain('spreadsheetml');
    const book = new ExcelJS.Workbook();
    await book.xlsx.load(res.rawPayload as unknown as ArrayBuffer);
    const sheet = book.worksheets[0];
    expect(sheet.getRow(1).values).toEqual([undefined, 'Code', 'Name', 'Type', 'Address', 'Active']);
    expect(sheet.rowCount).toBe(3);
    expect(sheet.getRow(3).values).toEqual([undefined, 'ZW-LOK', 'Toko Kemang', 'Location', 'Jl. Kemang Raya 8', 'N']);
  });

  it('lets staff read but not write, refuses the agent, and a second tenant sees none of it', async () => {
    const staff = await t.login('staff');
    expect((await create({ warehouseCode: 'ZW-X', warehouseName: 'x', flgWarehouse: 'WAREHOUSE' }, staff)).statusCode).toBe(403);
    const agent = await t.login('agent');
    const denied = await t.request({ method: 'GET', url: URL, token: agent });
    expect(denied.statusCode).toBe(403);
    expect(denied.json().errorCode).toBe('forbidden_action');
    expect((await t.request({ method: 'GET', url: `${URL}/export`, token: agent })).statusCode).toBe(403);
    await t.seedTenant('acme');
    const acme = await t.login('admin', 'acme');
    expect((await t.request({ method: 'GET', url: `${URL}?keyword=ZW-`, token: acme })).json().total).toBe(0);
    expect((await t.request({ method: 'GET', url: `${URL}/${ids['ZW-GDG']}`, token: acme })).statusCode).toBe(404);
    const write = await t.request({ method: 'PUT', url: `${URL}/${ids['ZW-GDG']}/active`, token: acme, payload: { active: 'N' } });
    expect(write.statusCode).toBe(404);
  });
});
