import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { drizzle } from 'drizzle-orm/node-postgres';
import { migrate } from 'drizzle-orm/node-postgres/migrator';
import type pg from 'pg';
import { secureSchema } from './secure-schema.ts';

export const MIGRATIONS_DIR = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../db/migrations');

const EXTENSIONS = ['pgcrypto', 'pg_trgm', 'unaccent', 'ltree'];

export async function migrateDatabase(owner: pg.Pool, appRole: string, appPassword: string, log?: (msg: string) => void): Promise<void> {
  for (const ext of EXTENSIONS) await owner.query(`CREATE EXTENSION IF NOT EXISTS ${ext}`);
  await migrate(drizzle({ client: owner }), { migrationsFolder: MIGRATIONS_DIR, migrationsSchema: 'drizzle' });
  await secureSchema(owner, appRole, appPassword, log);
}

/** Migrations are current when every file in the journal is recorded as applied. */
export async function pendingMigrations(owner: pg.Pool): Promise<number> {
  const fs = await import('node:fs/promises');
  const journal = JSON.parse(await fs.readFile(path.join(MIGRATIONS_DIR, 'meta/_journal.json'), 'utf8')) as { entries: unknown[] };
  const applied = await owner.query<{ n: number }>('SELECT count(*)::int AS n FROM drizzle.__drizzle_migrations').then(
    (r) => r.rows[0].n,
    () => 0,
  );
  return journal.entries.length - applied;
}
