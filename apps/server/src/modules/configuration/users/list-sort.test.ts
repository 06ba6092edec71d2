import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { endpoints, type QueryOf } from '@nusa/contracts';
import { createTestApp, type TestApp } from '../../../../test/test-app.ts';
import { call } from '../../../../test/call.ts';
import { listSortChecks } from '../../../../test/list-sort.ts';

/** Sortable user and role lists (architecture §4: lists take a sort). */
let t: TestApp;
let admin: string;
let roleIds: Record<string, string>;

beforeAll(async () => {
  t = await createTestApp('users-sort');
  admin = await t.login('admin');
  // The Super Admin creates them: the Admin may not hand out the Staff role, whose tasks it does not all hold (issue 9).
  const superadmin = await t.login('superadmin');
  const r = await t.pools.owner.query<{ name: string; id: string }>(
    `SELECT r.name, r.id FROM roles r JOIN tenants t ON t.id = r.tenant_id WHERE t.code = 'demo'`,
  );
  roleIds = Object.fromEntries(r.rows.map((x) => [x.name, x.id]));
  // Created in this order, so equal roles fall back to it (the id).
  const rows = [
    ['srt.delta', null, 'Cashier'],
    ['srt.alpha', 'z@srt.id', 'Staff'],
    ['srt.charlie', 'a@srt.id', 'Staff'],
    ['srt.bravo', 'm@srt.id', 'Cashier'],
  ] as const;
  for (const [username, email, role] of rows) {
    const res = await call(t, endpoints.createUser, {
      body: { username, fullName: `User ${username}`, email, password: 'Rahasia#2026', confirmPassword: 'Rahasia#2026', roleId: roleIds[role] },
      token: superadmin,
    });
    expect(res.statusCode, res.body).toBe(200);
  }
});
afterAll(() => t.close());

describe('user list sort', () => {
  // The shared sort checks take raw query strings: they also send sorts the contract refuses.
  const list = () =>
    listSortChecks(
      t,
      () => admin,
      '/api/v1/config/users',
      (u) => String(u.username),
    );
  const Q = 'keyword=srt.';

  it('sorts by username, email (none last both ways) and role name', async () => {
    expect(await list().labels(`${Q}&sort=username`)).toEqual(['srt.alpha', 'srt.bravo', 'srt.charlie', 'srt.delta']);
    expect(await list().labels(`${Q}&sort=-username`)).toEqual(['srt.delta', 'srt.charlie', 'srt.bravo', 'srt.alpha']);
    expect(await list().labels(`${Q}&sort=email`)).toEqual(['srt.charlie', 'srt.bravo', 'srt.alpha', 'srt.delta']);
    expect(await list().labels(`${Q}&sort=-email`)).toEqual(['srt.alpha', 'srt.bravo', 'srt.charlie', 'srt.delta']);
    expect(await list().labels(`${Q}&sort=role`)).toEqual(['srt.delta', 'srt.bravo', 'srt.alpha', 'srt.charlie']);
  });

  it('pages a sorted list consistently and refuses a sort it does not offer', async () => {
    await list().expectStablePages('sort=-role', 5);
    await list().expectStablePages('sort=-lastLogin', 5);
    await list().expectRefused(Q, 'password');
  });
});

describe('role list sort', () => {
  const items = async (sort: QueryOf<typeof endpoints.listRoles>['sort']) => {
    const res = await call(t, endpoints.listRoles, { query: { limit: 100, sort }, token: admin });
    expect(res.statusCode, res.body).toBe(200);
    return res.json().items;
  };

  it('sorts by user and task counts as numbers, the Super Admin counting every task', async () => {
    const byUsers = (await items('-users')).map((r) => r.userCount);
    expect(byUsers).toEqual([...byUsers].sort((a, b) => b - a));
    const byTasks = await items('tasks');
    expect(byTasks.map((r) => r.taskCount)).toEqual(byTasks.map((r) => r.taskCount).sort((a, b) => a - b));
    expect(byTasks.at(-1)?.superAdmin).toBe(true);
    expect(new Set(byTasks.map((r) => r.taskCount)).size).toBeGreaterThan(1);
    await listSortChecks(
      t,
      () => admin,
      '/api/v1/config/roles',
      (r) => String(r.name),
    ).expectRefused('limit=5', 'active');
  });
});
