import pg from 'pg';

// numeric, int8 and date columns come back as strings (money stays exact; dates stay calendar dates).
pg.types.setTypeParser(pg.types.builtins.DATE, (v) => v);

export interface Pools {
  /** Owner connections: migrations, jobs, tenant registry. Never used for tenant data in requests. */
  owner: pg.Pool;
  /**
   * Request connections, logged in as the non-owner app role so row-level security applies. They log in as that
   * role rather than SET ROLE from the owner: a session whose login user is a superuser could SET ROLE back.
   */
  app: pg.Pool;
  close(): Promise<void>;
}

/**
 * The pool only listens to its idle clients; a client it has just let go (pool.end, idle timeout) can still be told
 * by the server that it is terminated, and an 'error' without a listener would crash the process.
 */
export function ignoreIdleErrors(pool: pg.Pool) {
  pool.on('error', () => {});
  pool.on('connect', (client) => client.on('error', () => {}));
}

export function createPools(url: string, appRole: string, size: number, appPassword: string): Pools {
  const owner = new pg.Pool({ connectionString: url, max: Math.max(2, Math.floor(size / 3)), application_name: 'nusa-owner' });
  const app = new pg.Pool({ connectionString: databaseUrlAs(url, appRole, appPassword), max: size, application_name: 'nusa-app' });
  // An idle client's error (server restart) must not crash the process; the next checkout reconnects.
  for (const pool of [owner, app]) ignoreIdleErrors(pool);
  return {
    owner,
    app,
    close: async () => {
      await Promise.all([owner.end(), app.end()]);
    },
  };
}

/** The same database, logged in as another role. */
export const databaseUrlAs = (url: string, role: string, password: string) => {
  const u = new URL(url);
  u.username = encodeURIComponent(role);
  u.password = encodeURIComponent(password);
  return u.toString();
};

export const databaseUrlWith = (url: string, database: string) => {
  const u = new URL(url);
  u.pathname = `/${database}`;
  return u.toString();
};
