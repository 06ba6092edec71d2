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
    const left = await t.pools.owner.query<{ id: string }>(`INSERT INTO tenants (id, code, name) VALUES (gen_random_uuid(), 'setengah', 'PT Setengah') RETURNING id`);
    const first = await seedTenant(t.pools, { code: 'setengah', name: 'PT Setengah' });
    expect(first).toEqual({ id: left.rows[0].id, created: true });
    const users = await t.pools.owner.query('SELECT username FROM users WHERE tenant_id = $1 ORDER BY username', [first.id]);
    expect(users.rows.map((r) => r.username)).toEqual(['admin', 'agent', 'cashier', 'staff', 'superadmin']);
    expect(await seedTenant(t.pools, { code: 'setengah', name: 'PT Setengah' })).toEqual({ id: first.id, created: false });
    expect(await t.login('admin', 'setengah')).toEqual(expect.any(String));
  });
});
