import type { FastifyInstance } from 'fastify';
import { JSONL_CONTENT_TYPE, serviceFineTuningEndpoints as ep } from '@nusa/contracts';
import type { Principal } from '../../../platform/access/principal.ts';
import { withTenant } from '../../../platform/db/tenant.ts';
import { registerEndpoint } from '../../../platform/http/register.ts';
import { clientRowByCode } from '../clients/service.ts';
import { FINE_TUNE_QUEUE, fineTuneFollow, followRun, type FineTuneJob } from './follow.ts';
import { cancelRun, getRun, listRuns, requestRun } from './runs.ts';
import { buildTrainingSet, summaryOf, toJsonl } from './training-set.ts';

/**
 * Fine tuning (issue 12). A run is followed by a pg-boss job that comes back every few seconds until the provider's
 * job has finished; without jobs (JOBS=false) by timers in this process.
 */
export function fineTuningRoutes(app: FastifyInstance) {
  const boss = app.platform.jobs.boss;
  const queued = app.platform.jobs.started && boss;
  const log = (err: unknown) => app.log.warn({ err }, 'service fine tuning step failed');
  const again = (job: FineTuneJob) => {
    if (queued) return void boss.send(FINE_TUNE_QUEUE, job, { startAfter: Math.max(1, Math.ceil(fineTuneFollow.delayMs / 1000)) }).catch(log);
    const timer = setTimeout(() => void follow(job), fineTuneFollow.delayMs);
    timer.unref();
  };
  const follow = async (job: FineTuneJob) => {
    if (!(await followRun(app.platform.pools, job, log))) again(job);
  };
  if (queued) {
    app.addHook('onReady', async () => {
      await boss.createQueue(FINE_TUNE_QUEUE, { name: FINE_TUNE_QUEUE, retryLimit: 0, expireInSeconds: 15 * 60 });
      await boss.work<FineTuneJob>(FINE_TUNE_QUEUE, async ([job]) => follow(job.data));
    });
  }

  registerEndpoint(app, ep.getTrainingSet, async ({ tx, params }) => {
    const client = await clientRowByCode(tx, params.clientCode);
    return summaryOf(client, await buildTrainingSet(tx, client));
  });
  registerEndpoint(app, ep.exportTrainingSet, async ({ tx, params, reply }) => {
    const client = await clientRowByCode(tx, params.clientCode);
    const name = `${client.code.toLowerCase().replace(/[^\w.-]+/g, '-')}-fine-tuning-${new Date().toISOString().slice(0, 10)}.jsonl`;
    reply.header('content-type', JSONL_CONTENT_TYPE);
    reply.header('content-disposition', `attachment; filename="${name}"`);
    return Buffer.from(toJsonl(await buildTrainingSet(tx, client)), 'utf8');
  });
  registerEndpoint(app, ep.listFineTuneRuns, async ({ tx, params }) => listRuns(tx, await clientRowByCode(tx, params.clientCode)));
  registerEndpoint(app, ep.getFineTuneRun, ({ tx, params }) => getRun(tx, params.runId));
  registerEndpoint(app, ep.cancelFineTuneRun, ({ tx, principal, params }) => cancelRun(tx, principal, params.runId));
  registerEndpoint(
    app,
    ep.startFineTuneRun,
    async ({ principal, params }) => {
      const who = principal as Principal;
      // Its own committed transaction, so that the job finds the run.
      const run = await withTenant(app.platform.pools.app, who.tenantId, async (tx) => requestRun(tx, who, await clientRowByCode(tx, params.clientCode)));
      const job: FineTuneJob = { tenantId: who.tenantId, runId: run.runId };
      if (queued) await boss.send(FINE_TUNE_QUEUE, job, { singletonKey: job.runId });
      else setImmediate(() => void follow(job));
      return run;
    },
    { ownTransactions: true },
  );
}
