import { and, eq } from 'drizzle-orm';
import type { AiEngine, IntentExample } from '../../../platform/ai/engine.ts';
import type { Pools } from '../../../platform/db/pools.ts';
import { withTenant } from '../../../platform/db/tenant.ts';
import { clientAi, clientRowById } from '../clients/service.ts';
import { activeModel, metricsOf, splitHeldOut, storeTrainedModel } from '../intents/index.ts';
import type { AnswerPair } from './schema.ts';
import { serviceFineTunes } from './schema.ts';
import { buildTrainingSet, type LabelledSentence } from './training-set.ts';

const OUT_OF_SCOPE = '(out of scope)';
/** Answer pairs kept per client: the newest corrections. */
const MAX_PAIRS = 2000;

async function accuracyOn(engine: AiEngine, train: IntentExample[], test: IntentExample[], threshold: number) {
  const intents = [...new Set(train.map((e) => e.intent))];
  if (intents.length < 2 || test.length === 0) return null;
  const model = await engine.trainIntents(train);
  const predicted: string[] = [];
  for (const e of test) {
    const p = await engine.classifyIntent(model, e.text, { threshold });
    predicted.push(p.outOfScope || !p.intent ? OUT_OF_SCOPE : p.intent);
  }
  return metricsOf(
    [...new Set([...intents, ...test.map((e) => e.intent)])],
    test.map((e) => e.intent),
    predicted,
  );
}

const setProgress = (pools: Pools, tenantId: string, runId: string, progress: number) =>
  withTenant(pools.app, tenantId, (tx) =>
    tx
      .update(serviceFineTunes)
      .set({ progress })
      .where(and(eq(serviceFineTunes.id, runId), eq(serviceFineTunes.status, 'running'))),
  );

/**
 * "Fine tuning" on the local engine: the client's classifier retrained from the training set (phrases and the
 * intents agents set on bot turns) and its answer index from the agents' corrections. Accuracy on the same held-out
 * fifth before (trained on what the bot's current model knew: sentences no newer than its training) and after (all
 * of the training part). Stages commit their progress one by one; the model and the run end in one transaction,
 * and only if the run was not cancelled meanwhile.
 */
export async function runLocal(pools: Pools, tenantId: string, runId: string): Promise<void> {
  const claimed = await withTenant(pools.app, tenantId, async (tx) => {
    const [row] = await tx
      .update(serviceFineTunes)
      .set({ status: 'running', progress: 5 })
      .where(and(eq(serviceFineTunes.id, runId), eq(serviceFineTunes.status, 'pending')))
      .returning();
    if (!row) return undefined;
    const client = await clientRowById(tx, row.clientId);
    const set = await buildTrainingSet(tx, client);
    const current = await activeModel(tx, client.id);
    const ai = await clientAi(tx, tenantId, client);
    return { row, client, set, knownUntil: current?.trainedAt ?? null, engine: ai.engine };
  });
  if (!claimed) return;
  const { client, set, knownUntil, engine } = claimed;
  const threshold = Number(client.confidenceThreshold);
  const { train, test } = splitHeldOut(set.classifier) as { train: LabelledSentence[]; test: LabelledSentence[] };
  await setProgress(pools, tenantId, runId, 20);
  const before = knownUntil
    ? await accuracyOn(
        engine,
        train.filter((e) => e.at <= knownUntil),
        test,
        threshold,
      )
    : null;
  await setProgress(pools, tenantId, runId, 50);
  const after = await accuracyOn(engine, train, test, threshold);
  await setProgress(pools, tenantId, runId, 75);
  const pairs: AnswerPair[] = set.chat
    .filter((e) => e.source === 'correction')
    .slice(-MAX_PAIRS)
    .map((e) => ({ question: e.user, answer: e.assistant }));
  const examples: IntentExample[] = set.classifier.map(({ intent, text }) => ({ intent, text }));
  await withTenant(pools.app, tenantId, async (tx) => {
    const [still] = await tx
      .update(serviceFineTunes)
      .set({
        status: 'succeeded',
        progress: 100,
        accuracyBefore: before ? String(before.accuracy) : null,
        accuracyAfter: after ? String(after.accuracy) : null,
        heldOut: test.length,
        chatExamples: set.chat.length,
        classifierExamples: set.classifier.length,
        answerIndex: pairs,
        finishedAt: new Date(),
      })
      .where(and(eq(serviceFineTunes.id, runId), eq(serviceFineTunes.status, 'running')))
      .returning({ id: serviceFineTunes.id });
    if (!still) return;
    // The retrained classifier becomes the client's model (the newest done training run), metered like a training.
    const ai = await clientAi(tx, tenantId, client);
    const model = await ai
      .metered('intent', async (e) => ({
        value: await e.trainIntents(examples),
        usage: { model: e.provider, inputTokens: examples.length, outputTokens: 0, images: 0 },
      }))
      .then((r) => r.value);
    await storeTrainedModel(tx, tenantId, client.id, {
      model,
      metrics: after ?? metricsOf([], [], []),
      intents: new Set(examples.map((e) => e.intent)).size,
      examples: examples.length,
      requestedBy: claimed.row.requestedBy,
      requestedAt: claimed.row.requestedAt,
    });
  });
}
