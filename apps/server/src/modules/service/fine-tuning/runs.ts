import { and, desc, eq, notInArray } from 'drizzle-orm';
import { v7 as uuidv7 } from 'uuid';
import { FINE_TUNE_FINISHED, type FineTuneRun, type FineTuneStatus } from '@nusa/contracts';
import { LOCAL_INTENT_ENGINE } from '../../../platform/ai/local/index.ts';
import { createFineTuningClient, stepOf, type FineTuningClient, type ProviderFineTuneJob } from '../../../platform/ai/openai-compatible/fine-tuning.ts';
import { openApiKey, REMOTE_MAX_RETRIES } from '../../../platform/ai/select.ts';
import { getAiSettings } from '../../../platform/ai/settings/service.ts';
import { writeAudit, type Actor } from '../../../platform/audit/write.ts';
import type { Pools } from '../../../platform/db/pools.ts';
import { withTenant, type Tx } from '../../../platform/db/tenant.ts';
import { AppError } from '../../../platform/errors/app-error.ts';
import { lockUniqueKey } from '../../../platform/numbering/lock.ts';
import { clientCodesByIds, clientRowById, type ClientRow } from '../clients/service.ts';
import { serviceFineTunes } from './schema.ts';
import { buildTrainingSet, toJsonl } from './training-set.ts';

export type FineTuneRow = typeof serviceFineTunes.$inferSelect;
const FINISHED = FINE_TUNE_FINISHED as FineTuneStatus[];

const num = (v: string | null) => (v === null ? null : Number(v));

export const toRun = (r: FineTuneRow, clientCode: string): FineTuneRun => ({
  runId: r.id,
  clientCode,
  provider: r.provider,
  status: r.status,
  progress: r.progress,
  baseModel: r.baseModel,
  fileId: r.fileId,
  jobId: r.jobId,
  fineTunedModel: r.fineTunedModel,
  chatExamples: r.chatExamples,
  classifierExamples: r.classifierExamples,
  accuracyBefore: num(r.accuracyBefore),
  accuracyAfter: num(r.accuracyAfter),
  heldOut: r.heldOut,
  answerPairs: r.answerIndex.length,
  errorCode: r.errorCode,
  error: r.error,
  lastEvent: r.lastEvent,
  requestedAt: r.requestedAt.toISOString(),
  finishedAt: r.finishedAt?.toISOString() ?? null,
});

export async function listRuns(tx: Tx, client: ClientRow): Promise<{ data: FineTuneRun[] }> {
  const rows = await tx
    .select()
    .from(serviceFineTunes)
    .where(eq(serviceFineTunes.clientId, client.id))
    .orderBy(desc(serviceFineTunes.requestedAt), desc(serviceFineTunes.id))
    .limit(50);
  return { data: rows.map((r) => toRun(r, client.code)) };
}

export async function runRow(tx: Tx, runId: string): Promise<FineTuneRow> {
  const [row] = await tx.select().from(serviceFineTunes).where(eq(serviceFineTunes.id, runId));
  if (!row) throw new AppError('fine_tunning_not_exists', [runId]);
  return row;
}

export async function getRun(tx: Tx, runId: string): Promise<FineTuneRun> {
  const row = await runRow(tx, runId);
  return toRun(row, (await clientCodesByIds(tx, [row.clientId])).get(row.clientId) ?? '');
}

const audit = (tx: Tx, actor: Actor, action: 'create' | 'update', id: string, before?: unknown, after?: unknown) =>
  writeAudit(tx, actor, { module: 'service.fine-tuning', action, entity: 'service-fine-tune', entityId: id, before, after });

/** Which engine a run of the client uses, and the model it starts from: the client's own choice, else the tenant's settings. */
async function target(tx: Tx, client: ClientRow): Promise<{ provider: 'local' | 'openai-compatible'; baseModel: string }> {
  const settings = await getAiSettings(tx);
  if (client.engine === 'local' || settings.provider !== 'openai-compatible') return { provider: 'local', baseModel: LOCAL_INTENT_ENGINE };
  return { provider: 'openai-compatible', baseModel: client.model || settings.models.chat };
}

/**
 * Asks for a run (its own committed transaction, so that the job finds it): process_cannot_be_requested while one of
 * the client's runs is not finished; a remote run needs chat examples, a local one two intents.
 */
export async function requestRun(tx: Tx, actor: Actor, client: ClientRow): Promise<FineTuneRun> {
  await lockUniqueKey(tx, `service-fine-tune:${client.id}`);
  const busy = await tx
    .select({ id: serviceFineTunes.id })
    .from(serviceFineTunes)
    .where(and(eq(serviceFineTunes.clientId, client.id), notInArray(serviceFineTunes.status, FINISHED)))
    .limit(1);
  if (busy.length) throw new AppError('process_cannot_be_requested');
  const { provider, baseModel } = await target(tx, client);
  const set = await buildTrainingSet(tx, client);
  if (provider === 'openai-compatible' && set.chat.length === 0) throw new AppError('service_fine_tune_set_empty', [client.code]);
  const labels = new Set(set.classifier.map((e) => e.intent)).size;
  if (provider === 'local' && labels < 2) throw new AppError('service_training_too_few_intents', [labels]);
  const id = uuidv7();
  await tx.insert(serviceFineTunes).values({
    tenantId: actor.tenantId,
    id,
    clientId: client.id,
    provider,
    baseModel,
    chatExamples: set.chat.length,
    classifierExamples: set.classifier.length,
    requestedBy: actor.userId ?? null,
  });
  const run = toRun(await runRow(tx, id), client.code);
  await audit(tx, actor, 'create', id, undefined, { clientCode: client.code, provider, baseModel, chatExamples: run.chatExamples });
  return run;
}

async function remoteClient(tx: Tx, tenantId: string): Promise<FineTuningClient> {
  const settings = await getAiSettings(tx);
  if (settings.provider !== 'openai-compatible' || !settings.baseUrl) throw new AppError('ai_settings_incomplete', ['provider']);
  return createFineTuningClient({
    baseUrl: settings.baseUrl,
    apiKey: openApiKey(settings, tenantId),
    timeoutMs: settings.timeoutSeconds * 1000,
    maxRetries: REMOTE_MAX_RETRIES,
  });
}

/** Cancels a run that has not finished (at the provider too, when its job exists); a finished run is answered as it is. */
export async function cancelRun(tx: Tx, actor: Actor, runId: string): Promise<FineTuneRun> {
  const before = await runRow(tx, runId);
  await lockUniqueKey(tx, `service-fine-tune-run:${runId}`);
  const row = await runRow(tx, runId);
  if (FINISHED.includes(row.status)) return getRun(tx, runId);
  if (row.provider === 'openai-compatible' && row.jobId) await (await remoteClient(tx, actor.tenantId)).cancelJob(row.jobId);
  await tx.update(serviceFineTunes).set({ status: 'cancelled', progress: 100, finishedAt: new Date() }).where(eq(serviceFineTunes.id, runId));
  const after = await getRun(tx, runId);
  await audit(tx, actor, 'update', runId, toRun(before, after.clientCode), after);
  return after;
}

const PROGRESS: Record<FineTuneStatus, number> = { pending: 0, validating_files: 10, queued: 20, running: 30, succeeded: 100, failed: 100, cancelled: 100 };

/** How far a provider's job is: by its status, and while running by its newest "Step n/N" event. */
function progressOf(job: ProviderFineTuneJob, step: { step: number; total: number } | undefined): number {
  if (job.status === 'running' && step && step.total > 0) return Math.min(95, 30 + Math.floor((65 * step.step) / step.total));
  return PROGRESS[job.status];
}

/** The job's state written on the run; `fine_tuned_model` kept when it succeeded, the provider's words when it failed. */
function fromJob(job: ProviderFineTuneJob, events: { message: string }[], step: { step: number; total: number } | undefined): Partial<FineTuneRow> {
  const finished = FINISHED.includes(job.status);
  const failedWords = job.error?.message ? `${job.error.code ? `${job.error.code}: ` : ''}${job.error.message}` : (events[0]?.message ?? job.status);
  return {
    status: job.status,
    progress: progressOf(job, step),
    jobId: job.id,
    fineTunedModel: job.fine_tuned_model ?? null,
    lastEvent: events[0]?.message ?? null,
    ...(job.status === 'failed' ? { errorCode: 'ai_response_failed', error: failedWords } : {}),
    ...(finished ? { finishedAt: job.finished_at ? new Date(job.finished_at * 1000) : new Date() } : {}),
  };
}

/**
 * One step of following a remote run: a pending run's file is uploaded and its job created; a sent one's job and
 * newest events are read. Under a lock per run, so that two deliveries of the job do not upload twice. Answers
 * whether the run has finished.
 */
export async function stepRemoteRun(tx: Tx, tenantId: string, runId: string): Promise<boolean> {
  await lockUniqueKey(tx, `service-fine-tune-run:${runId}`);
  const row = await runRow(tx, runId);
  if (FINISHED.includes(row.status)) return true;
  const remote = await remoteClient(tx, tenantId);
  let job: ProviderFineTuneJob;
  if (!row.jobId) {
    const client = await clientRowById(tx, row.clientId);
    const set = await buildTrainingSet(tx, client);
    if (set.chat.length === 0) throw new AppError('service_fine_tune_set_empty', [client.code]);
    const fileId = row.fileId ?? (await remote.uploadTrainingFile(toJsonl(set), `${client.code.toLowerCase()}-training.jsonl`));
    // Kept at once: a failure creating the job does not upload the file again.
    await tx
      .update(serviceFineTunes)
      .set({ fileId, chatExamples: set.chat.length, classifierExamples: set.classifier.length })
      .where(eq(serviceFineTunes.id, runId));
    job = await remote.createJob(fileId, row.baseModel ?? '', client.code.toLowerCase().slice(0, 18));
  } else job = await remote.getJob(row.jobId);
  const events = await remote.listEvents(job.id);
  const update = fromJob(job, events, stepOf(events));
  await tx.update(serviceFineTunes).set(update).where(eq(serviceFineTunes.id, runId));
  return FINISHED.includes(job.status);
}

/** Ends a run failed with its catalogued code and the words of the failure, unless it finished already. */
export async function failRun(pools: Pools, tenantId: string, runId: string, err: unknown): Promise<void> {
  const errorCode = err instanceof AppError ? err.code : 'ai_response_failed';
  const words = err instanceof AppError ? err.args.map(String).join(' ') || err.code : err instanceof Error ? err.message : String(err);
  await withTenant(pools.app, tenantId, (tx) =>
    tx
      .update(serviceFineTunes)
      .set({ status: 'failed', errorCode, error: words, progress: 100, finishedAt: new Date() })
      .where(and(eq(serviceFineTunes.id, runId), notInArray(serviceFineTunes.status, FINISHED))),
  );
}
