import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../../test/test-app.ts';

let t: TestApp;
let admin: string;
let staff: string;

beforeAll(async () => {
  t = await createTestApp('roles');
  [admin, staff] = await Promise.all([t.login('admin'), t.login('staff')]);
});
afterAll(() => t.close());

const role = (over: Record<string, unknown> = {}) => ({
  name: 'Supervisor Gudang', type: 'USER', defaultPage: '/dashboard', minDiscountPercent: 0, maxDiscountPercent: 15,
  minDiscountAmount: '0', maxDiscountAmount: '-1', tasks: ['readOnlyErpWarehouse', 'viewCountChat'], ...over,
});
const post = (body: Record<string, unknown>, token = admin) => t.request({ method: 'POST', url: '/api/v1/config/roles', token, payload: body });

describe('roles', () => {
  let roleId: string;

  it('creates a role with tasks and discount limits where -1 is unlimited', async () => {
    const res = await post(role());
    expect(res.statusCode).toBe(200);
    const body = res.json();
    roleId = body.roleId;
    expect(body).toMatchObject({ name: 'Supervisor Gudang', maxDiscountPercent: 15, maxDiscountAmount: '-1', minDiscountAmount: '0', taskCount: 2, userCount: 0 });
    expect(body.tasks).toEqual(['readOnlyErpWarehouse', 'viewCountChat']);
  });

  it('refuses duplicates, bad ranges, unknown pages and unknown tasks', async () => {
    expect((await post(role({ name: 'supervisor gudang' }))).json()).toEqual({ errorCode: 'role_name_already_exists', errorArgs: ['supervisor gudang'] });
    expect((await post(role({ name: 'R2', minDiscountPercent: 20, maxDiscountPercent: 10 }))).json().errorCode).toBe('role_discount_range_invalid');
    expect((await post(role({ name: 'R2', minDiscountAmount: '500', maxDiscountAmount: '100' }))).json().errorCode).toBe('role_discount_range_invalid');
    expect((await post(role({ name: 'R2', defaultPage: '/nowhere' }))).json()).toEqual({ errorCode: 'role_default_page_invalid', errorArgs: ['/nowhere'] });
    const unknownTask = await post(role({ name: 'R2', tasks: ['flyToTheMoon'] }));
    expect(unknownTask.statusCode).toBe(400);
    expect((await post(role({ name: 'R2', maxDiscountPercent: -5 }))).statusCode).toBe(400);
    const n = await t.pools.owner.query(`SELECT count(*)::int AS n FROM roles WHERE name = 'R2'`);
    expect(n.rows[0].n).toBe(0);
  });

  it('keeps the Super Admin role out of reach', async () => {
    const list = (await t.request({ method: 'GET', url: '/api/v1/config/roles', token: admin })).json();
    const sa = list.items.find((r: { superAdmin: boolean }) => r.superAdmin);
    const res = await t.request({ method: 'PUT', url: `/api/v1/config/roles/${sa.roleId}`, token: admin, payload: role({ name: 'Hacked' }) });
    expect(res.json().errorCode).toBe('super-admin-only');
  });

  it('refuses to delete a role that users hold or link to, then deletes it once free', async () => {
    const user = await t.request({
      method: 'POST', url: '/api/v1/config/users', token: admin,
      payload: { username: 'gudang1', fullName: 'Joko', password: 'Gudang#2026', confirmPassword: 'Gudang#2026', roleId },
    });
    expect(user.statusCode).toBe(200);
    const held = await t.request({ method: 'DELETE', url: `/api/v1/config/roles/${roleId}`, token: admin });
    expect(held.statusCode).toBe(409);
    expect(held.json()).toEqual({ errorCode: 'role-has-users', errorArgs: [1] });
    // Cashier: a role whose tasks the Admin holds, so the Admin may hand it out (issue 9).
    const cashierRole = (await t.request({ method: 'GET', url: '/api/v1/config/roles?keyword=cashier', token: admin })).json().items[0].roleId;
    const moved = await t.request({
      method: 'PUT', url: `/api/v1/config/users/${user.json().userId}`, token: admin,
      payload: { fullName: 'Joko', roleId: cashierRole, extraRoleIds: [roleId] },
    });
    expect(moved.statusCode, moved.body).toBe(200);
    const linked = await t.request({ method: 'DELETE', url: `/api/v1/config/roles/${roleId}`, token: admin });
    expect(linked.json()).toEqual({ errorCode: 'role-has-user-roles', errorArgs: [1] });
    await t.request({ method: 'PUT', url: `/api/v1/config/users/${user.json().userId}`, token: admin, payload: { fullName: 'Joko', roleId: cashierRole, extraRoleIds: [] } });
    expect((await t.request({ method: 'DELETE', url: `/api/v1/config/roles/${roleId}`, token: admin })).json()).toEqual({ ok: true });
  });

  it('lets read-only users look but not write, with each role\'s user count', async () => {
    const list = await t.request({ method: 'GET', url: '/api/v1/config/roles?keyword=cashier', token: staff });
    expect(list.statusCode).toBe(200);
    // The seeded cashier and Joko, moved to Cashier above.
    expect(list.json().items[0]).toMatchObject({ name: 'Cashier', userCount: 2, taskCount: 4 });
    expect((await post(role({ name: 'R3' }), staff)).statusCode).toBe(403);
  });
});

describe('page access', () => {
  it('grants tasks to a user, effective at their next request, and clears them at once', async () => {
    const agent = await t.login('agent');
    const agentId = (await t.request({ method: 'GET', url: '/api/v1/auth/me', token: agent })).json().userId;
    expect((await t.request({ method: 'GET', url: '/api/v1/config/users', token: agent })).statusCode).toBe(403);
    const set = await t.request({ method: 'PUT', url: `/api/v1/config/page-access/user/${agentId}`, token: admin, payload: { tasks: ['readOnlyConfigUser'] } });
    expect(set.json()).toEqual({ tasks: ['readOnlyConfigUser'] });
    expect((await t.request({ method: 'GET', url: '/api/v1/config/users', token: agent })).statusCode).toBe(200);
    const me = (await t.request({ method: 'GET', url: '/api/v1/auth/me', token: agent })).json();
    expect(me.tasks).toContain('readOnlyConfigUser');
    const cleared = await t.request({ method: 'DELETE', url: `/api/v1/config/page-access/user/${agentId}`, token: admin });
    expect(cleared.json()).toEqual({ tasks: [] });
    expect((await t.request({ method: 'GET', url: '/api/v1/config/users', token: agent })).statusCode).toBe(403);
    const audit = await t.pools.owner.query(`SELECT action FROM audit_log WHERE entity_id = $1 ORDER BY at`, [agentId]);
    expect(audit.rows.map((r) => r.action)).toEqual(['update', 'clear']);
  });

  it('grants to a role and refuses unknown targets', async () => {
    const roles = (await t.request({ method: 'GET', url: '/api/v1/config/roles?keyword=cashier', token: admin })).json();
    const cashierRole = roles.items[0].roleId;
    const before = (await t.request({ method: 'GET', url: `/api/v1/config/page-access/role/${cashierRole}`, token: staff })).json().tasks;
    const res = await t.request({ method: 'PUT', url: `/api/v1/config/page-access/role/${cashierRole}`, token: admin, payload: { tasks: [...before, 'viewCountChat'] } });
    expect(res.json().tasks).toContain('viewCountChat');
    const missing = await t.request({ method: 'GET', url: '/api/v1/config/page-access/role/0190b5a0-0000-7000-8000-000000000000', token: admin });
    expect(missing.json().errorCode).toBe('role_not_found');
    const badKind = await t.request({ method: 'GET', url: `/api/v1/config/page-access/team/${cashierRole}`, token: admin });
    expect(badKind.statusCode).toBe(400);
  });
});
