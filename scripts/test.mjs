// `npm test`: every test project (unit, server integration on PostgreSQL, Chromium end-to-end), then one
// closing line "tests: N passed, N failed". Chromium comes from Debian; on a machine without it we install it
// when we can (root with apt-get), otherwise say what to install.
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';

const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

function ensureChromium() {
  if (fs.existsSync(CHROMIUM)) return;
  const isRoot = process.getuid?.() === 0;
  const hasApt = spawnSync('sh', ['-c', 'command -v apt-get'], { stdio: 'ignore' }).status === 0;
  if (isRoot && hasApt) {
    console.log('Installing Debian chromium for the end-to-end tests...');
    const env = { ...process.env, DEBIAN_FRONTEND: 'noninteractive' };
    spawnSync('apt-get', ['update', '-qq'], { stdio: 'inherit', env });
    const r = spawnSync('apt-get', ['install', '-y', '-qq', 'chromium', 'fonts-noto-core'], { stdio: 'inherit', env });
    if (r.status === 0 && fs.existsSync(CHROMIUM)) return;
  }
  console.error(`The end-to-end tests need Chromium at ${CHROMIUM} (Debian: apt-get install chromium), or set CHROMIUM_PATH.`);
  process.exit(1);
}

ensureChromium();
fs.mkdirSync('artifacts', { recursive: true });
const report = 'artifacts/vitest-report.json';
fs.rmSync(report, { force: true });
const run = spawnSync('npx', ['vitest', 'run', '--reporter=default', '--reporter=json', `--outputFile.json=${report}`, ...process.argv.slice(2)], {
  stdio: 'inherit',
});
let passed = 0;
let failed = 0;
let skipped = 0;
if (fs.existsSync(report)) {
  const r = JSON.parse(fs.readFileSync(report, 'utf8'));
  passed = r.numPassedTests;
  // A file that failed without a failed test (it did not load, or a hook threw) counts once; numFailedTestSuites
  // would count every describe block of a failed test again.
  const brokenFiles = r.testResults.filter((f) => f.status === 'failed' && !f.assertionResults.some((a) => a.status === 'failed'));
  failed = r.numFailedTests + brokenFiles.length;
  skipped = r.numPendingTests + r.numTodoTests;
}
if (fs.existsSync(report)) {
  // A test that passed with failure messages passed on a retry (the e2e project retries once): flaky, said out loud.
  const flaky = JSON.parse(fs.readFileSync(report, 'utf8')).testResults.flatMap((f) =>
    f.assertionResults
      .filter((a) => a.status === 'passed' && a.failureMessages.length > 0)
      .map((a) => ({ file: f.name, test: a.fullName, first: a.failureMessages[0] })),
  );
  for (const t of flaky)
    console.log(`passed on a retry: ${t.file.replace(`${process.cwd()}/`, '')} > ${t.test}\n  first run: ${t.first.split('\n')[0].slice(0, 300)}`);
}
console.log(`\ntests: ${passed} passed, ${failed} failed, ${skipped} skipped`);
process.exit(run.status === 0 && failed === 0 && passed > 0 ? 0 : 1);
