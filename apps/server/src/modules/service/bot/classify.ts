import type { AiUsage } from '../../../platform/ai/engine.ts';
import type { Tx } from '../../../platform/db/tenant.ts';
import { AppError } from '../../../platform/errors/app-error.ts';
import { clientIntentAi, type ClientRow } from '../clients/service.ts';
import { activeModelRef, loadIntentModel } from '../intents/index.ts';

export interface Classification {
  intent: string | null;
  confidence: number;
  outOfScope: boolean;
}

/**
 * Sentences' intents by the client's trained model, metered on the client's OU as one request per sentence, all or
 * none. The quota is read before the model is touched (a call the quota refuses reads no model) and, for a local model,
 * claimed after it together with the COMMIT (clientIntentAi): the transaction must end with this call.
 * service_model_not_trained before the first training.
 */
export async function classifyMany(tx: Tx, client: ClientRow, texts: string[]): Promise<Classification[]> {
  const ref = await activeModelRef(tx, client.id);
  if (!ref) throw new AppError('service_model_not_trained', [client.code]);
  const ai = await clientIntentAi(tx, client.tenantId, client, ref);
  const threshold = Number(client.confidenceThreshold);
  const { results } = await ai.metered(
    'intent',
    async (engine) => {
      const model = await loadIntentModel(tx, ref);
      const results: Classification[] = [];
      const usages: AiUsage[] = [];
      for (const text of texts) {
        const p = await engine.classifyIntent(model, text, { threshold });
        results.push({ intent: p.outOfScope ? null : p.intent, confidence: Math.round(p.confidence * 10000) / 10000, outOfScope: p.outOfScope });
        usages.push({ model: model.engine, inputTokens: text.split(/\s+/).length, outputTokens: 0, images: 0 });
      }
      return { results, usage: usages[0], usages };
    },
    null,
    undefined,
    texts.length,
  );
  return results;
}

/** A sentence's intent (classifyMany of one). */
export async function classify(tx: Tx, client: ClientRow, text: string): Promise<Classification> {
  return (await classifyMany(tx, client, [text]))[0];
}
