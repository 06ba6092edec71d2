import { SHEET_LIMITS, type ParseLimits } from './parse-limits.ts';
import { streamInWorker, WorkerTaskError } from './worker-runner.ts';
import { XlsxUnreadable, type UnreadableReason, type XlsxRow } from './xlsx-reader.ts';

const READER = new URL('./xlsx-reader.ts', import.meta.url);

/**
 * readXlsxRows in a worker thread (worker-runner.ts), for uploads: the same rows and failures (XlsxUnreadable with its
 * reason, file_too_large_expanded), and the worker's own limits of time and memory. Every import of an uploaded xlsx
 * reads it through this.
 */
export async function* readUploadedXlsxRows(fileName: string, limits: Partial<ParseLimits> = {}): AsyncGenerator<XlsxRow> {
  const l = { ...SHEET_LIMITS, ...limits };
  try {
    yield* streamInWorker<XlsxRow>(READER, 'readXlsxRows', [fileName, { maxInflatedBytes: l.maxInflatedBytes, maxExpansionRatio: l.maxExpansionRatio }], l);
  } catch (err) {
    if (err instanceof WorkerTaskError && err.type === 'XlsxUnreadable') {
      const reason = err.data.reason as UnreadableReason;
      throw new XlsxUnreadable(reason, err.message.replace(`${reason}: `, ''));
    }
    throw err;
  }
}
