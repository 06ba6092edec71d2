import { writeXlsx, type XlsxColumn } from '../files/xlsx.ts';
import type { Cell, Lang, SheetColumns, StoredCells } from '../files/sheet-import.ts';

/**
 * One spreadsheet column spec per record: the headings in both languages, the width and the value a record writes
 * drive the xlsx export, the xlsx import's header matching (by either heading or the bare key) and the stored
 * record's cells that an import reads for columns a sheet leaves out. The headings are written once, here.
 */
export interface SheetField<T> {
  id: string;
  en: string;
  width?: number;
  /** Excel number format, e.g. '#,##0'. */
  format?: string;
  /** The cell the export writes for a record; the import reads this text back. */
  value: (record: T, lang: Lang) => Cell;
  /** Written by the export, not read back by the import (e.g. a summary of child rows). */
  exportOnly?: true;
}

export interface RecordSheetSpec<T, F extends Record<string, SheetField<T>> = Record<string, SheetField<T>>> {
  /** The worksheet's name per language. */
  name: Record<Lang, string>;
  /** Column key → field; the key order is the sheet's column order. */
  fields: F;
}

/** The keys the import reads: every field but the export-only ones. */
export type ReadKeys<F> = { [K in keyof F]: F[K] extends { exportOnly: true } ? never : K }[keyof F] & string;

/** Declares a record's sheet; `T` is the record the service answers (the export's row). */
export const defineSheet =
  <T>() =>
  <const F extends Record<string, SheetField<T>>>(spec: RecordSheetSpec<T, F>): RecordSheetSpec<T, F> =>
    spec;

const readKeys = <T, F extends Record<string, SheetField<T>>>(spec: RecordSheetSpec<T, F>) =>
  (Object.keys(spec.fields) as (keyof F & string)[]).filter((k) => !spec.fields[k].exportOnly) as ReadKeys<F>[];

/** The import's columns: key → headings, in sheet order. */
export function importColumns<T, F extends Record<string, SheetField<T>>>(spec: RecordSheetSpec<T, F>): SheetColumns<ReadKeys<F>> {
  return Object.fromEntries(readKeys(spec).map((k) => [k, { id: spec.fields[k].id, en: spec.fields[k].en }])) as SheetColumns<ReadKeys<F>>;
}

/** The export's columns in one language. */
export function exportColumns<T>(spec: RecordSheetSpec<T>, lang: Lang): XlsxColumn<T>[] {
  return Object.values(spec.fields).map((f) => ({
    header: f[lang],
    width: f.width,
    format: f.format,
    value: (r: T) => (f.value(r, lang) ?? null) as string | number | Date | null,
  }));
}

/** A stored record as the cells its Indonesian export writes, by column key: what the import reads for an absent column. */
export function storedCells<T, F extends Record<string, SheetField<T>>>(spec: RecordSheetSpec<T, F>, record: T): StoredCells<ReadKeys<F>> {
  const cells: StoredCells<ReadKeys<F>> = {};
  for (const k of readKeys(spec)) cells[k] = spec.fields[k].value(record, 'id');
  return cells;
}

/** The workbook of `rows` in one language. */
export const writeSheet = <T>(spec: RecordSheetSpec<T>, rows: Iterable<T>, lang: Lang): Promise<Buffer> =>
  writeXlsx<T>(spec.name[lang], exportColumns(spec, lang), rows);

/** Value names per language as a sheet writes them ({id: {A: 'Satu'}, en: {A: 'One'}}); the import's `choice` reads either. */
export type ValueNames<V extends string> = Record<Lang, Record<V, string>>;
