import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { endpoints, type ApprovalFlowInput } from '@nusa/contracts';
import { createTestApp, type TestApp } from '../../../../test/test-app.ts';
import { call } from '../../../../test/call.ts';

let t: TestApp;
let admin: string;
const ref: Record<string, string> = {};

beforeAll(async () => {
  t = await createTestApp('approval_flows');
  admin = await t.login('admin');
  const roles = (await call(t, endpoints.listRoles, { token: admin, query: { keyword: 'Staff' } })).json().items;
  ref.staffRole = roles.find((r) => r.name === 'Staff')!.roleId;
  const users = (await call(t, endpoints.listUsers, { token: admin, query: { keyword: 'admin' } })).json().items;
  ref.adminUser = users.find((u) => u.username === 'admin')!.userId;
  const ous = (await call(t, endpoints.listOrgUnits, { token: admin, query: { keyword: 'JKT' } })).json().items;
  ref.jkt = ous.find((o) => o.ouCode === 'JKT')!.ouId;
});
afterAll(() => t.close());

const flow = (over: Partial<ApprovalFlowInput> = {}): ApprovalFlowInput => ({
  name: 'Kas keluar',
  documentTypeId: 20003,
  ouId: null,
  levels: [{ roleIds: [ref.staffRole] }, { mode: 'all', amountAbove: '10000000', userIds: [ref.adminUser] }],
  ...over,
});
const create = (body: ApprovalFlowInput, token = admin) => call(t, endpoints.createApprovalFlow, { token, body });

describe('approval flows', () => {
  it('creates a flow with ordered levels, names its approvers and audits it', async () => {
    const res = await create(flow());
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({
      name: 'Kas keluar',
      documentTypeId: 20003,
      ouId: null,
      ouCode: null,
      active: 'Y',
      levels: [
        { levelNo: 1, mode: 'any', amountAbove: null, amountUpTo: null, roles: [{ id: ref.staffRole, name: 'Staff' }], users: [] },
        { levelNo: 2, mode: 'all', amountAbove: '10000000', amountUpTo: null, roles: [], users: [{ id: ref.adminUser, name: 'Siti Rahayu' }] },
      ],
    });
    ref.flow = res.json().flowId;
    const audit = await t.pools.owner.query(`SELECT module, action FROM audit_log WHERE entity_id = $1`, [ref.flow]);
    expect(audit.rows).toEqual([{ module: 'accounting.approval-flow', action: 'create' }]);
  });

  it("keeps one flow per document type and OU (an OU's own flow beside the one for every OU)", async () => {
    expect((await create(flow({ name: 'Lagi' }))).error()).toEqual({ errorCode: 'approval_flow_already_exists', errorArgs: [] });
    const jkt = await create(flow({ name: 'Kas keluar Jakarta', ouId: ref.jkt }));
    expect(jkt.json()).toMatchObject({ ouId: ref.jkt, ouCode: 'JKT' });
    const edit = await call(t, endpoints.updateApprovalFlow, { token: admin, params: { flowId: jkt.json().flowId }, body: flow({ name: 'Semua OU' }) });
    expect(edit.error().errorCode).toBe('approval_flow_already_exists');
  });

  it('refuses a level without approvers, a band whose floor is not below its ceiling, unknown roles, users and OUs', async () => {
    const ghost = '0190a000-0000-7000-8000-000000000000';
    const cases: [Partial<ApprovalFlowInput>, string, (string | number)[]][] = [
      [{ levels: [{ roleIds: [ref.staffRole] }, { roleIds: [], userIds: [] }] }, 'approval_flow_level_no_approver', [2]],
      [{ levels: [{ amountAbove: '500', amountUpTo: '500', roleIds: [ref.staffRole] }] }, 'approval_flow_band_invalid', [1]],
      [{ levels: [{ roleIds: [ghost] }] }, 'role_not_found', []],
      [{ levels: [{ userIds: [ghost] }] }, 'user_not_found', []],
      [{ ouId: ghost }, 'ou_not_found', [ghost]],
    ];
    for (const [over, code, args] of cases) {
      expect((await create(flow({ documentTypeId: 20002, ...over }))).error(), code).toEqual({ errorCode: code, errorArgs: args });
    }
    expect((await create(flow({ documentTypeId: 99999 }))).statusCode).toBe(400);
    const n = await t.pools.owner.query(`SELECT count(*)::int AS n FROM approval_flows WHERE document_type_id = 20002`);
    expect(n.rows[0].n).toBe(0);
  });

  it('replaces levels on edit, filters the list by type, deletes', async () => {
    const edited = await call(t, endpoints.updateApprovalFlow, {
      token: admin,
      params: { flowId: ref.flow },
      body: flow({ name: 'Kas keluar pusat', active: 'N', levels: [{ mode: 'all', userIds: [ref.adminUser], roleIds: [ref.staffRole] }] }),
    });
    expect(edited.json()).toMatchObject({
      name: 'Kas keluar pusat',
      active: 'N',
      levels: [{ levelNo: 1, mode: 'all', roles: [{ name: 'Staff' }], users: [{ name: 'Siti Rahayu' }] }],
    });
    const list = await call(t, endpoints.listApprovalFlows, { token: admin, query: { documentTypeId: 20003, sort: 'name' } });
    expect(list.json().items.map((f) => f.name)).toEqual(['Kas keluar Jakarta', 'Kas keluar pusat']);
    expect((await call(t, endpoints.listApprovalFlows, { token: admin, query: { documentTypeId: 20001 } })).json().total).toBe(0);
    expect((await call(t, endpoints.deleteApprovalFlow, { token: admin, params: { flowId: ref.flow } })).statusCode).toBe(200);
    expect((await call(t, endpoints.getApprovalFlow, { token: admin, params: { flowId: ref.flow } })).error().errorCode).toBe('approval_flow_not_found');
    const rows = await t.pools.owner.query(`SELECT count(*)::int AS n FROM approval_flow_levels WHERE flow_id = $1`, [ref.flow]);
    expect(rows.rows[0].n).toBe(0);
  });

  it('answers 403 without the flow tasks and shows another tenant nothing', async () => {
    const staff = await t.login('staff');
    expect((await call(t, endpoints.listApprovalFlows, { token: staff, query: {} })).statusCode).toBe(200);
    expect((await create(flow({ documentTypeId: 20001 }), staff)).statusCode).toBe(403);
    const cashier = await t.login('cashier');
    expect((await call(t, endpoints.listApprovalFlows, { token: cashier, query: {} })).statusCode).toBe(403);
    await t.seedTenant('lain');
    const other = await t.login('admin', 'lain');
    expect((await call(t, endpoints.listApprovalFlows, { token: other, query: {} })).json()).toEqual({ items: [], total: 0 });
    const jkt = (await call(t, endpoints.listApprovalFlows, { token: admin, query: { documentTypeId: 20003 } })).json().items[0];
    expect((await call(t, endpoints.getApprovalFlow, { token: other, params: { flowId: jkt.flowId } })).error().errorCode).toBe('approval_flow_not_found');
  });
});
