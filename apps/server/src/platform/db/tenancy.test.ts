import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import net from 'node:net';
import type pg from 'pg';
import { createTestApp, type TestApp } from '../../../test/test-app.ts';
import { APP_ROLE } from '../../../test/test-database.ts';
import { commitBehind, withTenant } from './tenant.ts';
import { writeAudit } from '../audit/write.ts';
import { secureSchema } from './secure-schema.ts';

/** Tables the isolation checks read without any WHERE tenant_id; each holds rows of both tenants. */
const TENANT_TABLES = ['users', 'roles', 'role_tasks', 'sessions', 'audit_log', 'app_settings'] as const;

let t: TestApp;
let A: string;
let B: string;

beforeAll(async () => {
  t = await createTestApp('tenancy');
  A = await t.tenantId('demo');
  B = await t.seedTenant('acme');
  // Give both tenants session rows (logins) and audit rows.
  await Promise.all([t.login('staff', 'demo'), t.login('staff', 'acme')]);
  for (const id of [A, B]) {
    await withTenant(t.pools.app, id, (tx) =>
      writeAudit(tx, { tenantId: id }, { module: 'configuration.user', action: 'create', entity: 'thing', entityId: `of-${id}` }),
    );
  }
});
afterAll(() => t.close());

/** Rows per tenant of a table, as the owner (who bypasses row-level security) sees them. */
const ownerCounts = async (table: string) => {
  const r = await t.pools.owner.query<{ tenant_id: string; n: number }>(`SELECT tenant_id, count(*)::int AS n FROM ${table} GROUP BY tenant_id`);
  return Object.fromEntries(r.rows.map((x) => [x.tenant_id, x.n]));
};

const sqlState = async (p: Promise<unknown>) =>
  p.then(
    () => 'no error',
    (e: { code?: string; cause?: { code?: string } }) => e.code ?? e.cause?.code ?? String(e),
  );

describe('a query that forgets WHERE tenant_id sees only its tenant (row-level security)', () => {
  it.each(TENANT_TABLES)('%s: the owner proves both tenants have rows; tenant A sees exactly its own', async (table) => {
    const counts = await ownerCounts(table);
    expect(counts[A]).toBeGreaterThan(0);
    expect(counts[B]).toBeGreaterThan(0);
    const seen = await withTenant(t.pools.app, A, async (_tx, client) => (await client.query<{ tenant_id: string }>(`SELECT tenant_id FROM ${table}`)).rows);
    expect(seen.length).toBe(counts[A]);
    expect(new Set(seen.map((r) => r.tenant_id))).toEqual(new Set([A]));
  });

  it('cannot read a row of B even by its key', async () => {
    const bUser = (await t.pools.owner.query<{ id: string }>(`SELECT id FROM users WHERE tenant_id = $1 LIMIT 1`, [B])).rows[0].id;
    const rows = await withTenant(
      t.pools.app,
      A,
      async (_tx, client) => (await client.query('SELECT * FROM users WHERE tenant_id = $1 AND id = $2', [B, bUser])).rows,
    );
    expect(rows).toEqual([]);
  });

  it("refuses to insert a row carrying B's tenant_id (WITH CHECK)", async () => {
    for (const [sql, params] of [
      [`INSERT INTO roles (tenant_id, id, name) VALUES ($1, gen_random_uuid(), 'Smuggled')`, [B]],
      [`INSERT INTO audit_log (tenant_id, id, module, action, entity, entity_id) VALUES ($1, gen_random_uuid(), 'x', 'x', 'x', 'smuggled')`, [B]],
      [`INSERT INTO app_settings (tenant_id) VALUES ($1)`, [B]],
    ] as const) {
      const state = await sqlState(withTenant(t.pools.app, A, (_tx, client) => client.query(sql, [...params])));
      expect(state, sql).toBe('42501');
    }
    expect((await t.pools.owner.query(`SELECT 1 FROM roles WHERE name = 'Smuggled'`)).rowCount).toBe(0);
  });

  it("refuses to move A's row to B, and updates or deletes none of B's rows", async () => {
    const move = await sqlState(withTenant(t.pools.app, A, (_tx, client) => client.query('UPDATE users SET tenant_id = $1', [B])));
    expect(move).toBe('42501');
    const before = await ownerCounts('users');
    const touched = await withTenant(t.pools.app, A, async (_tx, client) => {
      const u = await client.query(`UPDATE users SET full_name = 'hijacked' WHERE tenant_id = $1`, [B]);
      const d = await client.query('DELETE FROM user_tasks WHERE tenant_id = $1', [B]);
      return [u.rowCount, d.rowCount];
    });
    expect(touched).toEqual([0, 0]);
    expect(await ownerCounts('users')).toEqual(before);
    expect((await t.pools.owner.query(`SELECT 1 FROM users WHERE full_name = 'hijacked'`)).rowCount).toBe(0);
  });

  it('shows nothing when no tenant is set, on a fresh or a reused connection, or an unknown tenant', async () => {
    const countAll = async (client: pg.PoolClient | pg.Pool) => {
      const out: number[] = [];
      for (const table of TENANT_TABLES) out.push((await client.query<{ n: number }>(`SELECT count(*)::int AS n FROM ${table}`)).rows[0].n);
      return out;
    };
    const none = TENANT_TABLES.map(() => 0);
    const client = await t.pools.app.connect();
    try {
      expect(await countAll(client)).toEqual(none);
      // After a tenant transaction the setting is back to '' on the same connection.
      await client.query(`BEGIN; SELECT set_config('app.tenant_id', '${A}', true)`);
      expect((await countAll(client)).every((n) => n > 0)).toBe(true);
      await client.query('COMMIT');
      expect(await countAll(client)).toEqual(none);
    } finally {
      client.release();
    }
    const unknown = await withTenant(t.pools.app, '0190b5a0-0000-7000-8000-000000000000', (_tx, c) => countAll(c));
    expect(unknown).toEqual(none);
  });

  it('refuses a tenant id that is not a UUID before touching the database', async () => {
    await expect(withTenant(t.pools.app, `${A}' OR true --`, async () => 1)).rejects.toThrow(/not a tenant id/);
  });
});

describe('the database enforces it, whatever the code does', () => {
  it('has ENABLE and FORCE row-level security and a tenant policy on every public table with tenant_id', async () => {
    const r = await t.pools.owner.query<{
      name: string;
      rls: boolean;
      forced: boolean;
      policies: string[];
      cmds: string[];
      quals: string[];
      checks: string[];
    }>(`
      SELECT c.relname AS name, c.relrowsecurity AS rls, c.relforcerowsecurity AS forced,
             array_remove(array_agg(p.polname::text), NULL) AS policies,
             array_remove(array_agg(p.polcmd::text), NULL) AS cmds,
             array_remove(array_agg(pg_get_expr(p.polqual, p.polrelid)), NULL) AS quals,
             array_remove(array_agg(pg_get_expr(p.polwithcheck, p.polrelid)), NULL) AS checks
        FROM pg_class c
        JOIN pg_namespace n ON n.oid = c.relnamespace AND n.nspname = 'public'
        JOIN pg_attribute a ON a.attrelid = c.oid AND a.attname = 'tenant_id' AND NOT a.attisdropped
        LEFT JOIN pg_policy p ON p.polrelid = c.oid
       WHERE c.relkind IN ('r', 'p')
       GROUP BY c.relname, c.relrowsecurity, c.relforcerowsecurity
       ORDER BY 1`);
    expect(r.rows.map((x) => x.name)).toEqual(expect.arrayContaining([...TENANT_TABLES, 'user_tasks', 'login_throttle', 'session_keys']));
    for (const table of r.rows) {
      expect(table, table.name).toMatchObject({ rls: true, forced: true });
      expect(table.policies.length, `${table.name} has a policy`).toBeGreaterThan(0);
      // Every policy covers all commands and both reading (USING) and writing (WITH CHECK) by app.tenant_id.
      expect(
        table.cmds.every((c) => c === '*'),
        table.name,
      ).toBe(true);
      expect(table.quals.length, table.name).toBe(table.policies.length);
      expect(table.checks.length, table.name).toBe(table.policies.length);
      for (const expr of [...table.quals, ...table.checks]) expect(expr, table.name).toMatch(/tenant_id = .*current_setting\('app\.tenant_id'/);
    }
  });

  it('gives every table with a tenant_id a primary key that starts with tenant_id (logical replication, distribution by tenant)', async () => {
    const r = await t.pools.owner.query<{ name: string; key: string[] | null }>(`
      SELECT c.relname AS name,
             (SELECT array_agg(a.attname::text ORDER BY k.i) FROM unnest(pk.conkey) WITH ORDINALITY k(attnum, i)
                JOIN pg_attribute a ON a.attrelid = c.oid AND a.attnum = k.attnum) AS key
        FROM pg_class c
        JOIN pg_namespace n ON n.oid = c.relnamespace AND n.nspname = 'public'
        JOIN pg_attribute t ON t.attrelid = c.oid AND t.attname = 'tenant_id' AND NOT t.attisdropped
        LEFT JOIN pg_constraint pk ON pk.conrelid = c.oid AND pk.contype = 'p'
       WHERE c.relkind IN ('r', 'p')
       ORDER BY 1`);
    expect(r.rows.map((x) => x.name)).toEqual(expect.arrayContaining([...TENANT_TABLES, 'ai_usage_daily', 'ai_usage_monthly', 'ai_customers']));
    expect(r.rows.filter((x) => x.key?.[0] !== 'tenant_id')).toEqual([]);
  });

  it('runs requests as a role that is not superuser, has no BYPASSRLS and owns no table', async () => {
    const role = await t.pools.owner.query('SELECT rolsuper, rolbypassrls, rolcreaterole, rolcreatedb FROM pg_roles WHERE rolname = $1', [APP_ROLE]);
    expect(role.rows).toEqual([{ rolsuper: false, rolbypassrls: false, rolcreaterole: false, rolcreatedb: false }]);
    const me = await t.pools.app.query<{ who: string; su: string }>(`SELECT current_user AS who, current_setting('is_superuser') AS su`);
    expect(me.rows[0]).toEqual({ who: APP_ROLE, su: 'off' });
    const owned = await t.pools.owner.query(`SELECT tablename FROM pg_tables WHERE schemaname = 'public' AND tableowner = $1`, [APP_ROLE]);
    expect(owned.rows).toEqual([]);
  });

  it('does not let the app role switch row-level security off or alter a policy', async () => {
    const off = await sqlState(
      withTenant(t.pools.app, A, async (_tx, c) => {
        await c.query('SET LOCAL row_security = off');
        await c.query('SELECT 1 FROM users');
      }),
    );
    expect(off).toBe('42501');
    expect(await sqlState(t.pools.app.query('ALTER TABLE users DISABLE ROW LEVEL SECURITY'))).toBe('42501');
    expect(await sqlState(t.pools.app.query('DROP POLICY users_tenant_isolation ON users'))).toBe('42501');
    expect(await sqlState(t.pools.app.query('CREATE TABLE public.escape_hatch (tenant_id uuid)'))).toBe('42501');
  });

  it('refuses to start with an app role that is a superuser or bypasses row-level security', async () => {
    for (const power of ['SUPERUSER', 'BYPASSRLS']) {
      const role = `nusa_bad_${power.toLowerCase()}_${process.pid}`;
      await t.pools.owner.query(`CREATE ROLE ${role} ${power}`);
      try {
        await expect(secureSchema(t.pools.owner, role, 'a-password-for-the-test')).rejects.toThrow(/superuser or bypasses row-level security/);
        const granted = await t.pools.owner.query(`SELECT 1 FROM information_schema.role_table_grants WHERE grantee = $1`, [role]);
        expect(granted.rowCount).toBe(0);
      } finally {
        await t.pools.owner.query(`DROP ROLE ${role}`);
      }
    }
  });

  it('lets the app role read the tenant registry but never write it', async () => {
    expect((await t.pools.app.query('SELECT code FROM tenants ORDER BY code')).rows).toEqual([{ code: 'acme' }, { code: 'demo' }]);
    expect(await sqlState(t.pools.app.query(`INSERT INTO tenants (id, code, name) VALUES (gen_random_uuid(), 'evil', 'Evil')`))).toBe('42501');
    expect(await sqlState(t.pools.app.query(`UPDATE tenants SET active = false WHERE code = 'acme'`))).toBe('42501');
    expect(await sqlState(t.pools.app.query(`DELETE FROM tenants WHERE code = 'acme'`))).toBe('42501');
    expect((await t.pools.owner.query(`SELECT code, active FROM tenants ORDER BY code`)).rows).toEqual([
      { code: 'acme', active: true },
      { code: 'demo', active: true },
    ]);
  });

  it('logs request connections in as the app role itself, so there is no superuser to SET ROLE back to', async () => {
    const client = await t.pools.app.connect();
    try {
      const who = (await client.query<{ login: string; current: string }>('SELECT session_user AS login, current_user AS current')).rows[0];
      expect(who).toEqual({ login: APP_ROLE, current: APP_ROLE });
      const owner = (await t.pools.owner.query<{ name: string }>('SELECT current_user AS name')).rows[0].name;
      for (const escape of [`SET ROLE ${owner}`, 'SET ROLE postgres', 'SET SESSION AUTHORIZATION postgres', 'RESET ROLE']) {
        await client.query(escape).catch(() => undefined);
        const su = (await client.query<{ su: string }>(`SELECT current_setting('is_superuser') AS su`)).rows[0].su;
        expect(su, escape).toBe('off');
      }
    } finally {
      client.release(true);
    }
  });
});

describe('SECURITY DEFINER search functions (issue 9)', () => {
  it('are owned by a role that is no superuser and cannot log in, and only the app role may run them', async () => {
    const fns = await t.pools.owner.query<{ name: string; owner: string; super: boolean; login: boolean; public_exec: boolean; app_exec: boolean }>(
      `
      SELECT p.proname AS name, r.rolname AS owner, r.rolsuper AS super, r.rolcanlogin AS login,
             EXISTS (SELECT 1 FROM aclexplode(coalesce(p.proacl, acldefault('f', p.proowner))) a WHERE a.grantee = 0 AND a.privilege_type = 'EXECUTE') AS public_exec,
             has_function_privilege($1, p.oid, 'EXECUTE') AS app_exec
        FROM pg_proc p JOIN pg_namespace n ON n.oid = p.pronamespace JOIN pg_roles r ON r.oid = p.proowner
       WHERE n.nspname = 'public' AND p.prosecdef ORDER BY 1`,
      [APP_ROLE],
    );
    expect(fns.rows.map((f) => f.name)).toEqual([
      'audit_chain_pending',
      'audit_chain_unchained_tenants',
      'product_ids_by_codes',
      'product_ids_matching',
      'user_ids_matching',
    ]);
    for (const f of fns.rows) expect(f).toEqual({ name: f.name, owner: `${APP_ROLE}_definer`, super: false, login: false, public_exec: false, app_exec: true });
  });

  it('still find only the calling tenant’s users', async () => {
    const ids = await withTenant(t.pools.app, A, async (_tx, client) => (await client.query<{ id: string }>("SELECT user_ids_matching('staff') AS id")).rows);
    const owners = await t.pools.owner.query<{ tenant_id: string }>('SELECT DISTINCT tenant_id FROM users WHERE id = ANY($1::uuid[])', [ids.map((r) => r.id)]);
    expect(ids.length).toBeGreaterThan(0);
    expect(owners.rows).toEqual([{ tenant_id: A }]);
  });
});

describe("a tenant transaction's socket writes (issue 9, request speed)", () => {
  it('BEGIN + set_config leave with the first query in one write, the COMMIT in one more', async () => {
    const writes = new Map<unknown, number>();
    const proto = net.Socket.prototype as unknown as { _writeGeneric: (...args: unknown[]) => unknown };
    const write = proto._writeGeneric;
    proto._writeGeneric = function (this: unknown, ...args: unknown[]) {
      writes.set(this, (writes.get(this) ?? 0) + 1);
      return write.apply(this, args);
    };
    let socket: unknown;
    try {
      const rows = await withTenant(t.pools.app, A, async (_tx, client) => {
        socket = (client as unknown as { connection: { stream: unknown } }).connection.stream;
        return (await client.query<{ tenant: string }>(`SELECT current_setting('app.tenant_id') AS tenant`)).rows;
      });
      expect(rows).toEqual([{ tenant: A }]);
    } finally {
      proto._writeGeneric = write;
    }
    expect(writes.get(socket)).toBe(2);
  });
});

describe('commitBehind: the COMMIT sent right behind a transaction’s last statement (issue 11, posting speed)', () => {
  const auditCount = async (entityId: string) =>
    (await t.pools.owner.query<{ n: number }>(`SELECT count(*)::int AS n FROM audit_log WHERE entity_id = $1`, [entityId])).rows[0]!.n;
  const insertAudit = (client: pg.PoolClient, entityId: string) =>
    client.query(
      `INSERT INTO audit_log (tenant_id, id, module, action, entity, entity_id) VALUES ($1, gen_random_uuid(), 'configuration.user', 'create', 'thing', $2)`,
      [A, entityId],
    );

  it('commits the statement, and the COMMIT leaves in the same write as the statement', async () => {
    const writes = new Map<unknown, number>();
    const proto = net.Socket.prototype as unknown as { _writeGeneric: (...args: unknown[]) => unknown };
    const write = proto._writeGeneric;
    let socket: unknown;
    proto._writeGeneric = function (this: unknown, ...args: unknown[]) {
      writes.set(this, (writes.get(this) ?? 0) + 1);
      return write.apply(this, args);
    };
    try {
      await withTenant(t.pools.app, A, async (tx, client) => {
        socket = (client as unknown as { connection: { stream: unknown } }).connection.stream;
        await client.query('SELECT 1');
        await commitBehind(tx, () => insertAudit(client, 'behind-ok'));
      });
    } finally {
      proto._writeGeneric = write;
    }
    // BEGIN with SELECT 1; the INSERT with its COMMIT.
    expect(writes.get(socket)).toBe(2);
    expect(await auditCount('behind-ok')).toBe(1);
  });

  it('rolls back when the statement fails: its error is thrown, nothing stays, the connection is clean', async () => {
    const failed = withTenant(t.pools.app, A, async (tx, client) => {
      await insertAudit(client, 'behind-failed');
      await commitBehind(tx, () =>
        client.query(`INSERT INTO audit_log (tenant_id, id, module, action, entity, entity_id) VALUES ($1, gen_random_uuid(), NULL, 'x', 'x', 'x')`, [A]),
      );
    });
    expect(await sqlState(failed)).toBe('23502');
    expect(await auditCount('behind-failed')).toBe(0);
    // Every pooled connection is usable again, in a transaction of its own.
    const tenants = await Promise.all(
      Array.from({ length: 12 }, () =>
        withTenant(
          t.pools.app,
          A,
          async (_tx, client) => (await client.query<{ tenant: string }>(`SELECT current_setting('app.tenant_id') AS tenant`)).rows[0]!.tenant,
        ),
      ),
    );
    expect(new Set(tenants)).toEqual(new Set([A]));
  });
});
