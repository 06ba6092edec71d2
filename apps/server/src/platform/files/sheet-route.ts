import { Readable } from 'node:stream';
import type { FastifyInstance } from 'fastify';
import { SHEET_IMPORT_MAX_BYTES, XLSX_CONTENT_TYPE, type Endpoint, type ErrorCode } from '@nusa/contracts';
import type { Principal } from '../access/principal.ts';
import { AppError } from '../errors/app-error.ts';
import { registerEndpoint } from '../http/register.ts';
import { tenantLimits, uploadLimit } from '../limits/limits.ts';
import type { SheetImportHandler } from './import-runs.ts';

export type { SheetImportHandler };

/** Every xlsx is a zip archive: its first bytes are a zip entry's signature. */
const ZIP_SIGNATURE = Buffer.from('PK\x03\x04', 'latin1');

/**
 * Reads an upload's bytes, never past `max` (the declared length is checked first, the bytes while they arrive);
 * past it `refusal` (payload_too_large unless the tenant's own limit is smaller: platform/limits uploadLimit).
 */
export async function readUploadBytes(body: Readable, max: number, refusal = () => new AppError('payload_too_large')): Promise<Buffer> {
  const chunks: Buffer[] = [];
  let seen = 0;
  try {
    for await (const chunk of body) {
      seen += (chunk as Buffer).length;
      if (seen > max) throw refusal();
      chunks.push(chunk as Buffer);
    }
  } catch (err) {
    if (err instanceof AppError) throw err;
    throw new AppError('sheet_import_upload_interrupted');
  }
  if (seen === 0) throw new AppError('sheet_import_file_empty');
  return Buffer.concat(chunks, seen);
}

export const isZipArchive = (file: Buffer) => file.subarray(0, ZIP_SIGNATURE.length).equals(ZIP_SIGNATURE);

/**
 * Reads an xlsx upload: what is not even a zip archive is refused here, at once; everything else about the file is the
 * run's to find.
 */
export async function readUpload(body: Readable, max: number, fileInvalid: ErrorCode, refusal?: () => AppError): Promise<Buffer> {
  const file = await readUploadBytes(body, max, refusal);
  if (!isZipArchive(file)) throw new AppError(fileInvalid);
  return file;
}

/**
 * Registers xlsx import endpoints. They take the file as the raw body (the xlsx content-type parser lives in this
 * scope only, so no other route accepts xlsx bodies), keep it on a new import run and answer the queued run; the run
 * reads it through `handler` as a job (see import-runs.ts).
 */
export function registerSheetImports(app: FastifyInstance, imports: [endpoint: Endpoint, handler: SheetImportHandler, options?: { fileInvalid: ErrorCode }][]) {
  for (const [endpoint, handler] of imports) app.sheetImports.importers.set(endpoint.path, { handler, access: endpoint.access as readonly string[] });
  void app.register(async (scope) => {
    scope.addContentTypeParser(XLSX_CONTENT_TYPE, (_req, payload, done) => done(null, payload));
    for (const [endpoint, , options] of imports) {
      registerEndpoint(scope, endpoint, async ({ principal, req, inTenant }) => {
        if (!(req.body instanceof Readable)) throw new AppError('unsupported_media_type', [String(req.headers['content-type'] ?? '').slice(0, 100)]);
        const limit = uploadLimit(await inTenant(tenantLimits), SHEET_IMPORT_MAX_BYTES);
        if (Number(req.headers['content-length'] ?? 0) > limit.max) throw limit.refusal();
        const file = await readUpload(req.body, limit.max, options?.fileInvalid ?? 'sheet_import_file_invalid', limit.refusal);
        const who = principal as Principal;
        return app.sheetImports.start(who.tenantId, who, endpoint.path, file, inTenant) as never;
      });
    }
  });
}
