import type { Tx } from '../db/tenant.ts';
import { AppError } from '../errors/app-error.ts';
import type { AiEngine } from './engine.ts';
import { createLocalEngine } from './local/index.ts';
import { createOpenAiCompatibleEngine } from './openai-compatible/index.ts';
import { priceOf, type PriceList } from './pricing.ts';
import { getAiSettings, modelPrices as tenantModelPrices, type SettingsSeal, type StoredAiSettings } from './settings/service.ts';

/** Retries of a remote call on 429/5xx before it fails (each attempt has the tenant's timeout). */
export const REMOTE_MAX_RETRIES = 2;

let registeredSeal: SettingsSeal | undefined;

/**
 * The server's sealer of secret settings (its TokenService), set once when the app is built, so that engineFor can
 * open a tenant's API key wherever it is called from (requests, jobs) without passing the server's keys around.
 */
export function useSettingsSeal(seal: SettingsSeal): void {
  registeredSeal = seal;
}

export interface EngineOptions {
  /** Opens the sealed API key; the one registered at start by default. */
  seal?: SettingsSeal;
  /** The HTTP client of the remote engine (tests). */
  fetch?: typeof fetch;
}

let localEngine: AiEngine | undefined;
/** One local engine per process: it is stateless apart from caches of loaded models. */
const local = () => (localEngine ??= createLocalEngine());

/** The API key of stored settings opened for the tenant (undefined when it has none): for engines and the plain-HTTP calls (fine tuning). */
export function openApiKey(settings: StoredAiSettings, tenantId: string, seal: SettingsSeal | undefined = registeredSeal): string | undefined {
  if (!settings.apiKeySealed) return undefined;
  if (!seal) throw new Error('engineFor: no settings seal registered (buildApp registers the TokenService)');
  const apiKey = seal.openSetting(settings.apiKeySealed, tenantId);
  // Sealed under another AUTH_SECRET (a restore onto a server with a new secret): the key must be entered again.
  if (apiKey === undefined) throw new AppError('ai_settings_incomplete', ['apiKey']);
  return apiKey;
}

/** The engine of stored settings; the API key opened with `seal` for the tenant `tenantId`. */
export function engineOf(settings: StoredAiSettings, tenantId: string, options: EngineOptions = {}): AiEngine {
  if (settings.provider !== 'openai-compatible') return local();
  const apiKey = openApiKey(settings, tenantId, options.seal ?? registeredSeal);
  const { models } = settings;
  const engine = createOpenAiCompatibleEngine({
    baseUrl: settings.baseUrl,
    apiKey,
    timeoutMs: settings.timeoutSeconds * 1000,
    maxRetries: REMOTE_MAX_RETRIES,
    fetch: options.fetch,
    models: { chat: models.chat, embedding: models.embedding, structured: models.structured || models.chat, image: models.image },
  });
  if (models.image) return engine;
  return { ...engine, editImage: () => Promise.reject(new AppError('ai_settings_incomplete', ['models.image'])) };
}

/**
 * The AI engine of a tenant, from its AI settings: the local engine when it has none or chose it, else its
 * OpenAI-compatible provider. `tx` must be the tenant's transaction (RLS shows only its settings).
 */
export async function engineFor(tx: Tx, tenantId: string, options: EngineOptions = {}): Promise<AiEngine> {
  return engineOf(await getAiSettings(tx), tenantId, options);
}

/** The tenant's model prices (`tx` of the tenant): feed them to priceOf, or use costOf below. */
export async function modelPrices(tx: Tx, _tenantId?: string): Promise<PriceList> {
  return tenantModelPrices(tx);
}

/** A usage's cost function bound to a price list, as metering's `priceOf` option takes it. */
export const costOf = (prices: PriceList) => (usage: { model: string; inputTokens: number; outputTokens: number; images: number }) =>
  priceOf(prices, usage.model, usage);
