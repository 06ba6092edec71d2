/**
 * List API throughput: the authenticated `GET /api/v1/auth/sessions?limit=25` through the whole stack (HTTP,
 * JWT verify, session check, RLS transaction, JSON) against the bare SELECT of the same 25 rows through a plain
 * `pg` Pool, with the same concurrency for the same time, on the same database, in the same run.
 *
 *   node --import tsx bench/list-api.ts
 *
 * BENCH_SECONDS (measured seconds per path, default 8), BENCH_CONNECTIONS (default 10), BENCH_PROFILE=<dir>
 * (writes a CPU profile of one full-stack round and prints where its time goes).
 */
import os from 'node:os';
import autocannon from 'autocannon';
import pg from 'pg';
import { DEFAULT_TENANT } from '@nusa/contracts';
import { APP_ROLE } from '../apps/server/test/test-database.ts';
import { cpuOf, fmt, machine, table, tempDir, within, type Cpu } from './lib/common.ts';
import { logIn, startBenchServer, type BenchServer } from './lib/server.ts';
import { holdWrites } from '../apps/server/src/platform/db/corked.ts';
import { startProfile } from './lib/profile.ts';

const SECONDS = Number(process.env.BENCH_SECONDS ?? 8);
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 10);
const PROFILE_DIR = process.env.BENCH_PROFILE;
const ROUNDS = 2;
const WARMUP_SECONDS = 1;
const LIMIT = 25;
const LOGINS = LIMIT + 1;
const TARGET_RATIO = 0.5;

/** The SELECT listUserSessions issues, with the tenant filter its RLS policy adds written out. */
const RAW_SQL = `SELECT id, login_at, ended_at, last_seen_at, response_code, module
  FROM sessions WHERE tenant_id = $1 AND user_id = $2 ORDER BY login_at DESC LIMIT $3`;

/**
 * The statements the endpoint sends for one request of a session it has checked recently (the principal comes from
 * memory, platform/access/principal-cache.ts), as withTenant sends them: BEGIN + SET LOCAL pipelined with the list in
 * one socket write (one round trip), then the COMMIT that reads the access-change flag in the same message.
 */
const COMMIT_SQL = `SELECT current_setting('nusa.access_changed', true) IS NOT DISTINCT FROM 'on' AS changed; COMMIT`;
const LIST_SQL = `SELECT id, login_at, ended_at, last_seen_at, response_code, module
  FROM sessions WHERE user_id = $1 ORDER BY login_at DESC LIMIT $2`;

interface Run {
  requests: number;
  seconds: number;
  p50: number;
  p99: number;
  errors: number;
  cpu?: Cpu;
}
const rps = (runs: Run[]) => runs.reduce((n, r) => n + r.requests, 0) / runs.reduce((s, r) => s + r.seconds, 0);
const sum = (runs: Run[], f: (r: Run) => number) => runs.reduce((n, r) => n + f(r), 0);

/** autocannon in this process: keep-alive connections, each sending its next request when the answer arrives. */
async function runHttp(url: string, headers: Record<string, string>, seconds: number): Promise<Run> {
  const r = await autocannon({ url, connections: CONNECTIONS, duration: seconds, headers });
  return { requests: r.requests.total, seconds: r.duration, p50: r.latency.p50, p99: r.latency.p99, errors: r.errors + r.timeouts + r.non2xx };
}

/** CONNECTIONS concurrent loops, each awaiting one `work` after another, for `seconds`. */
async function runLoops(seconds: number, work: () => Promise<boolean>): Promise<Run> {
  const latencies: number[] = [];
  let errors = 0;
  const started = performance.now();
  const end = started + seconds * 1000;
  await Promise.all(
    Array.from({ length: CONNECTIONS }, async () => {
      while (performance.now() < end) {
        const t = performance.now();
        const ok = await work().catch(() => false);
        if (!ok) errors++;
        latencies.push(performance.now() - t);
      }
    }),
  );
  latencies.sort((a, b) => a - b);
  const at = (q: number) => latencies[Math.min(latencies.length - 1, Math.floor(q * latencies.length))] ?? 0;
  return { requests: latencies.length, seconds: (performance.now() - started) / 1000, p50: at(0.5), p99: at(0.99), errors };
}

async function main() {
  console.log(`\n== list-api: GET /api/v1/auth/sessions?limit=${LIMIT} through the stack vs the bare SELECT ==`);
  console.log(`machine: ${machine()}`);
  const data = await tempDir('list-api');
  let bench: BenchServer | undefined;
  let raw: pg.Pool | undefined;
  let appRole: pg.Pool | undefined;
  try {
    bench = await startBenchServer({ database: 'bench_list_api', dataDir: data.dir });
    const { server, db, config, pgDir } = bench;
    const baseUrl = server.url;

    let token = '';
    for (let i = 0; i < LOGINS; i++) token = (await logIn(baseUrl, 'admin')).token;
    const claims = JSON.parse(Buffer.from(token.split('.')[1], 'base64url').toString()) as { sid: string; uid: string; tid: string };

    // The baseline pool: same database and size, the connecting (owner) role, no transaction, no set_config.
    raw = new pg.Pool({ connectionString: db.url, max: config.DATABASE_POOL_SIZE, application_name: 'nusa-bench-raw' });
    // The diagnostic pool: the app role under row-level security, as the server's own app pool.
    appRole = new pg.Pool({ connectionString: db.url, max: config.DATABASE_POOL_SIZE, application_name: 'nusa-bench-app', options: `-c role=${APP_ROLE}` });
    const rawParams = [claims.tid, claims.uid, LIMIT];

    const url = `${baseUrl}/api/v1/auth/sessions?limit=${LIMIT}`;
    const headers = { authorization: `Bearer ${token}`, 'x-tenant': DEFAULT_TENANT };
    const probe = await fetch(url, { headers });
    const body = (await probe.json()) as { items?: unknown[] };
    if (probe.status !== 200 || body.items?.length !== LIMIT) throw new Error(`the endpoint answered ${probe.status} with ${body.items?.length} items`);
    const rawProbe = await raw.query(RAW_SQL, rawParams);
    if (rawProbe.rowCount !== LIMIT) throw new Error(`the bare SELECT returned ${rawProbe.rowCount} rows`);

    // CPU time of this process and of the PostgreSQL processes per run: steadier than req/s on a shared machine.
    const measured = async (run: () => Promise<Run>) => {
      const before = cpuOf(pgDir!);
      const r = await run();
      const after = cpuOf(pgDir!);
      return { ...r, cpu: before && after ? { node: after.node - before.node, pg: after.pg - before.pg } : undefined };
    };

    const baselineOnce = async () => (await raw!.query(RAW_SQL, rawParams)).rowCount === LIMIT;
    const statementsOnce = async () => {
      const client = await appRole!.connect();
      try {
        (client as pg.PoolClient & { pipeline: boolean }).pipeline = true;
        const send = holdWrites(client);
        const begunAndListed = Promise.all([client.query(`BEGIN; SET LOCAL app.tenant_id = '${claims.tid}'`), client.query(LIST_SQL, [claims.uid, LIMIT])]);
        send();
        const [, l] = await begunAndListed;
        await client.query(COMMIT_SQL);
        return l.rowCount === LIMIT;
      } finally {
        client.release();
      }
    };

    console.log(
      `setup: ${LOGINS} admin logins; each path returns the same ${LIMIT} session rows (${Buffer.byteLength(JSON.stringify(body))} B of JSON from the API)`,
    );
    console.log(
      `load: ${CONNECTIONS} concurrent connections; ${ROUNDS} interleaved rounds of ${SECONDS / ROUNDS} s per path after ${WARMUP_SECONDS} s warm-up; pool size ${config.DATABASE_POOL_SIZE}`,
    );

    const loadBefore = os.loadavg()[0].toFixed(2);
    await runLoops(WARMUP_SECONDS, baselineOnce);
    await runHttp(url, headers, WARMUP_SECONDS);
    await runLoops(WARMUP_SECONDS, statementsOnce);
    const baseline: Run[] = [];
    const api: Run[] = [];
    const statements: Run[] = [];
    let profiled: { file: string; summary: string } | undefined;
    for (let round = 0; round < ROUNDS; round++) {
      const measureApi = async () => {
        const stop = PROFILE_DIR && !profiled ? await startProfile(PROFILE_DIR, 'list-api', 20) : undefined;
        api.push(await measured(() => runHttp(url, headers, SECONDS / ROUNDS)));
        if (stop) profiled = await stop();
      };
      // Alternate the order so drift (other work on the machine) does not favour one path.
      if (round % 2 === 0) {
        baseline.push(await measured(() => runLoops(SECONDS / ROUNDS, baselineOnce)));
        await measureApi();
        statements.push(await measured(() => runLoops(SECONDS / ROUNDS, statementsOnce)));
      } else {
        statements.push(await measured(() => runLoops(SECONDS / ROUNDS, statementsOnce)));
        await measureApi();
        baseline.push(await measured(() => runLoops(SECONDS / ROUNDS, baselineOnce)));
      }
    }

    // Latency: the mean of the rounds' medians and the worst round's p99 (autocannon reports whole milliseconds).
    // CPU: microseconds per request of this Node process (server + load generator) and of PostgreSQL.
    const cpuPerRequest = (runs: Run[], f: (c: Cpu) => number) =>
      runs.every((r) => r.cpu) ? fmt((sum(runs, (r) => f(r.cpu!)) / sum(runs, (r) => r.requests)) * 1e6) : '-';
    const row = (name: string, runs: Run[]) => [
      name,
      fmt(rps(runs)),
      fmt(sum(runs, (r) => r.requests)),
      fmt(sum(runs, (r) => r.p50) / runs.length, 2),
      fmt(Math.max(...runs.map((r) => r.p99)), 2),
      String(sum(runs, (r) => r.errors)),
      cpuPerRequest(runs, (c) => c.node),
      cpuPerRequest(runs, (c) => c.pg),
      (rps(runs) / rps(baseline)).toFixed(2),
    ];
    console.log('');
    table([
      ['path', 'req/s', 'requests', 'p50 ms', 'p99 ms', 'errors', 'node µs/req', 'pg µs/req', 'ratio'],
      row('bare SELECT via pg Pool (baseline)', baseline),
      row('GET /api/v1/auth/sessions (full stack)', api),
      row("  diagnostic: the endpoint's 2 round trips via pg", statements),
    ]);
    const ratio = rps(api) / rps(baseline);
    const perRound = api.map((r, i) => (r.requests / r.seconds / (baseline[i].requests / baseline[i].seconds)).toFixed(2));
    const cpuTotal = (runs: Run[]) => (runs.every((r) => r.cpu) ? sum(runs, (r) => r.cpu!.node + r.cpu!.pg) / sum(runs, (r) => r.requests) : NaN);
    const cpuRatio = cpuTotal(baseline) / cpuTotal(api);
    console.log(
      `\n  ratio full stack / baseline: ${ratio.toFixed(2)} (rounds: ${perRound.join(', ')}); target ≥ ${TARGET_RATIO}: ${ratio >= TARGET_RATIO ? 'met' : 'NOT met'}`,
    );
    if (Number.isFinite(cpuRatio)) {
      console.log(`  CPU-cost ratio (baseline CPU per request / full-stack CPU per request, node + pg): ${cpuRatio.toFixed(2)}; it is`);
      console.log('  what the throughput ratio tends to when both cores are saturated, and moves less with other load.');
    }
    console.log('  diagnostic row: BEGIN+SET LOCAL pipelined with the list, then flag+COMMIT, as the app role through pg (the session and the');
    console.log("  user's tasks come from memory), without HTTP, drizzle or JSON: the round-trip floor of the request design.");
    console.log('  note: the load generator (autocannon), the server and the baseline client all run on one Node thread in');
    console.log("  this process, and PostgreSQL shares the same cores: the full-stack figure pays for the client's HTTP too.");
    console.log(`  node µs/req counts this whole process (all threads); pg µs/req the PostgreSQL processes; load avg before: ${loadBefore}`);
    if (sum([...api, ...baseline, ...statements], (r) => r.errors)) console.log('  warning: some requests failed or were not 2xx (see errors)');
    if (profiled) console.log(`\ncpu profile of one full-stack round: ${profiled.file}\n${profiled.summary}`);
  } finally {
    await within('raw pool end', 10_000, raw?.end() ?? Promise.resolve());
    await within('app-role pool end', 10_000, appRole?.end() ?? Promise.resolve());
    await bench?.stop();
    await data.remove();
  }
}

main().catch((err) => {
  console.error(err);
  process.exitCode = 1;
});
