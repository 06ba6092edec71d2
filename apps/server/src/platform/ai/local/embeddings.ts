import { textFeatures } from './text.ts';

/**
 * Hashed n-gram vectors: the local engine's text embeddings. Not a neural sentence encoder (no npm package ships
 * multilingual weights, docs/decisions/004): the text's stemmed words, word pairs and character 3–5-grams (text.ts),
 * sublinear counts, hashed with signs into a fixed number of dimensions, word and character parts given half the
 * length each, L2-normalised. Cosine similarity of two vectors is the share of features (typos included) two texts
 * have in common, which is what retrieval of short facts needs. Same text, same vector, on any machine.
 */
export const HASHED_DIMENSIONS = 512;
export const HASHED_EMBEDDING_MODEL = 'local-hashed-ngrams-512';

/** FNV-1a, 32 bits. */
function hash(text: string): number {
  let h = 0x811c9dc5;
  for (let i = 0; i < text.length; i++) {
    h ^= text.charCodeAt(i);
    h = Math.imul(h, 0x01000193);
  }
  return h >>> 0;
}

export function hashedEmbedding(text: string, dimensions = HASHED_DIMENSIONS): Float32Array {
  const words = new Float64Array(dimensions);
  const characters = new Float64Array(dimensions);
  for (const [feature, count] of textFeatures(text, 'id')) {
    const h = hash(feature);
    const target = feature.charCodeAt(0) === 99 ? characters : words; // 'c': character n-gram
    target[h % dimensions] += (h & 0x80000000 ? -1 : 1) * (1 + Math.log(count));
  }
  const norm = (v: Float64Array) => Math.sqrt(v.reduce((s, x) => s + x * x, 0));
  const wordNorm = norm(words);
  const charNorm = norm(characters);
  const wordScale = wordNorm > 0 ? Math.sqrt(0.5) / wordNorm : 0;
  const charScale = charNorm > 0 ? (wordNorm > 0 ? Math.sqrt(0.5) : 1) / charNorm : 0;
  const combined = words.map((w, i) => w * wordScale + characters[i] * charScale);
  const length = norm(combined);
  return Float32Array.from(combined, (x) => (length > 0 ? x / length : 0));
}

/** Cosine similarity; 0 when either vector is all zeros. */
export function cosineSimilarity(a: ArrayLike<number>, b: ArrayLike<number>): number {
  if (a.length !== b.length) throw new Error(`vectors of ${a.length} and ${b.length} dimensions`);
  let dot = 0;
  let na = 0;
  let nb = 0;
  for (let i = 0; i < a.length; i++) {
    dot += a[i] * b[i];
    na += a[i] * a[i];
    nb += b[i] * b[i];
  }
  return na > 0 && nb > 0 ? dot / Math.sqrt(na * nb) : 0;
}
