import type pg from 'pg';
import type { Tenant } from './resolve.ts';

const isUniqueViolation = (err: unknown, constraint?: string) =>
  (err as { code?: string })?.code === '23505' && (!constraint || (err as { constraint?: string }).constraint === constraint);

/** A tenant code from a name: lower-case ASCII letters, digits and dashes, at most 20 characters. */
export function tenantCodeFromName(name: string): string {
  const code = name
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, 20)
    .replace(/-+$/g, '');
  return code || 'tenant';
}

/**
 * Creates a tenant through the owner pool (the app role may only read `tenants`) under the first free code of
 * `baseCode`, `baseCode-2`, `baseCode-3` …; `within` runs in the same owner transaction (a registry that must
 * commit or fail with the tenant). Returns the tenant.
 */
export async function createTenant(
  owner: pg.Pool,
  input: { id: string; baseCode: string; name: string },
  within?: (client: pg.PoolClient) => Promise<void>,
): Promise<Tenant> {
  for (let attempt = 0; attempt < 5; attempt++) {
    const client = await owner.connect();
    try {
      await client.query('BEGIN');
      const taken = await client.query<{ code: string }>(`SELECT code FROM tenants WHERE code = $1 OR code ~ ('^' || $1 || '-[0-9]+$')`, [input.baseCode]);
      const codes = new Set(taken.rows.map((r) => r.code));
      let code = input.baseCode;
      for (let n = 2; codes.has(code); n++) code = `${input.baseCode}-${n}`;
      await client.query('INSERT INTO tenants (id, code, name) VALUES ($1, $2, $3)', [input.id, code, input.name]);
      await within?.(client);
      await client.query('COMMIT');
      return { id: input.id, code, name: input.name };
    } catch (err) {
      await client.query('ROLLBACK').catch(() => {});
      // Someone took the same code at the same moment: pick again.
      if (isUniqueViolation(err, 'tenants_code_unique')) continue;
      throw err;
    } finally {
      client.release();
    }
  }
  throw new Error(`createTenant: no free code for ${input.baseCode}`);
}

/** Undoes createTenant when provisioning the new tenant failed: removes the registry row (and `within`'s rows). */
export async function removeTenant(owner: pg.Pool, id: string, within?: (client: pg.PoolClient) => Promise<void>): Promise<void> {
  const client = await owner.connect();
  try {
    await client.query('BEGIN');
    await within?.(client);
    await client.query('DELETE FROM tenants WHERE id = $1', [id]);
    await client.query('COMMIT');
  } catch (err) {
    await client.query('ROLLBACK').catch(() => {});
    throw err;
  } finally {
    client.release();
  }
}
