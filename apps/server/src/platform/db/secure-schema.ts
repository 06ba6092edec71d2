import type pg from 'pg';

/** Global tables the app role may read but never write (the tenant registry). */
const GLOBAL_READ_ONLY = ['tenants'];

/**
 * Makes the schema safe for the app role after migrations: the role exists as a login role with `appPassword`
 * (created with PostgreSQL's safe defaults: no superuser, BYPASSRLS, CREATEROLE or CREATEDB), every table holding
 * `tenant_id` has FORCE row-level security and a policy, and the role may only read the global tables.
 * Refuses to go on when the role is a superuser or bypasses row-level security. Idempotent; runs at every start.
 */
export async function secureSchema(owner: pg.Pool, appRole: string, appPassword: string, log: (msg: string) => void = () => {}): Promise<void> {
  const client = await owner.connect();
  try {
    const exists = await client.query('SELECT 1 FROM pg_roles WHERE rolname = $1', [appRole]);
    const verb = exists.rowCount === 0 ? 'CREATE' : 'ALTER';
    const statement = await client.query<{ sql: string }>(`SELECT format('${verb} ROLE %I WITH LOGIN PASSWORD %L', $1::text, $2::text) AS sql`, [
      appRole, appPassword,
    ]);
    try {
      await client.query(statement.rows[0].sql);
    } catch (err) {
      // A managed database may keep roles out of the owner's hands: then the operator made the role and gave
      // its password in DATABASE_APP_PASSWORD.
      if (verb === 'CREATE' || (err as { code?: string }).code !== '42501') throw err;
      log(`cannot set the password of role ${appRole}; using DATABASE_APP_PASSWORD as given`);
    }
    const role = await client.query<{ rolsuper: boolean; rolbypassrls: boolean }>('SELECT rolsuper, rolbypassrls FROM pg_roles WHERE rolname = $1', [appRole]);
    if (role.rows[0].rolsuper || role.rows[0].rolbypassrls) {
      throw new Error(`database role ${appRole} is a superuser or bypasses row-level security; requests must not run as such a role`);
    }
    const member = await client.query('SELECT pg_has_role(current_user, $1, $2) AS ok', [appRole, 'MEMBER']);
    if (!member.rows[0].ok) await client.query(`GRANT ${appRole} TO current_user`);
    await client.query(`GRANT USAGE ON SCHEMA public TO ${appRole}`);

    const tables = await client.query<{ name: string; tenant: boolean; policies: number }>(`
      SELECT c.relname AS name,
             EXISTS (SELECT 1 FROM pg_attribute a WHERE a.attrelid = c.oid AND a.attname = 'tenant_id' AND NOT a.attisdropped) AS tenant,
             (SELECT count(*)::int FROM pg_policy p WHERE p.polrelid = c.oid) AS policies
        FROM pg_class c JOIN pg_namespace n ON n.oid = c.relnamespace
       WHERE n.nspname = 'public' AND c.relkind IN ('r', 'p')`);
    for (const t of tables.rows) {
      if (t.tenant) {
        if (t.policies === 0) throw new Error(`tenant table ${t.name} has no row-level security policy`);
        await client.query(`ALTER TABLE public."${t.name}" ENABLE ROW LEVEL SECURITY, FORCE ROW LEVEL SECURITY`);
        await client.query(`GRANT SELECT, INSERT, UPDATE, DELETE ON public."${t.name}" TO ${appRole}`);
      } else if (GLOBAL_READ_ONLY.includes(t.name)) {
        await client.query(`GRANT SELECT ON public."${t.name}" TO ${appRole}`);
      }
    }
    await client.query(`GRANT USAGE, SELECT ON ALL SEQUENCES IN SCHEMA public TO ${appRole}`);
  } finally {
    client.release();
  }
}
