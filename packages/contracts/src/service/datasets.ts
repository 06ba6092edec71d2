import { z } from 'zod';
import { XLSX_CONTENT_TYPE, defineEndpoint, listOf, listQuery } from '../endpoint.ts';
import { importRun } from '../accounting/sheet-import.ts';
import { CLIENT_EDIT, SERVICE_IMPORT, SERVICE_TASKS } from './access.ts';
import { clientCodeParam } from './clients.ts';

/** A client's datasets (spec 3: name, attributes typed ANY, TEXT or NUMBER, items): what the bot answers from. */
export const ATTRIBUTE_TYPES = ['ANY', 'TEXT', 'NUMBER'] as const;
export type AttributeType = (typeof ATTRIBUTE_TYPES)[number];

export const datasetAttribute = z.object({
  name: z
    .string()
    .trim()
    .min(1)
    .max(60)
    .regex(/^[^\n\r\t]+$/, 'one line'),
  type: z.enum(ATTRIBUTE_TYPES),
});
export type DatasetAttribute = z.infer<typeof datasetAttribute>;

export const serviceDataset = z.object({
  datasetId: z.string(),
  clientId: z.string(),
  clientCode: z.string(),
  name: z.string(),
  attributes: z.array(datasetAttribute),
  itemCount: z.number().int(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type ServiceDataset = z.infer<typeof serviceDataset>;

export const serviceDatasetInput = z.object({
  name: z.string().trim().min(1).max(100),
  attributes: z.array(datasetAttribute).min(1).max(30),
});
export type ServiceDatasetInput = z.input<typeof serviceDatasetInput>;

/** An item's values by attribute name: a NUMBER as a decimal string (exact), others as text; missing or null is empty. */
export const itemValues = z.record(z.string(), z.union([z.string(), z.number(), z.null()]));
export const datasetItem = z.object({
  itemId: z.string(),
  datasetId: z.string(),
  values: z.record(z.string(), z.string().nullable()),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type DatasetItem = z.infer<typeof datasetItem>;

const datasetId = z.object({ datasetId: z.uuid() });
const itemId = z.object({ datasetId: z.uuid(), itemId: z.uuid() });

/** An item import run; once done its report counts the items created (a row with an ID of the dataset updates that item). */
export const serviceImportRun = importRun;

export const serviceDatasetEndpoints = {
  listServiceDatasets: defineEndpoint({
    method: 'GET',
    path: '/v1/service/clients/{clientCode}/datasets',
    access: SERVICE_TASKS,
    summary: "A client's datasets with their attributes and item counts",
    params: clientCodeParam,
    query: listQuery,
    response: listOf(serviceDataset),
  }),
  createServiceDataset: defineEndpoint({
    method: 'POST',
    path: '/v1/service/clients/{clientCode}/datasets',
    access: CLIENT_EDIT,
    summary: 'Create a dataset: a name unique in the client and typed attributes',
    params: clientCodeParam,
    body: serviceDatasetInput,
    response: serviceDataset,
  }),
  getServiceDataset: defineEndpoint({
    method: 'GET',
    path: '/v1/service/datasets/{datasetId}',
    access: SERVICE_TASKS,
    summary: 'One dataset',
    params: datasetId,
    response: serviceDataset,
  }),
  updateServiceDataset: defineEndpoint({
    method: 'PUT',
    path: '/v1/service/datasets/{datasetId}',
    access: CLIENT_EDIT,
    summary: "Rename a dataset or change its attributes: a removed attribute's values go, a NUMBER attribute must hold numbers in every item",
    params: datasetId,
    body: serviceDatasetInput,
    response: serviceDataset,
  }),
  deleteServiceDataset: defineEndpoint({
    method: 'DELETE',
    path: '/v1/service/datasets/{datasetId}',
    access: CLIENT_EDIT,
    summary: 'Delete a dataset with its items',
    params: datasetId,
    response: z.object({ ok: z.literal(true) }),
  }),
  listDatasetItems: defineEndpoint({
    method: 'GET',
    path: '/v1/service/datasets/{datasetId}/items',
    access: SERVICE_TASKS,
    summary: "A dataset's items, newest last; keyword searches them as the bot does (full text in Indonesian and English, and trigrams)",
    params: datasetId,
    query: listQuery,
    response: listOf(datasetItem),
  }),
  createDatasetItem: defineEndpoint({
    method: 'POST',
    path: '/v1/service/datasets/{datasetId}/items',
    access: CLIENT_EDIT,
    summary: 'Add an item: values by attribute name, typed by the attribute',
    params: datasetId,
    body: z.object({ values: itemValues }),
    response: datasetItem,
  }),
  updateDatasetItem: defineEndpoint({
    method: 'PUT',
    path: '/v1/service/datasets/{datasetId}/items/{itemId}',
    access: CLIENT_EDIT,
    summary: "Change an item's values",
    params: itemId,
    body: z.object({ values: itemValues }),
    response: datasetItem,
  }),
  deleteDatasetItem: defineEndpoint({
    method: 'DELETE',
    path: '/v1/service/datasets/{datasetId}/items/{itemId}',
    access: CLIENT_EDIT,
    summary: 'Delete an item',
    params: itemId,
    response: z.object({ ok: z.literal(true) }),
  }),
  importDatasetItems: defineEndpoint({
    method: 'POST',
    path: '/v1/service/datasets/{datasetId}/items/import',
    access: CLIENT_EDIT,
    summary:
      'Start importing items from an xlsx file sent as the raw body (first sheet; header: the attribute names, any case, and optionally ID as the export writes it). ' +
      'Answers the queued run; GET /v1/service/imports/{importId} follows it. Bad cells are reported by row and column and their rows not saved',
    params: datasetId,
    response: serviceImportRun,
  }),
  exportDatasetItems: defineEndpoint({
    method: 'GET',
    path: '/v1/service/datasets/{datasetId}/items/export',
    access: SERVICE_TASKS,
    summary: "A dataset's items (of the keyword) as an xlsx file the import reads back",
    params: datasetId,
    query: z.object({ keyword: listQuery.shape.keyword }),
    response: z.custom<Uint8Array>(),
    file: { contentType: XLSX_CONTENT_TYPE },
  }),
  getServiceImport: defineEndpoint({
    method: 'GET',
    path: '/v1/service/imports/{importId}',
    access: SERVICE_IMPORT,
    summary: "One of the caller's own service imports (dataset items, intents): status, rows read, and once done the report",
    params: z.object({ importId: z.uuid() }),
    response: serviceImportRun,
  }),
};
