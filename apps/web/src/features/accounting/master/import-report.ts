/**
 * What an xlsx import answers (productImportReport in the contracts; the other master records' imports use the same
 * shape): rows read, how many were created, updated or unchanged, and every refused row with its column and reason.
 */
export interface ImportReport {
  rows: number;
  created: number;
  updated: number;
  unchanged: number;
  errors: readonly { row: number; column: string; errorCode: string; errorArgs: readonly (string | number)[] }[];
}

/** Spec 9 upload limit of an import (PRODUCT_IMPORT_MAX_BYTES); bigger files are refused before sending. */
export const IMPORT_MAX_BYTES = 50 * 1024 * 1024;
export const XLSX_EXTENSION = /\.xlsx$/i;
