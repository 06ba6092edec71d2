import type pg from 'pg';

/** Global tables the app role may read but never write (the tenant registry). */
const GLOBAL_READ_ONLY = ['tenants'];
/**
 * The tables the SECURITY DEFINER search functions read (0008 products, 0010 users). Their owner reads them past
 * row-level security (so the trigram and text indexes serve a keyword) and only them; each function filters on
 * app.tenant_id itself, and callers select the rows by id under the policy.
 */
const DEFINER_READS = ['products', 'users'];
/** Tenant tables the app role may read and append to, never change or delete from (the audit trail is evidence). */
const APPEND_ONLY = ['audit_log'];
/** Tenant tables the app role may only read: the audit chain's heads move only through audit_chain_pending (0037). */
const TENANT_READ_ONLY = ['audit_chain_heads'];
/**
 * What the SECURITY DEFINER owner may write besides reading DEFINER_READS: audit_chain_pending (0037) gives unchained
 * audit rows their place (the chain's columns only; a trigger refuses rows already chained) and moves the heads.
 */
const DEFINER_WRITES: Record<string, string> = {
  audit_log: 'SELECT, UPDATE (seq, prev_hash, hash)',
  audit_chain_heads: 'SELECT, INSERT, UPDATE',
};

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
      appRole,
      appPassword,
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
        if (APPEND_ONLY.includes(t.name) || TENANT_READ_ONLY.includes(t.name)) {
          await client.query(`GRANT SELECT${APPEND_ONLY.includes(t.name) ? ', INSERT' : ''} ON public."${t.name}" TO ${appRole}`);
          // Earlier starts granted more (revoking UPDATE also takes back its column grants).
          await client.query(`REVOKE ${APPEND_ONLY.includes(t.name) ? '' : 'INSERT, '}UPDATE, DELETE, TRUNCATE ON public."${t.name}" FROM ${appRole}`);
        } else {
          await client.query(`GRANT SELECT, INSERT, UPDATE, DELETE ON public."${t.name}" TO ${appRole}`);
        }
      } else if (GLOBAL_READ_ONLY.includes(t.name)) {
        await client.query(`GRANT SELECT ON public."${t.name}" TO ${appRole}`);
      }
    }
    await client.query(`GRANT USAGE, SELECT ON ALL SEQUENCES IN SCHEMA public TO ${appRole}`);
    await secureDefinerFunctions(client, appRole, log);
  } finally {
    client.release();
  }
}

/**
 * SECURITY DEFINER functions run with their owner's rights, so their owner is `<app role>_definer`: no login, no
 * superuser, SELECT on DEFINER_READS and the DEFINER_WRITES rights only (it bypasses row-level security, which is what the functions are for),
 * and only the app role may execute them (PostgreSQL grants EXECUTE to PUBLIC by default). Where the owner may not
 * make such a role (a managed database), the functions stay with the schema owner and a line says so.
 */
async function secureDefinerFunctions(client: pg.PoolClient, appRole: string, log: (msg: string) => void) {
  const definer = `${appRole}_definer`;
  const functions = await client.query<{ signature: string }>(`
    SELECT p.oid::regprocedure::text AS signature FROM pg_proc p JOIN pg_namespace n ON n.oid = p.pronamespace
     WHERE n.nspname = 'public' AND p.prosecdef`);
  let owned = true;
  try {
    const exists = await client.query('SELECT 1 FROM pg_roles WHERE rolname = $1', [definer]);
    if (exists.rowCount === 0) await client.query(`CREATE ROLE ${definer} NOLOGIN NOINHERIT BYPASSRLS`);
    const member = await client.query('SELECT pg_has_role(current_user, $1, $2) AS ok', [definer, 'MEMBER']);
    if (!member.rows[0].ok) await client.query(`GRANT ${definer} TO current_user`);
    await client.query(`GRANT USAGE ON SCHEMA public TO ${definer}`);
    for (const table of DEFINER_READS) await client.query(`GRANT SELECT ON public."${table}" TO ${definer}`);
    for (const [table, rights] of Object.entries(DEFINER_WRITES)) await client.query(`GRANT ${rights} ON public."${table}" TO ${definer}`);
    // A new owner needs CREATE on the schema at the moment of the change, and never again.
    await client.query(`GRANT CREATE ON SCHEMA public TO ${definer}`);
    for (const f of functions.rows) await client.query(`ALTER FUNCTION ${f.signature} OWNER TO ${definer}`);
    await client.query(`REVOKE CREATE ON SCHEMA public FROM ${definer}`);
  } catch (err) {
    if ((err as { code?: string }).code !== '42501') throw err;
    owned = false;
    log(`cannot create role ${definer} (needs a superuser): the search functions stay owned by the schema owner`);
  }
  for (const f of functions.rows) {
    await client.query(`REVOKE EXECUTE ON FUNCTION ${f.signature} FROM PUBLIC`);
    await client.query(`GRANT EXECUTE ON FUNCTION ${f.signature} TO ${appRole}`);
  }
  return owned;
}
