import { Readable } from 'node:stream';
import type { FastifyInstance } from 'fastify';
import { SHEET_IMPORT_MAX_BYTES, XLSX_CONTENT_TYPE, type Endpoint, type SheetImportReport } from '@nusa/contracts';
import type { Principal } from '../access/principal.ts';
import type { Tx } from '../db/tenant.ts';
import { AppError } from '../errors/app-error.ts';
import { registerEndpoint } from '../http/register.ts';

export type SheetImportHandler = (tx: Tx, principal: Principal, file: Readable) => Promise<SheetImportReport>;

/**
 * Registers xlsx import endpoints. They take the file as the raw body, streamed to the reader: the xlsx content-type
 * parser lives in this scope only, so no other route accepts xlsx bodies, and the size limit is counted while reading.
 */
export function registerSheetImports(app: FastifyInstance, imports: [endpoint: Endpoint, handler: SheetImportHandler][]) {
  void app.register(async (scope) => {
    scope.addContentTypeParser(XLSX_CONTENT_TYPE, (_req, payload, done) => done(null, payload));
    for (const [endpoint, handler] of imports) {
      registerEndpoint(scope, endpoint, async ({ tx, principal, req }) => {
        if (!(req.body instanceof Readable)) throw new AppError('unsupported_media_type', [String(req.headers['content-type'] ?? '').slice(0, 100)]);
        if (Number(req.headers['content-length'] ?? 0) > SHEET_IMPORT_MAX_BYTES) throw new AppError('payload_too_large');
        return handler(tx, principal as Principal, req.body) as never;
      });
    }
  });
}
