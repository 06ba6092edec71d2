import type { Tx } from '../../../platform/db/tenant.ts';
import { AppError } from '../../../platform/errors/app-error.ts';
import { clientAi, type ClientRow } from '../clients/service.ts';
import { activeModel } from '../intents/index.ts';

/** A sentence's intent by the client's trained model, metered on the client's OU; service_model_not_trained before the first training. */
export async function classify(tx: Tx, client: ClientRow, text: string): Promise<{ intent: string | null; confidence: number; outOfScope: boolean }> {
  const trained = await activeModel(tx, client.id);
  if (!trained?.model) throw new AppError('service_model_not_trained', [client.code]);
  const model = trained.model;
  const ai = await clientAi(tx, client.tenantId, client);
  const p = await ai.metered(
    'intent',
    async (engine) => ({
      ...(await engine.classifyIntent(model, text, { threshold: Number(client.confidenceThreshold) })),
      usage: { model: model.engine, inputTokens: text.split(/\s+/).length, outputTokens: 0, images: 0 },
    }),
    null,
    ai.intentEngine(model),
  );
  return { intent: p.outOfScope ? null : p.intent, confidence: Math.round(p.confidence * 10000) / 10000, outOfScope: p.outOfScope };
}
