// `npm run bench`: runs every benchmark in bench/ (each *.ts file at its top level) one after another, each in
// its own Node process with the tsx loader, and prints a closing line. Benchmarks print figures and ratios; none
// asserts on time. Pass names to run some only: `npm run bench -- cold-start`.
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const dir = path.dirname(fileURLToPath(import.meta.url));
const root = path.resolve(dir, '..');
const wanted = process.argv.slice(2).map((a) => a.replace(/\.ts$/, ''));
const all = fs.readdirSync(dir).filter((f) => f.endsWith('.ts') && !f.endsWith('.d.ts')).sort();
const benches = wanted.length ? all.filter((f) => wanted.includes(f.replace(/\.ts$/, ''))) : all;
if (benches.length === 0) {
  console.error(`no benchmark matches ${wanted.join(', ')}; there are: ${all.join(', ')}`);
  process.exit(2);
}

const started = performance.now();
const results = [];
for (const file of benches) {
  const t0 = performance.now();
  const r = spawnSync(process.execPath, ['--import', 'tsx', path.join('bench', file)], { cwd: root, stdio: 'inherit' });
  const seconds = (performance.now() - t0) / 1000;
  const ok = r.status === 0;
  results.push({ file, ok, seconds });
  if (!ok) console.error(`\n${file} failed (${r.signal ?? `exit ${r.status}`})`);
}
const failed = results.filter((r) => !r.ok);
console.log(`\nbench: ${results.map((r) => `${r.file} ${r.ok ? 'ran' : 'FAILED'} in ${r.seconds.toFixed(0)} s`).join('; ')}; total ${((performance.now() - started) / 1000).toFixed(0)} s`);
process.exit(failed.length ? 1 : 0);
