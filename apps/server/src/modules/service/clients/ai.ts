import type { AiEngine, AiPurpose, AiUsage, IntentModel } from '../../../platform/ai/engine.ts';
import { createLocalEngine, LOCAL_INTENT_ENGINE } from '../../../platform/ai/local/index.ts';
import { LOCAL_CHAT_MODEL } from '../../../platform/ai/local/chat.ts';
import { meteredCall, meterLocalWork, type MeteredCallOptions } from '../../../platform/ai/metering/index.ts';
import { costOf, engineOf, modelPrices } from '../../../platform/ai/select.ts';
import { getAiSettings, type StoredAiSettings } from '../../../platform/ai/settings/service.ts';
import type { Tx } from '../../../platform/db/tenant.ts';
import { fineTunedChatModel, withAnswerIndex } from '../fine-tuning/index.ts';
import type { ClientRow } from './schema.ts';

/** The area of the service's AI usage rows (the dashboard's chat widgets read it). */
export const SERVICE_AREA = 'chat';

/**
 * A client's AI: the tenant's engine unless the client chose the local one, with the client's chat model when it
 * names one. `intentEngine` classifies with the engine that trained a model: a model trained locally stays usable
 * after the tenant moves to a remote provider (until the next training). Fine tuning changes both: a remote run that
 * succeeded on the client's base chat model replaces it by the fine-tuned one; a local run puts its answer index in
 * front of the local chat.
 */
export interface ClientAi {
  engine: AiEngine;
  chatModel: string;
  /** Runs an engine call metered on the client's OU (and the chat session, when given), as `units` requests (default 1). */
  metered<T extends { usage: AiUsage; usages?: AiUsage[] }>(
    purpose: 'chat' | 'intent' | 'embedding',
    fn: (engine: AiEngine) => Promise<T>,
    chatSessionId?: string | null,
    engine?: AiEngine,
    units?: number,
  ): Promise<T>;
  intentEngine(model: Pick<IntentModel, 'engine'>): AiEngine;
}

/** What metering records of a service call: the client's OU, the chat session, one request per unit. */
function serviceMeter(
  tenantId: string,
  client: ClientRow,
  purpose: AiPurpose,
  engine: AiEngine,
  chatSessionId?: string | null,
  units?: number,
): MeteredCallOptions {
  return {
    tenantId,
    area: SERVICE_AREA,
    clientOuId: client.ouId,
    chatSessionId: chatSessionId ?? null,
    purpose,
    kind: 'request',
    provider: engine.provider,
    units,
  };
}

export async function clientAi(tx: Tx, tenantId: string, client: ClientRow): Promise<ClientAi> {
  const tenantSettings = await getAiSettings(tx);
  const remote = client.engine !== 'local' && tenantSettings.provider === 'openai-compatible';
  const baseChat = client.model && remote ? client.model : tenantSettings.models.chat;
  const tuned = remote ? await fineTunedChatModel(tx, client.id, baseChat) : undefined;
  const settings: StoredAiSettings =
    client.engine === 'local'
      ? { ...tenantSettings, provider: 'local' }
      : remote
        ? { ...tenantSettings, models: { ...tenantSettings.models, chat: tuned ?? baseChat } }
        : tenantSettings;
  const engine = await withAnswerIndex(tx, client.id, engineOf(settings, tenantId));
  const local = engineOf({ ...tenantSettings, provider: 'local' }, tenantId);
  const chatModel = engine.provider === 'local' ? LOCAL_CHAT_MODEL : settings.models.chat;
  const priceOf = costOf(await modelPrices(tx));
  return {
    engine,
    chatModel,
    metered: (purpose, fn, chatSessionId, which = engine, units) =>
      meteredCall(
        tx,
        { ...serviceMeter(tenantId, client, purpose, which, chatSessionId, units), model: purpose === 'chat' ? chatModel : undefined, priceOf },
        () => fn(which),
      ),
    intentEngine: (model) => (model.engine === LOCAL_INTENT_ENGINE ? local : engine),
  };
}

/**
 * What the classify API needs to classify with a trained model: the engine that trained it and metering. A model of
 * the local engine needs neither the tenant's AI settings nor the answer index, only the price list, asked for at once
 * so that it travels with the quota read (the transaction's connection pipelines); its work runs in this process and
 * writes nothing, so it is metered by meterLocalWork: quota read before, claimed after together with the usage rows
 * and the COMMIT, so a tenant's classifications do not queue on its quota row. The metered call must be the
 * transaction's last statement.
 */
export async function clientIntentAi(tx: Tx, tenantId: string, client: ClientRow, model: Pick<IntentModel, 'engine'>): Promise<Pick<ClientAi, 'metered'>> {
  if (model.engine !== LOCAL_INTENT_ENGINE) {
    const ai = await clientAi(tx, tenantId, client);
    const engine = ai.intentEngine(model);
    return { metered: (purpose, fn, chatSessionId, which = engine, units) => ai.metered(purpose, fn, chatSessionId, which, units) };
  }
  const engine = createLocalEngine();
  const prices = modelPrices(tx);
  prices.catch(() => {});
  let priceOf: ReturnType<typeof costOf> | undefined;
  return {
    metered: (purpose, fn, chatSessionId, which = engine, units) =>
      meterLocalWork(
        tx,
        { ...serviceMeter(tenantId, client, purpose, which, chatSessionId, units), priceOf: (u) => priceOf?.(u) ?? 0 },
        async () => {
          priceOf = costOf(await prices);
          return fn(which);
        },
        { last: true },
      ),
  };
}
