import type { AiLanguage, IntentExample, IntentPrediction } from '../engine.ts';
import { isStopWord, normalise, stem, textFeatures } from './text.ts';

/**
 * The local intent classifier: TF-IDF over stemmed words, word pairs and character 3–5-grams (text.ts), and a
 * multinomial logistic regression (softmax, L2) trained by AdaGrad over the sparse vectors from a seeded shuffle, so
 * the same examples always give the same model. Its probabilities decide the out-of-scope verdict together with the
 * share of the text's features that the training phrases ever had (a sentence about something else has few).
 */

export interface IntentTrainingOptions {
  language?: AiLanguage;
  /** Passes over the phrases; by default fewer when each intent has many (see fitIntentClassifier). */
  epochs?: number;
  /** L2 strength per example update. */
  l2?: number;
  learningRate?: number;
  /**
   * Class balance: each phrase's loss is weighted by (mean phrases per intent ÷ its intent's phrases)^classBalance, so
   * an intent with ten times the phrases of another does not win every doubt (0 = none, 1 = fully balanced).
   */
  classBalance?: number;
  /** Features seen in fewer training phrases than this are left out (1 keeps all; large sets use 2). */
  minCount?: number;
  seed?: number;
  /** Choose the out-of-scope operating point on held-out folds (default true; the folds' own models skip it). */
  calibrate?: boolean;
}

export interface IntentClassifierState {
  version: 1;
  language: AiLanguage;
  intents: string[];
  features: string[];
  idf: number[];
  /**
   * Float32 weights, feature-major (features.length × intents.length). A Float32Array since issue 24: the state is
   * stored packed (model-pack.ts), where a typed array is raw bytes and loads without parsing, so any new large
   * numeric field should be a typed array too. A base64 string in models trained before, still loaded.
   */
  weights: Float32Array | string;
  bias: number[];
  /**
   * The top probability at which held-out folds of the training phrases balanced in-scope accuracy against
   * out-of-scope recall (chooseOperatingPoint). Confidences are rescaled so that it reads as 0.5, the client's default
   * threshold; absent (older models, too few intents to fold) it is 0.5 itself.
   */
  operatingPoint?: number;
}

export interface IntentClassifier {
  state: IntentClassifierState;
  predict(text: string, options?: { threshold?: number; minCoverage?: number }): IntentPrediction;
}

export const DEFAULT_THRESHOLD = 0.5;
/** Below this share of known topic words the text is about something the training phrases never mention. */
export const DEFAULT_MIN_COVERAGE = 0.3;
/** A word the training phrases never had still counts as known when this share of its character n-grams is known (typos). */
const KNOWN_BY_CHARACTERS = 0.7;
export const DEFAULT_CLASS_BALANCE = 0.5;
/** A score's gradient (probability, minus 1 for the right intent) smaller than this makes no update. */
const MIN_GRADIENT = 1e-3;
/** Word features and character features each get half of a vector's length, so neither drowns the other. */
const WORD_SHARE = 0.5;

interface SparseVector {
  index: Int32Array;
  value: Float32Array;
}

function mulberry32(seed: number) {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** Sublinear TF × IDF with words and characters normalised separately; features the model does not know are left out. */
function vectorise(counts: Map<string, number>, indexOf: Map<string, number>, idf: ArrayLike<number>): SparseVector {
  const known: { index: number; weight: number; isWord: boolean }[] = [];
  let wordNorm = 0;
  let charNorm = 0;
  for (const [feature, count] of counts) {
    const isWord = feature.charCodeAt(0) !== 99; // 'c'
    const index = indexOf.get(feature);
    if (index === undefined) continue;
    const weight = (1 + Math.log(count)) * idf[index];
    const mass = weight * weight;
    if (isWord) wordNorm += mass;
    else charNorm += mass;
    known.push({ index, weight, isWord });
  }
  known.sort((a, b) => a.index - b.index);
  const wordScale = wordNorm > 0 ? Math.sqrt(WORD_SHARE / wordNorm) : 0;
  const charScale = charNorm > 0 ? Math.sqrt((wordNorm > 0 ? 1 - WORD_SHARE : 1) / charNorm) : 0;
  const index = new Int32Array(known.length);
  const value = new Float32Array(known.length);
  known.forEach((k, i) => {
    index[i] = k.index;
    value[i] = k.weight * (k.isWord ? wordScale : charScale);
  });
  return { index, value };
}

/**
 * The share of the text's topic words (all its words when it has only stop words, as greetings do) that the training
 * phrases had, by stem or, for a misspelt word, by most of its character n-grams.
 */
function wordCoverage(text: string, language: AiLanguage, indexOf: Map<string, number>): number {
  const words = normalise(text);
  const topical = words.filter((w) => !isStopWord(w));
  const judged = topical.length ? topical : words;
  if (judged.length === 0) return 0;
  let known = 0;
  for (const word of judged) {
    if (indexOf.has('w:' + stem(word, language))) {
      known++;
      continue;
    }
    const marked = '<' + word + '>';
    let grams = 0;
    let seen = 0;
    for (let n = 3; n <= 5; n++) {
      for (let i = 0; i + n <= marked.length; i++) {
        grams++;
        if (indexOf.has('c:' + marked.slice(i, i + n))) seen++;
      }
    }
    if (grams > 0 && seen / grams >= KNOWN_BY_CHARACTERS) known++;
  }
  return known / judged.length;
}

function softmaxScores(vector: SparseVector, weights: Float32Array, bias: ArrayLike<number>, k: number, out: Float64Array) {
  for (let c = 0; c < k; c++) out[c] = bias[c];
  for (let j = 0; j < vector.index.length; j++) {
    const row = vector.index[j] * k;
    const x = vector.value[j];
    for (let c = 0; c < k; c++) out[c] += weights[row + c] * x;
  }
  let max = -Infinity;
  for (let c = 0; c < k; c++) if (out[c] > max) max = out[c];
  let sum = 0;
  for (let c = 0; c < k; c++) {
    out[c] = Math.exp(out[c] - max);
    sum += out[c];
  }
  for (let c = 0; c < k; c++) out[c] /= sum;
}

/**
 * How much out-of-scope recall counts against in-scope accuracy when choosing the operating point: a customer whose
 * answerable question is handed over costs more than one whose unrelated message reaches a person anyway; 0.5 is
 * what a stream of one out-of-scope message in three would weigh.
 */
export const OUT_OF_SCOPE_WEIGHT = 0.5;

/**
 * The threshold on a confidence that maximises in-scope accuracy (right intent and accepted) plus
 * OUT_OF_SCOPE_WEIGHT × out-of-scope recall (rejected) over held-out predictions: a sentence is accepted when its
 * confidence is at least the threshold.
 */
export function chooseOperatingPoint(inScope: { confidence: number; correct: boolean }[], outOfScope: number[], oosWeight = OUT_OF_SCOPE_WEIGHT): number {
  if (inScope.length === 0 || outOfScope.length === 0) return DEFAULT_THRESHOLD;
  // Each candidate is a confidence seen; walking them upwards, a candidate rejects everything below it.
  const events = [
    ...inScope.map((x) => ({ c: x.confidence, inScopeRight: x.correct ? 1 : 0, oos: 0 })),
    ...outOfScope.map((c) => ({ c, inScopeRight: 0, oos: 1 })),
  ].sort((a, b) => a.c - b.c);
  let right = inScope.filter((x) => x.correct).length;
  let rejectedOos = 0;
  let best = { score: -1, threshold: DEFAULT_THRESHOLD };
  for (let i = 0; i <= events.length; i++) {
    if (i === events.length || i === 0 || events[i].c !== events[i - 1].c) {
      const threshold = i === events.length ? events[i - 1].c + 1e-9 : events[i].c;
      const score = right / inScope.length + (oosWeight * rejectedOos) / outOfScope.length;
      if (score > best.score + 1e-12) best = { score, threshold };
    }
    if (i < events.length) {
      right -= events[i].inScopeRight;
      rejectedOos += events[i].oos;
    }
  }
  return best.threshold;
}

/** Held-out folds: in each, a third of the intents (whole) play out of scope and a fifth of the others' phrases in scope. */
const CALIBRATION_FOLDS = 3;

function stableHash(text: string): number {
  let h = 2166136261;
  for (let i = 0; i < text.length; i++) h = Math.imul(h ^ text.charCodeAt(i), 16777619);
  return h >>> 0;
}

function calibrate(examples: IntentExample[], options: IntentTrainingOptions): number | undefined {
  const intents = [...new Set(examples.map((e) => e.intent))].sort((a, b) => stableHash(a) - stableHash(b) || a.localeCompare(b));
  // With fewer intents a fold's model knows too few of them for its confidences to mean anything.
  if (intents.length < 2 * CALIBRATION_FOLDS) return undefined;
  const inScope: { confidence: number; correct: boolean }[] = [];
  const outOfScope: number[] = [];
  for (let fold = 0; fold < CALIBRATION_FOLDS; fold++) {
    const away = new Set(intents.filter((_, i) => i % CALIBRATION_FOLDS === fold));
    const held = (e: IntentExample) => stableHash(e.text) % 5 === fold;
    const train = examples.filter((e) => !away.has(e.intent) && !held(e));
    if (new Set(train.map((e) => e.intent)).size < 2) continue;
    const model = trainIntentClassifier(train, { ...options, calibrate: false });
    for (const e of examples) {
      if (!away.has(e.intent) && !held(e)) continue;
      // threshold 0: only the coverage rule rejects, and a rejected sentence counts as confidence 0.
      const p = model.predict(e.text, { threshold: 0 });
      const confidence = p.outOfScope ? 0 : p.confidence;
      if (away.has(e.intent)) outOfScope.push(confidence);
      else inScope.push({ confidence, correct: p.ranking[0]?.intent === e.intent });
    }
  }
  return chooseOperatingPoint(inScope, outOfScope);
}

export function trainIntentClassifier(examples: IntentExample[], options: IntentTrainingOptions = {}): IntentClassifier {
  const model = fitIntentClassifier(examples, options);
  if (options.calibrate === false) return model;
  const operatingPoint = calibrate(
    examples.filter((e) => e.text.trim() && e.intent.trim()),
    options,
  );
  return operatingPoint === undefined ? model : loadIntentClassifier({ ...model.state, operatingPoint });
}

function fitIntentClassifier(examples: IntentExample[], options: IntentTrainingOptions): IntentClassifier {
  const language = options.language ?? 'id';
  const l2 = options.l2 ?? 1e-5;
  const rate = options.learningRate ?? 0.15;
  const minCount = options.minCount ?? (examples.length > 3000 ? 2 : 1);
  const usable = examples.filter((e) => e.text.trim() && e.intent.trim());
  const intents = [...new Set(usable.map((e) => e.intent))].sort();
  if (intents.length === 0) throw new Error('no training examples');
  const k = intents.length;
  // Many phrases per intent need fewer passes, and more passes only make the model surer of itself, which blurs the
  // out-of-scope verdict (measured in bench/intent-accuracy.ts): 12 epochs at 150 phrases an intent or fewer, 4 at 1,350.
  const epochs = options.epochs ?? Math.max(4, Math.min(12, Math.round(12 * Math.sqrt(150 / (usable.length / k)))));
  const labelOf = new Map(intents.map((name, i) => [name, i]));

  const featureCounts = usable.map((e) => textFeatures(e.text, language));
  const documentFrequency = new Map<string, number>();
  for (const counts of featureCounts) for (const f of counts.keys()) documentFrequency.set(f, (documentFrequency.get(f) ?? 0) + 1);
  const features = [...documentFrequency.entries()]
    .filter(([, df]) => df >= minCount)
    .map(([f]) => f)
    .sort();
  const indexOf = new Map(features.map((f, i) => [f, i]));
  const n = usable.length;
  const idf = features.map((f) => Math.log((n + 1) / (documentFrequency.get(f)! + 1)) + 1);
  const vectors = featureCounts.map((counts) => vectorise(counts, indexOf, idf));
  const labels = usable.map((e) => labelOf.get(e.intent)!);
  const perIntent = new Float64Array(k);
  for (const label of labels) perIntent[label]++;
  const balance = options.classBalance ?? DEFAULT_CLASS_BALANCE;
  // AdaGrad scales each weight's steps by its own gradient history, which would cancel a loss weight: a small intent's
  // phrases are visited more often instead (each epoch still makes about n updates).
  const rawShare = Array.from(perIntent, (count) => Math.pow(n / k / count, balance));
  const total = labels.reduce((sum, label) => sum + rawShare[label], 0);
  const visits = labels.map((label) => (rawShare[label] * n) / total);

  const weights = new Float32Array(features.length * k);
  const squaredGradients = new Float32Array(features.length * k);
  const bias = new Float64Array(k);
  const biasSquared = new Float64Array(k);
  const probabilities = new Float64Array(k);
  const random = mulberry32(options.seed ?? 42);
  const epsilon = 1e-8;
  const activeIntents = new Int32Array(k);
  for (let epoch = 0; epoch < epochs; epoch++) {
    const order: number[] = [];
    for (let example = 0; example < n; example++) {
      const times = Math.floor(visits[example]) + (random() < visits[example] % 1 ? 1 : 0);
      for (let t = 0; t < times; t++) order.push(example);
    }
    for (let i = order.length - 1; i > 0; i--) {
      const j = Math.floor(random() * (i + 1));
      [order[i], order[j]] = [order[j], order[i]];
    }
    for (const example of order) {
      const vector = vectors[example];
      softmaxScores(vector, weights, bias, k, probabilities);
      probabilities[labels[example]] -= 1; // now the gradient of the loss by each score
      // Only intents with a gradient worth a step are updated (L2 applied lazily, on those): once learnt, most of a
      // phrase's intents have a probability near 0, and with 150 intents this makes training several times faster.
      let active = 0;
      for (let c = 0; c < k; c++) {
        const g = probabilities[c];
        if (g < MIN_GRADIENT && g > -MIN_GRADIENT) continue;
        activeIntents[active++] = c;
        biasSquared[c] += g * g;
        bias[c] -= (rate * g) / Math.sqrt(biasSquared[c] + epsilon);
      }
      for (let j = 0; j < vector.index.length; j++) {
        const row = vector.index[j] * k;
        const x = vector.value[j];
        for (let a = 0; a < active; a++) {
          const c = activeIntents[a];
          const at = row + c;
          const g = probabilities[c] * x + l2 * weights[at];
          squaredGradients[at] += g * g;
          weights[at] -= (rate * g) / Math.sqrt(squaredGradients[at] + epsilon);
        }
      }
    }
  }
  const state: IntentClassifierState = {
    version: 1,
    language,
    intents,
    features,
    idf,
    weights,
    bias: [...bias],
  };
  return loadIntentClassifier(state);
}

export function isIntentClassifierState(state: unknown): state is IntentClassifierState {
  const s = state as IntentClassifierState | null;
  return (
    !!s && s.version === 1 && Array.isArray(s.intents) && Array.isArray(s.features) && (typeof s.weights === 'string' || s.weights instanceof Float32Array)
  );
}

export function loadIntentClassifier(state: IntentClassifierState): IntentClassifier {
  const weights = typeof state.weights === 'string' ? new Float32Array(Uint8Array.from(Buffer.from(state.weights, 'base64')).buffer) : state.weights;
  const k = state.intents.length;
  if (weights.length !== state.features.length * k) throw new Error('intent model weights do not match its features');
  const indexOf = new Map(state.features.map((f, i) => [f, i]));
  const idf = Float64Array.from(state.idf);
  // Piecewise linear, so that the operating point reads 0.5 and order is kept: [0, point] → [0, 0.5], [point, 1] → [0.5, 1].
  const point = typeof state.operatingPoint === 'number' && state.operatingPoint > 0 && state.operatingPoint < 1 ? state.operatingPoint : 0.5;
  const rescale = (p: number) => (p <= point ? (0.5 * p) / point : 0.5 + (0.5 * (p - point)) / (1 - point));
  return {
    state,
    predict(text, options = {}) {
      const threshold = options.threshold ?? DEFAULT_THRESHOLD;
      const minCoverage = options.minCoverage ?? DEFAULT_MIN_COVERAGE;
      const vector = vectorise(textFeatures(text, state.language), indexOf, idf);
      const coverage = wordCoverage(text, state.language, indexOf);
      const probabilities = new Float64Array(k);
      softmaxScores(vector, weights, state.bias, k, probabilities);
      const ranking = state.intents
        .map((intent, c) => ({ intent, confidence: rescale(probabilities[c]) }))
        .sort((a, b) => b.confidence - a.confidence)
        .slice(0, 5);
      const best = ranking[0];
      const outOfScope = vector.index.length === 0 || best.confidence < threshold || coverage < minCoverage;
      return { intent: outOfScope ? null : best.intent, confidence: best.confidence, outOfScope, ranking };
    },
  };
}
