import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { endpoints, type QueryOf } from '@nusa/contracts';
import { createTestApp, type TestApp } from '../../../test/test-app.ts';
import { withTenant } from '../db/tenant.ts';
import { writeAudit, type AuditEntry } from './write.ts';
import { call } from '../../../test/call.ts';

let t: TestApp;
let demoId: string;
let acmeId: string;

beforeAll(async () => {
  t = await createTestApp('audit');
  demoId = await t.tenantId('demo');
  acmeId = await t.seedTenant('acme');
});
afterAll(() => t.close());

const auditRows = async (entityId: string) =>
  (await t.pools.owner.query('SELECT tenant_id, module, action, entity, before, after FROM audit_log WHERE entity_id = $1', [entityId])).rows;

const audit = (tenantId: string, entry: AuditEntry) => withTenant(t.pools.app, tenantId, (tx) => writeAudit(tx, { tenantId }, entry));

describe('writeAudit shares the transaction of the write (architecture §3)', () => {
  it('leaves no audit row when the transaction rolls back', async () => {
    const failure = withTenant(t.pools.app, demoId, async (tx) => {
      await writeAudit(
        tx,
        { tenantId: demoId },
        { module: 'configuration.user', action: 'update', entity: 'thing', entityId: 'rolled-back', before: { a: 1 }, after: { a: 2 } },
      );
      // The audit row is visible inside the transaction...
      const inside = await tx.execute(`SELECT 1 FROM audit_log WHERE entity_id = 'rolled-back'`);
      expect(inside.rows).toHaveLength(1);
      throw new Error('the business write failed');
    });
    await expect(failure).rejects.toThrow('the business write failed');
    // ...and gone with it.
    expect(await auditRows('rolled-back')).toEqual([]);
  });

  it('keeps the row with who, module, action, before and after when the transaction commits', async () => {
    const userId = '0190b5a0-0000-7000-8000-0000000000aa';
    await withTenant(t.pools.app, demoId, (tx) =>
      writeAudit(
        tx,
        { tenantId: demoId, userId },
        {
          module: 'configuration.user',
          action: 'update',
          entity: 'user',
          entityId: 'committed',
          before: { fullName: 'Andi', active: true },
          after: { fullName: 'Andi Pratama', active: false, tags: ['x'] },
        },
      ),
    );
    expect(await auditRows('committed')).toEqual([
      {
        tenant_id: demoId,
        module: 'configuration.user',
        action: 'update',
        entity: 'user',
        before: { fullName: 'Andi', active: true },
        after: { fullName: 'Andi Pratama', active: false, tags: ['x'] },
      },
    ]);
    const who = await t.pools.owner.query(`SELECT user_id, at <= now() AS past FROM audit_log WHERE entity_id = 'committed'`);
    expect(who.rows).toEqual([{ user_id: userId, past: true }]);
  });

  it('cannot write an audit row for another tenant than the transaction’s (row-level security)', async () => {
    const attempt = withTenant(t.pools.app, demoId, (tx) =>
      writeAudit(tx, { tenantId: acmeId }, { module: 'configuration.user', action: 'create', entity: 'thing', entityId: 'cross-tenant' }),
    );
    await expect(attempt).rejects.toMatchObject({ cause: { code: '42501' } });
    expect(await auditRows('cross-tenant')).toEqual([]);
  });
});

describe('GET /api/v1/audit/entries', () => {
  const list = async (token: string, query: QueryOf<typeof endpoints.listAuditEntries> = {}) => call(t, endpoints.listAuditEntries, { query, token });
  let staff: string;
  let acmeStaff: string;

  beforeAll(async () => {
    // Separate transactions so each row has its own time and the order is newest first.
    for (let i = 1; i <= 6; i++)
      await audit(demoId, { module: 'configuration.user', action: 'create', entity: 'user', entityId: `demo-user-${i}`, after: { n: i } });
    await audit(demoId, { module: 'administration.promo-code', action: 'update', entity: 'promo', entityId: '50%_off', before: { p: 1 }, after: { p: 2 } });
    await audit(acmeId, { module: 'configuration.user', action: 'delete', entity: 'user', entityId: 'acme-secret-user' });
    [staff, acmeStaff] = await Promise.all([t.login('staff'), t.login('staff', 'acme')]);
  });

  it("lists the tenant's rows newest first with the total", async () => {
    const res = await list(staff, { limit: 100 });
    expect(res.statusCode).toBe(200);
    const body = res.json() as { items: { entityId: string; at: string; before: unknown; after: unknown }[]; total: number };
    const ids = body.items.map((i) => i.entityId);
    expect(ids.slice(0, 7)).toEqual(['50%_off', 'demo-user-6', 'demo-user-5', 'demo-user-4', 'demo-user-3', 'demo-user-2', 'demo-user-1']);
    expect(body.total).toBe(body.items.length);
    expect(body.items[0]).toMatchObject({
      module: 'administration.promo-code',
      action: 'update',
      entity: 'promo',
      before: { p: 1 },
      after: { p: 2 },
      userId: null,
    });
    expect(new Date(body.items[0].at).toISOString()).toBe(body.items[0].at);
  });

  it('pages with page and limit', async () => {
    const first = (await list(staff, { limit: 5, page: 1 })).json();
    const second = (await list(staff, { limit: 5, page: 2 })).json();
    expect(first.items).toHaveLength(5);
    expect(second.total).toBe(first.total);
    expect(second.items.length).toBe(first.total - 5);
    const all = [...first.items, ...second.items].map((i: { id: string }) => i.id);
    expect(new Set(all).size).toBe(first.total);
  });

  it('filters by keyword over module, action, entity and entity id, with % and _ taken literally', async () => {
    expect((await list(staff, { keyword: 'promo' })).json().total).toBe(1);
    expect((await list(staff, { keyword: 'DEMO-USER' })).json().total).toBe(6);
    expect((await list(staff, { keyword: '%' })).json().items.map((i: { entityId: string }) => i.entityId)).toEqual(['50%_off']);
    expect((await list(staff, { keyword: '_' })).json().total).toBe(1);
    expect((await list(staff, { keyword: 'nothing-like-this' })).json()).toEqual({ items: [], total: 0 });
  });

  it('shows a second tenant none of the first tenant’s rows, and the reverse', async () => {
    const acme = (await list(acmeStaff, { limit: 100 })).json();
    expect(acme.items.map((i: { entityId: string }) => i.entityId)).toEqual(['acme-secret-user']);
    expect(acme.total).toBe(1);
    const demo = (await list(staff, { limit: 100, keyword: 'acme' })).json();
    expect(demo.total).toBe(0);
  });

  it("shows rows written under a name from before the catalogue under today's name, found by either name or the label", async () => {
    // A row as the accounting modules wrote it before the catalogue (writeAudit no longer takes the name): never rewritten.
    await t.pools.owner.query(
      `INSERT INTO audit_log (tenant_id, id, module, action, entity, entity_id) VALUES ($1, gen_random_uuid(), 'erp.warehouse', 'create', 'warehouse', 'GD-LEGACY')`,
      [demoId],
    );
    expect((await t.pools.owner.query(`SELECT module FROM audit_log WHERE entity_id = 'GD-LEGACY'`)).rows).toEqual([{ module: 'erp.warehouse' }]);
    for (const keyword of ['GD-LEGACY', 'accounting.warehouse', 'erp.ware', 'Gudang', 'warehouses']) {
      const found = (await list(staff, { keyword })).json();
      expect(
        found.items.map((i) => [i.entityId, i.module]),
        keyword,
      ).toContainEqual(['GD-LEGACY', 'accounting.warehouse']);
    }
    expect((await list(staff, { keyword: 'Kode promo' })).json().items.map((i) => i.entityId)).toEqual(['50%_off']);
  });

  it('refuses a page size outside 5/25/30/50/100 with the field named', async () => {
    const res = await list(staff, { limit: 7 });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ errorCode: 'invalid_input_format', errorArgs: ['querystring.limit', expect.any(String)] });
  });
});
