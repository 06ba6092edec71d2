import { AsyncLocalStorage } from 'node:async_hooks';
import type { Config } from '../config.ts';
import type { Tx } from '../db/tenant.ts';
import { AppError } from '../errors/app-error.ts';

/**
 * What one tenant may store and import (issue 23: anyone gets a tenant through the free-trial registration, and a
 * 2.7 MB xlsx became 14,750,000 rows). Deployment-wide settings (config.ts, LIMIT_*), stricter for a tenant on an
 * unpaid free trial. Every number is checked before writing when it is known, and while rows stream in otherwise;
 * a refusal ends the write with its catalogued code and its transaction leaves nothing behind.
 */
export interface Limits {
  /** Rows of one dataset: a sales-analysis dataset, the items of a chatbot dataset. */
  datasetRows: number;
  /** Datasets of each kind (sales analysis, chatbot) one tenant may have. */
  tenantDatasets: number;
  /** Rows of all the tenant's sales-analysis datasets together (its stored volume). */
  tenantRows: number;
  /** Data rows of one xlsx import (master data, products, intents, chatbot items). */
  importRows: number;
  /** Bytes of one uploaded import file (below each endpoint's own maximum, which holds for everyone). */
  importBytes: number;
}

export interface LimitSettings {
  standard: Limits;
  trial: Limits;
}

export const limitSettings = (c: Config): LimitSettings => ({
  standard: {
    datasetRows: c.LIMIT_DATASET_ROWS,
    tenantDatasets: c.LIMIT_TENANT_DATASETS,
    tenantRows: c.LIMIT_TENANT_ROWS,
    importRows: c.LIMIT_IMPORT_ROWS,
    importBytes: c.LIMIT_IMPORT_BYTES,
  },
  trial: {
    datasetRows: c.LIMIT_TRIAL_DATASET_ROWS,
    tenantDatasets: c.LIMIT_TRIAL_TENANT_DATASETS,
    tenantRows: c.LIMIT_TRIAL_TENANT_ROWS,
    importRows: c.LIMIT_TRIAL_IMPORT_ROWS,
    importBytes: c.LIMIT_TRIAL_IMPORT_BYTES,
  },
});

/** Whether the transaction's tenant is on an unpaid free trial (onboarding knows; registered at start). */
export type TrialCheck = (tx: Tx) => Promise<boolean>;

let registered: { settings: LimitSettings; onTrial: TrialCheck } | undefined;

/** Called once at start (buildApp) with the deployment's settings and onboarding's trial check. */
export function useLimits(settings: LimitSettings, onTrial: TrialCheck): void {
  registered = { settings, onTrial };
}

/** The limits of the transaction's tenant. */
export async function tenantLimits(tx: Tx): Promise<Limits> {
  if (!registered) throw new Error('limits are not set up: buildApp calls useLimits');
  return (await registered.onTrial(tx)) ? registered.settings.trial : registered.settings.standard;
}

/**
 * The limits of the running import's tenant. The import run sets them around the record's handler (as it does
 * importProgress), so the sheet reader caps every xlsx import without each module passing them down.
 */
export const importLimits = new AsyncLocalStorage<Limits>();

/** A tenant at its dataset count may not make another. */
export function assertMayAddDataset(limits: Limits, datasets: number): void {
  if (datasets >= limits.tenantDatasets) throw new AppError('tenant_dataset_limit_reached', [limits.tenantDatasets]);
}

/**
 * The most rows one dataset may hold, given the rows the tenant's other datasets hold, and the refusal past it: the
 * dataset's own limit, or the tenant's room left when that is smaller.
 */
export function datasetRowCap(limits: Limits, otherRows: number): { max: number; refusal: () => AppError } {
  const room = Math.max(0, limits.tenantRows - otherRows);
  return room < limits.datasetRows
    ? { max: room, refusal: () => new AppError('tenant_storage_limit_reached', [limits.tenantRows]) }
    : { max: limits.datasetRows, refusal: () => new AppError('dataset_row_limit_reached', [limits.datasetRows]) };
}

/**
 * The most bytes an upload to an endpoint accepting `endpointMax` may have for this tenant, and the refusal past it
 * (the endpoint's own payload_too_large, or import_bytes_limit_reached naming the tenant's limit in MB).
 */
export function uploadLimit(limits: Limits, endpointMax: number): { max: number; refusal: () => AppError } {
  if (endpointMax <= limits.importBytes) return { max: endpointMax, refusal: () => new AppError('payload_too_large') };
  const mb = Math.round((limits.importBytes / (1024 * 1024)) * 10) / 10;
  return { max: limits.importBytes, refusal: () => new AppError('import_bytes_limit_reached', [mb]) };
}

export function assertDatasetRows(limits: Limits, rows: number, otherRows = 0): void {
  const cap = datasetRowCap(limits, otherRows);
  if (rows > cap.max) throw cap.refusal();
}
