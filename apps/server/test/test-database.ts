import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import net from 'node:net';
import pg from 'pg';
import { startEmbeddedPostgres, type EmbeddedDatabase } from '../src/platform/db/embedded.ts';
import { createPools, databaseUrlWith } from '../src/platform/db/pools.ts';
import { migrateDatabase } from '../src/platform/db/migrate.ts';
import { loadSecrets } from '../src/platform/auth/secrets.ts';

export const TEMPLATE_DATABASE = 'nusa_template';
export const APP_ROLE = 'nusa_app';
/** AUTH_SECRET of every test app; the app role's database password derives from it. */
export const TEST_SECRET = 'test-secret-that-is-long-enough-for-hs256-keys';
export const testSecrets = () => loadSecrets(TEST_SECRET, os.tmpdir());

export async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const srv = net.createServer();
    srv.on('error', reject);
    srv.listen(0, '127.0.0.1', () => {
      const { port } = srv.address() as net.AddressInfo;
      srv.close(() => resolve(port));
    });
  });
}

/**
 * One PostgreSQL for a whole test run: TEST_DATABASE_URL when given (a server with CREATEDB), else an embedded
 * cluster in a temporary folder. A migrated template database is made once; each test file clones it.
 */
export async function startTestCluster(): Promise<{ serverUrl: string; stop(): Promise<void> }> {
  let embedded: EmbeddedDatabase | undefined;
  let dir: string | undefined;
  let serverUrl = process.env.TEST_DATABASE_URL;
  if (!serverUrl) {
    dir = await fs.mkdtemp(path.join(os.tmpdir(), 'nusa-test-pg-'));
    await fs.chmod(dir, 0o755);
    embedded = await startEmbeddedPostgres({ dir: path.join(dir, 'pg'), port: await freePort() });
    serverUrl = embedded.url;
  }
  const admin = new pg.Client({ connectionString: serverUrl });
  await admin.connect();
  await admin.query(`DROP DATABASE IF EXISTS ${TEMPLATE_DATABASE}`);
  await admin.query(`CREATE DATABASE ${TEMPLATE_DATABASE}`);
  await admin.end();
  const { databasePassword } = await testSecrets();
  const pools = createPools(databaseUrlWith(serverUrl, TEMPLATE_DATABASE), APP_ROLE, 2, databasePassword);
  await migrateDatabase(pools.owner, APP_ROLE, databasePassword);
  await pools.close();
  return {
    serverUrl,
    stop: async () => {
      await embedded?.stop();
      if (dir) await fs.rm(dir, { recursive: true, force: true });
    },
  };
}

let counter = 0;
/** A fresh database cloned from the migrated template; returns its URL. */
export async function cloneTemplate(serverUrl: string, label = 'test'): Promise<{ url: string; drop(): Promise<void> }> {
  const name = `${label
    .replace(/[^a-z0-9]/gi, '_')
    .toLowerCase()
    .slice(0, 30)}_${process.pid}_${Date.now().toString(36)}_${counter++}`;
  const admin = new pg.Client({ connectionString: serverUrl });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${name} TEMPLATE ${TEMPLATE_DATABASE}`);
  await admin.end();
  return {
    url: databaseUrlWith(serverUrl, name),
    drop: async () => {
      const c = new pg.Client({ connectionString: serverUrl });
      await c.connect();
      await c.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await c.end();
    },
  };
}
