import type { FastifyInstance } from 'fastify';
import { serviceSetupEndpoints as ep } from '@nusa/contracts';
import type { Principal } from '../../../platform/access/principal.ts';
import { withTenant } from '../../../platform/db/tenant.ts';
import { registerEndpoint } from '../../../platform/http/register.ts';
import { channelPlatform } from '../channels/service.ts';
import { clientRowByCode } from '../clients/service.ts';
import { readinessOf } from './readiness.ts';
import { requestSetup, runSetup, setupStateOf, SETUP_QUEUE, type SetupJob } from './process.ts';

/** The new-client wizard's "process all" as a pg-boss job; without jobs (JOBS=false) in this process right after the answer. */
export function setupRoutes(app: FastifyInstance) {
  const platform = channelPlatform(app);
  const boss = app.platform.jobs.boss;
  const queued = app.platform.jobs.started && boss;
  const log = (err: unknown) => app.log.error({ err }, 'service set-up failed');
  if (queued) {
    app.addHook('onReady', async () => {
      await boss.createQueue(SETUP_QUEUE, { name: SETUP_QUEUE, retryLimit: 0, expireInSeconds: 30 * 60 });
      await boss.work<SetupJob>(SETUP_QUEUE, async ([job]) => runSetup(app.platform.pools, platform, job.data, log));
    });
  }
  registerEndpoint(
    app,
    ep.processServiceClientSetup,
    async ({ principal, params }) => {
      const who = principal as Principal;
      const { state, clientId } = await withTenant(app.platform.pools.app, who.tenantId, async (tx) => {
        const client = await clientRowByCode(tx, params.clientCode);
        return { state: await requestSetup(tx, who, client), clientId: client.id };
      });
      const job: SetupJob = { tenantId: who.tenantId, tenantCode: who.tenantCode, userId: who.userId ?? null, clientId, runId: state.jobId! };
      if (queued) await boss.send(SETUP_QUEUE, job, { singletonKey: job.runId });
      else setImmediate(() => void runSetup(app.platform.pools, platform, job, log));
      return state;
    },
    { ownTransactions: true },
  );
  registerEndpoint(app, ep.getServiceClientReadiness, async ({ tx, principal, params }) =>
    readinessOf(tx, platform, (principal as Principal).tenantCode, await clientRowByCode(tx, params.clientCode)),
  );
  registerEndpoint(app, ep.getServiceClientSetup, async ({ tx, params }) => setupStateOf(tx, (await clientRowByCode(tx, params.clientCode)).id));
}
