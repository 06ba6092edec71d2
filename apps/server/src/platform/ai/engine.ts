import type { z } from 'zod';

/**
 * The AI engines' small interfaces (architecture §6). No business words here: the chatbot, the sales analysis, the
 * photo beautifying and the healing chat call these through `engineFor(tx, tenant)` and never name a provider.
 * Two implementations: `local` (the default, offline, weights shipped in npm packages) and `openai-compatible`.
 * Every call goes through metering (platform/ai/metering) so that a usage row and the quota count are written in the
 * caller's transaction.
 */

export type AiLanguage = 'id' | 'en';

/** What a call is for: chooses the model in the tenant's AI settings and the area of its usage row. */
export type AiPurpose = 'chat' | 'embedding' | 'intent' | 'structured' | 'image';

export interface ChatMessage {
  role: 'user' | 'assistant';
  content: string;
}

/** A fact the answer may use, found by retrieval (dataset items, documents). `id` is echoed back in `sources`. */
export interface RetrievedFact {
  id: string;
  text: string;
  /** Named fields of the fact (for example price, opening hours) that templates can quote. */
  fields?: Record<string, string>;
  score?: number;
}

export interface ChatRequest {
  systemInstruction?: string;
  messages: ChatMessage[];
  context: RetrievedFact[];
  language: AiLanguage;
  /** Called with each piece of the answer as it arrives (streaming); the full answer is still returned. */
  onDelta?: (text: string) => void;
  signal?: AbortSignal;
}

export interface ChatAnswer {
  text: string;
  /** ids of the facts the answer used; empty when it used none. */
  sources: string[];
  /** The engine could not answer from the facts and said so plainly (the caller may hand over to a person). */
  unknown: boolean;
  usage: AiUsage;
}

export interface AiUsage {
  model: string;
  inputTokens: number;
  outputTokens: number;
  images: number;
}

export interface EmbeddingResult {
  vectors: Float32Array[];
  dimensions: number;
  usage: AiUsage;
}

export interface IntentExample {
  intent: string;
  text: string;
}

/** A trained intent classifier, serialisable so that it can be stored per client and loaded again. */
export interface IntentModel {
  engine: string;
  /** JSON-serialisable state (weights, vocabulary). */
  state: unknown;
  intents: string[];
}

export interface IntentPrediction {
  intent: string | null;
  confidence: number;
  /** No intent is confident enough (below the threshold) or the text is unlike every training example. */
  outOfScope: boolean;
  /** The best few intents with their probabilities, highest first. */
  ranking: { intent: string; confidence: number }[];
}

export interface StructuredRequest<T> {
  schema: z.ZodType<T>;
  instruction: string;
  input: string;
  language: AiLanguage;
}

export interface ImageEditRequest {
  image: Buffer;
  /** What to do with the image, in words (remote) or as a preset name understood by the local engine. */
  prompt: string;
  width?: number;
  height?: number;
}

export interface ImageEditResult {
  image: Buffer;
  mimeType: string;
  usage: AiUsage;
}

export interface AiEngine {
  /** 'local' or 'openai-compatible'. */
  readonly provider: string;
  chat(request: ChatRequest): Promise<ChatAnswer>;
  embed(texts: string[]): Promise<EmbeddingResult>;
  trainIntents(examples: IntentExample[], options?: { language?: AiLanguage }): Promise<IntentModel>;
  classifyIntent(model: IntentModel, text: string, options?: { threshold?: number }): Promise<IntentPrediction>;
  /** Structured output validated by the zod schema; an answer that does not validate is `ai_generated_query_invalid`. */
  structured<T>(request: StructuredRequest<T>): Promise<{ value: T; usage: AiUsage }>;
  editImage(request: ImageEditRequest): Promise<ImageEditResult>;
}
