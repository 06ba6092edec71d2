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
  errors: z.array(z.object({
    /** The sheet row number (the header is row 1). */
    row: z.number().int(),
    /** The column key (e.g. warehouseCode), the same in both languages. */
    column: z.string(),
    errorCode: z.custom<ErrorCode>((v) => typeof v === 'string'),
    errorArgs: z.array(z.union([z.string(), z.number()])),
  })),
});
export type SheetImportReport = z.infer<typeof sheetImportReport>;

/** POST `<path>/import`: the xlsx import of a master record, for the record's edit tasks. */
export const importEndpoint = <const A extends readonly Task[]>(path: string, label: string, access: A) => defineEndpoint({
  method: 'POST', path: `${path}/import`, access,
  summary: `Import ${label} records from an xlsx file sent as the raw body (content type application/vnd.openxmlformats-officedocument.spreadsheetml.sheet, `
    + 'at most 50 MB), columns as in the export; upsert by code (blank code: generated), each row all-or-nothing, a blank Active keeps the record\'s state',
  response: sheetImportReport,
});
