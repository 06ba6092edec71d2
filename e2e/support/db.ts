import { inject } from 'vitest';
import { createPools } from '../../apps/server/src/platform/db/pools.ts';
import { withTenant } from '../../apps/server/src/platform/db/tenant.ts';
import { seedTenant } from '../../apps/server/src/db/seed/demo.ts';
import { APP_ROLE, testSecrets } from '../../apps/server/test/test-database.ts';

/**
 * A tenant of its own (demo roles and users, password DEMO_PASSWORD) for tests that change users or roles, so the
 * shared `demo` tenant stays as every other test file expects it.
 */
export async function seedOwnTenant(label: string, opts: { vendor?: boolean } = {}) {
  const code = `e2e-${label}-${Math.random().toString(36).slice(2, 8)}`;
  const { databasePassword } = await testSecrets();
  const pools = createPools(inject('e2eDatabaseUrl'), APP_ROLE, 2, databasePassword);
  try {
    // `vendor`: a tenant with the vendor's own screens (Manage Leads), as the demo tenant is.
    const { id } = await seedTenant(pools, { code, name: `PT ${label}`, vendor: opts.vendor ?? false });
    return {
      code,
      /** Runs SQL as the app role inside the tenant (row-level security applies). */
      sql: (text: string, params: unknown[] = []) => withTenant(pools.app, id, (_tx, client) => client.query(text, params)),
      close: () => pools.close(),
    };
  } catch (err) {
    await pools.close();
    throw err;
  }
}
