import type { FastifyInstance } from 'fastify';
import { serviceClientEndpoints as clientEp, serviceDatasetEndpoints as datasetEp, serviceIntentEndpoints as intentEp } from '@nusa/contracts';
import type { Principal } from '../../platform/access/principal.ts';
import { withTenant } from '../../platform/db/tenant.ts';
import { registerEndpoint } from '../../platform/http/register.ts';
import { sendXlsx } from '../../platform/records/xlsx-reply.ts';
import { answerCustomer } from './bot/answer.ts';
import { classify } from './bot/classify.ts';
import * as clients from './clients/service.ts';
import { conversationRow, openConversation } from './conversations/service.ts';
import { importItems } from './datasets/import.ts';
import * as datasets from './datasets/service.ts';
import { registerServiceImport, serviceImportRun } from './imports.ts';
import { importIntents } from './intents/import.ts';
import * as intents from './intents/service.ts';
import { requestTraining, runTraining, trainingState, TRAIN_QUEUE } from './intents/training.ts';

/** The customer-service chatbot (issue 12): clients, datasets, intents, training, classification and the virtual chat. */
export function serviceRoutes(app: FastifyInstance) {
  registerEndpoint(app, clientEp.listServiceClients, ({ tx, query }) => clients.listClients(tx, query));
  registerEndpoint(app, clientEp.getServiceClient, ({ tx, params }) => clients.getClient(tx, params.clientCode));
  registerEndpoint(app, clientEp.createServiceClient, ({ tx, principal, body }) => clients.createClient(tx, principal, body));
  registerEndpoint(app, clientEp.updateServiceClient, ({ tx, principal, params, body }) => clients.updateClient(tx, principal, params.clientCode, body));
  registerEndpoint(app, clientEp.deleteServiceClient, async ({ tx, principal, params }) => {
    await clients.deleteClient(tx, principal, params.clientCode);
    return { ok: true as const };
  });

  registerEndpoint(app, datasetEp.listServiceDatasets, ({ tx, params, query }) => datasets.listDatasets(tx, params.clientCode, query));
  registerEndpoint(app, datasetEp.createServiceDataset, ({ tx, principal, params, body }) => datasets.createDataset(tx, principal, params.clientCode, body));
  registerEndpoint(app, datasetEp.getServiceDataset, ({ tx, params }) => datasets.getDataset(tx, params.datasetId));
  registerEndpoint(app, datasetEp.updateServiceDataset, ({ tx, principal, params, body }) => datasets.updateDataset(tx, principal, params.datasetId, body));
  registerEndpoint(app, datasetEp.deleteServiceDataset, async ({ tx, principal, params }) => {
    await datasets.deleteDataset(tx, principal, params.datasetId);
    return { ok: true as const };
  });
  registerEndpoint(app, datasetEp.listDatasetItems, ({ tx, params, query }) => datasets.listItems(tx, params.datasetId, query));
  registerEndpoint(app, datasetEp.createDatasetItem, ({ tx, principal, params, body }) => datasets.createItem(tx, principal, params.datasetId, body.values));
  registerEndpoint(app, datasetEp.updateDatasetItem, ({ tx, principal, params, body }) =>
    datasets.updateItem(tx, principal, params.datasetId, params.itemId, body.values),
  );
  registerEndpoint(app, datasetEp.deleteDatasetItem, async ({ tx, principal, params }) => {
    await datasets.deleteItem(tx, principal, params.datasetId, params.itemId);
    return { ok: true as const };
  });
  registerEndpoint(app, datasetEp.exportDatasetItems, async ({ tx, params, query, reply }) => {
    const { name, file } = await datasets.exportItems(tx, params.datasetId, query.keyword);
    return sendXlsx(reply, name.replace(/[^\w.-]+/g, '-').toLowerCase() || 'dataset', file);
  });
  registerServiceImport(
    app,
    datasetEp.importDatasetItems,
    async (tx, params: { datasetId: string }) => ({ datasetId: (await datasets.datasetRow(tx, params.datasetId)).id }),
    importItems,
  );
  registerEndpoint(app, datasetEp.getServiceImport, ({ tx, principal, params }) => serviceImportRun(tx, principal, params.importId));

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
  // The client is resolved in the run (after the sheet is known readable) from the id the request found.
  registerServiceImport(
    app,
    intentEp.importServiceIntents,
    async (tx, params: { clientCode: string }) => ({ clientId: (await clients.clientRowByCode(tx, params.clientCode)).id }),
    importIntents,
  );

  trainingRoutes(app);

  registerEndpoint(app, intentEp.classifyServiceText, async ({ tx, params, body }) =>
    classify(tx, await clients.clientRowByCode(tx, params.clientCode), body.text),
  );
  registerEndpoint(app, intentEp.virtualChat, async ({ tx, principal, params, body }) => {
    const client = await clients.clientRowByCode(tx, params.clientCode);
    const conversation = body.conversationId
      ? await conversationRow(tx, body.conversationId, client.id)
      : await openConversation(tx, principal.tenantId, client.id, {
          channelKind: 'virtual',
          customerKey: `virtual:${principal.userId}`,
          customerName: principal.username,
        });
    const turn = await answerCustomer(tx, client, conversation, body.message);
    return {
      conversationId: turn.conversationId,
      reply: turn.reply,
      intent: turn.intent,
      confidence: turn.confidence,
      sources: turn.sources,
      handedOver: turn.handedOver,
      handoverReason: turn.handoverReason,
    };
  });
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
