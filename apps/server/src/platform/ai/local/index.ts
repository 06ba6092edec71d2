import { AppError } from '../../errors/app-error.ts';
import type { AiEngine, IntentModel } from '../engine.ts';
import { answerFromFacts } from './chat.ts';
import { HASHED_DIMENSIONS, HASHED_EMBEDDING_MODEL, hashedEmbedding } from './embeddings.ts';
import { editImageLocally } from './image.ts';
import { runInWorker } from '../../files/worker-runner.ts';
import { isIntentClassifierState, loadIntentClassifier, type IntentClassifier, type IntentClassifierState } from './intent-classifier.ts';
import { parseStructuredLocally } from './structured.ts';
import { normalise } from './text.ts';

export { cosineSimilarity, hashedEmbedding, HASHED_DIMENSIONS } from './embeddings.ts';
export { registerLocalStructuredParser, type LocalStructuredParser } from './structured.ts';
export { IMAGE_PRESETS, type ImagePreset } from './image.ts';
export { buildRetrievalQuery, RETRIEVAL_COLUMN_SQL, type RetrievalSource } from './retrieval.ts';

export const LOCAL_INTENT_ENGINE = 'local-intent-logreg-v1';

/**
 * Training a large client (15,000 phrases of 150 intents) is tens of CPU seconds: it runs in a worker thread of the
 * untrusted-file runner (docs/decisions/012), so no tenant's training holds the event loop every tenant's requests
 * share; at most one training per core, with a heap and working-time limit.
 */
const TRAINER = new URL('./train-task.ts', import.meta.url);
const TRAINING_LIMITS = { timeoutMs: 10 * 60_000, maxMemoryMb: 2048 };

/**
 * The local AI engine (docs/decisions/004-local-ai-engine.md): offline, deterministic, nothing downloaded. Intents by
 * a logistic regression over word and character n-grams, embeddings by hashed n-grams, chat by templates that quote
 * retrieved facts, images by sharp presets, structured output only through registered local parsers.
 */
// Loaded classifiers by their model state, process-wide (an engine is made per request), so a model kept in memory
// (modules/service/intents/model-store.ts) is decoded once, not on every message.
const loaded = new WeakMap<object, IntentClassifier>();

export function createLocalEngine(): AiEngine {
  const classifierOf = (model: IntentModel): IntentClassifier => {
    // A model trained by another engine (the tenant changed engines) or damaged: the caller retrains or hands over.
    if (model.engine !== LOCAL_INTENT_ENGINE || !isIntentClassifierState(model.state)) throw new AppError('ai_response_failed');
    let classifier = loaded.get(model.state);
    if (!classifier) {
      try {
        classifier = loadIntentClassifier(model.state);
      } catch {
        throw new AppError('ai_response_failed');
      }
      loaded.set(model.state, classifier);
    }
    return classifier;
  };
  return {
    provider: 'local',
    chat: (request) => answerFromFacts(request),
    async embed(texts) {
      const vectors = texts.map((t) => hashedEmbedding(t));
      const tokens = texts.reduce((sum, t) => sum + normalise(t).length, 0);
      return { vectors, dimensions: HASHED_DIMENSIONS, usage: { model: HASHED_EMBEDDING_MODEL, inputTokens: tokens, outputTokens: 0, images: 0 } };
    },
    async trainIntents(examples, options) {
      if (!examples.some((e) => e.intent.trim() && e.text.trim())) throw new AppError('invalid_input_format', ['examples', 'intent, text']);
      const state = await runInWorker<IntentClassifierState>(TRAINER, 'trainIntentState', [examples, { language: options?.language }], TRAINING_LIMITS);
      return { engine: LOCAL_INTENT_ENGINE, state, intents: state.intents };
    },
    async classifyIntent(model, text, options) {
      return classifierOf(model).predict(text, { threshold: options?.threshold });
    },
    async structured(request) {
      const value = parseStructuredLocally(request);
      const tokens = normalise(request.instruction + ' ' + request.input).length;
      return { value, usage: { model: 'local-parser', inputTokens: tokens, outputTokens: 0, images: 0 } };
    },
    editImage: (request) => editImageLocally(request),
  };
}
