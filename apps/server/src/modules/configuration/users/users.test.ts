import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { endpoints, type BodyOf } from '@nusa/contracts';
import { createTestApp, type TestApp } from '../../../../test/test-app.ts';
import { call } from '../../../../test/call.ts';

let t: TestApp;
let admin: string;
let staff: string;
let agent: string;
let roleIds: Record<string, string>;

beforeAll(async () => {
  t = await createTestApp('users');
  [admin, staff, agent] = await Promise.all([t.login('admin'), t.login('staff'), t.login('agent')]);
  const r = await t.pools.owner.query<{ name: string; id: string }>(
    `SELECT r.name, r.id FROM roles r JOIN tenants t ON t.id = r.tenant_id WHERE t.code = 'demo'`,
  );
  roleIds = Object.fromEntries(r.rows.map((x) => [x.name, x.id]));
});
afterAll(() => t.close());

const newUser = (over: Partial<BodyOf<typeof endpoints.createUser>> = {}): BodyOf<typeof endpoints.createUser> => ({
  username: 'andi.pratama',
  fullName: 'Andi Pratama',
  email: 'andi@demo.nusa.id',
  password: 'Rahasia#2026',
  confirmPassword: 'Rahasia#2026',
  roleId: roleIds.Cashier,
  ...over,
});
const create = (token: string, body: BodyOf<typeof endpoints.createUser>) => call(t, endpoints.createUser, { body, token });

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
    expect(spaced.error().errorArgs[0]).toBe('body.username');
    const unknownRole = await create(admin, newUser({ username: 'u2', roleId: '0190b5a0-0000-7000-8000-000000000000' }));
    expect(unknownRole.json()).toEqual({ errorCode: 'role_not_found', errorArgs: [] });
  });

  it('lets only a Super Admin hand out the Super Admin role', async () => {
    const res = await create(admin, newUser({ username: 'u3', roleId: roleIds['Super Admin'] }));
    expect(res.statusCode).toBe(403);
    expect(res.error().errorCode).toBe('super-admin-only');
  });

  it('lists with keyword, role and activation filters and paging', async () => {
    const all = await call(t, endpoints.listUsers, { query: { limit: 5 }, token: staff });
    expect(all.statusCode).toBe(200);
    expect(all.json().total).toBe(6);
    expect(all.json().items).toHaveLength(5);
    const page2 = await call(t, endpoints.listUsers, { query: { limit: 5, page: 2 }, token: staff });
    expect(page2.json().items).toHaveLength(1);
    const byName = await call(t, endpoints.listUsers, { query: { keyword: 'pratama' }, token: staff });
    expect(byName.json().items.map((u: { username: string }) => u.username)).toEqual(['andi.pratama']);
    const byRole = await call(t, endpoints.listUsers, { query: { roleId: roleIds.Cashier }, token: staff });
    expect(byRole.json().total).toBe(2);
    const badLimit = await call(t, endpoints.listUsers, { query: { limit: 7 }, token: staff });
    expect(badLimit.statusCode).toBe(400);
  });

  it('keeps read-only users from writing and others out entirely', async () => {
    const write = await create(staff, newUser({ username: 'u4' }));
    expect(write.statusCode).toBe(403);
    expect(write.json()).toEqual({ errorCode: 'forbidden_action', errorArgs: ['/api/v1/config/users'] });
    const read = await call(t, endpoints.listUsers, { token: agent });
    expect(read.statusCode).toBe(403);
  });

  it("deactivation ends the user's sessions and blocks login; activation restores it", async () => {
    const userId = (await call(t, endpoints.listUsers, { query: { keyword: 'andi' }, token: admin })).json().items[0].userId;
    const andi = await t.login('andi.pratama', 'demo', 'Rahasia#2026');
    const off = await call(t, endpoints.setUserActive, { params: { userId }, body: { active: 'N' }, token: admin });
    expect(off.json().active).toBe('N');
    expect((await call(t, endpoints.me, { token: andi })).statusCode).toBe(401);
    await expect(t.login('andi.pratama', 'demo', 'Rahasia#2026')).rejects.toThrow(/user_inactive_or_banned/);
    await call(t, endpoints.setUserActive, { params: { userId }, body: { active: 'Y' }, token: admin });
    await t.login('andi.pratama', 'demo', 'Rahasia#2026');
  });

  it('resets a password once, shows it, and the old one stops working', async () => {
    const userId = (await call(t, endpoints.listUsers, { query: { keyword: 'andi' }, token: admin })).json().items[0].userId;
    const res = await call(t, endpoints.resetUserPassword, { params: { userId }, token: admin });
    const { password } = res.json();
    expect(password).toMatch(/^.{12,}$/);
    await t.login('andi.pratama', 'demo', password);
  });

  it('edits roles and shows where each task comes from', async () => {
    const userId = (await call(t, endpoints.listUsers, { query: { keyword: 'andi' }, token: admin })).json().items[0].userId;
    // The demo Admin holds every task of the Staff, CS Agent and Cashier roles, so it may hand them out (issue 9).
    const res = await call(t, endpoints.updateUser, {
      params: { userId },
      body: { fullName: 'Andi P.', email: null, roleId: roleIds.Cashier, extraRoleIds: [roleIds.Staff, roleIds['CS Agent']] },
      token: admin,
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({
      fullName: 'Andi P.',
      roleName: 'Cashier',
      extraRoles: expect.arrayContaining([expect.objectContaining({ roleName: 'Staff' })]),
    });
    const tasks = (await call(t, endpoints.userTasks, { params: { userId }, token: staff })).json();
    expect(tasks.tasks).toContainEqual({ task: 'createEditErpCustomer', fromRole: true, fromUser: false });
  });

  it("refuses to deactivate or delete one's own account, and deletes others", async () => {
    const me = (await call(t, endpoints.me, { token: admin })).json().userId;
    const self = await call(t, endpoints.deleteUser, { params: { userId: me }, token: admin });
    expect(self.error().errorCode).toBe('cannot_change_own_account');
    const userId = (await call(t, endpoints.listUsers, { query: { keyword: 'andi' }, token: admin })).json().items[0].userId;
    expect((await call(t, endpoints.deleteUser, { params: { userId }, token: admin })).json()).toEqual({ ok: true });
    const gone = await call(t, endpoints.getUser, { params: { userId }, token: admin });
    expect(gone.statusCode).toBe(404);
    expect(gone.error().errorCode).toBe('user_not_found');
  });

  it('shows a second tenant none of it', async () => {
    await t.seedTenant('acme');
    const acmeAdmin = await t.login('admin', 'acme');
    const list = (await call(t, endpoints.listUsers, { token: acmeAdmin })).json();
    expect(list.total).toBe(5);
    const demoUser = (await call(t, endpoints.listUsers, { query: { keyword: 'staff' }, token: admin })).json().items[0].userId;
    const cross = await call(t, endpoints.getUser, { params: { userId: demoUser }, token: acmeAdmin });
    expect(cross.statusCode).toBe(404);
  });
});
