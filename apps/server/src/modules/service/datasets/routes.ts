import type { FastifyInstance } from 'fastify';
import { serviceDatasetEndpoints as datasetEp } from '@nusa/contracts';
import { registerEndpoint } from '../../../platform/http/register.ts';
import { sendXlsx } from '../../../platform/records/xlsx-reply.ts';
import { registerServiceImport, serviceImportRun } from '../imports.ts';
import { importItems } from './import.ts';
import * as datasets from './service.ts';

/** A client's datasets and their items, with the xlsx export and import (issue 12). */
export function serviceDatasetRoutes(app: FastifyInstance) {
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
}
