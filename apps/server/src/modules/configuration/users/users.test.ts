import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../../test/test-app.ts';

let t: TestApp;
let admin: string;
let superadmin: string;
let staff: string;
let agent: string;
let roleIds: Record<string, string>;

beforeAll(async () => {
  t = await createTestApp('users');
  [admin, superadmin, staff, agent] = await Promise.all([t.login('admin'), t.login('superadmin'), t.login('staff'), t.login('agent')]);
  const r = await t.pools.owner.query<{ name: string; id: string }>(
    `SELECT r.name, r.id FROM roles r JOIN tenants t ON t.id = r.tenant_id WHERE t.code = 'demo'`,
  );
  roleIds = Object.fromEntries(r.rows.map((x) => [x.name, x.id]));
});
afterAll(() => t.close());

const newUser = (over: Record<string, unknown> = {}) => ({
  username: 'andi.pratama', fullName: 'Andi Pratama', email: 'andi@demo.nusa.id', password: 'Rahasia#2026',
  confirmPassword: 'Rahasia#2026', roleId: roleIds.Cashier, ...over,
});
const create = (token: string, body: Record<string, unknown>) => t.request({ method: 'POST', url: '/api/v1/config/users', token, payload: body });

describe('user administration', () => {
  it('creates a user who can then log in, and audits the write', async () => {
    const res = await create(admin, newUser());
    expect(res.statusCode).toBe(200);
    const user = res.json();
    expect(user).toMatchObject({ username: 'andi.pratama', roleName: 'Cashier', active: 'Y', extraRoles: [] });
    await t.login('andi.pratama', 'demo', 'Rahasia#2026');
    const audit = await t.pools.owner.query(`SELECT action, entity FROM audit_log WHERE entity_id = $1`, [user.userId]);
    expect(audit.rows).toEqual([{ action: 'create', entity: 'user' }]);
  });

  it('refuses a taken username in any letter case', async () => {
    const res = await create(admin, newUser({ username: 'ANDI.PRATAMA' }));
    expect(res.statusCode).toBe(409);
    expect(res.json()).toEqual({ errorCode: 'username_already_exists', errorArgs: ['ANDI.PRATAMA'] });
  });

  it('applies the password policy and the confirmation', async () => {
    const short = await create(admin, newUser({ username: 'u1', password: 'abc', confirmPassword: 'abc' }));
    expect(short.json()).toEqual({ errorCode: 'password_too_short', errorArgs: [4] });
    const mismatch = await create(admin, newUser({ username: 'u1', confirmPassword: 'Different#2026' }));
    expect(mismatch.json()).toEqual({ errorCode: 'password_mismatch', errorArgs: [] });
    await t.pools.owner.query(`UPDATE app_settings SET password_required_classes = '{digit,symbol}'`);
    const noDigit = await create(admin, newUser({ username: 'u1', password: 'Rahasia#Aman', confirmPassword: 'Rahasia#Aman' }));
    expect(noDigit.json()).toEqual({ errorCode: 'password_needs_digit', errorArgs: [] });
    await t.pools.owner.query(`UPDATE app_settings SET password_required_classes = '{}'`);
    const count = await t.pools.owner.query(`SELECT count(*)::int AS n FROM users WHERE username = 'u1'`);
    expect(count.rows[0].n).toBe(0);
  });

  it('refuses spaces in usernames and unknown roles', async () => {
    const spaced = await create(admin, newUser({ username: 'andi pratama' }));
    expect(spaced.statusCode).toBe(400);
    expect(spaced.json().errorArgs[0]).toBe('body.username');
    const unknownRole = await create(admin, newUser({ username: 'u2', roleId: '0190b5a0-0000-7000-8000-000000000000' }));
    expect(unknownRole.json()).toEqual({ errorCode: 'role_not_found', errorArgs: [] });
  });

  it('lets only a Super Admin hand out the Super Admin role', async () => {
    const res = await create(admin, newUser({ username: 'u3', roleId: roleIds['Super Admin'] }));
    expect(res.statusCode).toBe(403);
    expect(res.json().errorCode).toBe('super-admin-only');
  });

  it('lists with keyword, role and activation filters and paging', async () => {
    const all = await t.request({ method: 'GET', url: '/api/v1/config/users?limit=5', token: staff });
    expect(all.statusCode).toBe(200);
    expect(all.json().total).toBe(6);
    expect(all.json().items).toHaveLength(5);
    const page2 = await t.request({ method: 'GET', url: '/api/v1/config/users?limit=5&page=2', token: staff });
    expect(page2.json().items).toHaveLength(1);
    const byName = await t.request({ method: 'GET', url: '/api/v1/config/users?keyword=pratama', token: staff });
    expect(byName.json().items.map((u: { username: string }) => u.username)).toEqual(['andi.pratama']);
    const byRole = await t.request({ method: 'GET', url: `/api/v1/config/users?roleId=${roleIds.Cashier}`, token: staff });
    expect(byRole.json().total).toBe(2);
    const badLimit = await t.request({ method: 'GET', url: '/api/v1/config/users?limit=7', token: staff });
    expect(badLimit.statusCode).toBe(400);
  });

  it('keeps read-only users from writing and others out entirely', async () => {
    const write = await create(staff, newUser({ username: 'u4' }));
    expect(write.statusCode).toBe(403);
    expect(write.json()).toEqual({ errorCode: 'forbidden_action', errorArgs: ['/api/v1/config/users'] });
    const read = await t.request({ method: 'GET', url: '/api/v1/config/users', token: agent });
    expect(read.statusCode).toBe(403);
  });

  it('deactivation ends the user\'s sessions and blocks login; activation restores it', async () => {
    const userId = (await t.request({ method: 'GET', url: '/api/v1/config/users?keyword=andi', token: admin })).json().items[0].userId;
    const andi = await t.login('andi.pratama', 'demo', 'Rahasia#2026');
    const off = await t.request({ method: 'PUT', url: `/api/v1/config/users/${userId}/active`, token: admin, payload: { active: 'N' } });
    expect(off.json().active).toBe('N');
    expect((await t.request({ method: 'GET', url: '/api/v1/auth/me', token: andi })).statusCode).toBe(401);
    await expect(t.login('andi.pratama', 'demo', 'Rahasia#2026')).rejects.toThrow(/user_inactive_or_banned/);
    await t.request({ method: 'PUT', url: `/api/v1/config/users/${userId}/active`, token: admin, payload: { active: 'Y' } });
    await t.login('andi.pratama', 'demo', 'Rahasia#2026');
  });

  it('resets a password once, shows it, and the old one stops working', async () => {
    const userId = (await t.request({ method: 'GET', url: '/api/v1/config/users?keyword=andi', token: admin })).json().items[0].userId;
    const res = await t.request({ method: 'POST', url: `/api/v1/config/users/${userId}/reset-password`, token: admin });
    const { password } = res.json();
    expect(password).toMatch(/^.{12,}$/);
    await t.login('andi.pratama', 'demo', password);
  });

  it('edits roles and shows where each task comes from', async () => {
    const userId = (await t.request({ method: 'GET', url: '/api/v1/config/users?keyword=andi', token: admin })).json().items[0].userId;
    // The Staff role holds tasks the Admin does not (issue 9), so the Super Admin hands it out.
    const res = await t.request({
      method: 'PUT', url: `/api/v1/config/users/${userId}`, token: superadmin,
      payload: { fullName: 'Andi P.', email: null, roleId: roleIds.Cashier, extraRoleIds: [roleIds.Staff] },
    });
    expect(res.json()).toMatchObject({ fullName: 'Andi P.', roleName: 'Cashier', extraRoles: [{ roleName: 'Staff' }] });
    const tasks = (await t.request({ method: 'GET', url: `/api/v1/config/users/${userId}/tasks`, token: staff })).json();
    expect(tasks.tasks).toContainEqual({ task: 'createEditErpCustomer', fromRole: true, fromUser: false });
  });

  it('refuses to deactivate or delete one\'s own account, and deletes others', async () => {
    const me = (await t.request({ method: 'GET', url: '/api/v1/auth/me', token: admin })).json().userId;
    const self = await t.request({ method: 'DELETE', url: `/api/v1/config/users/${me}`, token: admin });
    expect(self.json().errorCode).toBe('cannot_change_own_account');
    const userId = (await t.request({ method: 'GET', url: '/api/v1/config/users?keyword=andi', token: admin })).json().items[0].userId;
    expect((await t.request({ method: 'DELETE', url: `/api/v1/config/users/${userId}`, token: admin })).json()).toEqual({ ok: true });
    const gone = await t.request({ method: 'GET', url: `/api/v1/config/users/${userId}`, token: admin });
    expect(gone.statusCode).toBe(404);
    expect(gone.json().errorCode).toBe('user_not_found');
  });

  it('shows a second tenant none of it', async () => {
    await t.seedTenant('acme');
    const acmeAdmin = await t.login('admin', 'acme');
    const list = (await t.request({ method: 'GET', url: '/api/v1/config/users', token: acmeAdmin })).json();
    expect(list.total).toBe(5);
    const demoUser = (await t.request({ method: 'GET', url: '/api/v1/config/users?keyword=staff', token: admin })).json().items[0].userId;
    const cross = await t.request({ method: 'GET', url: `/api/v1/config/users/${demoUser}`, token: acmeAdmin });
    expect(cross.statusCode).toBe(404);
  });
});
