import { Readable } from 'node:stream';
import { and, eq, inArray } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import {
  analysisEndpoints as ep,
  CSV_CONTENT_TYPE,
  DATASET_IMPORT_MAX_BYTES,
  importColumnChoices,
  PDF_CONTENT_TYPE,
  XLSX_CONTENT_TYPE,
  type ImportColumnChoice,
} from '@nusa/contracts';
import { AppError } from '../../../platform/errors/app-error.ts';
import { followedRun } from '../../../platform/files/import-runs.ts';
import { importRuns } from '../../../platform/files/schema.ts';
import { isZipArchive, readUploadBytes } from '../../../platform/files/sheet-route.ts';
import { registerEndpoint } from '../../../platform/http/register.ts';
import { tenantLimits, uploadLimit } from '../../../platform/limits/limits.ts';
import { DATASET_IMPORT_KEY, envelope, importDataset, newDatasetId, previewDataset, toAnalysisRun, type DatasetFileFormat } from './import.ts';
import { assertMayCreateDataset } from './quota.ts';
import * as datasets from './service.ts';
import { API_ROWS_KEY } from './sources/api-source.ts';
import { SHEET_IMPORT_KEY } from './sources/sheet-source.ts';
import { listRows } from './rows.ts';

/** A PDF starts with %PDF- within its first kilobyte (the PDF standard lets a few bytes come before it). */
const isPdf = (file: Buffer) => file.subarray(0, 1024).includes('%PDF-');

/**
 * Reads the upload, never past the limit; an xlsx is known by its zip signature, a PDF by its own, anything else must
 * be CSV text.
 */
async function readUpload(
  req: {
    body: unknown;
    headers: Record<string, string | string[] | undefined>;
  },
  limit = { max: DATASET_IMPORT_MAX_BYTES, refusal: () => new AppError('payload_too_large') },
): Promise<{ file: Buffer; format: DatasetFileFormat }> {
  if (!(req.body instanceof Readable)) throw new AppError('unsupported_media_type', [String(req.headers['content-type'] ?? '').slice(0, 100)]);
  if (Number(req.headers['content-length'] ?? 0) > limit.max) throw limit.refusal();
  const file = await readUploadBytes(req.body, limit.max, limit.refusal);
  if (isZipArchive(file)) return { file, format: 'xlsx' };
  if (isPdf(file)) return { file, format: 'pdf' };
  // A CSV is text: a NUL byte in its first kilobytes means some other binary file.
  if (file.subarray(0, 4096).includes(0)) throw new AppError('analysis_file_invalid');
  return { file, format: 'csv' };
}

/** The columns confirmed in the preview, as sent in the query (JSON). */
function columnChoices(text: string | undefined): ImportColumnChoice[] | undefined {
  if (text === undefined) return undefined;
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch {
    throw new AppError('invalid_input_format', ['columns', 'JSON']);
  }
  const parsed = importColumnChoices.safeParse(json);
  if (!parsed.success) throw new AppError('invalid_input_format', ['columns', '[{label, type}]']);
  return parsed.data;
}

export function datasetRoutes(app: FastifyInstance) {
  app.sheetImports.importers.set(DATASET_IMPORT_KEY, { handler: importDataset, access: ep.importDataset.access });
  void app.register(async (scope) => {
    for (const type of [XLSX_CONTENT_TYPE, CSV_CONTENT_TYPE, PDF_CONTENT_TYPE, 'application/octet-stream', 'application/vnd.ms-excel', 'text/plain']) {
      scope.addContentTypeParser(type, (_req, payload, done) => done(null, payload));
    }
    registerEndpoint(scope, ep.importDataset, async ({ principal, req, query, inTenant }) => {
      const columns = columnChoices(query.columns);
      // At its dataset limit a tenant is refused before the upload is read or kept (the run checks again).
      const limits = await inTenant(async (tx) => {
        const own = await tenantLimits(tx);
        await assertMayCreateDataset(tx, own, false);
        return own;
      });
      const { file, format } = await readUpload(req, uploadLimit(limits, DATASET_IMPORT_MAX_BYTES));
      const run = await app.sheetImports.start(
        principal.tenantId,
        principal,
        DATASET_IMPORT_KEY,
        envelope({ datasetId: newDatasetId(), name: query.name, format, ...(columns && { columns }) }, file),
        inTenant,
      );
      return { ...run, datasetId: null };
    });
    registerEndpoint(scope, ep.previewDataset, async ({ req, reply }) => {
      const { file, format } = await readUpload(req);
      // A client that goes away before the answer stops the reading of its file.
      const client = new AbortController();
      const gone = () => !reply.raw.writableEnded && client.abort();
      reply.raw.once('close', gone);
      try {
        return await previewDataset(file, format, client.signal);
      } finally {
        reply.raw.off('close', gone);
      }
    });
  });

  registerEndpoint(app, ep.getAnalysisImport, async ({ tx, principal, params }) => {
    const run = await followedRun(
      tx,
      params.importId,
      and(eq(importRuns.createdBy, principal.userId), inArray(importRuns.endpoint, [DATASET_IMPORT_KEY, SHEET_IMPORT_KEY, API_ROWS_KEY])),
    );
    return toAnalysisRun(run);
  });
  registerEndpoint(app, ep.listDatasets, ({ tx, query }) => datasets.listDatasets(tx, query));
  registerEndpoint(app, ep.getDataset, async ({ tx, params }) => datasets.toDataset(await datasets.loadDataset(tx, params.datasetId)));
  registerEndpoint(app, ep.listDatasetRows, ({ tx, params, query }) => listRows(tx, params.datasetId, query));
}
