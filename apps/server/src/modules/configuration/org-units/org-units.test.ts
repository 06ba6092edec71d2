import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { endpoints, type OuTypeCode } from '@nusa/contracts';
import { createTestApp, type TestApp } from '../../../../test/test-app.ts';
import { call } from '../../../../test/call.ts';

let t: TestApp;
let admin: string;
const ids: Record<string, string> = {};

beforeAll(async () => {
  t = await createTestApp('org_units');
  admin = await t.login('admin');
});
afterAll(() => t.close());

const create = (ouCode: string, ouTypeCode: OuTypeCode, parent?: string) =>
  call(t, endpoints.createOrgUnit, { body: { ouCode, ouName: `Unit ${ouCode}`, ouTypeCode, parentId: parent ? ids[parent] : null }, token: admin });
const update = (code: string, ouTypeCode: OuTypeCode, parent: string | null) =>
  call(t, endpoints.updateOrgUnit, {
    params: { ouId: ids[code] },
    body: { ouCode: code, ouName: `Unit ${code}`, ouTypeCode, parentId: parent ? ids[parent] : null },
    token: admin,
  });

describe('organisation units', () => {
  it('builds a legal tree: company, main business unit, branch, sub business unit', async () => {
    for (const [code, type, parent] of [
      ['ZX-PTDN', 'COM'],
      ['ZX-RETAIL', 'MBU'],
      ['ZX-JKT', 'BRA', 'ZX-RETAIL'],
      ['ZX-KEMANG', 'SBU', 'ZX-JKT'],
      ['ZX-ACC1', 'OUT', 'ZX-JKT'],
    ] as const) {
      const res = await create(code, type, parent);
      expect(res.statusCode, res.body).toBe(200);
      ids[code] = res.json().ouId;
    }
    const list = (await call(t, endpoints.listOrgUnits, { query: { keyword: 'ZX-' }, token: admin })).json();
    expect(list.total).toBe(5);
    expect(list.items.find((u: { ouCode: string }) => u.ouCode === 'ZX-KEMANG')).toMatchObject({ parentCode: 'ZX-JKT', ouTypeId: 30 });
    expect(list.items.find((u: { ouCode: string }) => u.ouCode === 'ZX-PTDN')?.ouTypeId).toBe(10);
  });

  it.each([
    ['a company with a parent', 'X1', 'COM', 'ZX-RETAIL', 'ou_company_cannot_have_parent'],
    ['a main business unit with a parent', 'X2', 'MBU', 'ZX-PTDN', 'ou_main_business_unit_cannot_have_parent'],
    ['a sub business unit outside a branch', 'X3', 'SBU', 'ZX-RETAIL', 'ou_sub_business_unit_parent_must_be_branch'],
    ['a branch outside a main business unit', 'X4', 'BRA', 'ZX-PTDN', 'ou_branch_parent_must_be_main_business_unit'],
    ['a branch without a parent', 'X5', 'BRA', undefined, 'ou_branch_parent_must_be_main_business_unit'],
  ] as const)('refuses %s', async (_name, code, type, parent, error) => {
    const res = await create(code, type, parent);
    expect(res.statusCode).toBe(422);
    expect(res.json()).toEqual({ errorCode: error, errorArgs: [] });
  });

  it('refuses a unit as its own parent or under its own descendant', async () => {
    expect((await update('ZX-JKT', 'BRA', 'ZX-JKT')).error().errorCode).toBe('ou_cannot_be_own_parent');
    expect((await update('ZX-ACC1', 'OUT', 'ZX-ACC1')).error().errorCode).toBe('ou_cannot_be_own_parent');
    await create('ZX-ACC2', 'OUT', 'ZX-ACC1').then((r) => (ids['ZX-ACC2'] = r.json().ouId));
    expect((await update('ZX-ACC1', 'OUT', 'ZX-ACC2')).error().errorCode).toBe('ou_parent_cannot_be_descendant');
  });

  it('refuses a type change that would break the children, duplicate codes, and deleting a parent', async () => {
    expect((await update('ZX-JKT', 'OUT', 'ZX-RETAIL')).json()).toEqual({ errorCode: 'ou_children_rule_broken', errorArgs: ['ZX-KEMANG'] });
    expect((await create('zx-jkt', 'OUT')).json()).toEqual({ errorCode: 'ou_code_already_exists', errorArgs: ['zx-jkt'] });
    expect((await call(t, endpoints.deleteOrgUnit, { params: { ouId: ids['ZX-JKT'] }, token: admin })).json()).toEqual({
      errorCode: 'ou_has_children',
      errorArgs: ['ZX-JKT'],
    });
    expect((await call(t, endpoints.deleteOrgUnit, { params: { ouId: ids['ZX-ACC2'] }, token: admin })).json()).toEqual({ ok: true });
  });

  it('refuses to delete a unit that a bank account belongs to', async () => {
    const company = (await call(t, endpoints.listOrgUnits, { query: { keyword: 'PTDN' }, token: admin })).json().items[0];
    const res = await call(t, endpoints.deleteOrgUnit, { params: { ouId: company.ouId }, token: admin });
    expect(res.statusCode).toBe(409);
    expect(res.json()).toEqual({ errorCode: 'used_by_another_table', errorArgs: ['cash_banks'] });
  });

  it('saves legal info and a real logo, and refuses a disguised file', async () => {
    const legal = {
      address: 'Jl. Sudirman 1, Jakarta',
      taxName: 'PT Demo Nusantara',
      taxNumber: '01.234.567.8-901.000',
      taxDate: '2020-01-15',
      phone: '021-5550000',
      fax: null,
      taxableEntrepreneur: true,
    };
    const saved = await call(t, endpoints.saveLegalInfo, { params: { ouId: ids['ZX-PTDN'] }, body: legal, token: admin });
    expect(saved.json().legal).toEqual(legal);
    const png = Buffer.from(
      '89504e470d0a1a0a0000000d4948445200000001000000010806000000' + '1f15c4890000000d49444154789c6300010000050001' + '0d0a2db40000000049454e44ae426082',
      'hex',
    );
    const up = await call(t, endpoints.uploadLogo, {
      params: { ouId: ids['ZX-PTDN'] },
      body: { contentType: 'image/png', dataBase64: png.toString('base64') },
      token: admin,
    });
    expect(up.json().hasLogo).toBe(true);
    const logo = await call(t, endpoints.getLogo, { params: { ouId: ids['ZX-PTDN'] }, token: admin });
    expect(logo.headers['content-type']).toBe('image/png');
    expect(logo.rawPayload.equals(png)).toBe(true);
    const fake = await call(t, endpoints.uploadLogo, {
      params: { ouId: ids['ZX-PTDN'] },
      body: { contentType: 'image/png', dataBase64: Buffer.from('<script>').toString('base64') },
      token: admin,
    });
    expect(fake.error().errorCode).toBe('ou_logo_invalid');
  });

  it('lets read-only users look, not write; a second tenant sees none of it', async () => {
    const staff = await t.login('staff');
    expect((await call(t, endpoints.listOrgUnits, { query: { keyword: 'ZX-' }, token: staff })).json().total).toBe(5);
    expect((await call(t, endpoints.createOrgUnit, { body: { ouCode: 'Z', ouName: 'Z', ouTypeCode: 'COM', parentId: null }, token: staff })).statusCode).toBe(
      403,
    );
    await t.seedTenant('acme');
    const acme = await t.login('admin', 'acme');
    expect((await call(t, endpoints.listOrgUnits, { query: { keyword: 'ZX-' }, token: acme })).json().total).toBe(0);
    expect((await call(t, endpoints.getOrgUnit, { params: { ouId: ids['ZX-PTDN'] }, token: acme })).statusCode).toBe(404);
  });
});
