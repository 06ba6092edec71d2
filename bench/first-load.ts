/**
 * First-load script weight: the brotli bytes of JavaScript a browser must fetch before the login page and the
 * dashboard can render, read from a production build of the web app. It follows the build's import graph (Vite's
 * manifest): the index.html entry and its static imports, plus the route's lazily loaded page chunk and its static
 * imports, and the lazily loaded chunks the app awaits before the page shows (texts, layout). Prints, for each page, the bytes and the chunks, their ratio to the target (300 KiB) and their share of
 * the whole build's script (the baseline, measured in the same build), and the largest chunks of each first load.
 *
 *   node --import tsx bench/first-load.ts                       builds apps/web into a temporary folder first
 *   BENCH_DIST=/path/to/dist node --import tsx bench/first-load.ts   reads a build made with `vite build --manifest`
 *
 * Bytes are what the server sends: the build's precompressed .br copy of a file, or the file itself when it is too
 * small to have one (apps/web/src/build/precompress.ts). They are a property of the build, not of the machine.
 */
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { fmt, machine, table, tempDir } from './lib/common.ts';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const WEB = path.join(ROOT, 'apps/web');
const TARGET_KIB = 300;
/**
 * The pages measured: the first page of a visitor and of a logged-in user. `before` lists the lazily imported modules
 * the app waits for before that page shows, besides the page itself: main.tsx awaits the texts of the shown language
 * (Indonesian by default, apps/web/src/i18n/index.ts), and a logged-in page renders inside the layout, a chunk of
 * its own (apps/web/src/app/router.tsx). Each is counted when the build has it as a chunk entry.
 */
const PAGES = [
  { path: '/login', before: ['src/i18n/texts-id.ts'] },
  { path: '/dashboard', before: ['src/i18n/texts-id.ts', 'src/app/layout/AppLayout.tsx'] },
];

interface ManifestChunk {
  file: string;
  src?: string;
  isEntry?: boolean;
  isDynamicEntry?: boolean;
  imports?: string[];
  dynamicImports?: string[];
  css?: string[];
}
type Manifest = Record<string, ManifestChunk>;

function build(outDir: string) {
  const started = performance.now();
  const r = spawnSync('npx', ['vite', 'build', '--outDir', outDir, '--emptyOutDir', '--manifest'], {
    cwd: WEB,
    encoding: 'utf8',
    env: { ...process.env, NODE_ENV: 'production' },
  });
  if (r.status !== 0) throw new Error(`vite build failed:\n${r.stdout}\n${r.stderr}`);
  return (performance.now() - started) / 1000;
}

/** The page module of each route, read from apps/web/src/app/pages.ts (`'/route': () => import('…')`). */
function pageModules(): Map<string, string> {
  const source = fs.readFileSync(path.join(WEB, 'src/app/pages.ts'), 'utf8');
  const found = new Map<string, string>();
  for (const m of source.matchAll(/'([^']+)':\s*(?:\w+\(\s*)?\(\)\s*=>\s*import\('([^']+)'\)/g)) {
    found.set(m[1], path.posix.join('src/app', m[2]));
  }
  return found;
}

/** Bytes on the wire of one built file: its .br copy when the build wrote one, else the file. */
function wireBytes(dist: string, file: string): { br: number; raw: number } {
  const raw = fs.statSync(path.join(dist, file)).size;
  const br = path.join(dist, `${file}.br`);
  return { raw, br: fs.existsSync(br) ? fs.statSync(br).size : raw };
}

/** The manifest keys `start` needs before it runs: itself and its static imports, transitively. */
function staticClosure(manifest: Manifest, start: string, into = new Set<string>()): Set<string> {
  if (into.has(start)) return into;
  if (!manifest[start]) throw new Error(`the build's manifest has no ${start}`);
  into.add(start);
  for (const dep of manifest[start].imports ?? []) staticClosure(manifest, dep, into);
  return into;
}

interface FirstLoad {
  page: string;
  scripts: string[];
  css: string[];
  br: number;
  raw: number;
  cssBr: number;
}

function firstLoad(dist: string, manifest: Manifest, page: string, module: string, before: string[]): FirstLoad {
  const keys = staticClosure(manifest, module, staticClosure(manifest, 'index.html'));
  for (const key of before) if (manifest[key]?.isDynamicEntry) staticClosure(manifest, key, keys);
  const scripts = [...keys].map((k) => manifest[k].file).filter((f) => f.endsWith('.js'));
  const css = [...new Set([...keys].flatMap((k) => manifest[k].css ?? []))];
  const sum = (files: string[], kind: 'br' | 'raw') => files.reduce((n, f) => n + wireBytes(dist, f)[kind], 0);
  return { page, scripts, css, br: sum(scripts, 'br'), raw: sum(scripts, 'raw'), cssBr: sum(css, 'br') };
}

const kib = (bytes: number) => fmt(bytes / 1024, 1);

async function main() {
  console.log(`first-load — ${machine()}`);
  const given = process.env.BENCH_DIST;
  const tmp = given ? undefined : await tempDir('first-load');
  try {
    const dist = given ? path.resolve(given) : path.join(tmp!.dir, 'dist');
    if (!given) console.log(`  production build of apps/web in ${fmt(build(dist), 1)} s`);
    const manifestPath = path.join(dist, '.vite/manifest.json');
    if (!fs.existsSync(manifestPath)) throw new Error(`${manifestPath} is missing: build with \`vite build --manifest\``);
    const manifest = JSON.parse(fs.readFileSync(manifestPath, 'utf8')) as Manifest;

    // Baseline: every script of the app (the index.html entry and everything it can ever load, lazily or not).
    const appKeys = new Set<string>();
    const walk = (key: string) => {
      if (appKeys.has(key)) return;
      appKeys.add(key);
      for (const dep of [...(manifest[key].imports ?? []), ...(manifest[key].dynamicImports ?? [])]) walk(dep);
    };
    walk('index.html');
    const allScripts = [...appKeys].map((k) => manifest[k].file).filter((f) => f.endsWith('.js'));
    const whole = allScripts.reduce((n, f) => n + wireBytes(dist, f).br, 0);

    const modules = pageModules();
    const loads = PAGES.map(({ path: page, before }) => {
      const module = modules.get(page);
      if (!module) throw new Error(`apps/web/src/app/pages.ts has no page for ${page}`);
      return firstLoad(dist, manifest, page, module, before);
    });

    console.log(`\n  script a page needs before it renders (index.html entry, page chunk, Indonesian texts, layout; static imports followed), brotli:`);
    table([
      ['page', 'chunks', 'script KiB (br)', 'script KiB (raw)', 'CSS KiB (br)', `÷ target ${TARGET_KIB} KiB`, '÷ whole app'],
      ...loads.map((l) => [l.page, String(l.scripts.length), kib(l.br), kib(l.raw), kib(l.cssBr), fmt(l.br / 1024 / TARGET_KIB, 2), fmt(l.br / whole, 2)]),
      [
        'whole app (baseline)',
        String(allScripts.length),
        kib(whole),
        kib(allScripts.reduce((n, f) => n + wireBytes(dist, f).raw, 0)),
        '',
        fmt(whole / 1024 / TARGET_KIB, 2),
        '1.00',
      ],
    ]);

    for (const l of loads) {
      console.log(`\n  largest chunks of ${l.page}:`);
      const rows = l.scripts
        .map((f) => ({ f, ...wireBytes(dist, f) }))
        .sort((a, b) => b.br - a.br)
        .slice(0, 10);
      table([['chunk', 'KiB (br)', 'KiB (raw)'], ...rows.map((r) => [path.basename(r.f), kib(r.br), kib(r.raw)])]);
    }
    const over = loads.filter((l) => l.br / 1024 > TARGET_KIB);
    console.log(over.length ? `\n  over the target: ${over.map((l) => l.page).join(', ')}` : `\n  every page measured is within ${TARGET_KIB} KiB`);
  } finally {
    await tmp?.remove();
  }
}

await main();
