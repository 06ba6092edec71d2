import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { endpoints } from '@nusa/contracts';
import { withTenant } from '../../../platform/db/tenant.ts';
import { createTestApp, type TestApp } from '../../../../test/test-app.ts';
import { call } from '../../../../test/call.ts';
import { assertMayCreateDocument, mayUse } from './service.ts';

let t: TestApp;
let admin: string;
let ouId: string;
let cashierId: string;
let demoId: string;

beforeAll(async () => {
  t = await createTestApp('policies');
  admin = await t.login('admin');
  ouId = (await call(t, endpoints.createOrgUnit, { body: { ouCode: 'P-RETAIL', ouName: 'Ritel', ouTypeCode: 'MBU', parentId: null }, token: admin })).json()
    .ouId;
  cashierId = (await call(t, endpoints.listUsers, { query: { keyword: 'cashier' }, token: admin })).json().items[0].userId;
  demoId = (await t.pools.owner.query(`SELECT id FROM tenants WHERE code = 'demo'`)).rows[0].id;
});
afterAll(() => t.close());

const empty = { documentTypes: [], products: [], warehouses: [], partners: [], cashBanks: [], glActivities: [], memberIds: [] };
const inDemo = <T>(fn: Parameters<typeof withTenant<T>>[2]) => withTenant(t.pools.app, demoId, fn);

describe('policy OU', () => {
  it('refuses an empty policy ("Policy OU list must be filled")', async () => {
    const res = await call(t, endpoints.saveOuPolicy, { params: { ouId }, body: empty, token: admin });
    expect(res.json()).toEqual({ errorCode: 'policy_ou_list_empty', errorArgs: [] });
  });

  it('restricts members to the listed records; others stay unrestricted', async () => {
    const policy = { ...empty, warehouses: ['GD-JKT'], documentTypes: [10001, 10003], memberIds: [cashierId] };
    const res = await call(t, endpoints.saveOuPolicy, { params: { ouId }, body: policy, token: admin });
    expect(res.json()).toEqual(policy);
    await inDemo(async (tx) => {
      expect(await mayUse(tx, cashierId, 'warehouses', 'GD-JKT')).toBe(true);
      expect(await mayUse(tx, cashierId, 'warehouses', 'GD-SBY')).toBe(false);
      expect(await mayUse(tx, cashierId, 'products', 'ANY')).toBe(true);
      await expect(assertMayCreateDocument(tx, cashierId, 10002)).rejects.toMatchObject({ code: 'policy_not_authorized' });
      await assertMayCreateDocument(tx, cashierId, 10003);
    });
    const list = (await call(t, endpoints.listOuPolicies, { token: admin })).json();
    expect(list.items).toEqual([{ ouId, counts: { documentTypes: 2, warehouses: 1 }, members: 1 }]);
  });

  it('lets document type -99 allow every type, and prohibitions override it', async () => {
    await call(t, endpoints.saveOuPolicy, { params: { ouId }, body: { ...empty, documentTypes: [-99], memberIds: [cashierId] }, token: admin });
    await inDemo((tx) => assertMayCreateDocument(tx, cashierId, 10007));
    const ban = await call(t, endpoints.saveProhibitions, { params: { userId: cashierId }, body: { documentTypeIds: [10007] }, token: admin });
    expect(ban.json()).toEqual({ documentTypeIds: [10007] });
    await inDemo(async (tx) => {
      await expect(assertMayCreateDocument(tx, cashierId, 10007)).rejects.toMatchObject({ code: 'document_type_prohibited', args: [10007] });
    });
  });

  it('refuses unknown document types, users and OUs; keeps an OU with a policy from deletion', async () => {
    expect((await call(t, endpoints.saveOuPolicy, { params: { ouId }, body: { ...empty, documentTypes: [12345] }, token: admin })).statusCode).toBe(400);
    const ghost = '0190b5a0-0000-7000-8000-000000000000';
    expect(
      (await call(t, endpoints.saveOuPolicy, { params: { ouId }, body: { ...empty, products: ['P1'], memberIds: [ghost] }, token: admin })).error().errorCode,
    ).toBe('user_not_found');
    expect((await call(t, endpoints.saveOuPolicy, { params: { ouId: ghost }, body: { ...empty, products: ['P1'] }, token: admin })).error().errorCode).toBe(
      'ou_not_found',
    );
    const del = await call(t, endpoints.deleteOrgUnit, { params: { ouId }, token: admin });
    expect(del.json()).toEqual({ errorCode: 'used_by_another_table', errorArgs: ['policy-ou'] });
  });

  it("answers 404 to deleting the policy of an OU that is not there, is another tenant's or has none, and audits nothing (issue 9)", async () => {
    const audits = async () =>
      (await t.pools.owner.query(`SELECT count(*)::int AS n FROM audit_log WHERE tenant_id = $1 AND module = 'configuration.policy-ou'`, [demoId])).rows[0].n;
    const auditsBefore = await audits();
    const random = crypto.randomUUID();
    const missing = await call(t, endpoints.deleteOuPolicy, { params: { ouId: random }, token: admin });
    expect({ status: missing.statusCode, body: missing.json() }).toEqual({ status: 404, body: { errorCode: 'ou_not_found', errorArgs: [random] } });

    await t.seedTenant('beta');
    const beta = await t.login('admin', 'beta');
    const betaOu = (await call(t, endpoints.createOrgUnit, { body: { ouCode: 'B-OU', ouName: 'Beta', ouTypeCode: 'MBU', parentId: null }, token: beta })).json()
      .ouId;
    expect((await call(t, endpoints.saveOuPolicy, { params: { ouId: betaOu }, body: { ...empty, warehouses: ['GD-B'] }, token: beta })).statusCode).toBe(200);
    const cross = await call(t, endpoints.deleteOuPolicy, { params: { ouId: betaOu }, token: admin });
    expect({ status: cross.statusCode, body: cross.json() }).toEqual({ status: 404, body: { errorCode: 'ou_not_found', errorArgs: [betaOu] } });
    expect((await call(t, endpoints.getOuPolicy, { params: { ouId: betaOu }, token: beta })).json().warehouses).toEqual(['GD-B']);

    const bare = (
      await call(t, endpoints.createOrgUnit, { body: { ouCode: 'P-BARE', ouName: 'Tanpa policy', ouTypeCode: 'MBU', parentId: null }, token: admin })
    ).json().ouId;
    const none = await call(t, endpoints.deleteOuPolicy, { params: { ouId: bare }, token: admin });
    expect({ status: none.statusCode, body: none.json() }).toEqual({ status: 404, body: { errorCode: 'policy_not_found', errorArgs: [bare] } });
    expect(await audits()).toBe(auditsBefore);

    const deleted = await call(t, endpoints.deleteOuPolicy, { params: { ouId }, token: admin });
    expect(deleted.json()).toEqual({ ok: true });
    expect(await audits()).toBe(auditsBefore + 1);
  });

  it('keeps agents out and shows a second tenant nothing', async () => {
    const agent = await t.login('agent');
    expect((await call(t, endpoints.listOuPolicies, { token: agent })).statusCode).toBe(403);
    await t.seedTenant('acme');
    const acme = await t.login('admin', 'acme');
    expect((await call(t, endpoints.listOuPolicies, { token: acme })).json().items).toEqual([]);
  });
});
