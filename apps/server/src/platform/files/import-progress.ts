import { AsyncLocalStorage } from 'node:async_hooks';

export interface ImportProgress {
  /** Data rows read so far. */
  rowsRead: number;
}

/**
 * Where the running import's reader reports how far it is. The import job sets it around the record's handler, so
 * the modules' import functions between the job and the reader carry nothing for it; outside a job nobody listens.
 */
export const importProgress = new AsyncLocalStorage<(p: ImportProgress) => void>();
