/**
 * Landing page weight and paint: the static /landing (landing.html, no app bundle) beside the logged-in app's first
 * page (/dashboard), each loaded with a cold cache in headless Chromium, several times. Prints the medians of the
 * bytes transferred (by kind), the requests, first paint, first contentful paint and the time until the page's
 * main heading shows, and the ratio landing/app; also an anonymous visitor at "/", who ends on the landing. The landing must be the lighter: the benchmark fails otherwise.
 *
 *   node --import tsx bench/landing.ts          (BENCH_LANDING_RUNS, default 5)
 *
 * The web build is made first when it is missing or older than its sources (as `npm start` does).
 */
import { spawnSync } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { chromium, type Browser, type Page } from 'playwright-core';
import { STORAGE_KEYS } from '../apps/web/src/app/storage-keys.ts';
import { fmt, machine, median, table, tempDir, within } from './lib/common.ts';
import { logIn, startBenchServer, type BenchServer } from './lib/server.ts';

const RUNS = Number(process.env.BENCH_LANDING_RUNS ?? 5);
const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const CHROMIUM_ARGS = ['--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--disable-sync'];
const DASHBOARD_HEADING = /^Selamat (pagi|siang|sore|malam),/;
const LANDING_HEADING = 'Satu platform untuk keuangan, layanan pelanggan, dan penjualan Anda';

type Kind = 'document' | 'script' | 'css' | 'api' | 'other';

interface Load {
  bytes: number;
  byKind: Record<Kind, number>;
  requests: number;
  firstPaint: number;
  firstContentfulPaint: number;
  /** Navigation start to the page's main heading being visible, as the test driver saw it. */
  headingShown: number;
}

/**
 * `npm start`'s rule: build the web app when dist is missing or older than the sources (under the e2e build lock);
 * then a copy of it for this run, so that another build on the checkout does not empty it under the server.
 */
function webBuildCopy(target: string): string {
  ensureWebBuild();
  const r = spawnSync('flock', ['/tmp/nusa-web-build.lock', 'cp', '-R', path.join(ROOT, 'apps/web/dist'), target], { encoding: 'utf8' });
  if (r.status !== 0) throw new Error(`copying the web build failed:\n${r.stderr}`);
  return target;
}

function ensureWebBuild() {
  const stale = spawnSync(process.execPath, ['-e', "import('./scripts/web-build.mjs').then((m) => process.exit(m.webBuildIsStale() ? 1 : 0))"], { cwd: ROOT });
  if (stale.status === 0) return;
  console.log('  building the web app (missing or older than its sources)…');
  const r = spawnSync('flock', ['/tmp/nusa-web-build.lock', 'npx', 'vite', 'build'], { cwd: path.join(ROOT, 'apps/web'), encoding: 'utf8' });
  if (r.status !== 0) throw new Error(`vite build failed:\n${r.stdout}\n${r.stderr}`);
}

async function login(baseUrl: string) {
  const { token, session } = await logIn(baseUrl, 'staff');
  return { session: JSON.stringify(session), token };
}

const kindOf = (type: string | undefined, url: string): Kind => {
  if (type === 'Document') return 'document';
  if (type === 'Script') return 'script';
  if (type === 'Stylesheet') return 'css';
  if (new URL(url).pathname.startsWith('/api/')) return 'api';
  return 'other';
};

/** One cold load: a fresh browser context (empty cache), bytes counted from the CDP network events. */
async function measure(
  browser: Browser,
  baseUrl: string,
  pathname: string,
  heading: string | RegExp,
  storage: { name: string; value: string }[],
): Promise<Load> {
  const context = await browser.newContext({
    baseURL: baseUrl,
    viewport: { width: 1280, height: 800 },
    locale: 'id-ID',
    storageState: { cookies: [], origins: storage.length ? [{ origin: baseUrl, localStorage: storage }] : [] },
  });
  try {
    const page: Page = await context.newPage();
    const cdp = await context.newCDPSession(page);
    await cdp.send('Network.enable');
    await cdp.send('Network.setCacheDisabled', { cacheDisabled: true });
    // Finished requests count their whole size with headers; one cut off by a navigation counts what arrived.
    const requests = new Map<string, { url: string; type?: string; received: number; finished?: number }>();
    cdp.on('Network.requestWillBeSent', (e) => requests.set(e.requestId, { url: e.request.url, type: e.type, received: 0 }));
    cdp.on('Network.dataReceived', (e) => {
      const r = requests.get(e.requestId);
      if (r) r.received += e.encodedDataLength;
    });
    cdp.on('Network.loadingFinished', (e) => {
      const r = requests.get(e.requestId);
      if (r) r.finished = e.encodedDataLength;
    });
    const t0 = Date.now();
    await page.goto(pathname, { waitUntil: 'load' });
    await page.getByRole('heading', { level: 1, name: heading }).waitFor({ timeout: 60_000 });
    const headingShown = Date.now() - t0;
    // Lazily loaded chunks and the page's API calls count too: wait until the network is quiet.
    await page.waitForLoadState('networkidle');
    // A string: evaluated in the page, where paint timing exists (Node's types do not know the 'paint' entries).
    const paints = await page.evaluate<Record<string, number>>(`Object.fromEntries(performance.getEntriesByType('paint').map((p) => [p.name, p.startTime]))`);
    const byKind: Record<Kind, number> = { document: 0, script: 0, css: 0, api: 0, other: 0 };
    for (const r of requests.values()) byKind[kindOf(r.type, r.url)] += r.finished ?? r.received;
    return {
      bytes: Object.values(byKind).reduce((a, b) => a + b, 0),
      byKind,
      requests: requests.size,
      firstPaint: paints['first-paint'] ?? NaN,
      firstContentfulPaint: paints['first-contentful-paint'] ?? NaN,
      headingShown,
    };
  } finally {
    await context.close();
  }
}

const kb = (bytes: number) => `${fmt(bytes / 1024, 1)} KiB`;
const ms = (v: number) => `${fmt(v)} ms`;

async function main() {
  console.log(`\n== landing: static /landing vs the logged-in app's first page (/dashboard), cold cache, ${RUNS} runs each ==`);
  console.log(`machine: ${machine()}`);
  const data = await tempDir('landing');
  let bench: BenchServer | undefined;
  let browser: Browser | undefined;
  try {
    bench = await startBenchServer({ database: 'bench_landing', dataDir: data.dir, env: { WEB_DIST: webBuildCopy(path.join(data.dir, 'web')) } });
    const { server } = bench;
    const { session, token } = await login(server.url);
    const loggedIn = [
      { name: STORAGE_KEYS.session, value: session },
      { name: STORAGE_KEYS.token, value: token },
    ];
    browser = await chromium.launch({ executablePath: '/usr/bin/chromium', args: CHROMIUM_ARGS });

    // One unmeasured load of each warms the server's file and query paths (not the browser: every load is cold).
    await measure(browser, server.url, '/landing', LANDING_HEADING, []);
    await measure(browser, server.url, '/dashboard', DASHBOARD_HEADING, loggedIn);
    const landing: Load[] = [];
    const root: Load[] = [];
    const app: Load[] = [];
    for (let i = 0; i < RUNS; i++) {
      // Alternate the order so drift on a busy machine does not favour one page.
      const pair = [
        async () => landing.push(await measure(browser!, server!.url, '/landing', LANDING_HEADING, [])),
        async () => root.push(await measure(browser!, server!.url, '/', LANDING_HEADING, [])),
        async () => app.push(await measure(browser!, server!.url, '/dashboard', DASHBOARD_HEADING, loggedIn)),
      ];
      for (const step of i % 2 ? pair.reverse() : pair) await step();
    }

    const m = (loads: Load[], pick: (l: Load) => number) => median(loads.map(pick));
    const rows: [string, (l: Load) => number, (v: number) => string][] = [
      ['bytes transferred (total)', (l) => l.bytes, kb],
      ['  document', (l) => l.byKind.document, kb],
      ['  script', (l) => l.byKind.script, kb],
      ['  css', (l) => l.byKind.css, kb],
      ['  api', (l) => l.byKind.api, kb],
      ['  other (icons, fonts)', (l) => l.byKind.other, kb],
      ['requests', (l) => l.requests, (v) => fmt(v)],
      ['first paint', (l) => l.firstPaint, ms],
      ['first contentful paint', (l) => l.firstContentfulPaint, ms],
      ['main heading shown', (l) => l.headingShown, ms],
    ];
    console.log('');
    table([
      ['median of the runs', 'landing', 'visitor at /', 'app (/dashboard)', 'landing / app'],
      ...rows.map(([label, pick, show]) => {
        const a = m(landing, pick);
        const b = m(app, pick);
        return [label, show(a), show(m(root, pick)), show(b), b > 0 ? fmt(a / b, 2) : '–'];
      }),
    ]);
    console.log(`\n  per run, bytes landing: ${landing.map((l) => fmt(l.bytes)).join(', ')}; app: ${app.map((l) => fmt(l.bytes)).join(', ')}`);
    console.log(
      `  per run, FCP landing: ${landing.map((l) => fmt(l.firstContentfulPaint)).join(', ')} ms; app: ${app.map((l) => fmt(l.firstContentfulPaint)).join(', ')} ms`,
    );
    console.log('  "visitor at /": an anonymous visitor at the root, sent on to /landing by index.html before the app bundle loads.');
    console.log("  note: bytes are as sent (brotli: the build's precompressed copies); the app's first contentful paint may be its loading");
    console.log('  spinner, so "main heading shown" is the figure a visitor waits for.');
    const lighter = m(landing, (l) => l.bytes) < m(app, (l) => l.bytes);
    console.log(`\n  landing is ${lighter ? '' : 'NOT '}the lighter page (ratio of bytes ${fmt(m(landing, (l) => l.bytes) / m(app, (l) => l.bytes), 3)})`);
    if (!lighter) process.exitCode = 1;
  } finally {
    await within('browser close', 10_000, browser?.close() ?? Promise.resolve());
    await bench?.stop();
    await data.remove();
  }
}

main().catch((err) => {
  console.error(err);
  process.exitCode = 1;
});
