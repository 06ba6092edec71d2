import { IMPORT_RUN_POLL_MS, XLSX_CONTENT_TYPE, endpoints, type Endpoint, type ImportRun, type ResponseOf } from '@nusa/contracts';
import { ApiError } from '../../../api/api-error.ts';
import { call, uploadFile } from '../../../api/call.ts';
import type { ImportReport } from './import-report.ts';

/** Where an import is: sending the file, waiting for its turn, or reading rows on the server. */
export type ImportStage = { phase: 'upload'; percent: number | null } | { phase: 'queued' } | { phase: 'running'; rowsRead: number };

type ImportEndpoint = Endpoint & { response: unknown };

const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * Sends the xlsx to an import endpoint, then follows the run the server queued until it ends: its report, or the
 * run's failure as an ApiError (the same catalogued code and text as any refusal).
 */
export async function importSheet(endpoint: ImportEndpoint, file: File, onStage: (stage: ImportStage) => void): Promise<ImportReport> {
  onStage({ phase: 'upload', percent: 0 });
  let run = (await uploadFile(endpoint, {
    file,
    contentType: XLSX_CONTENT_TYPE,
    onProgress: (sent, total) => onStage({ phase: 'upload', percent: total > 0 ? Math.min(100, Math.floor((sent / total) * 100)) : null }),
  })) as ResponseOf<typeof endpoints.getImportRun>;
  for (;;) {
    if (run.status === 'done' && run.report) return run.report;
    if (run.status === 'failed') throw runError(run);
    onStage(run.status === 'queued' ? { phase: 'queued' } : { phase: 'running', rowsRead: run.rowsRead });
    await pause(IMPORT_RUN_POLL_MS);
    run = await call(endpoints.getImportRun, { params: { importId: run.importId } });
  }
}

const runError = (run: ImportRun) => new ApiError(422, run.errorCode ?? 'processing_error', run.errorArgs ?? []);
