import { eq } from 'drizzle-orm';
import type { AiModelPrice, AiProvider, AiSettings, AiSettingsInput } from '@nusa/contracts';
import { AI_TIMEOUT_SECONDS, sameServiceAddress } from '@nusa/contracts';
import { preparedQuery, type Tx } from '../../db/tenant.ts';
import { AppError } from '../../errors/app-error.ts';
import { writeAudit, type Actor } from '../../audit/write.ts';
import { plainDecimal } from '../../money/decimal.ts';
import type { PriceList } from '../pricing.ts';
import { aiModelPrices, aiSettings } from './schema.ts';

/** Seals and opens the API key with the server's secret (TokenService does this). */
export interface SettingsSeal {
  sealSetting(plain: string, context: string): string;
  openSetting(sealed: string, context: string): string | undefined;
}

/** The tenant's AI settings as stored: the API key still sealed. */
export interface StoredAiSettings extends Omit<AiSettings, 'apiKeySet'> {
  apiKeySealed: string | null;
}

const DEFAULTS: StoredAiSettings = {
  provider: 'local',
  baseUrl: '',
  apiKeySealed: null,
  models: { chat: '', embedding: '', structured: '', image: '' },
  prices: [],
  timeoutSeconds: AI_TIMEOUT_SECONDS.default,
};

/** The tenant's AI settings (of the transaction's tenant); the local engine's defaults when it has saved none. */
export async function getAiSettings(tx: Tx): Promise<StoredAiSettings> {
  const [row] = await tx.select().from(aiSettings).limit(1);
  const prices = await modelPriceRows(tx);
  if (!row) return { ...DEFAULTS, prices };
  return {
    provider: row.provider,
    baseUrl: row.baseUrl,
    apiKeySealed: row.apiKeySealed,
    models: { chat: row.chatModel, embedding: row.embeddingModel, structured: row.structuredModel, image: row.imageModel },
    prices,
    timeoutSeconds: row.timeoutSeconds,
  };
}

async function modelPriceRows(tx: Tx): Promise<AiModelPrice[]> {
  // Every metered call reads it: built and planned once per connection.
  const rows = await preparedQuery(tx, 'nusa_ai_model_prices', (tx, name) =>
    tx.select().from(aiModelPrices).orderBy(aiModelPrices.model).prepare(name),
  ).execute();
  return rows.map((r) => ({
    model: r.model,
    inputPerMillion: plainDecimal(r.inputPerMillion) ?? '0',
    outputPerMillion: plainDecimal(r.outputPerMillion) ?? '0',
    perImage: plainDecimal(r.perImage) ?? '0',
  }));
}

/** The tenant's model prices, for the cost of a usage row (`priceOf(list, model, usage)` in pricing.ts). */
export async function modelPrices(tx: Tx): Promise<PriceList> {
  return { prices: await modelPriceRows(tx) };
}

/** What the API shows: everything but the key, which is only said to be set or not. */
export const aiSettingsView = ({ apiKeySealed, ...rest }: StoredAiSettings): AiSettings => ({ ...rest, apiKeySet: apiKeySealed !== null });

/** A remote provider needs an address and a chat and an embedding model; the structured model falls back to chat. */
export function checkComplete(input: { provider: AiProvider; baseUrl: string; models: AiSettings['models'] }) {
  if (input.provider !== 'openai-compatible') return;
  if (!input.baseUrl) throw new AppError('ai_settings_incomplete', ['baseUrl']);
  if (!input.models.chat) throw new AppError('ai_settings_incomplete', ['models.chat']);
  if (!input.models.embedding) throw new AppError('ai_settings_incomplete', ['models.embedding']);
}

function checkPrices(prices: readonly AiModelPrice[]) {
  const seen = new Set<string>();
  for (const p of prices) {
    if (seen.has(p.model)) throw new AppError('ai_price_model_duplicate', [p.model]);
    seen.add(p.model);
  }
}

/**
 * The key a save or a test means: the one sent, none when cleared, else the stored one (sealed). The stored key goes
 * only to the address it was saved for: keeping it while changing the address would let anyone who may edit the
 * settings send the tenant's secret to a server of their choosing, so a new address needs the key typed again.
 */
export function keyAfter(
  input: Pick<AiSettingsInput, 'apiKey' | 'baseUrl' | 'provider'>,
  stored: StoredAiSettings,
  seal: SettingsSeal,
  tenantId: string,
): string | null {
  if (input.apiKey === undefined) {
    if (stored.apiKeySealed && input.provider !== 'local' && !sameServiceAddress(input.baseUrl, stored.baseUrl)) {
      throw new AppError('ai_settings_key_for_new_address');
    }
    return stored.apiKeySealed;
  }
  if (input.apiKey === null) return null;
  return seal.sealSetting(input.apiKey, tenantId);
}

/** Saves the settings and the price list in one go (the list replaces the old one), audited without the key. */
export async function saveAiSettings(tx: Tx, actor: Actor, input: AiSettingsInput, seal: SettingsSeal): Promise<AiSettings> {
  checkComplete(input);
  checkPrices(input.prices);
  const before = await getAiSettings(tx);
  const values = {
    provider: input.provider,
    baseUrl: input.baseUrl,
    apiKeySealed: keyAfter(input, before, seal, actor.tenantId),
    chatModel: input.models.chat,
    embeddingModel: input.models.embedding,
    structuredModel: input.models.structured,
    imageModel: input.models.image,
    timeoutSeconds: input.timeoutSeconds,
    updatedAt: new Date(),
  };
  await tx
    .insert(aiSettings)
    .values({ tenantId: actor.tenantId, ...values })
    .onConflictDoUpdate({ target: aiSettings.tenantId, set: values });
  await tx.delete(aiModelPrices).where(eq(aiModelPrices.tenantId, actor.tenantId));
  if (input.prices.length) await tx.insert(aiModelPrices).values(input.prices.map((p) => ({ tenantId: actor.tenantId, ...p })));
  const after = await getAiSettings(tx);
  const apiKey = input.apiKey === undefined ? 'kept' : input.apiKey === null ? 'cleared' : 'replaced';
  await writeAudit(tx, actor, {
    module: 'configuration.ai-settings',
    action: 'update',
    entity: 'ai-settings',
    entityId: actor.tenantId,
    before: aiSettingsView(before),
    after: { ...aiSettingsView(after), apiKey },
  });
  return aiSettingsView(after);
}
