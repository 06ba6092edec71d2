import { z } from 'zod';
import { defineEndpoint } from '../endpoint.ts';

/** Which engine answers a tenant's AI calls: the offline one (the default) or a remote OpenAI-compatible server. */
export const AI_PROVIDERS = ['local', 'openai-compatible'] as const;
export type AiProvider = (typeof AI_PROVIDERS)[number];

/** A price in the book currency as a decimal string, numeric(20,4): up to 16 digits and 4 decimals, never negative. */
export const aiPrice = z
  .string()
  .trim()
  .regex(/^\d{1,16}(\.\d{1,4})?$/, 'a decimal number such as 2400 or 0.5 (at most 4 decimals)');

export const aiModelPrice = z.object({
  model: z.string().trim().min(1).max(100),
  inputPerMillion: aiPrice,
  outputPerMillion: aiPrice,
  perImage: aiPrice,
});
export type AiModelPrice = z.infer<typeof aiModelPrice>;

const modelName = z.string().trim().max(100);
export const aiModels = z.object({ chat: modelName, embedding: modelName, structured: modelName, image: modelName });
export type AiModels = z.infer<typeof aiModels>;

export const AI_TIMEOUT_SECONDS = { min: 1, max: 600, default: 30 } as const;

const baseUrl = z.union([z.literal(''), z.url({ protocol: /^https?$/, error: 'an http:// or https:// address' }).max(500)]);

const common = {
  provider: z.enum(AI_PROVIDERS),
  /** e.g. https://api.openai.com/v1 or http://localhost:11434/v1 (Ollama). */
  baseUrl,
  models: aiModels,
  prices: z.array(aiModelPrice).max(50),
  timeoutSeconds: z.number().int().min(AI_TIMEOUT_SECONDS.min).max(AI_TIMEOUT_SECONDS.max),
};

/** The tenant's AI settings as the API shows them: the API key never leaves the server, only whether one is set. */
export const aiSettings = z.object({ ...common, apiKeySet: z.boolean() });
export type AiSettings = z.infer<typeof aiSettings>;

/** What a save sends: `apiKey` absent keeps the stored key, a string replaces it, null clears it. */
export const aiSettingsInput = z.object({ ...common, apiKey: z.string().trim().min(1).max(500).nullable().optional() });
export type AiSettingsInput = z.infer<typeof aiSettingsInput>;

/** What "test connection" found: the models the provider lists, or its failure as a catalogued error. */
export const aiConnectionResult = z.object({
  ok: z.boolean(),
  provider: z.enum(AI_PROVIDERS),
  models: z.array(z.string()),
  errorCode: z.string().optional(),
  errorArgs: z.array(z.union([z.string(), z.number()])).optional(),
});
export type AiConnectionResult = z.infer<typeof aiConnectionResult>;

const READ_TASKS = ['viewConfig', 'managePasswordPolicy'] as const;

export const aiSettingsEndpoints = {
  getAiSettings: defineEndpoint({
    method: 'GET',
    path: '/v1/config/ai',
    access: READ_TASKS,
    summary: "The tenant's AI engine, models, prices and timeout (the API key only as set or not)",
    response: aiSettings,
  }),
  saveAiSettings: defineEndpoint({
    method: 'PUT',
    path: '/v1/config/ai',
    access: ['viewConfig'],
    summary: 'Save the AI engine, base URL, API key (kept, replaced or cleared), models, prices and timeout',
    body: aiSettingsInput,
    response: aiSettings,
  }),
  testAiConnection: defineEndpoint({
    method: 'POST',
    path: '/v1/config/ai/test',
    access: ['viewConfig'],
    summary: "Try the settings sent (the stored key unless another is sent): GET /models and a one-token chat, or the local engine's readiness",
    body: aiSettingsInput,
    response: aiConnectionResult,
  }),
};
