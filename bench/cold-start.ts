/**
 * Cold start: seconds from spawning the server process to its first 200 from /api/health, with the embedded
 * PostgreSQL already initialised in a temporary DATA_DIR, beside a bare Node HTTP server's spawn-to-200 time.
 *
 *   node --import tsx bench/cold-start.ts          (BENCH_COLD_RUNS, default 3)
 *
 * The child runs what `npm start` runs once the web build is fresh (scripts/start.mjs): tsx's ESM loader
 * registered in-process, then apps/server/src/main.ts. The web build step itself is not timed.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { freePort } from '../apps/server/test/test-database.ts';
import { fmt, machine, median, postgresUnder, processCpuSeconds, sleep, table, tempDir } from './lib/common.ts';

const RUNS = Number(process.env.BENCH_COLD_RUNS ?? 3);
const TARGET_SECONDS = 5;
const START_TIMEOUT_MS = 120_000;
const STOP_TIMEOUT_MS = 30_000;
const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

/** scripts/start.mjs after its web-build check. */
const SERVER_ENTRY = `const { register } = await import('tsx/esm/api'); register(); await import('./apps/server/src/main.ts');`;
const BASELINE_ENTRY = `require('http').createServer((q, s) => s.end('ok')).listen(Number(process.env.PORT), '127.0.0.1')`;

interface Started {
  child: ChildProcess;
  seconds: number;
  cpuSeconds?: number;
  output: () => string;
}

/** Spawns `args`, polls `url` until it answers 200, and returns the seconds from spawn to that answer. */
async function spawnUntil200(args: string[], env: NodeJS.ProcessEnv, url: string): Promise<Started> {
  const t0 = performance.now();
  const child = spawn(process.execPath, args, { cwd: ROOT, env, stdio: ['ignore', 'pipe', 'pipe'] });
  const lines: string[] = [];
  const keep = (b: Buffer) => {
    lines.push(...b.toString().split('\n').filter(Boolean));
    lines.splice(0, Math.max(0, lines.length - 40));
  };
  child.stdout!.on('data', keep);
  child.stderr!.on('data', keep);
  let exited: number | null | undefined;
  child.on('exit', (code) => {
    exited = code;
  });
  const output = () => lines.join('\n');
  while (performance.now() - t0 < START_TIMEOUT_MS) {
    if (exited !== undefined) throw new Error(`the process exited (${exited}) before answering:\n${output()}`);
    const ok = await fetch(url, { signal: AbortSignal.timeout(2000) }).then(
      (r) => r.status === 200,
      () => false,
    );
    if (ok) return { child, seconds: (performance.now() - t0) / 1000, cpuSeconds: processCpuSeconds(child.pid!), output };
    await sleep(10);
  }
  child.kill('SIGKILL');
  throw new Error(`no 200 from ${url} within ${START_TIMEOUT_MS / 1000} s:\n${output()}`);
}

/** SIGTERM, then wait for the exit; returns the seconds it took. */
async function stop(started: Started): Promise<number> {
  const { child } = started;
  const t0 = performance.now();
  if (child.exitCode !== null || child.signalCode !== null) return 0;
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  child.kill('SIGTERM');
  const timedOut = await Promise.race([exited.then(() => false), sleep(STOP_TIMEOUT_MS).then(() => true)]);
  if (timedOut) {
    child.kill('SIGKILL');
    await exited;
    throw new Error(`the server did not stop within ${STOP_TIMEOUT_MS / 1000} s of SIGTERM:\n${started.output()}`);
  }
  return (performance.now() - t0) / 1000;
}

/** The embedded PostgreSQL must be gone once the server has exited; its processes are killed if not. */
async function assertNoPostgres(dataDir: string): Promise<void> {
  for (let i = 0; i < 50 && postgresUnder(dataDir).length; i++) await sleep(100);
  const left = postgresUnder(dataDir);
  if (left.length) {
    for (const pid of left) {
      try {
        process.kill(pid, 'SIGQUIT');
      } catch {
        /* already gone */
      }
    }
    throw new Error(`PostgreSQL processes left running after the server stopped: ${left.join(', ')}`);
  }
}

async function main() {
  console.log('\n== cold-start: spawn to first 200 from /api/health (embedded PostgreSQL already initialised) ==');
  console.log(`machine: ${machine()}`);
  const data = await tempDir('cold-start');
  const running = new Set<Started>();
  try {
    const serverEnv = async (): Promise<{ env: NodeJS.ProcessEnv; url: string }> => {
      const port = await freePort();
      return {
        url: `http://127.0.0.1:${port}/api/health`,
        env: {
          PATH: process.env.PATH,
          HOME: process.env.HOME,
          TMPDIR: process.env.TMPDIR,
          PORT: String(port),
          HOST: '127.0.0.1',
          DATA_DIR: data.dir,
          EMBEDDED_PG_PORT: String(await freePort()),
        },
      };
    };
    const runServer = async () => {
      const { env, url } = await serverEnv();
      const started = await spawnUntil200(['--input-type=module', '-e', SERVER_ENTRY], env, url);
      running.add(started);
      const stopSeconds = await stop(started);
      running.delete(started);
      await assertNoPostgres(data.dir);
      return { start: started.seconds, cpu: started.cpuSeconds, stop: stopSeconds };
    };
    const runBaseline = async () => {
      const port = await freePort();
      const started = await spawnUntil200(['-e', BASELINE_ENTRY], { PATH: process.env.PATH, PORT: String(port) }, `http://127.0.0.1:${port}/`);
      running.add(started);
      await stop(started);
      running.delete(started);
      return started.seconds;
    };

    const first = await runServer();
    console.log(`warm-up: first start (initdb, migrations, demo seed, job schema) ${first.start.toFixed(2)} s, stop ${first.stop.toFixed(2)} s`);
    await runBaseline();

    const server: { start: number; cpu?: number; stop: number }[] = [];
    const baseline: number[] = [];
    for (let i = 0; i < RUNS; i++) {
      server.push(await runServer());
      baseline.push(await runBaseline());
    }
    const serverMedian = median(server.map((r) => r.start));
    const baselineMedian = median(baseline);
    console.log('');
    table([
      ['process', ...server.map((_, i) => `run ${i + 1} s`), 'median s'],
      ['Nusa server (tsx main.ts), spawn → 200 /api/health', ...server.map((r) => r.start.toFixed(2)), serverMedian.toFixed(2)],
      ...(server.every((r) => r.cpu !== undefined)
        ? [['  CPU seconds of its Node process until then', ...server.map((r) => r.cpu!.toFixed(2)), median(server.map((r) => r.cpu!)).toFixed(2)]]
        : []),
      ['bare node http server (baseline), spawn → 200', ...baseline.map((s) => s.toFixed(2)), baselineMedian.toFixed(2)],
      ['Nusa server, SIGTERM → exit (database stopped)', ...server.map((r) => r.stop.toFixed(2)), median(server.map((r) => r.stop)).toFixed(2)],
    ]);
    console.log(
      `\n  ratio Nusa / bare node: ${fmt(serverMedian / baselineMedian, 1)}×; target under ${TARGET_SECONDS} s: ${serverMedian < TARGET_SECONDS ? 'met' : 'NOT met'}`,
    );
    console.log("  CPU seconds: what the start costs the server's Node process whatever else runs on the machine (PostgreSQL");
    console.log('  is not included); the rest of the wall time is waiting for PostgreSQL, the disk or the cores.');
    console.log('  every stop was checked: no PostgreSQL process of the data folder left running.');
  } finally {
    for (const s of running) s.child.kill('SIGKILL');
    await sleep(running.size ? 500 : 0);
    for (const pid of postgresUnder(data.dir)) {
      try {
        process.kill(pid, 'SIGQUIT');
      } catch {
        /* gone */
      }
    }
    await data.remove();
  }
}

main().catch((err) => {
  console.error(err);
  process.exitCode = 1;
});
