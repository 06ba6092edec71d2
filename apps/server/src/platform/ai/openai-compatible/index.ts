import { createOpenAICompatible } from '@ai-sdk/openai-compatible';
import { embedMany, generateImage, generateText, NoObjectGeneratedError, Output, streamText, type LanguageModelUsage } from 'ai';
import { AppError } from '../../errors/app-error.ts';
import { outboundFetch } from '../../outbound/index.ts';
import type {
  AiEngine,
  AiUsage,
  ChatAnswer,
  ChatRequest,
  EmbeddingResult,
  ImageEditRequest,
  ImageEditResult,
  IntentExample,
  IntentModel,
  IntentPrediction,
  StructuredRequest,
} from '../engine.ts';
import { groundedSystemPrompt, GroundedStream } from './grounding.ts';
import { isCentroidState, predictCentroid, trainCentroids } from './intents.ts';
import { ProviderHttpError, withRetries, type RetryPolicy } from './retry.ts';

export interface OpenAiCompatibleModels {
  chat: string;
  embedding: string;
  structured: string;
  image: string;
  /** Embedding model for intents; the embedding model when absent. */
  intent?: string;
}

export interface OpenAiCompatibleOptions {
  /** e.g. https://api.openai.com/v1, http://localhost:11434/v1 (Ollama), http://host:8000/v1 (vLLM). */
  baseUrl: string;
  apiKey?: string;
  models: OpenAiCompatibleModels;
  timeoutMs: number;
  maxRetries: number;
  /** First wait before a retry (doubled each time) when the provider sends no Retry-After; 500 ms by default. */
  backoffMs?: number;
  fetch?: typeof fetch;
}

const MAX_DELAY_MS = 20_000;
/** Texts per embedding request: OpenAI takes 2048, smaller servers less. */
const EMBED_BATCH = 256;

const usageOf = (model: string, u: LanguageModelUsage | undefined, images = 0): AiUsage => ({
  model,
  inputTokens: u?.inputTokens ?? 0,
  outputTokens: u?.outputTokens ?? 0,
  images,
});

const trimSlash = (url: string) => url.replace(/\/+$/, '');

export function createOpenAiCompatibleEngine(options: OpenAiCompatibleOptions): AiEngine {
  const baseURL = trimSlash(options.baseUrl);
  const provider = createOpenAICompatible({
    name: 'openai-compatible',
    baseURL,
    apiKey: options.apiKey || undefined,
    fetch: options.fetch ?? outboundFetch,
    includeUsage: true,
    supportsStructuredOutputs: true,
  });
  const policy: RetryPolicy = { maxRetries: options.maxRetries, timeoutMs: options.timeoutMs, backoffMs: options.backoffMs ?? 500, maxDelayMs: MAX_DELAY_MS };
  const { models } = options;

  async function embed(texts: string[], model = models.embedding): Promise<EmbeddingResult> {
    const vectors: Float32Array[] = [];
    let tokens = 0;
    for (let i = 0; i < texts.length; i += EMBED_BATCH) {
      const batch = texts.slice(i, i + EMBED_BATCH);
      const result = await withRetries(policy, ({ signal }) =>
        embedMany({ model: provider.embeddingModel(model), values: batch, maxRetries: 0, abortSignal: signal }),
      );
      for (const e of result.embeddings) vectors.push(Float32Array.from(e));
      tokens += result.usage?.tokens ?? 0;
    }
    return { vectors, dimensions: vectors[0]?.length ?? 0, usage: { model, inputTokens: tokens, outputTokens: 0, images: 0 } };
  }

  async function chat(request: ChatRequest): Promise<ChatAnswer> {
    const factIds = new Set(request.context.map((f) => f.id));
    const system = groundedSystemPrompt(request.systemInstruction, request.context, request.language);
    return withRetries(
      policy,
      async ({ signal, markVisible }) => {
        const grounded = new GroundedStream(factIds, request.language, (text) => {
          markVisible();
          request.onDelta?.(text);
        });
        const result = streamText({
          model: provider.chatModel(models.chat),
          system,
          messages: request.messages,
          maxRetries: 0,
          abortSignal: signal,
          // Failures arrive as the stream's error part and are handled below; the SDK would also print them.
          onError: () => {},
        });
        let usage: LanguageModelUsage | undefined;
        for await (const part of result.fullStream) {
          if (part.type === 'text-delta') grounded.push(part.text);
          else if (part.type === 'error') throw part.error;
          else if (part.type === 'abort') throw new Error('aborted');
          else if (part.type === 'finish') usage = part.totalUsage;
        }
        const answer = grounded.end();
        return { ...answer, usage: usageOf(models.chat, usage) };
      },
      request.signal,
    );
  }

  async function structured<T>(request: StructuredRequest<T>): Promise<{ value: T; usage: AiUsage }> {
    const system = `${request.instruction.trim()}\n\nAnswer with JSON that matches the schema. Write texts in ${request.language === 'id' ? 'Indonesian' : 'English'}.`;
    return withRetries(policy, async ({ signal }) => {
      try {
        const result = await generateText({
          model: provider.chatModel(models.structured),
          system,
          prompt: request.input,
          output: Output.object({ schema: request.schema }),
          maxRetries: 0,
          abortSignal: signal,
        });
        return { value: result.output as T, usage: usageOf(models.structured, result.usage) };
      } catch (error) {
        if (NoObjectGeneratedError.isInstance(error)) throw new AppError('ai_generated_query_invalid');
        throw error;
      }
    });
  }

  async function editImage(request: ImageEditRequest): Promise<ImageEditResult> {
    return withRetries(policy, async ({ signal }) => {
      const result = await generateImage({
        model: provider.imageModel(models.image),
        prompt: { images: [request.image], text: request.prompt },
        ...(request.width && request.height ? { size: `${request.width}x${request.height}` as const } : {}),
        maxRetries: 0,
        abortSignal: signal,
      });
      const image = result.images[0];
      if (!image) throw new AppError('ai_response_failed', ['no image in the answer']);
      return { image: Buffer.from(image.uint8Array), mimeType: image.mediaType, usage: { model: models.image, inputTokens: 0, outputTokens: 0, images: 1 } };
    });
  }

  const intentModel = models.intent ?? models.embedding;

  return {
    provider: 'openai-compatible',
    chat,
    embed: (texts) => embed(texts),
    structured,
    editImage,
    async trainIntents(examples: IntentExample[]): Promise<IntentModel> {
      if (examples.length === 0) return trainCentroids([], [], intentModel);
      const { vectors } = await embed(
        examples.map((e) => e.text),
        intentModel,
      );
      return trainCentroids(examples, vectors, intentModel);
    },
    async classifyIntent(model: IntentModel, text: string, opts?: { threshold?: number }): Promise<IntentPrediction> {
      if (!isCentroidState(model) || model.state.embeddingModel !== intentModel) {
        throw new AppError('ai_response_failed', [
          `the intents were trained with another engine or model (${isCentroidState(model) ? model.state.embeddingModel : model.engine}); train them again`,
        ]);
      }
      const { vectors } = await embed([text], intentModel);
      return predictCentroid(model.state, vectors[0], opts?.threshold);
    },
  };
}

/** What a connection check found: the models the provider lists, and that the chat model answered. */
export interface ConnectionCheck {
  models: string[];
  chatModel: string;
}

/**
 * Checks a provider as the settings screen's "test connection" does: GET /models, then a one-token chat with the
 * chat model. Failures are `ai_response_failed` with the status (no retries: the user is waiting); an address that is
 * not public is `outbound_address_not_allowed` before anything is sent.
 */
export async function checkConnection(options: OpenAiCompatibleOptions): Promise<ConnectionCheck> {
  const once = { ...options, maxRetries: 0 };
  const policy: RetryPolicy = { maxRetries: 0, timeoutMs: options.timeoutMs, backoffMs: 0, maxDelayMs: 0 };
  const doFetch = options.fetch ?? outboundFetch;
  const models = await withRetries(policy, async ({ signal }) => {
    const res = await doFetch(`${trimSlash(options.baseUrl)}/models`, {
      headers: options.apiKey ? { authorization: `Bearer ${options.apiKey}` } : {},
      signal,
    });
    const text = await res.text();
    let body: { data?: { id?: unknown }[]; error?: { message?: unknown } | string } | undefined;
    try {
      body = JSON.parse(text) as typeof body;
    } catch {
      body = undefined;
    }
    if (!res.ok) {
      const message =
        typeof body?.error === 'string' ? body.error : typeof body?.error?.message === 'string' ? body.error.message : text.slice(0, 200) || res.statusText;
      const headers: Record<string, string> = {};
      res.headers.forEach((value, name) => {
        headers[name] = value;
      });
      throw new ProviderHttpError(res.status, message, headers);
    }
    return (body?.data ?? []).map((m) => String(m.id));
  });
  const provider = createOpenAICompatible({ name: 'openai-compatible', baseURL: trimSlash(once.baseUrl), apiKey: once.apiKey || undefined, fetch: doFetch });
  await withRetries(policy, ({ signal }) =>
    generateText({ model: provider.chatModel(once.models.chat), prompt: 'ping', maxOutputTokens: 1, maxRetries: 0, abortSignal: signal }),
  );
  return { models, chatModel: once.models.chat };
}
