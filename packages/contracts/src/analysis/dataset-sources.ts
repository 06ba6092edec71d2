import { z } from 'zod';
import { defineEndpoint } from '../endpoint.ts';
import { analysisImportRun } from './datasets.ts';

/**
 * Dataset sources besides an upload (issue 13): a Google Sheet read with the tenant's service account (spec 2's guide:
 * copy the template, share the sheet with the service account, paste the URL, verify, import; importing again replaces
 * the rows), and an API an application posts rows to with a per-dataset key and an Idempotency-Key.
 */

const DATASET_ADD = ['addManageDatabaseAiAnalytics'] as const;
const DATASET_EDIT = ['editManageDatabaseAiAnalytics'] as const;
const DATASET_READ = ['viewManageDatabaseAiAnalytics', 'addManageDatabaseAiAnalytics', 'editManageDatabaseAiAnalytics'] as const;

/** The template's columns (the header row of its first tab), in its order; a sheet must have each of them. */
export const SHEET_TEMPLATE_COLUMNS = ['Tanggal', 'Cabang', 'Produk', 'Kategori', 'Segmen', 'Pelanggan', 'Qty', 'Harga', 'Penjualan'] as const;

/** Headers an application sends with its rows. */
export const DATASET_API_KEY_HEADER = 'x-api-key';
export const IDEMPOTENCY_KEY_HEADER = 'idempotency-key';
/** Rows of one API post. */
export const API_ROWS_PER_POST = 10_000;

/** The service account sheets are shared with: the tenant's own, else the deployment's, else none. */
export const googleAccount = z.object({
  clientEmail: z.string().nullable(),
  source: z.enum(['tenant', 'deployment']).nullable(),
  /** Where "copy the template" leads (the deployment's GOOGLE_SHEETS_TEMPLATE_URL), if any. */
  templateUrl: z.string().nullable(),
  templateColumns: z.array(z.string()),
});
export type GoogleAccount = z.infer<typeof googleAccount>;

/** What an admin saves: the service account's JSON key as Google gives it (client_email, private_key), or null to clear. */
export const googleAccountInput = z.object({ key: z.string().trim().min(2).max(20_000).nullable() });

export const sheetUrl = z.object({ url: z.string().trim().min(1).max(2000) });
export const sheetImportInput = sheetUrl.extend({ name: z.string().trim().min(1).max(100) });

/** The sheet as verified: reachable with the service account, and its header row holding the template's columns. */
export const sheetCheck = z.object({
  spreadsheetId: z.string(),
  title: z.string(),
  sheetTitle: z.string(),
  columns: z.array(z.string()),
  /** Data rows (rows under the header that are not blank). */
  rowCount: z.number().int(),
});
export type SheetCheck = z.infer<typeof sheetCheck>;

export const datasetApiKey = z.object({
  keyId: z.string(),
  prefix: z.string(),
  createdAt: z.string(),
  lastUsedAt: z.string().nullable(),
  revokedAt: z.string().nullable(),
});
export type DatasetApiKey = z.infer<typeof datasetApiKey>;

/** A key as made: the whole key is in this answer only. */
export const newDatasetApiKey = datasetApiKey.extend({ key: z.string() });
export type NewDatasetApiKey = z.infer<typeof newDatasetApiKey>;

export const datasetSources = z.object({
  googleSheet: z.object({ spreadsheetId: z.string(), title: z.string(), sheetTitle: z.string(), url: z.string() }).nullable(),
  apiKeys: z.array(datasetApiKey),
});
export type DatasetSources = z.infer<typeof datasetSources>;

/** Rows an application posts: each an object of column label (or key c1, c2 ...) to a value as written or a number. */
export const apiRowsInput = z.object({
  rows: z
    .array(z.record(z.string().max(100), z.union([z.string().max(1000), z.number(), z.boolean(), z.null()])))
    .min(1)
    .max(API_ROWS_PER_POST),
});
export type ApiRowsInput = z.infer<typeof apiRowsInput>;

const datasetId = z.object({ datasetId: z.uuid() });

export const datasetSourceEndpoints = {
  getGoogleAccount: defineEndpoint({
    method: 'GET',
    path: '/v1/analysis/google-sheets/account',
    access: DATASET_ADD,
    summary: 'The service-account e-mail a Google Sheet must be shared with, the template link and its columns',
    response: googleAccount,
  }),
  saveGoogleAccount: defineEndpoint({
    method: 'PUT',
    path: '/v1/config/google-service-account',
    access: ['viewConfig'],
    summary: "Set (or clear, with null) the tenant's Google service-account JSON key; it is kept sealed and never answered",
    body: googleAccountInput,
    response: googleAccount,
  }),
  checkGoogleSheet: defineEndpoint({
    method: 'POST',
    path: '/v1/analysis/google-sheets/check',
    access: DATASET_ADD,
    summary: "Verify a Google Sheet's access and template: its first tab's header row must hold the template's columns",
    body: sheetUrl,
    response: sheetCheck,
  }),
  importGoogleSheet: defineEndpoint({
    method: 'POST',
    path: '/v1/analysis/google-sheets/import',
    access: DATASET_ADD,
    summary: 'Start importing a Google Sheet as a new dataset; answers the queued run (GET /v1/analysis/imports/{importId} follows it)',
    body: sheetImportInput,
    response: analysisImportRun,
  }),
  refreshGoogleSheet: defineEndpoint({
    method: 'POST',
    path: '/v1/analysis/datasets/{datasetId}/google-sheet/refresh',
    access: DATASET_EDIT,
    summary: "Import the dataset's Google Sheet again: its rows are replaced (the dataset and its column keys stay)",
    params: datasetId,
    response: analysisImportRun,
  }),
  getDatasetSources: defineEndpoint({
    method: 'GET',
    path: '/v1/analysis/datasets/{datasetId}/sources',
    access: DATASET_READ,
    summary: "The dataset's Google Sheet (if imported from one) and its API keys (never the keys themselves)",
    params: datasetId,
    response: datasetSources,
  }),
  createDatasetApiKey: defineEndpoint({
    method: 'POST',
    path: '/v1/analysis/datasets/{datasetId}/api-keys',
    access: DATASET_EDIT,
    summary: 'Make an API key for posting rows to the dataset; the key is answered this once (only its hash is kept)',
    params: datasetId,
    response: newDatasetApiKey,
  }),
  rotateDatasetApiKey: defineEndpoint({
    method: 'POST',
    path: '/v1/analysis/datasets/{datasetId}/api-keys/{keyId}/rotate',
    access: DATASET_EDIT,
    summary: 'Revoke the key and make a new one in its place (answered this once)',
    params: datasetId.extend({ keyId: z.uuid() }),
    response: newDatasetApiKey,
  }),
  revokeDatasetApiKey: defineEndpoint({
    method: 'DELETE',
    path: '/v1/analysis/datasets/{datasetId}/api-keys/{keyId}',
    access: DATASET_EDIT,
    summary: 'Revoke an API key: posts with it are refused from now on',
    params: datasetId.extend({ keyId: z.uuid() }),
    response: datasetApiKey,
  }),
  postDatasetRows: defineEndpoint({
    method: 'POST',
    path: '/v1/analysis/datasets/{datasetId}/api-rows',
    access: 'public',
    summary:
      "An application appends rows: headers X-Tenant, X-Api-Key (the dataset's key) and Idempotency-Key; body {rows: [{column label: value}]}. " +
      'Every row is checked against the columns and types first (a bad one refuses them all, by row index and column); answers the queued run. ' +
      'The same Idempotency-Key with the same body answers the first run again; with another body 409',
    params: datasetId,
    body: apiRowsInput,
    response: analysisImportRun,
  }),
  getDatasetRowsPost: defineEndpoint({
    method: 'GET',
    path: '/v1/analysis/datasets/{datasetId}/api-rows/{importId}',
    access: 'public',
    summary: 'An application follows the run of its post (headers X-Tenant and X-Api-Key): status, rows read, done or failed',
    params: datasetId.extend({ importId: z.uuid() }),
    response: analysisImportRun,
  }),
};
