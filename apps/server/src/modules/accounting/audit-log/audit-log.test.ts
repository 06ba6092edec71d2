import ExcelJS from 'exceljs';
import pg from 'pg';
import { v7 as uuidv7 } from 'uuid';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { endpoints, type QueryOf } from '@nusa/contracts';
import { createTestApp, type TestApp } from '../../../../test/test-app.ts';
import { call } from '../../../../test/call.ts';
import { withTenant } from '../../../platform/db/tenant.ts';
import { writeAudit, type AuditEntry } from '../../../platform/audit/write.ts';
import { verifyAuditChain } from '../../../platform/audit/verify.ts';
import { auditChainerOf, chainAfterCommitOn } from '../../../platform/audit/chain.ts';
import { APP_ROLE } from '../../../../test/test-database.ts';

let t: TestApp;
let demoId: string;
let acmeId: string;
let admin: string;
let staff: string;
let cashier: string;
let acmeAdmin: string;
let adminId: string;

const audit = (tenantId: string, entry: AuditEntry, userId?: string) => withTenant(t.pools.app, tenantId, (tx) => writeAudit(tx, { tenantId, userId }, entry));
const verifyOf = (tenantId: string, batch?: number) => withTenant(t.pools.app, tenantId, (tx) => verifyAuditChain(tx, batch));
const owner = (text: string, values: unknown[] = []) => t.pools.owner.query(text, values);
/** The after-commit chainer's runs so far have ended (the rows committed before are chained). */
const chained = () => auditChainerOf(t.pools.app)!.settled();
const sqlState = (p: Promise<unknown>) =>
  p.then(
    () => 'no error',
    (e: { code?: string; cause?: { code?: string } }) => e.code ?? e.cause?.code ?? String(e),
  );

beforeAll(async () => {
  t = await createTestApp('audit_log');
  demoId = await t.tenantId('demo');
  acmeId = await t.seedTenant('acme');
  adminId = (await owner(`SELECT id FROM users WHERE tenant_id = $1 AND username = 'admin'`, [demoId])).rows[0].id;
  await audit(
    demoId,
    {
      module: 'accounting.warehouse',
      action: 'create',
      entity: 'warehouse',
      entityId: 'GD-PUSAT',
      after: { code: 'GD-PUSAT', name: 'Gudang Pusat', active: true },
    },
    adminId,
  );
  await audit(
    demoId,
    {
      module: 'accounting.warehouse',
      action: 'update',
      entity: 'warehouse',
      entityId: 'GD-PUSAT',
      before: { code: 'GD-PUSAT', name: 'Gudang Pusat', active: true },
      after: { code: 'GD-PUSAT', name: 'Gudang Utama Jakarta', active: true },
    },
    adminId,
  );
  await audit(demoId, { module: 'accounting.coa', action: 'deactivate', entity: 'coa', entityId: '1-1100', before: { active: 'Y' }, after: { active: 'N' } });
  // Written by raw SQL, under a name from before the catalogue and on a known day: the trigger chains it all the same.
  await owner(
    `INSERT INTO audit_log (tenant_id, id, at, module, action, entity, entity_id, after) VALUES ($1, $2, '2025-03-10T02:00:00Z', 'erp.warehouse', 'create', 'warehouse', 'GD-LAMA', '{"name":"Gudang Lama"}')`,
    [demoId, uuidv7()],
  );
  await audit(acmeId, { module: 'accounting.warehouse', action: 'create', entity: 'warehouse', entityId: 'ACME-SECRET', after: { name: 'Rahasia' } });
  [admin, staff, cashier, acmeAdmin] = await Promise.all([t.login('admin'), t.login('staff'), t.login('cashier'), t.login('admin', 'acme')]);
  await chained();
});
afterAll(() => t.close());

type Item = { entityId: string; module: string; seq: number; userName: string | null; hash: string; prevHash: string | null };
const list = async (token: string, query: QueryOf<typeof endpoints.listAuditLog> = {}) => {
  const res = await call(t, endpoints.listAuditLog, { query, token });
  expect(res.statusCode).toBe(200);
  return res.json() as { items: Item[]; total: number };
};
const ids = (body: { items: { entityId: string }[] }) => body.items.map((i) => i.entityId);

describe('GET /api/v1/erp/audit-log', () => {
  it('lists the tenant’s writes newest first, with who, the chain position and hashes', async () => {
    const body = await list(admin, { limit: 100 });
    expect(ids(body).slice(0, 3)).toEqual(['1-1100', 'GD-PUSAT', 'GD-PUSAT']);
    expect(body.total).toBe(body.items.length);
    const update = body.items.find((i) => i.entityId === 'GD-PUSAT' && i.userName)!;
    expect(update).toMatchObject({ userName: 'Siti Rahayu', module: 'accounting.warehouse' });
    expect(update.hash).toMatch(/^[0-9a-f]{64}$/);
    // The legacy row shows under today's module name.
    expect(body.items.find((i) => i.entityId === 'GD-LAMA')).toMatchObject({ module: 'accounting.warehouse' });
  });

  it('sorts oldest first on request and pages', async () => {
    const all = await list(admin, { limit: 100, sort: 'at' });
    expect(ids(all)[0]).toBe('GD-LAMA');
    const first = await list(admin, { limit: 5, page: 1, sort: 'at' });
    const second = await list(admin, { limit: 5, page: 2, sort: 'at' });
    expect([...ids(first), ...ids(second)]).toEqual(ids(all).slice(0, first.items.length + second.items.length));
    expect(second.total).toBe(all.total);
  });

  it('filters by user, module (legacy names too), action, record and WIB dates', async () => {
    expect(ids(await list(admin, { userId: adminId }))).toEqual(['GD-PUSAT', 'GD-PUSAT']);
    expect(ids(await list(admin, { module: 'accounting.warehouse' })).sort()).toEqual(['GD-LAMA', 'GD-PUSAT', 'GD-PUSAT']);
    expect(ids(await list(admin, { module: 'accounting.coa', action: 'deactivate' }))).toEqual(['1-1100']);
    expect(ids(await list(admin, { module: 'accounting.coa', action: 'create' }))).toEqual([]);
    // The record: its kind, its id, or text in its values; % and _ are plain characters.
    expect(ids(await list(admin, { record: 'coa' }))).toEqual(['1-1100']);
    expect(ids(await list(admin, { record: 'gd-lama' }))).toEqual(['GD-LAMA']);
    expect(ids(await list(admin, { record: 'Utama Jakarta' }))).toEqual(['GD-PUSAT']);
    expect(ids(await list(admin, { record: '%' }))).toEqual([]);
    // 02:00 UTC is 09:00 WIB on 10 March 2025.
    expect(ids(await list(admin, { from: '2025-03-10', to: '2025-03-10' }))).toEqual(['GD-LAMA']);
    expect(ids(await list(admin, { from: '2025-03-11', to: '2025-12-31' }))).toEqual([]);
    expect(ids(await list(admin, { to: '2025-03-09' }))).toEqual([]);
  });

  it('refuses an unknown module, action or sort with the field named', async () => {
    for (const query of [{ module: 'erp.warehouse' }, { action: 'explode' }, { sort: 'entity' }]) {
      const res = await call(t, endpoints.listAuditLog, { query: query as never, token: admin });
      expect(res.statusCode).toBe(400);
      expect(res.error()).toMatchObject({ errorCode: 'invalid_input_format', errorArgs: [`querystring.${Object.keys(query)[0]}`, expect.any(String)] });
    }
  });

  it('shows a second tenant none of the first tenant’s rows, and the reverse', async () => {
    expect(ids(await list(acmeAdmin, { limit: 100 }))).toEqual(['ACME-SECRET']);
    expect((await list(admin, { record: 'ACME' })).total).toBe(0);
  });

  it('answers 403 to a user without an audit-log task, for the list, the export and verify', async () => {
    for (const res of [
      await call(t, endpoints.listAuditLog, { token: cashier }),
      await call(t, endpoints.exportAuditLog, { token: cashier }),
      await call(t, endpoints.verifyAuditLog, { token: cashier }),
    ]) {
      expect(res.statusCode).toBe(403);
      expect(res.error().errorCode).toBe('forbidden_action');
    }
    expect((await call(t, endpoints.listAuditLog, { token: staff })).statusCode).toBe(200);
  });
});

describe('GET /api/v1/erp/audit-log/export', () => {
  it('exports the filtered rows with labels in the chosen language and the changed fields named', async () => {
    for (const [lang, moduleLabel, actionLabel, header] of [
      ['id', 'Gudang', 'Ubah', 'Field berubah'],
      ['en', 'Warehouses', 'Update', 'Changed fields'],
    ] as const) {
      const res = await call(t, endpoints.exportAuditLog, { query: { module: 'accounting.warehouse', lang }, token: staff });
      expect(res.statusCode).toBe(200);
      expect(res.headers['content-disposition']).toMatch(/^attachment; filename="audit-log-\d{4}-\d{2}-\d{2}\.xlsx"$/);
      const book = new ExcelJS.Workbook();
      await book.xlsx.load(res.rawPayload as unknown as ArrayBuffer);
      const sheet = book.worksheets[0];
      const rows = sheet.getSheetValues().slice(2) as unknown[][];
      expect(sheet.getRow(1).getCell(8).value).toBe(header);
      expect(rows).toHaveLength(3);
      const update = rows.find((r) => r[5] === actionLabel)!;
      expect(update.slice(3, 9)).toEqual(['Siti Rahayu', moduleLabel, actionLabel, 'warehouse', 'GD-PUSAT', 'name']);
      expect(JSON.parse(update[10] as string)).toEqual({ code: 'GD-PUSAT', name: 'Gudang Utama Jakarta', active: true });
    }
  });
});

describe('the hash chain', () => {
  it('verifies an untampered chain through the API, counting every row of the tenant only', async () => {
    const res = await call(t, endpoints.verifyAuditLog, { token: staff });
    expect(res.statusCode).toBe(200);
    const demoRows = (await owner(`SELECT count(*)::int AS n FROM audit_log WHERE tenant_id = $1`, [demoId])).rows[0].n;
    expect(res.json()).toEqual({ ok: true, checked: demoRows });
    expect((await call(t, endpoints.verifyAuditLog, { token: acmeAdmin })).json()).toEqual({ ok: true, checked: 1 });
  });

  it('gives each tenant a gap-free seq from 1, each row pointing at the one before', async () => {
    const rows = (await owner(`SELECT seq::int, prev_hash, hash FROM audit_log WHERE tenant_id = $1 ORDER BY seq`, [demoId])).rows;
    rows.forEach((r, i) => {
      expect(r.seq).toBe(i + 1);
      expect(r.prev_hash).toBe(i === 0 ? null : rows[i - 1].hash);
    });
  });

  it('chains 20 transactions writing at once without a fork or a gap, a moment after they commit, without a reader', async () => {
    const tenant = uuidv7();
    const wide = new pg.Pool({ ...t.pools.app.options, max: 20 });
    chainAfterCommitOn(wide, auditChainerOf(t.pools.app)!);
    try {
      await Promise.all(
        Array.from({ length: 20 }, (_, n) =>
          withTenant(wide, tenant, async (tx) => {
            for (let i = 0; i < 3; i++)
              await writeAudit(
                tx,
                { tenantId: tenant },
                { module: 'accounting.product', action: 'update', entity: 'product', entityId: `P-${n}-${i}`, after: { n, i } },
              );
          }),
        ),
      );
    } finally {
      await wide.end();
    }
    await chained();
    const rows = (await owner(`SELECT seq::int, prev_hash, entity_id FROM audit_log WHERE tenant_id = $1 ORDER BY seq`, [tenant])).rows;
    expect(rows.map((r) => r.seq)).toEqual(Array.from({ length: 60 }, (_, i) => i + 1));
    // A transaction's rows keep their order.
    for (let n = 0; n < 20; n++) {
      const own = rows.filter((r) => r.entity_id.startsWith(`P-${n}-`)).map((r) => r.entity_id);
      expect(own).toEqual([`P-${n}-0`, `P-${n}-1`, `P-${n}-2`]);
    }
    expect(new Set(rows.map((r) => r.prev_hash)).size).toBe(60);
    // Batches of 7 rows: the walk crosses batch boundaries.
    expect(await verifyOf(tenant, 7)).toEqual({ ok: true, checked: 60 });
  });

  it('chains 20 tenants written at once, each into its own chain from 1', async () => {
    const tenants = Array.from({ length: 20 }, () => uuidv7());
    await Promise.all(
      tenants.map(async (tenant) => {
        for (let i = 1; i <= 3; i++) await audit(tenant, { module: 'accounting.coa', action: 'create', entity: 'coa', entityId: `T-${i}` });
      }),
    );
    await chained();
    const rows = (
      await owner(`SELECT tenant_id, array_agg(seq::int ORDER BY seq) AS seqs FROM audit_log WHERE tenant_id = ANY($1::uuid[]) GROUP BY tenant_id`, [tenants])
    ).rows;
    expect(rows).toHaveLength(20);
    for (const r of rows) expect(r.seqs).toEqual([1, 2, 3]);
    for (const tenant of tenants.slice(0, 3)) expect(await verifyOf(tenant)).toEqual({ ok: true, checked: 3 });
  });

  it('chains a row only once its transaction has committed; the sweep chains rows written by raw SQL', async () => {
    const tenant = uuidv7();
    const long = await t.pools.app.connect();
    try {
      await long.query(`BEGIN; SELECT set_config('app.tenant_id', '${tenant}', true)`);
      await long.query(
        `INSERT INTO audit_log (tenant_id, id, module, action, entity, entity_id) VALUES ($1, $2, 'accounting.product', 'import', 'product', 'LONG')`,
        [tenant, uuidv7()],
      );
      expect((await long.query(`SELECT seq, hash FROM audit_log WHERE entity_id = 'LONG'`)).rows).toEqual([{ seq: null, hash: null }]);
      // Another writer of the tenant commits meanwhile and is chained without waiting for the open transaction.
      await audit(tenant, { module: 'accounting.product', action: 'update', entity: 'product', entityId: 'QUICK' });
      await chained();
      expect((await owner(`SELECT entity_id, seq::int FROM audit_log WHERE tenant_id = $1 AND seq IS NOT NULL`, [tenant])).rows).toEqual([
        { entity_id: 'QUICK', seq: 1 },
      ]);
      // Raw SQL, outside the app's transactions: nothing asks for the chain when it commits.
      await long.query('COMMIT');
    } finally {
      long.release();
    }
    await chained();
    expect((await owner(`SELECT seq FROM audit_log WHERE tenant_id = $1 AND entity_id = 'LONG'`, [tenant])).rows).toEqual([{ seq: null }]);
    expect(await auditChainerOf(t.pools.app)!.sweep()).toBeGreaterThanOrEqual(1);
    await chained();
    const rows = (await owner(`SELECT entity_id, seq::int FROM audit_log WHERE tenant_id = $1 ORDER BY seq`, [tenant])).rows;
    // Chained in the order rows became visible: the earlier-started LONG after QUICK.
    expect(rows).toEqual([
      { entity_id: 'QUICK', seq: 1 },
      { entity_id: 'LONG', seq: 2 },
    ]);
    expect(await verifyOf(tenant)).toEqual({ ok: true, checked: 2 });
    expect((await owner(`SELECT count(*)::int AS n FROM audit_log WHERE seq IS NULL`)).rows).toEqual([{ n: 0 }]);
  });

  it('chains the rows still waiting when verify runs', async () => {
    const tenant = uuidv7();
    for (const id of ['W-1', 'W-2'])
      await owner(`INSERT INTO audit_log (tenant_id, id, module, action, entity, entity_id) VALUES ($1, $2, 'accounting.coa', 'create', 'coa', $3)`, [
        tenant,
        uuidv7(),
        id,
      ]);
    expect(await verifyOf(tenant)).toEqual({ ok: true, checked: 2 });
    expect((await owner(`SELECT entity_id, seq::int FROM audit_log WHERE tenant_id = $1 ORDER BY seq`, [tenant])).rows).toEqual([
      { entity_id: 'W-1', seq: 1 },
      { entity_id: 'W-2', seq: 2 },
    ]);
  });

  it('reports the first broken link when the owner edits a row behind the app’s back', async () => {
    const tenant = uuidv7();
    for (let i = 1; i <= 5; i++)
      await audit(tenant, {
        module: 'accounting.coa',
        action: 'update',
        entity: 'coa',
        entityId: `A-${i}`,
        before: { amount: '100.0000' },
        after: { amount: `${i}00.0000` },
      });
    expect(await verifyOf(tenant, 2)).toEqual({ ok: true, checked: 5 });
    await owner(`UPDATE audit_log SET after = '{"amount": "999.0000"}' WHERE tenant_id = $1 AND seq = 3`, [tenant]);
    const at = (await owner(`SELECT at FROM audit_log WHERE tenant_id = $1 AND seq = 3`, [tenant])).rows[0].at as Date;
    expect(await verifyOf(tenant, 2)).toEqual({ ok: false, checked: 2, firstBrokenSeq: 3, firstBrokenAt: at.toISOString(), reason: 'hash' });
    // Re-hashing the edited row moves the break to the next row, which still points at the old hash.
    await owner(`UPDATE audit_log a SET hash = audit_row_hash(a) WHERE tenant_id = $1 AND seq = 3`, [tenant]);
    expect(await verifyOf(tenant)).toMatchObject({ ok: false, checked: 3, firstBrokenSeq: 4, reason: 'link' });
  });

  it('reports rows deleted from the middle and from the end', async () => {
    const middle = uuidv7();
    const end = uuidv7();
    for (const tenant of [middle, end]) {
      for (let i = 1; i <= 4; i++) await audit(tenant, { module: 'accounting.coa', action: 'create', entity: 'coa', entityId: `B-${i}` });
    }
    await chained();
    await owner(`DELETE FROM audit_log WHERE tenant_id = $1 AND seq = 2`, [middle]);
    expect(await verifyOf(middle)).toMatchObject({ ok: false, checked: 1, firstBrokenSeq: 3, reason: 'gap' });
    await owner(`DELETE FROM audit_log WHERE tenant_id = $1 AND seq = 4`, [end]);
    expect(await verifyOf(end)).toEqual({ ok: false, checked: 3, firstBrokenSeq: 4, reason: 'missing' });
  });

  it('lets the app role read and append audit rows, never chain, change or delete them', async () => {
    const tenant = uuidv7();
    await audit(tenant, { module: 'accounting.coa', action: 'create', entity: 'coa', entityId: 'C-1', after: { name: 'Kas' } });
    await chained();
    const attempt = (text: string) => sqlState(withTenant(t.pools.app, tenant, (_tx, client) => client.query(text)));
    expect(await attempt(`UPDATE audit_log SET after = '{}'`)).toBe('42501');
    expect(await attempt(`UPDATE audit_log SET hash = 'forged'`)).toBe('42501');
    expect(await attempt(`DELETE FROM audit_log`)).toBe('42501');
    expect(await attempt(`TRUNCATE audit_log`)).toBe('42501');
    // Nor move the chain's head.
    expect(await attempt(`UPDATE audit_chain_heads SET seq = 0, hash = NULL`)).toBe('42501');
    expect(await attempt(`DELETE FROM audit_chain_heads`)).toBe('42501');
    // An INSERT cannot choose its place in the chain (the insert trigger clears it), nor can the app role give an
    // unchained row one by hand: only audit_chain_pending (SECURITY DEFINER) may.
    const forged = uuidv7();
    const hand = withTenant(t.pools.app, tenant, async (_tx, client) => {
      await client.query(
        `INSERT INTO audit_log (tenant_id, id, module, action, entity, entity_id, seq, prev_hash, hash) VALUES ($1, $2, 'x', 'x', 'x', 'forged', 99, 'f', 'f')`,
        [tenant, forged],
      );
      expect((await client.query(`SELECT seq, hash FROM audit_log WHERE id = $1`, [forged])).rows).toEqual([{ seq: null, hash: null }]);
      await client.query(`UPDATE audit_log SET seq = 2, prev_hash = 'f', hash = 'f' WHERE id = $1`, [forged]);
    });
    expect(await sqlState(hand)).toBe('42501');
    // The function's owner may set the chain's columns of an unchained row only: a chained row stays as it is.
    const definer = await sqlState(
      withTenant(t.pools.owner, tenant, (_tx, client) =>
        client.query(`SET LOCAL ROLE ${APP_ROLE}_definer; UPDATE audit_log SET hash = 'forged' WHERE seq = 1`),
      ),
    );
    expect(definer).toBe('42501');
    await withTenant(t.pools.app, tenant, (_tx, client) =>
      client.query(
        `INSERT INTO audit_log (tenant_id, id, module, action, entity, entity_id, seq, prev_hash, hash) VALUES ($1, $2, 'x', 'x', 'x', 'forged', 99, 'f', 'f')`,
        [tenant, forged],
      ),
    );
    // Written by raw SQL, so nothing asked for the chain at its COMMIT: the sweep finds it.
    await auditChainerOf(t.pools.app)!.sweep();
    await chained();
    expect((await owner(`SELECT seq::int, hash <> 'f' AS rehashed FROM audit_log WHERE tenant_id = $1 AND entity_id = 'forged'`, [tenant])).rows).toEqual([
      { seq: 2, rehashed: true },
    ]);
    expect(await verifyOf(tenant)).toEqual({ ok: true, checked: 2 });
  });
});
