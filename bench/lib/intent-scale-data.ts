/**
 * A 150-intent, ~15,000-sentence client built from public English intent sets (issue 24), none of them CLINC150 or
 * Banking77 (kept for checks from outside): HWU64 (all 64 intents, train + valid split of the few-shot benchmark's
 * copy), ATIS (the 14 single-label intents with ≥ 12 training sentences, at most 300 each), HINT3 v2 (SOFMattress 21,
 * Curekart 28, and the 16 largest Powerplay11 intents), and SNIPS (7 intents, sampled evenly to bring the total to
 * 15,000). Labels are prefixed by their set, so no two sets share an intent.
 *
 * Read from local git mirrors (the search tool's `fetch` of jianguoz/Few-Shot-Intent-Detection and
 * hellohaptik/HINT3 puts them in /work/.mirror; FEW_SHOT_MIRROR and HINT3_MIRROR name others) and cached in
 * bench/.data/intent-scale.json (git-ignored). Nothing of the data is committed.
 */
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { IntentExample } from '../../apps/server/src/platform/ai/engine.ts';

const CACHE = path.join(path.dirname(fileURLToPath(import.meta.url)), '..', '.data', 'intent-scale.json');
const FEW_SHOT = process.env.FEW_SHOT_MIRROR ?? '/work/.mirror/jianguoz+Few-Shot-Intent-Detection/repo';
const HINT3 = process.env.HINT3_MIRROR ?? '/work/.mirror/hellohaptik+HINT3/repo';
export const SCALE_INTENTS = 150;
export const SCALE_SENTENCES = 15_000;

function show(repo: string, file: string): string {
  if (!fs.existsSync(repo)) throw new Error(`intent-scale: no mirror at ${repo}; fetch the repository (see bench/README.md) or set its *_MIRROR variable`);
  return execFileSync('git', ['-C', repo, 'show', `HEAD:${file}`], { encoding: 'utf8', maxBuffer: 1 << 26 });
}

/** seq.in / label line pairs of the few-shot benchmark's copy of a set. */
function fewShot(set: string, split: string): IntentExample[] {
  const texts = show(FEW_SHOT, `Datasets/${set}/${split}/seq.in`).split('\n');
  const labels = show(FEW_SHOT, `Datasets/${set}/${split}/label`).split('\n');
  return labels.flatMap((label, i) => (label.trim() && texts[i]?.trim() ? [{ intent: `${set.toLowerCase()}:${label.trim()}`, text: texts[i].trim() }] : []));
}

/** HINT3's CSVs: sentence,label (a sentence may be quoted and hold commas). */
function hint3(name: string): IntentExample[] {
  const out: IntentExample[] = [];
  for (const line of show(HINT3, `dataset/v2/train/${name}_train.csv`).split('\n').slice(1)) {
    const m = /^(?:"((?:[^"]|"")*)"|([^,]*)),([^,]+)/.exec(line.trim());
    if (m) out.push({ intent: `hint3-${name}:${m[3].trim()}`, text: (m[1]?.replace(/""/g, '"') ?? m[2]).trim() });
  }
  return out.filter((e) => e.text);
}

const byIntent = (examples: IntentExample[]) => {
  const groups = new Map<string, IntentExample[]>();
  for (const e of examples) groups.set(e.intent, [...(groups.get(e.intent) ?? []), e]);
  return groups;
};

/** Every n-th example so that `count` remain, in their order. */
const spread = <T>(list: T[], count: number): T[] =>
  list.length <= count ? list : Array.from({ length: count }, (_, i) => list[Math.floor((i * list.length) / count)]);

export function loadScaleSet(): IntentExample[] {
  if (fs.existsSync(CACHE)) return JSON.parse(fs.readFileSync(CACHE, 'utf8')) as IntentExample[];
  const hwu = [...fewShot('HWU64', 'train'), ...fewShot('HWU64', 'valid')];
  const atis = [...byIntent(fewShot('ATIS', 'train'))]
    .filter(([intent, list]) => !intent.includes('#') && list.length >= 12)
    .sort((a, b) => b[1].length - a[1].length)
    .flatMap(([, list]) => spread(list, 300));
  const powerplay = [...byIntent(hint3('powerplay11'))]
    .sort((a, b) => b[1].length - a[1].length || a[0].localeCompare(b[0]))
    .slice(0, 16)
    .flatMap(([, list]) => list);
  const others = [...hwu, ...atis, ...hint3('sofmattress'), ...hint3('curekart'), ...powerplay];
  const snips = [...byIntent(fewShot('SNIPS', 'train'))];
  const perSnips = Math.floor((SCALE_SENTENCES - others.length) / snips.length);
  const all = [...others, ...snips.flatMap(([, list]) => spread(list, perSnips))];
  // One phrase per intent and text (the product keeps phrases unique per intent, case-insensitively).
  const seen = new Set<string>();
  const unique = all.filter((e) => {
    const key = `${e.intent}\u0000${e.text.toLowerCase()}`.slice(0, 600);
    if (seen.has(key) || e.text.length > 500) return false;
    seen.add(key);
    return true;
  });
  const intents = new Set(unique.map((e) => e.intent)).size;
  if (intents !== SCALE_INTENTS) throw new Error(`intent-scale: ${intents} intents, expected ${SCALE_INTENTS}`);
  fs.mkdirSync(path.dirname(CACHE), { recursive: true });
  fs.writeFileSync(CACHE, JSON.stringify(unique));
  return unique;
}
