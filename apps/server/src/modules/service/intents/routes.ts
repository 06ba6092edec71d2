import type { FastifyInstance } from 'fastify';
import { serviceIntentEndpoints as intentEp } from '@nusa/contracts';
import type { Principal } from '../../../platform/access/principal.ts';
import { withTenant } from '../../../platform/db/tenant.ts';
import { registerEndpoint } from '../../../platform/http/register.ts';
import { sendXlsx } from '../../../platform/records/xlsx-reply.ts';
import * as clients from '../clients/service.ts';
import { registerServiceImport } from '../imports.ts';
import { importIntents } from './import.ts';
import * as intents from './service.ts';
import { requestTraining, runTraining, trainingState, TRAIN_QUEUE } from './training.ts';

/** A client's intents and phrases, their xlsx export and import, and the classifier's training (issue 12). */
export function intentRoutes(app: FastifyInstance) {
  registerEndpoint(app, intentEp.listServiceIntents, ({ tx, params, query }) => intents.listIntents(tx, params.clientCode, query));
  registerEndpoint(app, intentEp.createServiceIntent, ({ tx, principal, params, body }) => intents.createIntent(tx, principal, params.clientCode, body));
  registerEndpoint(app, intentEp.getServiceIntent, ({ tx, params }) => intents.getIntent(tx, params.intentId));
  registerEndpoint(app, intentEp.updateServiceIntent, ({ tx, principal, params, body }) => intents.updateIntent(tx, principal, params.intentId, body));
  registerEndpoint(app, intentEp.deleteServiceIntent, async ({ tx, principal, params }) => {
    await intents.deleteIntent(tx, principal, params.intentId);
    return { ok: true as const };
  });
  registerEndpoint(app, intentEp.addIntentPhrase, ({ tx, principal, params, body }) => intents.addPhrase(tx, principal, params.intentId, body.text));
  registerEndpoint(app, intentEp.deleteIntentPhrase, ({ tx, principal, params }) => intents.deletePhrase(tx, principal, params.intentId, params.phraseId));
  registerEndpoint(app, intentEp.exportServiceIntents, async ({ tx, params, reply }) => {
    const { name, file } = await intents.exportIntents(tx, params.clientCode);
    return sendXlsx(reply, name, file);
  });
  registerEndpoint(app, intentEp.intentImportTemplate, async ({ query, reply }) =>
    sendXlsx(reply, query.lang === 'en' ? 'intents-template' : 'template-intent', await intents.intentImportTemplate(query.lang)),
  );
  // The client is resolved in the run (after the sheet is known readable) from the id the request found.
  registerServiceImport(
    app,
    intentEp.importServiceIntents,
    async (tx, params: { clientCode: string }) => ({ clientId: (await clients.clientRowByCode(tx, params.clientCode)).id }),
    importIntents,
  );

  trainingRoutes(app);
}

/** Training runs as a pg-boss job; without jobs (JOBS=false) in this process right after the answer, as the imports do. */
function trainingRoutes(app: FastifyInstance) {
  const boss = app.platform.jobs.boss;
  const queued = app.platform.jobs.started && boss;
  const log = (err: unknown) => app.log.error({ err }, 'service training failed');
  if (queued) {
    app.addHook('onReady', async () => {
      await boss.createQueue(TRAIN_QUEUE, { name: TRAIN_QUEUE, retryLimit: 2, retryDelay: 5, expireInSeconds: 15 * 60 });
      await boss.work<{ tenantId: string; trainingId: string }>(TRAIN_QUEUE, async ([job]) =>
        runTraining(app.platform.pools, job.data.tenantId, job.data.trainingId, log),
      );
    });
  }
  registerEndpoint(
    app,
    intentEp.trainServiceClient,
    async ({ principal, params }) => {
      const who = principal as Principal;
      // Its own committed transaction, so that the job finds the queued run.
      const state = await withTenant(app.platform.pools.app, who.tenantId, async (tx) =>
        requestTraining(tx, who, await clients.clientRowByCode(tx, params.clientCode)),
      );
      const job = { tenantId: who.tenantId, trainingId: state.trainingId! };
      if (queued) await boss.send(TRAIN_QUEUE, job, { singletonKey: job.trainingId });
      else setImmediate(() => void runTraining(app.platform.pools, job.tenantId, job.trainingId, log));
      return state;
    },
    { ownTransactions: true },
  );
  registerEndpoint(app, intentEp.getServiceTraining, async ({ tx, params }) => trainingState(tx, (await clients.clientRowByCode(tx, params.clientCode)).id));
}
