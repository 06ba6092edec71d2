import { execFileSync } from 'node:child_process';
import { readFileSync, readdirSync } from 'node:fs';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';

/** The host, printed with every result: figures only compare within one run on one machine. */
export function machine(): string {
  const cpus = os.cpus();
  return `${cpus.length} × ${cpus[0]?.model.trim() ?? 'unknown CPU'}, ${Math.round(os.totalmem() / 2 ** 30)} GiB, Node ${process.version}, load avg ${os.loadavg()[0].toFixed(2)}`;
}

export const fmt = (n: number, digits = 0) => n.toLocaleString('en-US', { minimumFractionDigits: digits, maximumFractionDigits: digits });

export function median(values: number[]): number {
  const s = [...values].sort((a, b) => a - b);
  const mid = Math.floor(s.length / 2);
  return s.length % 2 ? s[mid] : (s[mid - 1] + s[mid]) / 2;
}

/** Prints an aligned table: first row is the header. */
export function table(rows: string[][]): void {
  const widths = rows[0].map((_, i) => Math.max(...rows.map((r) => (r[i] ?? '').length)));
  for (const [n, r] of rows.entries()) {
    console.log('  ' + r.map((c, i) => (i === 0 ? c.padEnd(widths[i]) : c.padStart(widths[i]))).join('   '));
    if (n === 0) console.log('  ' + widths.map((w) => '-'.repeat(w)).join('   '));
  }
}

export async function tempDir(label: string): Promise<{ dir: string; remove(): Promise<void> }> {
  const dir = await fs.mkdtemp(path.join(os.tmpdir(), `nusa-bench-${label}-`));
  await fs.chmod(dir, 0o755);
  return { dir, remove: () => fs.rm(dir, { recursive: true, force: true }) };
}

/** Pids of postgres processes whose command line mentions `dir` (a benchmark's own data folder). */
export function postgresUnder(dir: string): number[] {
  try {
    const out = execFileSync('pgrep', ['-f', `postgres.*${dir}`], { encoding: 'utf8' });
    return out
      .split('\n')
      .filter(Boolean)
      .map(Number)
      .filter((pid) => pid !== process.pid);
  } catch {
    return [];
  }
}

export const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** CPU seconds used so far by this process (all threads) and by the PostgreSQL whose data folder is `pgDir`. */
export interface Cpu {
  node: number;
  pg: number;
}

const CLOCK_TICKS = 100; // USER_HZ on Linux

/**
 * Linux only (reads /proc); undefined elsewhere. PostgreSQL's share is the postmaster and its children (the
 * backends serving the pools), found through `postmaster.pid` in its data folder.
 */
export function cpuOf(pgDir: string): Cpu | undefined {
  try {
    const postmaster = Number(readFileSync(path.join(pgDir, 'postmaster.pid'), 'utf8').split('\n')[0]);
    let ticks = 0;
    for (const entry of readdirSync('/proc')) {
      if (!/^\d+$/.test(entry)) continue;
      let stat: string;
      try {
        stat = readFileSync(`/proc/${entry}/stat`, 'utf8');
      } catch {
        continue; // exited meanwhile
      }
      const f = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
      // f[1] is the parent pid, f[11] and f[12] user and system time in clock ticks; f[13] and f[14] the same of the
      // children the postmaster has reaped, so that a backend that exits (a pool's idle connection closed) keeps its share.
      if (Number(entry) === postmaster) ticks += Number(f[11]) + Number(f[12]) + Number(f[13]) + Number(f[14]);
      else if (Number(f[1]) === postmaster) ticks += Number(f[11]) + Number(f[12]);
    }
    const self = process.cpuUsage();
    return { node: (self.user + self.system) / 1e6, pg: ticks / CLOCK_TICKS };
  } catch {
    return undefined;
  }
}

/** CPU seconds (user + system, all threads) a process has used so far; undefined off Linux or once it is gone. */
export function processCpuSeconds(pid: number): number | undefined {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    const f = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    return (Number(f[11]) + Number(f[12])) / CLOCK_TICKS;
  } catch {
    return undefined;
  }
}

/** Waits for `p` at most `ms`; a step of clean-up that hangs must not keep the rest from running. */
export async function within(label: string, ms: number, p: Promise<unknown>): Promise<void> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<void>((resolve) => {
    timer = setTimeout(() => {
      console.error(`${label}: no answer within ${ms / 1000} s`);
      resolve();
    }, ms);
  });
  await Promise.race([
    p.then(
      () => {},
      (e: unknown) => console.error(`${label}:`, e),
    ),
    timeout,
  ]);
  clearTimeout(timer);
}

/** Stops (SIGQUIT: immediate shutdown) any PostgreSQL still running on `pgDir`, then removes `folder`. */
export async function removeCluster(pgDir: string, folder: string): Promise<void> {
  const left = postgresUnder(pgDir);
  for (const pid of left) {
    try {
      process.kill(pid, 'SIGQUIT');
    } catch {
      /* gone */
    }
  }
  for (let i = 0; i < 50 && postgresUnder(pgDir).length; i++) await sleep(100);
  await fs.rm(folder, { recursive: true, force: true });
}

/** Where a running PostgreSQL keeps its data (the cluster's folder, for CPU accounting and clean-up). */
export async function dataDirectory(url: string): Promise<string> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    return (await client.query<{ dir: string }>(`SELECT current_setting('data_directory') AS dir`)).rows[0].dir;
  } finally {
    await client.end();
  }
}

/**
 * The end of every benchmark on a test cluster: drop its database, stop the cluster, and remove the cluster's own
 * temporary folder (nusa-test-pg-…), killing a PostgreSQL that would not stop. Each step is bounded by `within`.
 */
export async function dropTestCluster(
  db: { drop(): Promise<unknown> } | undefined,
  cluster: { stop(): Promise<unknown> } | undefined,
  pgDir: string | undefined,
  dropMs = 30_000,
): Promise<void> {
  await within('drop database', dropMs, db?.drop() ?? Promise.resolve());
  await within('cluster stop', 30_000, cluster?.stop() ?? Promise.resolve());
  if (pgDir && path.basename(path.dirname(pgDir)).startsWith('nusa-test-pg-')) await removeCluster(pgDir, path.dirname(pgDir));
}
