// `npm run bench`: runs every benchmark in bench/ (each *.ts file at its top level) one after another, each in
// its own Node process with the tsx loader, and prints a closing line. Benchmarks print figures and ratios; none
// asserts on time. Pass names to run some only: `npm run bench -- cold-start list-api`.
//
// Each benchmark runs with TMPDIR set to a folder of this run, so whatever it leaves there (a database folder
// after a crash) is found, reported and removed, and a PostgreSQL it left running is stopped.
import { execFileSync, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const dir = path.dirname(fileURLToPath(import.meta.url));
const root = path.resolve(dir, '..');
const wanted = process.argv.slice(2).map((a) => a.replace(/\.ts$/, ''));
const all = fs
  .readdirSync(dir)
  .filter((f) => f.endsWith('.ts') && !f.endsWith('.d.ts'))
  .sort();
const benches = wanted.length ? all.filter((f) => wanted.includes(f.replace(/\.ts$/, ''))) : all;
if (benches.length === 0) {
  console.error(`no benchmark matches ${wanted.join(', ')}; there are: ${all.join(', ')}`);
  process.exit(2);
}

const runDir = fs.mkdtempSync(path.join(os.tmpdir(), 'nusa-bench-run-'));
fs.chmodSync(runDir, 0o755); // the embedded PostgreSQL runs as another user when started by root
// tsx keeps its transform cache in $TMPDIR/tsx-<uid>: share the usual one so each benchmark does not recompile.
const tsxCache = `tsx-${os.userInfo().uid}`;
if (fs.existsSync(path.join(os.tmpdir(), tsxCache))) fs.symlinkSync(path.join(os.tmpdir(), tsxCache), path.join(runDir, tsxCache));

/** Pids of processes whose command line mentions this run's folder (a PostgreSQL started under it). */
function processesUnder(folder) {
  try {
    return execFileSync('pgrep', ['-f', folder], { encoding: 'utf8' }).split('\n').filter(Boolean).map(Number);
  } catch {
    return [];
  }
}

/** Stops what a benchmark left running and removes what it left in the run folder; returns what was found. */
function sweep() {
  const found = [];
  const pids = processesUnder(runDir);
  for (const pid of pids) {
    try {
      process.kill(pid, 'SIGQUIT');
    } catch {
      /* gone */
    }
  }
  if (pids.length) {
    found.push(`process ${pids.join(', ')}`);
    spawnSync('sleep', ['2']);
    for (const pid of processesUnder(runDir)) {
      try {
        process.kill(pid, 'SIGKILL');
      } catch {
        /* gone */
      }
    }
  }
  for (const entry of fs.readdirSync(runDir)) {
    if (entry === tsxCache) continue;
    found.push(`folder ${entry}`);
    fs.rmSync(path.join(runDir, entry), { recursive: true, force: true });
  }
  return found;
}

const started = performance.now();
const results = [];
try {
  for (const file of benches) {
    const t0 = performance.now();
    const r = spawnSync(process.execPath, ['--import', 'tsx', path.join('bench', file)], {
      cwd: root,
      stdio: 'inherit',
      env: { ...process.env, TMPDIR: runDir },
    });
    const seconds = (performance.now() - t0) / 1000;
    const leftovers = sweep();
    const ok = r.status === 0 && leftovers.length === 0;
    results.push({ file, ok, seconds });
    if (r.status !== 0) console.error(`\n${file} failed (${r.signal ?? `exit ${r.status}`})`);
    if (leftovers.length) console.error(`\n${file} left behind (now stopped/removed): ${leftovers.join('; ')}`);
  }
} finally {
  sweep();
  fs.rmSync(runDir, { recursive: true, force: true });
}
const failed = results.filter((r) => !r.ok);
console.log(
  `\nbench: ${results.map((r) => `${r.file} ${r.ok ? 'ran' : 'FAILED'} in ${r.seconds.toFixed(0)} s`).join('; ')}; total ${((performance.now() - started) / 1000).toFixed(0)} s`,
);
process.exit(failed.length ? 1 : 0);
