import type { IntentExample, IntentModel, IntentPrediction } from '../engine.ts';

/**
 * Intents on a remote provider: nearest centroid over the provider's embeddings (docs/decisions/006-openai-compatible-engine.md). Training
 * embeds every example once; a prediction is one embedding of the text. Asking a chat model to choose was the other
 * way; it costs a chat call per message and its "confidence" is whatever the model says, where a cosine similarity
 * is a measured one.
 */
export interface CentroidState {
  embeddingModel: string;
  dimensions: number;
  centroids: { intent: string; vector: number[]; floor: number }[];
}

export const CENTROID_ENGINE = 'openai-compatible/centroid';
/** Softmax temperature over cosine similarities: 0.05 makes a 0.1 lead worth about e^2 ≈ 7 times the odds. */
const TEMPERATURE = 0.05;
/**
 * A text is unlike an intent below the lowest similarity its own examples reached less this margin, and never
 * needs more than FLOOR_CAP (a single example reaches 1 with itself).
 */
const FLOOR_MARGIN = 0.35;
const FLOOR_CAP = 0.5;
export const DEFAULT_INTENT_THRESHOLD = 0.5;

const norm = (v: ArrayLike<number>) => Math.sqrt(Array.from(v).reduce((s, x) => s + x * x, 0));
const unit = (v: ArrayLike<number>): number[] => {
  const n = norm(v) || 1;
  return Array.from(v, (x) => x / n);
};
const dot = (a: ArrayLike<number>, b: ArrayLike<number>) => {
  let s = 0;
  for (let i = 0; i < a.length; i++) s += a[i] * b[i];
  return s;
};

export function trainCentroids(examples: IntentExample[], vectors: Float32Array[], embeddingModel: string): IntentModel {
  const groups = new Map<string, number[][]>();
  examples.forEach((e, i) => {
    const list = groups.get(e.intent) ?? [];
    list.push(unit(vectors[i]));
    groups.set(e.intent, list);
  });
  const dimensions = vectors[0]?.length ?? 0;
  const centroids = [...groups].map(([intent, members]) => {
    const sum = new Array<number>(dimensions).fill(0);
    for (const m of members)
      m.forEach((x, i) => {
        sum[i] += x;
      });
    const vector = unit(sum);
    const floor = Math.min(Math.min(...members.map((m) => dot(m, vector))) - FLOOR_MARGIN, FLOOR_CAP);
    return { intent, vector, floor };
  });
  const state: CentroidState = { embeddingModel, dimensions, centroids };
  return { engine: CENTROID_ENGINE, state, intents: centroids.map((c) => c.intent) };
}

export function predictCentroid(state: CentroidState, vector: Float32Array, threshold = DEFAULT_INTENT_THRESHOLD): IntentPrediction {
  const v = unit(vector);
  const scored = state.centroids.map((c) => ({ intent: c.intent, similarity: dot(v, c.vector), floor: c.floor }));
  if (scored.length === 0) return { intent: null, confidence: 0, outOfScope: true, ranking: [] };
  const top = Math.max(...scored.map((s) => s.similarity));
  const weights = scored.map((s) => Math.exp((s.similarity - top) / TEMPERATURE));
  const total = weights.reduce((a, b) => a + b, 0);
  const ranking = scored
    .map((s, i) => ({ intent: s.intent, confidence: weights[i] / total, similarity: s.similarity, floor: s.floor }))
    .sort((a, b) => b.confidence - a.confidence);
  const best = ranking[0];
  const outOfScope = best.confidence < threshold || best.similarity < best.floor;
  return {
    intent: outOfScope ? null : best.intent,
    confidence: best.confidence,
    outOfScope,
    ranking: ranking.slice(0, 5).map(({ intent, confidence }) => ({ intent, confidence })),
  };
}

export function isCentroidState(model: IntentModel): model is IntentModel & { state: CentroidState } {
  const s = model.state as Partial<CentroidState> | null;
  return model.engine === CENTROID_ENGINE && !!s && Array.isArray(s.centroids) && typeof s.embeddingModel === 'string';
}
