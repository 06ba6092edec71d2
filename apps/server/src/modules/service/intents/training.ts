import { and, desc, eq, getTableColumns, inArray } from 'drizzle-orm';
import { v7 as uuidv7 } from 'uuid';
import type { TrainingMetrics, TrainingState } from '@nusa/contracts';
import type { AiEngine, IntentExample, IntentModel } from '../../../platform/ai/engine.ts';
import { writeAudit, type Actor } from '../../../platform/audit/write.ts';
import type { Pools } from '../../../platform/db/pools.ts';
import { withTenant, type Tx } from '../../../platform/db/tenant.ts';
import { AppError } from '../../../platform/errors/app-error.ts';
import { lockUniqueKey } from '../../../platform/numbering/lock.ts';
import { clientAi, clientRowById, type ClientRow } from '../clients/service.ts';
import { announceModel, storedModel } from './model-store.ts';
import { serviceModels } from './schema.ts';
import { phrasesOf } from './service.ts';

/**
 * Training a client's intent classifier (issue 12). A run is a `service_models` row: queued by the request, then
 * the job trains on four fifths of each intent's phrases and measures precision and recall on the held-out fifth,
 * then trains the model the bot uses on all of them. The newest done run is the client's model.
 */
export const TRAIN_QUEUE = 'service-train';
const OUT_OF_SCOPE = '(out of scope)';

/** A run without its model (megabytes): what the training state and the bot's choice of run need. */
type ModelRow = Omit<typeof serviceModels.$inferSelect, 'model' | 'packed'>;
const { model: _model, packed: _packed, ...runColumns } = getTableColumns(serviceModels);

function stableHash(text: string): number {
  let h = 2166136261;
  for (let i = 0; i < text.length; i++) h = Math.imul(h ^ text.charCodeAt(i), 16777619);
  return h >>> 0;
}

/** Each intent's phrases in a fixed pseudo-random order; every fifth is held out (an intent of fewer than five keeps all). */
export function splitHeldOut(examples: IntentExample[]): { train: IntentExample[]; test: IntentExample[] } {
  const byIntent = new Map<string, IntentExample[]>();
  for (const e of examples) byIntent.set(e.intent, [...(byIntent.get(e.intent) ?? []), e]);
  const train: IntentExample[] = [];
  const test: IntentExample[] = [];
  for (const list of byIntent.values()) {
    list.sort((a, b) => stableHash(a.text) - stableHash(b.text) || a.text.localeCompare(b.text));
    list.forEach((e, i) => (i % 5 === 4 ? test : train).push(e));
  }
  return { train, test };
}

const round = (x: number) => Math.round(x * 10000) / 10000;

/** Precision and recall per intent and the most confused pairs, from the held-out phrases' predictions. */
export function metricsOf(intents: string[], expected: string[], predicted: string[]): TrainingMetrics {
  const perIntent = intents
    .map((intent) => {
      let tp = 0,
        support = 0,
        called = 0;
      expected.forEach((e, i) => {
        if (e === intent) support++;
        if (predicted[i] === intent) called++;
        if (e === intent && predicted[i] === intent) tp++;
      });
      return { intent, precision: round(called ? tp / called : 0), recall: round(support ? tp / support : 0), support };
    })
    .filter((m) => m.support > 0);
  const pairs = new Map<string, number>();
  expected.forEach((e, i) => {
    if (predicted[i] !== e) pairs.set(`${e}\u0000${predicted[i]}`, (pairs.get(`${e}\u0000${predicted[i]}`) ?? 0) + 1);
  });
  const confused = [...pairs]
    .map(([k, count]) => ({ expected: k.split('\u0000')[0], predicted: k.split('\u0000')[1], count }))
    .sort((a, b) => b.count - a.count || a.expected.localeCompare(b.expected))
    .slice(0, 10);
  const correct = expected.filter((e, i) => predicted[i] === e).length;
  return { accuracy: round(expected.length ? correct / expected.length : 0), heldOut: expected.length, perIntent, confused };
}

export interface TrainedModel {
  model: IntentModel;
  metrics: TrainingMetrics;
  intents: number;
  examples: number;
}

/**
 * Trains and measures in the caller's transaction. `meter` false: no usage rows (the demo seed); otherwise each
 * engine call of it is metered on the client's OU.
 */
export async function trainClient(tx: Tx, tenantId: string, client: ClientRow, options: { meter?: boolean } = {}): Promise<TrainedModel> {
  const examples: IntentExample[] = (await phrasesOf(tx, client.id)).map((p) => ({ intent: p.intent, text: p.text }));
  const intents = [...new Set(examples.map((e) => e.intent))];
  if (intents.length < 2) throw new AppError('service_training_too_few_intents', [intents.length]);
  const ai = await clientAi(tx, tenantId, client);
  const run = <T>(fn: (engine: AiEngine) => Promise<T>): Promise<T> =>
    options.meter === false
      ? fn(ai.engine)
      : ai
          .metered('intent', async (engine) => ({
            value: await fn(engine),
            usage: { model: engine.provider, inputTokens: examples.length, outputTokens: 0, images: 0 },
          }))
          .then((r) => r.value);
  const threshold = Number(client.confidenceThreshold);
  const { train, test } = splitHeldOut(examples);
  const metrics = await run(async (engine) => {
    if (test.length === 0 || new Set(train.map((e) => e.intent)).size < 2) return metricsOf(intents, [], []);
    const heldOutModel = await engine.trainIntents(train);
    const predicted: string[] = [];
    for (const e of test) {
      const p = await engine.classifyIntent(heldOutModel, e.text, { threshold });
      predicted.push(p.outOfScope || !p.intent ? OUT_OF_SCOPE : p.intent);
    }
    return metricsOf(
      intents,
      test.map((e) => e.intent),
      predicted,
    );
  });
  const model = await run((engine) => engine.trainIntents(examples));
  return { model, metrics, intents: intents.length, examples: examples.length };
}

const toState = (row: ModelRow | undefined, active: ModelRow | undefined): TrainingState => ({
  trainingId: row?.id ?? null,
  status: row?.status ?? 'none',
  intents: row?.intents ?? 0,
  examples: row?.examples ?? 0,
  metrics: row?.metrics ?? null,
  errorCode: row?.errorCode ?? null,
  requestedAt: row?.requestedAt.toISOString() ?? null,
  trainedAt: row?.trainedAt?.toISOString() ?? null,
  activeTrainedAt: active?.trainedAt?.toISOString() ?? null,
});

/** A model trained elsewhere (fine tuning) stored as a done run: from now on the bot's model. */
export async function storeTrainedModel(
  tx: Tx,
  tenantId: string,
  clientId: string,
  trained: TrainedModel & { requestedBy: string | null; requestedAt: Date },
): Promise<void> {
  const now = new Date();
  await tx.insert(serviceModels).values({
    tenantId,
    id: uuidv7(),
    clientId,
    status: 'done',
    ...storedModel(trained.model),
    metrics: trained.metrics,
    intents: trained.intents,
    examples: trained.examples,
    requestedBy: trained.requestedBy,
    requestedAt: trained.requestedAt,
    startedAt: now,
    trainedAt: now,
  });
  await announceModel(tx, clientId);
}

/** The run whose model the bot uses: the newest done one (without the model: modelStore reads that). */
export async function activeModel(tx: Tx, clientId: string): Promise<ModelRow | undefined> {
  const [row] = await tx
    .select(runColumns)
    .from(serviceModels)
    .where(and(eq(serviceModels.clientId, clientId), eq(serviceModels.status, 'done')))
    .orderBy(desc(serviceModels.trainedAt), desc(serviceModels.id))
    .limit(1);
  return row;
}

export async function trainingState(tx: Tx, clientId: string): Promise<TrainingState> {
  const [latest] = await tx
    .select(runColumns)
    .from(serviceModels)
    .where(eq(serviceModels.clientId, clientId))
    .orderBy(desc(serviceModels.requestedAt), desc(serviceModels.id))
    .limit(1);
  return toState(latest, await activeModel(tx, clientId));
}

/** Queues a run (its own committed transaction, so the job finds it); process_cannot_be_requested while one is queued or running. */
export async function requestTraining(tx: Tx, actor: Actor, client: ClientRow): Promise<TrainingState> {
  await lockUniqueKey(tx, `service-train:${client.id}`);
  const busy = await tx
    .select({ id: serviceModels.id })
    .from(serviceModels)
    .where(and(eq(serviceModels.clientId, client.id), inArray(serviceModels.status, ['queued', 'running'])))
    .limit(1);
  if (busy.length) throw new AppError('process_cannot_be_requested');
  const id = uuidv7();
  await tx.insert(serviceModels).values({ tenantId: actor.tenantId, id, clientId: client.id, status: 'queued', requestedBy: actor.userId ?? null });
  await writeAudit(tx, actor, { module: 'service.training', action: 'create', entity: 'service-training', entityId: id, after: { clientCode: client.code } });
  return trainingState(tx, client.id);
}

/**
 * The job: claims a queued run (one UPDATE, so a job delivered twice trains once), trains in one transaction and
 * ends it done; a failure ends it failed with its catalogued code in a transaction of its own. Never throws.
 */
export async function runTraining(pools: Pools, tenantId: string, trainingId: string, log: (err: unknown) => void = () => {}): Promise<void> {
  try {
    await withTenant(pools.app, tenantId, async (tx) => {
      const [claimed] = await tx
        .update(serviceModels)
        .set({ status: 'running', startedAt: new Date() })
        .where(and(eq(serviceModels.id, trainingId), eq(serviceModels.status, 'queued')))
        .returning();
      if (!claimed) return;
      // The running state is seen by others only if this commits; a crash leaves it queued for the job's retry.
      const client = await clientRowById(tx, claimed.clientId);
      const trained = await trainClient(tx, tenantId, client);
      await tx
        .update(serviceModels)
        .set({
          status: 'done',
          ...storedModel(trained.model),
          metrics: trained.metrics,
          intents: trained.intents,
          examples: trained.examples,
          trainedAt: new Date(),
        })
        .where(eq(serviceModels.id, trainingId));
      await announceModel(tx, claimed.clientId);
    });
  } catch (err) {
    if (!(err instanceof AppError)) log(err);
    const errorCode = err instanceof AppError ? err.code : 'ai_response_failed';
    await withTenant(pools.app, tenantId, (tx) =>
      tx
        .update(serviceModels)
        .set({ status: 'failed', errorCode, trainedAt: null })
        .where(and(eq(serviceModels.id, trainingId), inArray(serviceModels.status, ['queued', 'running']))),
    ).catch(log);
  }
}
