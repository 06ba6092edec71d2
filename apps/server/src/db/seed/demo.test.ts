import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/test-app.ts';
import { seedTenant } from './demo.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp('seed');
});
afterAll(() => t.close());

describe('seeding a tenant', () => {
  it('seeds a tenant left without its data by a start that stopped half-way, and only once', async () => {
    const left = await t.pools.owner.query<{ id: string }>(
      `INSERT INTO tenants (id, code, name) VALUES (gen_random_uuid(), 'setengah', 'PT Setengah') RETURNING id`,
    );
    const first = await seedTenant(t.pools, { code: 'setengah', name: 'PT Setengah' });
    expect(first).toEqual({ id: left.rows[0].id, created: true });
    const users = await t.pools.owner.query('SELECT username FROM users WHERE tenant_id = $1 ORDER BY username', [first.id]);
    expect(users.rows.map((r) => r.username)).toEqual(['admin', 'agent', 'cashier', 'staff', 'superadmin']);
    expect(await seedTenant(t.pools, { code: 'setengah', name: 'PT Setengah' })).toEqual({ id: first.id, created: false });
    expect(await t.login('admin', 'setengah')).toEqual(expect.any(String));
  });

  it("gives only the vendor's tenant the vendor tasks, so another tenant's Super Admin may hand out every standard role", async () => {
    const other = await t.seedTenant('pelanggan');
    const vendorTasks = async (tenantId: string) =>
      (
        await t.pools.owner.query("SELECT count(*)::int AS n FROM role_tasks WHERE tenant_id = $1 AND task IN ('viewManagementLeads', 'editManagementLeads')", [
          tenantId,
        ])
      ).rows[0].n;
    expect(await vendorTasks(await t.tenantId('demo'))).toBeGreaterThan(0);
    expect(await vendorTasks(other)).toBe(0);
    const superadmin = await t.login('superadmin', 'pelanggan');
    const staffRole = (await t.pools.owner.query("SELECT id FROM roles WHERE tenant_id = $1 AND name = 'Staff'", [other])).rows[0].id;
    const res = await t.request({
      method: 'POST',
      url: '/api/v1/config/users',
      token: superadmin,
      tenant: 'pelanggan',
      payload: {
        username: 'baru',
        fullName: 'Pengguna Baru',
        email: 'baru@pelanggan.id',
        roleId: staffRole,
        password: 'Baru@2026x',
        confirmPassword: 'Baru@2026x',
      },
    });
    expect(res.statusCode, res.body).toBe(200);
  });
});
