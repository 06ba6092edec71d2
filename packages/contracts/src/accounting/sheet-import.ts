import { z } from 'zod';
import { defineEndpoint } from '../endpoint.ts';
import type { ErrorCode } from '../errors.ts';
import type { Task } from '../tasks.ts';

/**
 * The xlsx import of master records: the file is the raw request body (XLSX_CONTENT_TYPE), read row by row; the
 * header row names the columns by their export heading (Indonesian or English) or bare key, in any case. Rows are
 * upserted by code, each all-or-nothing; bad rows are reported and saved not at all.
 */
export const SHEET_IMPORT_MAX_BYTES = 50 * 1024 * 1024;
/** At most this many bad rows are listed; the counts stay exact. */
export const SHEET_IMPORT_MAX_ERRORS = 1000;

/** Import report: rows saved (created, updated, unchanged) and every bad row with its column key and catalogued reason. */
export const sheetImportReport = z.object({
  rows: z.number().int(),
  created: z.number().int(),
  updated: z.number().int(),
  unchanged: z.number().int(),
  errors: z.array(
    z.object({
      /** The sheet row number (the header is row 1). */
      row: z.number().int(),
      /** The column key (e.g. warehouseCode), the same in both languages. */
      column: z.string(),
      errorCode: z.custom<ErrorCode>((v) => typeof v === 'string'),
      errorArgs: z.array(z.union([z.string(), z.number()])),
    }),
  ),
});
export type SheetImportReport = z.infer<typeof sheetImportReport>;

/**
 * An import runs as a background job (architecture: imports are durable jobs): the upload answers at once with the
 * run, queued; the run then reads the file row by row in one transaction and ends done (with its report) or failed
 * (with the catalogued reason of a file it cannot read; nothing of it is saved).
 */
export const IMPORT_RUN_STATUSES = ['queued', 'running', 'done', 'failed'] as const;
export type ImportRunStatus = (typeof IMPORT_RUN_STATUSES)[number];
/** How often a client asks for a run's progress. */
export const IMPORT_RUN_POLL_MS = 500;

export const importRun = z.object({
  importId: z.uuid(),
  status: z.enum(IMPORT_RUN_STATUSES),
  /**
   * Data rows read so far (the header row not counted). There is no percentage: the file's row count is known only
   * once it is read, and how far the reader is through the file's bytes says little (a sheet can wait in full for the
   * shared strings stored after it).
   */
  rowsRead: z.number().int(),
  /** Set once done. */
  report: sheetImportReport.nullable(),
  /** Set once failed: why the file could not be imported. */
  errorCode: z.custom<ErrorCode>((v) => typeof v === 'string').nullable(),
  errorArgs: z.array(z.union([z.string(), z.number()])).nullable(),
  createdAt: z.string(),
  finishedAt: z.string().nullable(),
});
export type ImportRun = z.infer<typeof importRun>;

/** POST `<path>/import`: the xlsx import of a master record, for the record's edit tasks. Answers the queued run. */
export const importEndpoint = <const A extends readonly Task[]>(path: string, label: string, access: A) =>
  defineEndpoint({
    method: 'POST',
    path: `${path}/import`,
    access,
    summary:
      `Start importing ${label} records from an xlsx file sent as the raw body (content type application/vnd.openxmlformats-officedocument.spreadsheetml.sheet, ` +
      "at most 50 MB), columns as in the export; upsert by code (blank code: generated), each row all-or-nothing, a blank Active keeps the record's state. " +
      'A column left out of the header keeps that field of an existing record as stored; a blank cell in a present column clears it; ' +
      "new records get the field's default. " +
      'Answers the queued run; GET /v1/erp/imports/{importId} follows it to its report',
    response: importRun,
  });

/** Every task that may start an import (the edit tasks of each imported record); the run endpoint checks the run's own. */
export const IMPORT_RUN_ACCESS = [
  'createEditErpAll',
  'writeAllErpAll',
  'createEditErpCoa',
  'writeAllErpCoa',
  'createEditErpCashBank',
  'writeAllErpCashBank',
  'createEditErpCurrency',
  'writeAllErpCurrency',
  'createEditErpMaster',
  'writeAllErpMaster',
  'createEditErpCustomer',
  'writeAllErpCustomer',
  'createEditErpSupplier',
  'writeAllErpSupplier',
  'createEditErpEmployee',
  'writeAllErpEmployee',
  'createEditErpWarehouse',
  'writeAllErpWarehouse',
  'createEditErpProduct',
  'writeAllErpProduct',
] as const satisfies readonly Task[];

export const importRunEndpoints = {
  getImportRun: defineEndpoint({
    method: 'GET',
    path: '/v1/erp/imports/{importId}',
    access: IMPORT_RUN_ACCESS,
    summary: "One of the caller's own imports: its status, progress and, once done, its report (for a user still holding the import's tasks)",
    params: z.object({ importId: z.uuid() }),
    response: importRun,
  }),
};
