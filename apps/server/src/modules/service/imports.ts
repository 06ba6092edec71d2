import { Readable } from 'node:stream';
import { and, eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { SHEET_IMPORT_MAX_BYTES, XLSX_CONTENT_TYPE, type Endpoint, type ImportRun, type SheetImportReport } from '@nusa/contracts';
import type { Principal } from '../../platform/access/principal.ts';
import type { Tx } from '../../platform/db/tenant.ts';
import { AppError } from '../../platform/errors/app-error.ts';
import { toImportRun, type SheetImportHandler } from '../../platform/files/import-runs.ts';
import { importRuns } from '../../platform/files/schema.ts';
import { readUpload } from '../../platform/files/sheet-route.ts';
import { registerEndpoint } from '../../platform/http/register.ts';
import { tenantLimits, uploadLimit } from '../../platform/limits/limits.ts';

/**
 * The service imports (dataset items, intents) on the platform's import runs. A run keeps only the uploaded bytes,
 * so the request puts what the run needs (the dataset or client it imports into) before them as one JSON line, as
 * the analysis datasets do; the handler takes it off and reads the rest as the xlsx.
 */
export const SERVICE_IMPORT_KEYS = ['/v1/service/datasets/{datasetId}/items/import', '/v1/service/clients/{clientCode}/intents/import'] as const;

type EnvelopedHandler<M> = (tx: Tx, principal: Principal, meta: M, file: Readable) => Promise<SheetImportReport>;

const envelope = (meta: unknown, file: Buffer) => Buffer.concat([Buffer.from(`${JSON.stringify(meta)}\n`), file]);

function unwrap<M>(handler: EnvelopedHandler<M>): SheetImportHandler {
  return async (tx, principal, body) => {
    const chunks: Buffer[] = [];
    for await (const chunk of body) chunks.push(chunk as Buffer);
    const whole = Buffer.concat(chunks);
    const lineEnd = whole.indexOf(0x0a);
    const meta = JSON.parse(whole.subarray(0, lineEnd).toString('utf8')) as M;
    return handler(tx, principal, meta, Readable.from([whole.subarray(lineEnd + 1)]));
  };
}

/**
 * Registers an xlsx import endpoint whose run needs `meta` from the request (resolved by `metaOf` inside the
 * request's transaction after the upload is read, so a foreign file is refused first with the sheet import's codes).
 */
export function registerServiceImport<E extends Endpoint, M>(
  app: FastifyInstance,
  endpoint: E,
  metaOf: (tx: Tx, params: never) => Promise<M>,
  handler: EnvelopedHandler<M>,
) {
  app.sheetImports.importers.set(endpoint.path, { handler: unwrap(handler), access: endpoint.access as readonly string[] });
  void app.register(async (scope) => {
    scope.addContentTypeParser(XLSX_CONTENT_TYPE, (_req, payload, done) => done(null, payload));
    registerEndpoint(scope, endpoint, async ({ tx, principal, params, req, inTenant }) => {
      if (!(req.body instanceof Readable)) throw new AppError('unsupported_media_type', [String(req.headers['content-type'] ?? '').slice(0, 100)]);
      const limit = uploadLimit(await inTenant(tenantLimits), SHEET_IMPORT_MAX_BYTES);
      if (Number(req.headers['content-length'] ?? 0) > limit.max) throw limit.refusal();
      const file = await readUpload(req.body, limit.max, 'sheet_import_file_invalid', limit.refusal);
      const meta = await metaOf(tx, params as never);
      const who = principal as Principal;
      return app.sheetImports.start(who.tenantId, who, endpoint.path, envelope(meta, file), inTenant) as never;
    });
  });
}

/** One of the caller's own service import runs. */
export async function serviceImportRun(tx: Tx, principal: Principal, importId: string): Promise<ImportRun> {
  for (const key of SERVICE_IMPORT_KEYS) {
    const [run] = await tx
      .select()
      .from(importRuns)
      .where(and(eq(importRuns.id, importId), eq(importRuns.createdBy, principal.userId), eq(importRuns.endpoint, key)));
    if (run) return toImportRun(run);
  }
  throw new AppError('param_not_found', [importId]);
}
