import { and, desc, eq, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { IntentModel } from '../../../platform/ai/engine.ts';
import { ModelCache } from '../../../platform/ai/model-cache.ts';
import { packModel, unpackModel } from '../../../platform/ai/local/model-pack.ts';
import { listen, type Listener } from '../../../platform/db/notifications.ts';
import { withTenant, type Tx } from '../../../platform/db/tenant.ts';
import { AppError } from '../../../platform/errors/app-error.ts';
import { serviceModels } from './schema.ts';

/**
 * Where a client's trained model is kept and how it is read (issue 24): packed in `service_models.packed`, loaded
 * once per process into `intentModels` by run id, and the run each client uses remembered while this process hears
 * NOTIFY nusa_service_models (a finished training says which client changed, on every instance). A warm
 * classification reads nothing of the model from the database.
 */
export const MODEL_CHANNEL = 'nusa_service_models';
/** Room for about twenty 150-intent, 15,000-sentence models (~20 MB packed each). */
export const MODEL_CACHE_BYTES = 512 * 1024 * 1024;

export const intentModels = new ModelCache<IntentModel>(MODEL_CACHE_BYTES);

/** The run a client classifies with, and the engine that trained it (known before the model is read). */
export interface ModelRef {
  id: string;
  engine: string;
}

const activeByClient = new Map<string, ModelRef>();
const listeners = new Set<Listener>();
/** Listeners connected in this process (one per app instance); while none is, nothing is remembered. */
let listening = 0;
/** Counts invalidations: a lookup that raced one does not remember what it read. */
let generation = 0;

function forgetClient(clientId: string) {
  generation++;
  const old = activeByClient.get(clientId);
  activeByClient.delete(clientId);
  if (old) intentModels.delete(old.id);
}

function forgetAll() {
  generation++;
  activeByClient.clear();
}

/** The columns a finished run stores its model in. */
export function storedModel(model: IntentModel): { model: null; packed: Buffer; engine: string } {
  return { model: null, packed: packModel({ engine: model.engine, intents: model.intents, state: model.state }, { halfFloats: true }), engine: model.engine };
}

export function unpackIntentModel(bytes: Uint8Array): IntentModel {
  const v = unpackModel(bytes);
  if (typeof v.engine !== 'string' || !Array.isArray(v.intents)) throw new AppError('ai_response_failed');
  return { engine: v.engine, intents: v.intents as string[], state: v.state };
}

/** Tells every instance (on commit) that the client's model changed. */
export async function announceModel(tx: Tx, clientId: string): Promise<void> {
  await tx.execute(sql`SELECT pg_notify(${MODEL_CHANNEL}, ${clientId})`);
}

/** The client's model run: the newest done one. */
export async function activeModelRef(tx: Tx, clientId: string): Promise<ModelRef | undefined> {
  const known = listening > 0 ? activeByClient.get(clientId) : undefined;
  if (known) return known;
  const seen = generation;
  const [row] = await tx
    .select({ id: serviceModels.id, engine: serviceModels.engine })
    .from(serviceModels)
    .where(and(eq(serviceModels.clientId, clientId), eq(serviceModels.status, 'done')))
    .orderBy(desc(serviceModels.trainedAt), desc(serviceModels.id))
    .limit(1);
  if (!row) return undefined;
  const ref = { id: row.id, engine: row.engine ?? '' };
  if (listening > 0 && seen === generation) activeByClient.set(clientId, ref);
  return ref;
}

/** Reads under way: messages arriving while a model is read wait for that read instead of starting their own. */
const reading = new Map<string, Promise<IntentModel>>();

/**
 * The model of a run: from memory, else read (packed, or the JSON of runs trained before packing) and kept. `ref`
 * came from the caller's tenant (RLS), so a read under way for the same run id is that tenant's too.
 */
export async function loadIntentModel(tx: Tx, ref: ModelRef): Promise<IntentModel> {
  const cached = intentModels.get(ref.id);
  if (cached) return cached;
  let read = reading.get(ref.id);
  if (!read) {
    read = readModel(tx, ref).finally(() => reading.delete(ref.id));
    reading.set(ref.id, read);
  }
  return read;
}

async function readModel(tx: Tx, ref: ModelRef): Promise<IntentModel> {
  intentModels.loads++;
  const [row] = await tx.select({ packed: serviceModels.packed, model: serviceModels.model }).from(serviceModels).where(eq(serviceModels.id, ref.id));
  let model: IntentModel | null | undefined;
  try {
    model = row?.packed ? unpackIntentModel(row.packed) : row?.model;
  } catch {
    throw new AppError('ai_response_failed');
  }
  if (!model) throw new AppError('ai_response_failed');
  intentModels.set(ref.id, model, row.packed?.byteLength ?? Buffer.byteLength(JSON.stringify(row.model)));
  return model;
}

/** Hears finished trainings of every instance; a lost connection forgets every client's run (notices were missed). */
export function watchModelChanges(app: FastifyInstance) {
  let connected = false;
  const down = () => {
    if (connected) listening--;
    connected = false;
    forgetAll();
  };
  const listener = listen(app.platform.pools.owner.options, {
    channel: MODEL_CHANNEL,
    onNotify: (clientId) => forgetClient(clientId),
    onConnect: () => {
      forgetAll();
      if (!connected) listening++;
      connected = true;
    },
    onDisconnect: down,
    onError: (err) => app.log.warn({ err: String(err) }, 'model listener: connection lost; models are looked up in the database until it is back'),
  });
  listeners.add(listener);
  app.addHook('onReady', () => {
    void preloadModels(app).catch((err: unknown) => app.log.warn({ err: String(err) }, 'intent models: preload failed'));
  });
  app.addHook('onClose', async () => {
    listeners.delete(listener);
    await listener.close();
    down();
  });
}

/** Resolves once every model change committed before the call has been heard (tests). */
export async function modelChangesHeard(): Promise<void> {
  await Promise.all([...listeners].map((l) => l.sync()));
}

/** Share of the cache a start fills with the newest clients' models, before any message asks. */
const PRELOAD_SHARE = 0.5;

/**
 * After a start, reads the models of the clients trained most recently, in the background, so that the first message
 * after a restart finds its model in memory or already being read (loadIntentModel waits for that read).
 */
async function preloadModels(app: FastifyInstance): Promise<void> {
  const { rows } = await app.platform.pools.owner.query<{ tenant_id: string; id: string; engine: string | null; bytes: number }>(
    `SELECT DISTINCT ON (client_id) tenant_id, id, engine, coalesce(octet_length(packed), 0)::int AS bytes
       FROM service_models WHERE status = 'done' ORDER BY client_id, trained_at DESC, id DESC`,
  );
  rows.sort((a, b) => (a.id < b.id ? 1 : -1)); // run ids are UUIDv7: newest first
  let budget = MODEL_CACHE_BYTES * PRELOAD_SHARE;
  for (const row of rows) {
    budget -= row.bytes;
    if (budget < 0) break;
    await withTenant(app.platform.pools.app, row.tenant_id, (tx) => loadIntentModel(tx, { id: row.id, engine: row.engine ?? '' }));
  }
}
