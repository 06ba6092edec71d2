/**
 * Intent classification quality and the local engine's speed (issues 10 and 12). The local classifier
 * (platform/ai/local: softmax regression over stemmed words, word pairs and character n-grams) beside a multinomial
 * naive Bayes baseline (word unigrams + bigrams, Laplace smoothing) trained on the same split in the same run, on:
 *   - HWU64 (NLU-Evaluation-Data, Liu et al. 2019), English, its published 10-fold split, fold 1: all 64 intents;
 *     then 8 intents (every 8th) held out of training and their test phrases used as out-of-scope;
 *   - our Indonesian shop set (modules/service/shop-intents-id.ts): every 4th phrase held out for testing,
 *     3 intents held out as out-of-scope together with 30 unrelated sentences.
 * Then on one core: hashed embeddings per second and intent predictions per second, beside a bare PostgreSQL
 * full-text query (and the engine's retrieval query) per second over the HWU64 training texts.
 *
 *   npx tsx bench/intents.ts
 *
 * HWU64 is read from bench/.data/hwu64 (git-ignored); the first run fills it from a local mirror of the
 * xliuhw/NLU-Evaluation-Data repository when HWU64_MIRROR (a git directory) or /work/.mirror has one, else downloads
 * the 128 CSV files from GitHub. Nothing of it is committed.
 */
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import pg from 'pg';
import { PgDialect } from 'drizzle-orm/pg-core';
import { startTestCluster, cloneTemplate } from '../apps/server/test/test-database.ts';
import { trainIntentClassifier } from '../apps/server/src/platform/ai/local/intent-classifier.ts';
import { hashedEmbedding } from '../apps/server/src/platform/ai/local/embeddings.ts';
import { buildRetrievalQuery, RETRIEVAL_COLUMN_SQL } from '../apps/server/src/platform/ai/local/retrieval.ts';
import { SHOP_INTENTS_ID, UNRELATED_ID } from '../apps/server/src/modules/service/shop-intents-id.ts';
import type { AiLanguage, IntentExample } from '../apps/server/src/platform/ai/engine.ts';
import { fmt, machine, removeCluster, table, within, dataDirectory } from './lib/common.ts';

const DATA_DIR = path.join(path.dirname(fileURLToPath(import.meta.url)), '.data', 'hwu64');
const FOLD = 'CrossValidation/autoGeneFromRealAnno/autoGene_2018_03_22-13_01_25_169/CrossValidation/KFold_1';
const RAW = 'https://raw.githubusercontent.com/xliuhw/NLU-Evaluation-Data/master';
const MIRRORS = [process.env.HWU64_MIRROR, '/work/.mirror/xliuhw+NLU-Evaluation-Data/repo'].filter(Boolean) as string[];
const HWU64_INTENTS = (
  'alarm_query alarm_remove alarm_set audio_volume_down audio_volume_mute audio_volume_up calendar_query calendar_remove ' +
  'calendar_set cooking_recipe datetime_convert datetime_query email_addcontact email_query email_querycontact ' +
  'email_sendemail general_affirm general_commandstop general_confirm general_dontcare general_explain general_joke ' +
  'general_negate general_praise general_quirky general_repeat iot_cleaning iot_coffee iot_hue_lightchange ' +
  'iot_hue_lightdim iot_hue_lightoff iot_hue_lighton iot_hue_lightup iot_wemo_off iot_wemo_on lists_createoradd ' +
  'lists_query lists_remove music_likeness music_query music_settings news_query play_audiobook play_game play_music ' +
  'play_podcasts play_radio qa_currency qa_definition qa_factoid qa_maths qa_stock recommendation_events ' +
  'recommendation_locations recommendation_movies social_post social_query takeaway_order takeaway_query ' +
  'transport_query transport_taxi transport_ticket transport_traffic weather_query'
).split(' ');

/** Rows of one CSV of the fold: answerid;scenario;intent;answer_annotation;answer_from_anno;answer_from_user. */
function parseCsv(csv: string): IntentExample[] {
  const examples: IntentExample[] = [];
  for (const line of csv.split('\n').slice(1)) {
    const cols = line.split(';');
    const text = cols[4]?.replace(/^"|"$/g, '').trim();
    if (text) examples.push({ intent: `${cols[1]}_${cols[2]}`, text });
  }
  return examples;
}

async function readFoldFile(relative: string): Promise<string> {
  for (const mirror of MIRRORS) {
    if (!fs.existsSync(mirror)) continue;
    try {
      return execFileSync('git', ['-C', mirror, 'show', `HEAD:${relative}`], { encoding: 'utf8', maxBuffer: 1 << 24 });
    } catch {
      // not in this mirror: try the next, then the network
    }
  }
  const response = await fetch(`${RAW}/${relative}`);
  if (!response.ok) throw new Error(`HWU64: ${relative}: HTTP ${response.status}`);
  return response.text();
}

async function loadHwu64(): Promise<{ train: IntentExample[]; test: IntentExample[] }> {
  const cached = path.join(DATA_DIR, 'fold1.json');
  if (fs.existsSync(cached)) return JSON.parse(fs.readFileSync(cached, 'utf8'));
  const train: IntentExample[] = [];
  const test: IntentExample[] = [];
  for (const intent of HWU64_INTENTS) {
    train.push(...parseCsv(await readFoldFile(`${FOLD}/trainset/${intent}.csv`)));
    test.push(...parseCsv(await readFoldFile(`${FOLD}/testset/csv/${intent}.csv`)));
  }
  fs.mkdirSync(DATA_DIR, { recursive: true });
  fs.writeFileSync(cached, JSON.stringify({ train, test }));
  return { train, test };
}

// ---------- the naive Bayes baseline ----------

function bagOfWords(text: string): string[] {
  const words = text
    .toLowerCase()
    .split(/[^\p{L}\p{N}]+/u)
    .filter(Boolean);
  return [...words, ...words.slice(1).map((w, i) => words[i] + ' ' + w)];
}

interface Predictor {
  predict(text: string): { intent: string; confidence: number };
}

function trainNaiveBayes(examples: IntentExample[]): Predictor {
  const intents = [...new Set(examples.map((e) => e.intent))];
  const counts = new Map(intents.map((i) => [i, new Map<string, number>()]));
  const totals = new Map(intents.map((i) => [i, 0]));
  const priors = new Map(intents.map((i) => [i, 0]));
  const vocabulary = new Set<string>();
  for (const e of examples) {
    priors.set(e.intent, priors.get(e.intent)! + 1);
    const c = counts.get(e.intent)!;
    for (const token of bagOfWords(e.text)) {
      vocabulary.add(token);
      c.set(token, (c.get(token) ?? 0) + 1);
      totals.set(e.intent, totals.get(e.intent)! + 1);
    }
  }
  return {
    predict(text) {
      const tokens = bagOfWords(text).filter((t) => vocabulary.has(t));
      const logs = intents.map((intent) => {
        const c = counts.get(intent)!;
        const denominator = totals.get(intent)! + vocabulary.size;
        let log = Math.log(priors.get(intent)! / examples.length);
        for (const t of tokens) log += Math.log(((c.get(t) ?? 0) + 1) / denominator);
        return log;
      });
      const max = Math.max(...logs);
      const sum = logs.reduce((s, l) => s + Math.exp(l - max), 0);
      const best = logs.indexOf(max);
      return { intent: intents[best], confidence: 1 / sum };
    },
  };
}

// ---------- metrics ----------

interface Scores {
  accuracy: number;
  macroF1: number;
  /** In-scope phrases answered with the right intent and not rejected as out of scope. */
  inScopeAccepted: number;
  oosRecall: number;
}

function score(test: IntentExample[], outOfScope: string[], predict: (text: string) => { intent: string; outOfScope: boolean }): Scores {
  const intents = [...new Set(test.map((e) => e.intent))];
  const tp = new Map<string, number>();
  const fp = new Map<string, number>();
  const fn = new Map<string, number>();
  let right = 0;
  let accepted = 0;
  for (const e of test) {
    const p = predict(e.text);
    if (p.intent === e.intent) {
      right++;
      tp.set(e.intent, (tp.get(e.intent) ?? 0) + 1);
      if (!p.outOfScope) accepted++;
    } else {
      fp.set(p.intent, (fp.get(p.intent) ?? 0) + 1);
      fn.set(e.intent, (fn.get(e.intent) ?? 0) + 1);
    }
  }
  const f1s = intents.map((i) => {
    const t = tp.get(i) ?? 0;
    const precision = t + (fp.get(i) ?? 0) ? t / (t + (fp.get(i) ?? 0)) : 0;
    const recall = t / (t + (fn.get(i) ?? 0));
    return precision + recall ? (2 * precision * recall) / (precision + recall) : 0;
  });
  const rejected = outOfScope.filter((t) => predict(t).outOfScope).length;
  return {
    accuracy: right / test.length,
    macroF1: f1s.reduce((s, f) => s + f, 0) / f1s.length,
    inScopeAccepted: accepted / test.length,
    oosRecall: outOfScope.length ? rejected / outOfScope.length : NaN,
  };
}

const pct = (x: number) => (Number.isNaN(x) ? '–' : (100 * x).toFixed(1) + '%');

function compare(label: string, train: IntentExample[], test: IntentExample[], outOfScope: string[], language: AiLanguage) {
  const intents = new Set(train.map((e) => e.intent)).size;
  console.log(
    `\n${label}: ${train.length} training phrases, ${intents} intents; ${test.length} test phrases${outOfScope.length ? `, ${outOfScope.length} out-of-scope` : ''}`,
  );
  let t0 = performance.now();
  const cpu = process.cpuUsage();
  const local = trainIntentClassifier(train, { language });
  const localSeconds = (performance.now() - t0) / 1000;
  const localCpu = cpuSeconds(cpu);
  t0 = performance.now();
  const bayes = trainNaiveBayes(train);
  const bayesSeconds = (performance.now() - t0) / 1000;
  const rows = [['model', 'accuracy', 'macro-F1', 'in-scope accepted', 'OOS recall', 'training s (CPU s)']];
  const localScores = score(test, outOfScope, (text) => {
    const p = local.predict(text);
    return { intent: p.ranking[0].intent, outOfScope: p.outOfScope };
  });
  rows.push([
    'local (logreg, n-grams)',
    pct(localScores.accuracy),
    pct(localScores.macroF1),
    pct(localScores.inScopeAccepted),
    pct(localScores.oosRecall),
    `${localSeconds.toFixed(2)} (${localCpu.toFixed(2)})`,
  ]);
  const bayesScores = score(test, outOfScope, (text) => {
    const p = bayes.predict(text);
    return { intent: p.intent, outOfScope: p.confidence < 0.5 };
  });
  rows.push([
    'naive Bayes (baseline)',
    pct(bayesScores.accuracy),
    pct(bayesScores.macroF1),
    pct(bayesScores.inScopeAccepted),
    pct(bayesScores.oosRecall),
    bayesSeconds.toFixed(2),
  ]);
  table(rows);
  console.log('  accuracy: top intent right, no rejection; in-scope accepted: right and not rejected (threshold 0.5, and for local');
  console.log('  coverage 0.3); OOS recall: out-of-scope text rejected');
  if (outOfScope.length) {
    const sweep = [0.3, 0.4, 0.5, 0.6, 0.7].map((threshold) => {
      const s = score(test, outOfScope, (text) => {
        const p = local.predict(text, { threshold });
        return { intent: p.ranking[0].intent, outOfScope: p.outOfScope };
      });
      return `${threshold}: ${pct(s.inScopeAccepted)} / ${pct(s.oosRecall)}`;
    });
    console.log(`  local, in-scope accepted / OOS recall by threshold: ${sweep.join(';  ')}`);
  }
  return { local, localScores, bayesScores, bayes };
}

/** CPU seconds of this process (all threads) since `start`: what the work costs whatever else runs on the machine. */
function cpuSeconds(start: NodeJS.CpuUsage): number {
  const used = process.cpuUsage(start);
  return (used.user + used.system) / 1e6;
}

function perSecond(texts: string[], fn: (text: string) => unknown, minimumMs = 1500): number {
  let n = 0;
  const t0 = performance.now();
  while (performance.now() - t0 < minimumMs)
    for (const t of texts) {
      fn(t);
      n++;
    }
  return n / ((performance.now() - t0) / 1000);
}

async function queriesPerSecond(client: pg.Client, texts: string[], query: (text: string) => { text: string; values: unknown[] }, minimumMs = 3000) {
  let n = 0;
  const t0 = performance.now();
  while (performance.now() - t0 < minimumMs) {
    await client.query(query(texts[n % texts.length]));
    n++;
  }
  return n / ((performance.now() - t0) / 1000);
}

async function main() {
  console.log('\n== intents: the local intent classifier vs naive Bayes (same split, same run); local engine speed vs a bare full-text query ==');
  console.log(`machine: ${machine()}`);
  const hwu = await loadHwu64();

  const all = compare('HWU64 fold 1, all 64 intents (English)', hwu.train, hwu.test, [], 'en');
  const heldOut = new Set(HWU64_INTENTS.filter((_, i) => i % 8 === 7));
  compare(
    `HWU64 fold 1, ${heldOut.size} intents held out as out-of-scope (${[...heldOut].join(', ')})`,
    hwu.train.filter((e) => !heldOut.has(e.intent)),
    hwu.test.filter((e) => !heldOut.has(e.intent)),
    hwu.test.filter((e) => heldOut.has(e.intent)).map((e) => e.text),
    'en',
  );

  const shopHeldOut = new Set(['ubah_alamat', 'ukuran_produk', 'promo_diskon']);
  const shopTrain: IntentExample[] = [];
  const shopTest: IntentExample[] = [];
  const shopOutOfScope = [...UNRELATED_ID];
  for (const [intent, phrases] of Object.entries(SHOP_INTENTS_ID)) {
    phrases.forEach((text, i) => {
      if (shopHeldOut.has(intent)) shopOutOfScope.push(text);
      else (i % 4 === 3 ? shopTest : shopTrain).push({ intent, text });
    });
  }
  compare(
    `Indonesian shop set, ${shopHeldOut.size} intents held out + ${UNRELATED_ID.length} unrelated sentences as out-of-scope`,
    shopTrain,
    shopTest,
    shopOutOfScope,
    'id',
  );

  // ---------- speed on one core ----------
  const texts = hwu.test.map((e) => e.text);
  const embeddingsPerSecond = perSecond(texts, (t) => hashedEmbedding(t));
  const predictionsPerSecond = perSecond(texts, (t) => all.local.predict(t));
  const bayesPerSecond = perSecond(texts, (t) => all.bayes.predict(t));
  // The size of a large client's intents: 2,000 phrases of 60 intents (HWU64's first 60, phrases taken in turn).
  const sixty = new Set(HWU64_INTENTS.slice(0, 60));
  const byIntent = new Map<string, IntentExample[]>();
  for (const e of hwu.train) if (sixty.has(e.intent)) byIntent.set(e.intent, [...(byIntent.get(e.intent) ?? []), e]);
  const client2000: IntentExample[] = [];
  for (let i = 0; client2000.length < 2000; i++) for (const list of byIntent.values()) if (list[i] && client2000.length < 2000) client2000.push(list[i]);
  const trainStarted = performance.now();
  const trainCpu = process.cpuUsage();
  trainIntentClassifier(client2000, { language: 'en' });
  const train2000Seconds = (performance.now() - trainStarted) / 1000;
  const train2000Cpu = cpuSeconds(trainCpu);

  let cluster: Awaited<ReturnType<typeof startTestCluster>> | undefined;
  let db: Awaited<ReturnType<typeof cloneTemplate>> | undefined;
  let pgDir: string | undefined;
  let client: pg.Client | undefined;
  let ftsPerSecond: number;
  let retrievalPerSecond: number;
  try {
    cluster = await startTestCluster();
    pgDir = await dataDirectory(cluster.serverUrl);
    db = await cloneTemplate(cluster.serverUrl, 'bench_intents');
    client = new pg.Client({ connectionString: db.url });
    await client.connect();
    await client.query('CREATE TABLE phrases (id int PRIMARY KEY, body text NOT NULL)');
    for (const statement of RETRIEVAL_COLUMN_SQL('phrases', 'body')) await client.query(statement);
    await client.query('INSERT INTO phrases SELECT i, t FROM unnest($1::text[]) WITH ORDINALITY AS x(t, i)', [hwu.train.map((e) => e.text)]);
    await client.query('ANALYZE phrases');
    ftsPerSecond = await queriesPerSecond(client, texts, (t) => ({
      text: "SELECT id FROM phrases WHERE search @@ websearch_to_tsquery('english', $1) ORDER BY ts_rank(search, websearch_to_tsquery('english', $1)) DESC LIMIT 5",
      values: [t],
    }));
    const dialect = new PgDialect();
    retrievalPerSecond = await queriesPerSecond(client, texts, (t) => {
      const q = dialect.sqlToQuery(buildRetrievalQuery({ table: 'phrases', idColumn: 'id', textColumn: 'body', searchColumn: 'search' }, t));
      return { text: q.sql, values: q.params };
    });
  } finally {
    await client?.end();
    await db?.drop();
    await within('cluster stop', 30_000, cluster?.stop() ?? Promise.resolve());
    if (pgDir && path.basename(path.dirname(pgDir)).startsWith('nusa-test-pg-')) await removeCluster(pgDir, path.dirname(pgDir));
  }
  console.log(
    `\nTraining the local classifier on 2,000 phrases of 60 intents: ${train2000Seconds.toFixed(2)} s, ${train2000Cpu.toFixed(2)} CPU s (one thread)`,
  );
  console.log(`\nSpeed, one Node thread (the HWU64 test phrases; PostgreSQL over ${fmt(hwu.train.length)} training phrases, one connection, sequential):`);
  table([
    ['operation', 'per second', 'vs bare full-text query'],
    ['hashed embedding (512 dims)', fmt(embeddingsPerSecond), (embeddingsPerSecond / ftsPerSecond).toFixed(1) + '×'],
    ['intent prediction, local (64 intents)', fmt(predictionsPerSecond), (predictionsPerSecond / ftsPerSecond).toFixed(1) + '×'],
    ['intent prediction, naive Bayes', fmt(bayesPerSecond), (bayesPerSecond / ftsPerSecond).toFixed(1) + '×'],
    ['bare PostgreSQL full-text query (baseline)', fmt(ftsPerSecond), '1.0×'],
    ['retrieval query (id+en full text + trigram)', fmt(retrievalPerSecond), (retrievalPerSecond / ftsPerSecond).toFixed(2) + '×'],
  ]);
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
