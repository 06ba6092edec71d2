import { and, eq, sql } from 'drizzle-orm';
import { v7 as uuidv7 } from 'uuid';
import { SETUP_STEPS, type ServiceSetupState as SetupState } from '@nusa/contracts';
import { writeAudit, type Actor } from '../../../platform/audit/write.ts';
import type { Pools } from '../../../platform/db/pools.ts';
import { withTenant, type Tx } from '../../../platform/db/tenant.ts';
import { AppError } from '../../../platform/errors/app-error.ts';
import { lockUniqueKey } from '../../../platform/numbering/lock.ts';
import { listChannels, setChannelActive, type ChannelPlatform } from '../channels/service.ts';
import { clientRowById, type ClientRow } from '../clients/service.ts';
import { serviceClients } from '../clients/index.ts';
import { listDatasets } from '../datasets/service.ts';
import { requestTraining, runTraining, trainingState } from '../intents/index.ts';

type SetupStepName = SetupState['steps'][number]['name'];

/**
 * The new-client wizard's "process all" (issue 12, spec 4): the client's set-up state holds the run and each step's
 * outcome. A request queues the run (refused while one is queued or running); the job runs the steps in order, each
 * in transactions of its own so that the page sees each step's outcome as it happens, and stops at the first failure.
 * Asked again after a failure, the steps already done are kept and the failed one runs again.
 */
export const SETUP_QUEUE = 'service-setup';

export interface SetupJob {
  tenantId: string;
  tenantCode: string;
  userId: string | null;
  clientId: string;
  runId: string;
}

const setState = (tx: Tx, clientId: string, state: SetupState) =>
  tx.update(serviceClients).set({ setupState: state, updatedAt: new Date() }).where(eq(serviceClients.id, clientId));

/** Queues a run on the client; its own committed transaction, so the job finds it. */
export async function requestSetup(tx: Tx, actor: Actor, client: ClientRow): Promise<SetupState> {
  await lockUniqueKey(tx, `service-setup:${client.id}`);
  const [row] = await tx.select({ state: serviceClients.setupState }).from(serviceClients).where(eq(serviceClients.id, client.id));
  const before = row.state;
  if (before.status === 'queued' || before.status === 'running') throw new AppError('process_cannot_be_requested');
  // A retry keeps what the failed run got done; a first run (or a run after a done one) does every step.
  const kept = (name: SetupStepName) => before.status === 'failed' && before.steps.some((s) => s.name === name && s.status === 'done');
  const state: SetupState = {
    status: 'queued',
    jobId: uuidv7(),
    requestedAt: new Date().toISOString(),
    finishedAt: null,
    steps: SETUP_STEPS.map((name) => (kept(name) ? before.steps.find((s) => s.name === name)! : { name, status: 'pending', errorCode: null, at: null })),
  };
  await setState(tx, client.id, state);
  await writeAudit(tx, actor, {
    module: 'service.client',
    action: 'update',
    entity: 'service-client-setup',
    entityId: client.id,
    before: { status: before.status },
    after: { status: 'queued', clientCode: client.code },
  });
  return state;
}

/** The client's set-up state as the page polls it. */
export async function setupStateOf(tx: Tx, clientId: string): Promise<SetupState> {
  const [row] = await tx.select({ state: serviceClients.setupState }).from(serviceClients).where(eq(serviceClients.id, clientId));
  return row.state;
}

/** The dataset step: the wizard's items went in through the import runs; the bot needs at least one item to answer from. */
async function importDataset(tx: Tx, client: ClientRow) {
  const datasets = await listDatasets(tx, client.code, { page: 1, limit: 100 });
  if (!datasets.items.some((d) => d.itemCount > 0)) throw new AppError('service_setup_dataset_empty', [client.code]);
}

/** The AI step: a training run of the client's intents, the same as the intent page's Train. */
async function setupAi(pools: Pools, job: SetupJob, log: (err: unknown) => void) {
  const actor: Actor = { tenantId: job.tenantId, userId: job.userId ?? undefined };
  const queued = await withTenant(pools.app, job.tenantId, async (tx) => requestTraining(tx, actor, await clientRowById(tx, job.clientId)));
  await runTraining(pools, job.tenantId, queued.trainingId!, log);
  const done = await withTenant(pools.app, job.tenantId, (tx) => trainingState(tx, job.clientId));
  if (done.status !== 'done') throw new AppError((done.errorCode ?? 'processing_error') as never);
}

/** The integration step: every channel saved in the wizard is switched on (a channel missing attributes fails it). */
async function runIntegration(tx: Tx, platform: ChannelPlatform, job: SetupJob, client: ClientRow) {
  const actor = { tenantId: job.tenantId, userId: job.userId ?? undefined, tenantCode: job.tenantCode };
  const { items } = await listChannels(tx, platform, job.tenantCode, client.code);
  for (const c of items) if (c.channelId && !c.active) await setChannelActive(tx, actor, platform, client.code, c.kind, true);
}

/** The job: claims the queued run, then runs its steps in order. Never throws; a failure ends the run failed with its code. */
export async function runSetup(pools: Pools, platform: ChannelPlatform, job: SetupJob, log: (err: unknown) => void = () => {}): Promise<void> {
  const within = <T>(fn: (tx: Tx) => Promise<T>) => withTenant(pools.app, job.tenantId, fn);
  const claimed = await within(async (tx) => {
    const [row] = await tx
      .update(serviceClients)
      .set({ setupState: sql`jsonb_set(${serviceClients.setupState}, '{status}', '"running"')` })
      .where(
        and(
          eq(serviceClients.id, job.clientId),
          sql`${serviceClients.setupState}->>'status' = 'queued'`,
          sql`${serviceClients.setupState}->>'jobId' = ${job.runId}`,
        ),
      )
      .returning({ state: serviceClients.setupState });
    return row?.state;
  }).catch((err) => {
    log(err);
    return undefined;
  });
  if (!claimed) return;
  const state = claimed;
  const save = () => within((tx) => setState(tx, job.clientId, state));
  for (const step of state.steps) {
    if (step.status === 'done') continue;
    step.status = 'running';
    step.errorCode = null;
    await save();
    try {
      if (step.name === 'setupAi') await setupAi(pools, job, log);
      else
        await within(async (tx) => {
          const client = await clientRowById(tx, job.clientId);
          if (step.name === 'importDataset') await importDataset(tx, client);
          else await runIntegration(tx, platform, job, client);
        });
      step.status = 'done';
    } catch (err) {
      if (!(err instanceof AppError)) log(err);
      step.status = 'failed';
      step.errorCode = err instanceof AppError ? err.code : 'processing_error';
    }
    step.at = new Date().toISOString();
    if (step.status === 'failed') break;
    await save();
  }
  state.status = state.steps.every((s) => s.status === 'done') ? 'done' : 'failed';
  state.finishedAt = new Date().toISOString();
  await save().catch(log);
}
