/**
 * Where a V8 CPU profile spends its time: self time by package / source folder, by function, and inclusive time
 * of the frames that matter on the request path.
 *
 *   node --import tsx bench/lib/profile-summary.ts <file.cpuprofile> [rows]
 */
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

interface CallFrame {
  functionName: string;
  url: string;
  lineNumber: number;
}
interface ProfileNode {
  id: number;
  callFrame: CallFrame;
  children?: number[];
}
export interface CpuProfile {
  nodes: ProfileNode[];
  samples: number[];
  timeDeltas: number[];
  startTime: number;
  endTime: number;
}

const short = (url: string) => url.replace(/^.*node_modules\//, '').replace(/^file:\/\/.*?\/(apps|packages|bench)\//, '$1/');

function group(frame: CallFrame): string {
  const { url, functionName } = frame;
  if (!url) return functionName.startsWith('(') ? functionName : `native ${functionName || '(anonymous)'}`;
  const pkg = /node_modules\/((?:@[^/]+\/)?[^/]+)/.exec(url);
  if (pkg) return pkg[1];
  if (url.startsWith('node:')) return `node:${url.slice(5).split('/')[0]}`;
  return path.dirname(short(url));
}

type Stack = CallFrame[]; // leaf first
const has = (st: Stack, re: RegExp) => st.some((f) => re.test(f.url));
const leaf = (st: Stack, ...names: string[]) => !st[0].url && names.includes(st[0].functionName);

/** Request-path buckets, first match wins; each sample's whole stack is looked at, leaf first. */
const BUCKETS: [string, (st: Stack) => boolean][] = [
  ['idle', (st) => leaf(st, '(idle)')],
  ['garbage collector', (st) => leaf(st, '(garbage collector)')],
  [
    'JWT verify (jose over WebCrypto, incl. the HMAC job)',
    (st) => has(st, /node_modules\/jose\/|internal\/crypto\/(webcrypto|mac|util|keys)/) || leaf(st, 'run'),
  ],
  ['pg socket writes (syscalls)', (st) => leaf(st, 'writev', 'writeBuffer') && has(st, /node_modules\/pg\//)],
  ['HTTP socket writes (syscalls)', (st) => leaf(st, 'writev', 'writeBuffer')],
  [
    'drizzle: building SQL per query',
    (st) =>
      st.some((f) => /drizzle-orm/.test(f.url) && /^(_prepare|getSQL|toQuery|sqlToQuery|buildSelectQuery|buildQueryFromSourceParams)$/.test(f.functionName)),
  ],
  ['drizzle: mapping rows', (st) => st.some((f) => f.functionName === 'mapResultRow')],
  ['pg driver JS (protocol, parsing, type parsers)', (st) => has(st, /node_modules\/(pg|pg-protocol|pg-pool|pg-types|postgres-array|postgres-date)\//)],
  ['autocannon (the load generator)', (st) => has(st, /node_modules\/(autocannon|http-parser-js|hdr-histogram-js)\//)],
  ['zod (validation, response serialisation)', (st) => has(st, /node_modules\/(zod|fastify-type-provider-zod)\//)],
  ['drizzle: other', (st) => has(st, /node_modules\/drizzle-orm\//)],
  ['metrics (prom-client, onResponse hook)', (st) => has(st, /node_modules\/prom-client\/|platform\/http\/observability/)],
  ['fastify and node:http', (st) => has(st, /node_modules\/(fastify|find-my-way|@fastify)\/|node:_http_|internal\/http/)],
  ['server code (apps/server, packages)', (st) => has(st, /\/(apps|packages)\//)],
];

const label = (f: CallFrame) => `${f.functionName || '(anonymous)'} ${short(f.url)}${f.url ? `:${f.lineNumber + 1}` : ''}`;

export function summarize(profile: CpuProfile, rows = 25): string {
  const byId = new Map(profile.nodes.map((n) => [n.id, n]));
  const parent = new Map<number, number>();
  for (const n of profile.nodes) for (const c of n.children ?? []) parent.set(c, n.id);
  const selfTime = new Map<number, number>();
  // timeDeltas[i] is the gap before sample i; the time of sample i is the gap that follows it.
  for (let i = 0; i < profile.samples.length; i++) {
    const id = profile.samples[i];
    selfTime.set(id, (selfTime.get(id) ?? 0) + (profile.timeDeltas[i + 1] ?? 0));
  }
  const buckets = new Map<string, number>();
  let total = 0;
  const groups = new Map<string, number>();
  const selfByLabel = new Map<string, number>();
  const inclusive = new Map<string, number>();
  for (const [id, t] of selfTime) {
    total += t;
    const frame = byId.get(id)!.callFrame;
    groups.set(group(frame), (groups.get(group(frame)) ?? 0) + t);
    selfByLabel.set(label(frame), (selfByLabel.get(label(frame)) ?? 0) + t);
    const stack: Stack = [];
    for (let x: number | undefined = id; x !== undefined; x = parent.get(x)) stack.push(byId.get(x)!.callFrame);
    const bucket = BUCKETS.find(([, test]) => test(stack))?.[0] ?? 'other (node internals, promises, timers)';
    buckets.set(bucket, (buckets.get(bucket) ?? 0) + t);
    const seen = new Set<string>();
    for (let x: number | undefined = id; x !== undefined; x = parent.get(x)) {
      const l = label(byId.get(x)!.callFrame);
      if (!seen.has(l)) {
        seen.add(l);
        inclusive.set(l, (inclusive.get(l) ?? 0) + t);
      }
    }
  }
  const pct = (t: number) => `${((t / total) * 100).toFixed(1).padStart(5)}%`;
  const top = (m: Map<string, number>, n: number) =>
    [...m]
      .sort((a, b) => b[1] - a[1])
      .slice(0, n)
      .map(([k, t]) => `  ${pct(t)}  ${k}`);
  const interesting = [...inclusive].filter(([k]) => !/^\((root|program|idle)\)|^(processTicksAndRejections|runMicrotasks) /.test(k));
  return [
    `profile: ${(total / 1000).toFixed(0)} ms sampled`,
    'main-thread time by request-path bucket:',
    ...top(buckets, 20),
    'self time by package / folder:',
    ...top(groups, rows),
    'self time by function:',
    ...top(selfByLabel, rows),
    'inclusive time:',
    ...top(new Map(interesting), rows),
  ].join('\n');
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const file = process.argv[2];
  if (!file) {
    console.error('usage: node --import tsx bench/lib/profile-summary.ts <file.cpuprofile> [rows]');
    process.exit(2);
  }
  console.log(summarize(JSON.parse(fs.readFileSync(file, 'utf8')) as CpuProfile, Number(process.argv[3] ?? 25)));
}
