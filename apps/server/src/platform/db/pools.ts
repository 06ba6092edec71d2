import pg from 'pg';

// numeric, int8 and date columns come back as strings (money stays exact; dates stay calendar dates).
pg.types.setTypeParser(pg.types.builtins.DATE, (v) => v);

export interface Pools {
  /** Owner connections: migrations, jobs, tenant registry. Never used for tenant data in requests. */
  owner: pg.Pool;
  /** Request connections, running as the non-owner app role so row-level security applies. */
  app: pg.Pool;
  close(): Promise<void>;
}

export function createPools(url: string, appRole: string, size: number): Pools {
  const owner = new pg.Pool({ connectionString: url, max: Math.max(2, Math.floor(size / 3)), application_name: 'nusa-owner' });
  const app = new pg.Pool({ connectionString: url, max: size, application_name: 'nusa-app', options: `-c role=${appRole}` });
  // An idle client's error (server restart) must not crash the process; the next checkout reconnects.
  owner.on('error', () => {});
  app.on('error', () => {});
  return { owner, app, close: async () => { await Promise.all([owner.end(), app.end()]); } };
}

export const databaseUrlWith = (url: string, database: string) => {
  const u = new URL(url);
  u.pathname = `/${database}`;
  return u.toString();
};
