import { createWriteStream } from 'node:fs';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { Transform, type Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { sql } from 'drizzle-orm';
import type ExcelJS from 'exceljs';
import type { z } from 'zod';
import { SHEET_IMPORT_MAX_BYTES, SHEET_IMPORT_MAX_ERRORS, type ErrorCode, type SheetImportReport } from '@nusa/contracts';
import type { Tx } from '../db/tenant.ts';
import { AppError } from '../errors/app-error.ts';
import { importLimits } from '../limits/limits.ts';
import { importProgress } from './import-progress.ts';
import { XlsxUnreadable, type UnreadableReason } from './xlsx-reader.ts';
import { readUploadedXlsxRows } from './xlsx-worker.ts';

/**
 * The xlsx import of master records: a streaming reader (the file is never held whole), header matching by export
 * heading or bare key, cell text as a person sees it, typed cell parsers that fail with the column and a catalogued
 * code, and the report. `importRecords` saves each row through the record's own service inside a savepoint, so a row
 * is all-or-nothing while the whole import stays one transaction.
 *
 * A sheet may leave optional columns out: a column absent from the header leaves that field of an existing record as
 * stored (its cells read as the export would write the stored record, see `keepAbsent`), a blank cell in a present
 * column clears the field, and a new record gets the field's default.
 */

export type Lang = 'id' | 'en';
/** Column key → heading per language. The key order is the sheet's column order. */
export type SheetColumns<K extends string> = Record<K, { id: string; en: string }>;
export type Cell = ExcelJS.CellValue;
export type Outcome = 'created' | 'updated' | 'unchanged';

/** A bad cell: the column key, the catalogued reason and its args. */
export class RowError extends Error {
  constructor(
    readonly column: string,
    readonly code: ErrorCode,
    readonly args: (string | number)[] = [],
  ) {
    super(code);
  }
}

/** The text of a cell as a person sees it: rich text joined, formula results, numbers without float noise. */
export function cellText(v: Cell): string {
  if (v === null || v === undefined) return '';
  if (typeof v === 'string') return v.trim();
  if (typeof v === 'number') return Number.isInteger(v) ? v.toFixed(0) : String(v);
  if (typeof v === 'boolean') return v ? 'Y' : 'N';
  if (v instanceof Date) return v.toISOString().slice(0, 10);
  if ('richText' in v)
    return v.richText
      .map((t) => t.text)
      .join('')
      .trim();
  if ('formula' in v || 'sharedFormula' in v) return cellText((v as { result?: Cell }).result ?? null);
  if ('text' in v) return String(v.text).trim();
  if ('error' in v) return String(v.error);
  return '';
}

export const DECIMAL = /^(-?)(\d{1,16})(?:\.(\d{1,4}))?$/;

/** A decimal string in its one canonical form ('1500.0000' → '1500', '-0.50' → '-0.5'); other text unchanged. */
export function canonicalDecimal(value: string | null): string | null {
  if (value === null) return null;
  const m = DECIMAL.exec(value.trim());
  if (!m) return value;
  const int = m[2].replace(/^0+(?=\d)/, '');
  const frac = (m[3] ?? '').replace(/0+$/, '');
  const body = frac ? `${int}.${frac}` : int;
  return m[1] && body !== '0' ? `-${body}` : body;
}

/**
 * Writes the upload to a temporary file, never past `max` bytes: the reader then reads from disk (it starts at the
 * zip's central directory, at the end of the file), so the server's memory stays flat whatever the file size.
 */
async function spool(body: Readable, max: number): Promise<{ file: string; remove: () => Promise<void> }> {
  const dir = await fs.mkdtemp(path.join(os.tmpdir(), 'nusa-import-'));
  const remove = () => fs.rm(dir, { recursive: true, force: true });
  const file = path.join(dir, 'upload.xlsx');
  let seen = 0;
  const limit = new Transform({
    transform(chunk: Buffer, _enc, done) {
      seen += chunk.length;
      done(seen > max ? new AppError('payload_too_large') : null, chunk);
    },
  });
  try {
    await pipeline(body, limit, createWriteStream(file));
    return { file, remove };
  } catch (err) {
    await remove();
    if (err instanceof AppError) throw err;
    throw new AppError('sheet_import_upload_interrupted');
  }
}

/** Maps the header row to column positions by heading (either language) or bare key, any case; required columns must be there. */
function headerColumns<K extends string>(values: Cell[], columns: SheetColumns<K>, required: readonly K[], missing: ErrorCode): Map<K, number> {
  const byLabel = new Map<string, K>();
  for (const key of Object.keys(columns) as K[]) for (const l of [key, columns[key].id, columns[key].en]) byLabel.set(l.toLowerCase(), key);
  const at = new Map<K, number>();
  values.forEach((v, i) => {
    const key = byLabel.get(cellText(v).toLowerCase());
    if (key && !at.has(key)) at.set(key, i);
  });
  for (const key of required) if (!at.has(key)) throw new AppError(missing, [columns[key].id]);
  return at;
}

export interface ReadSheetOptions<K extends string> {
  columns: SheetColumns<K>;
  required: readonly NoInfer<K>[];
  maxBytes?: number;
  /** The product import keeps its own codes; every other import answers the sheet_import_* ones. */
  errors?: { fileInvalid: ErrorCode; columnMissing: ErrorCode };
  /**
   * Called for every row after the header that has any known cell filled, in order; awaited before the next row.
   * `has` tells whether the header holds the column (an absent column's cells read as blank).
   */
  onRow: (row: number, get: (key: K) => string, has: (key: K) => boolean) => Promise<void> | void;
}

/** What the reader's failures are to a user: each a catalogued code without free text (a parser's message never reaches one). */
const UNREADABLE: Record<UnreadableReason, 'fileInvalid' | ErrorCode> = {
  not_zip: 'fileInvalid',
  damaged: 'fileInvalid',
  no_workbook: 'sheet_import_workbook_missing',
};

/** Reads the first worksheet of an xlsx stream row by row (see xlsx-reader.ts), in a worker thread (xlsx-worker.ts). */
export async function readSheet<K extends string>(body: Readable, o: ReadSheetOptions<K>): Promise<void> {
  const errors = o.errors ?? { fileInvalid: 'sheet_import_file_invalid', columnMissing: 'sheet_import_column_missing' };
  const upload = await spool(body, o.maxBytes ?? SHEET_IMPORT_MAX_BYTES);
  try {
    const report = importProgress.getStore();
    const keys = Object.keys(o.columns) as K[];
    let at: Map<K, number> | undefined;
    let rowsSeen = 0;
    let dataRows = 0;
    // Data rows one file may hold (the running import's tenant limit): past it the import ends and saves nothing.
    const maxRows = importLimits.getStore()?.importRows ?? Infinity;
    try {
      for await (const row of readUploadedXlsxRows(upload.file)) {
        rowsSeen++;
        report?.({ rowsRead: rowsSeen - 1 });
        const values = row.values as Cell[];
        if (!at) {
          at = headerColumns(values, o.columns, o.required, errors.columnMissing);
          continue;
        }
        const positions = at;
        const get = (key: K) => (positions.has(key) ? cellText(values[positions.get(key)!]) : '');
        if (keys.every((key) => get(key) === '')) continue;
        // Thrown here, not in onRow (whose errors an import may report per row), and before the row is saved.
        if (++dataRows > maxRows) throw new AppError('import_row_limit_reached', [maxRows]);
        await o.onRow(row.number, get, (key) => positions.has(key));
      }
    } catch (err) {
      if (err instanceof XlsxUnreadable) {
        const code = UNREADABLE[err.reason];
        throw new AppError(code === 'fileInvalid' ? errors.fileInvalid : code);
      }
      throw err;
    }
    if (rowsSeen === 0) throw new AppError('sheet_import_header_missing');
  } finally {
    await upload.remove();
  }
}

export const emptyReport = (): SheetImportReport => ({ rows: 0, created: 0, updated: 0, unchanged: 0, errors: [] });

/** Lists a bad row (up to SHEET_IMPORT_MAX_ERRORS; the counts stay exact). */
export function reportError(report: SheetImportReport, row: number, column: string, errorCode: ErrorCode, errorArgs: (string | number)[]) {
  if (report.errors.length < SHEET_IMPORT_MAX_ERRORS) report.errors.push({ row, column, errorCode, errorArgs });
}

export const count = (report: SheetImportReport, outcome: Outcome) => {
  report[outcome]++;
};

/* ---------------------------------------------------------------- cell parsers */

const FLAGS: Record<string, 'Y' | 'N'> = { Y: 'Y', N: 'N', YA: 'Y', TIDAK: 'N', YES: 'Y', NO: 'N', TRUE: 'Y', FALSE: 'N' };

/** Typed reads of one row; each failure is a RowError at its column. Blank cells read as undefined. */
export class SheetRow<K extends string> {
  constructor(readonly get: (key: K) => string) {}

  /** Text or undefined when blank. */
  text(key: K): string | undefined {
    return this.get(key) || undefined;
  }

  /** Y/N (also Ya/Tidak, Yes/No, TRUE/FALSE as the exports and Excel write them), undefined when blank. */
  flag(key: K): 'Y' | 'N' | undefined {
    const v = this.get(key);
    if (!v) return undefined;
    const f = FLAGS[v.toUpperCase()];
    if (!f) throw new RowError(key, 'invalid_input_format', [key, 'Y or N']);
    return f;
  }

  /** A whole number, undefined when blank. */
  int(key: K): number | undefined {
    const v = this.get(key);
    if (!v) return undefined;
    if (!/^-?\d{1,9}$/.test(v)) throw new RowError(key, 'invalid_input_format', [key, 'a whole number']);
    return Number(v);
  }

  /**
   * A date as YYYY-MM-DD, undefined when blank. Reads ISO dates (as the exports write them), DD/MM/YYYY (the
   * Indonesian way of typing them) and Excel date serials (a date cell read without its style is a day count).
   */
  date(key: K): string | undefined {
    const v = this.get(key);
    if (!v) return undefined;
    let iso: string | undefined;
    const dmy = /^(\d{1,2})[/.-](\d{1,2})[/.-](\d{4})$/.exec(v);
    if (/^\d{4}-\d{2}-\d{2}$/.test(v)) iso = v;
    else if (dmy) iso = `${dmy[3]}-${dmy[2].padStart(2, '0')}-${dmy[1].padStart(2, '0')}`;
    else if (/^\d{1,6}$/.test(v) && Number(v) > 0) iso = new Date(Date.UTC(1899, 11, 30) + Number(v) * 86_400_000).toISOString().slice(0, 10);
    if (!iso || Number.isNaN(Date.parse(iso)) || new Date(Date.parse(iso)).toISOString().slice(0, 10) !== iso) {
      throw new RowError(key, 'invalid_input_format', [key, 'a date such as 2026-11-21 or 21/11/2026']);
    }
    return iso;
  }

  /** One of `values`, given as the value itself or its name in either language (as the export writes it), any case. */
  choice<V extends string>(key: K, values: readonly V[], names: Record<Lang, Record<V, string>> | undefined = undefined): V | undefined {
    const v = this.get(key);
    if (!v) return undefined;
    const wanted = v.toLowerCase();
    const found = values.find((c) => c.toLowerCase() === wanted || names?.id[c].toLowerCase() === wanted || names?.en[c].toLowerCase() === wanted);
    if (!found) throw new RowError(key, 'invalid_input_format', [key, values.join(', ')]);
    return found;
  }

  /** The record a code names (looked up lower-cased), undefined when blank; `missing` when none has the code. */
  ref<T>(key: K, byCode: Map<string, T>, missing: ErrorCode): T | undefined {
    const v = this.get(key);
    if (!v) return undefined;
    const found = byCode.get(v.toLowerCase());
    if (!found) throw new RowError(key, missing, [v]);
    return found;
  }
}

/**
 * Validates a row's input with the contract's own body schema (the one create and edit use): the first problem becomes
 * a RowError at its field's column (value_cannot_null for a missing field, else invalid_input_format with the rule).
 */
export function validated<S extends z.ZodType>(schema: S, input: Record<string, unknown>, columnOf: (field: string) => string = (f) => f): z.output<S> {
  const parsed = schema.safeParse(input);
  if (parsed.success) return parsed.data;
  const issue = parsed.error.issues[0];
  const field = String(issue.path[0] ?? '');
  const column = columnOf(field);
  if (input[field] === undefined || input[field] === null) throw new RowError(column, 'value_cannot_null', [column]);
  throw new RowError(column, 'invalid_input_format', [column, issue.message]);
}

/* ---------------------------------------------------------------- columns the sheet leaves out */

/** A stored record as the cells its export writes, by column key. */
export type StoredCells<K extends string> = Partial<Record<K, Cell>>;

/**
 * The one rule for columns a sheet leaves out: the row reader answers such a column from the stored record's cells
 * (when the row names one), so parsing and comparing see what is stored and the field stays as it is. A blank cell of
 * a present column stays blank (it clears the field); without a stored record an absent column reads blank (the default).
 */
export function keepAbsent<K extends string>(get: (key: K) => string, has: (key: K) => boolean, stored: StoredCells<K> | undefined): (key: K) => string {
  if (!stored) return get;
  return (key) => (has(key) ? get(key) : cellText(stored[key] ?? null));
}

/** Whether the header leaves any of the columns out. */
export const leavesOut = <K extends string>(columns: SheetColumns<K>, has: (key: K) => boolean) => (Object.keys(columns) as K[]).some((key) => !has(key));

/**
 * A record's cells by column key, from the export's own columns (matched by the Indonesian heading, as the import
 * reads an export): the stored values in exactly the text the import reads back.
 */
export function exportedCells<K extends string, T>(
  columns: SheetColumns<K>,
  exported: readonly { header: string; value: (row: T) => Cell }[],
  record: T,
): StoredCells<K> {
  const byHeading = new Map(exported.map((c) => [c.header.toLowerCase(), c]));
  const cells: StoredCells<K> = {};
  for (const key of Object.keys(columns) as K[]) {
    const column = byHeading.get(columns[key].id.toLowerCase());
    if (column) cells[key] = column.value(record);
  }
  return cells;
}

/* ---------------------------------------------------------------- record import */

/** Runs a row's writes inside a savepoint: all of them stay, or none. */
export type Guard = <T>(write: () => Promise<T>) => Promise<T>;

export interface RecordSheet<K extends string, V> {
  columns: SheetColumns<K>;
  required: readonly NoInfer<K>[];
  /** Where duplicate rows and service errors without a column of their own are reported. */
  keyColumn: NoInfer<K>;
  /**
   * The stored record a row names (by its key cells) as sheet cells, e.g. via exportedCells; undefined when none. When
   * the sheet leaves columns out, they read from it (see keepAbsent); without it an absent column reads blank.
   */
  stored?: (row: SheetRow<K>) => Promise<StoredCells<K> | undefined>;
  /** Turns a row into the values to save (throws RowError). */
  parse: (row: SheetRow<K>) => V | Promise<V>;
  /** The row's identity in the file, lower-cased (a code); '' when it gets a generated code. */
  keyOf: (values: V) => string;
  /** The error of a row whose identity an earlier row of the file has (default sheet_import_duplicate_row with the code). */
  duplicate?: (values: V, firstRow: number) => RowError;
  /**
   * Creates or updates the record through its module's service; equal values change nothing. Every write goes through
   * `guard`, which runs it in a savepoint (the row's writes are all-or-nothing); lookups before it need none.
   */
  save: (values: V, guard: Guard) => Promise<Outcome>;
  /** The column a service error is about (default keyColumn): by code, or by code and args. */
  columnOf?: Partial<Record<ErrorCode, NoInfer<K>>> | ((code: ErrorCode, args: (string | number)[]) => NoInfer<K> | undefined);
}

const sqlState = (err: unknown) => {
  const e = err as { code?: unknown; cause?: { code?: unknown } };
  const code = typeof e.code === 'string' ? e.code : e.cause?.code;
  return typeof code === 'string' && /^[0-9A-Z]{5}$/.test(code) ? code : undefined;
};

function serviceColumn<K extends string>(spec: Pick<RecordSheet<K, never>, 'columnOf' | 'keyColumn'>, err: AppError): K {
  const code = err.code as ErrorCode;
  const column = typeof spec.columnOf === 'function' ? spec.columnOf(code, err.args) : spec.columnOf?.[code];
  return column ?? spec.keyColumn;
}

/**
 * Imports records from an xlsx stream: each row is parsed, checked against the rows before it, and saved through the
 * module's service, its writes inside one savepoint (a row equal to the stored record costs no savepoint); a row the
 * service refuses is rolled back and reported with the service's catalogued error, the others stay. Any other
 * failure ends the whole import (the request rolls back). When the header leaves columns out and the spec has
 * `stored`, a row naming a stored record reads those columns from it: they stay as stored (an `unchanged` row when only
 * they would differ).
 */
export async function importRecords<K extends string, V>(tx: Tx, body: Readable, spec: RecordSheet<K, V>): Promise<SheetImportReport> {
  const report = emptyReport();
  // Database errors the savepoint undid; one outside it has aborted the transaction and ends the import.
  const undone = new WeakSet<object>();
  const guard: Guard = async (write) => {
    await tx.execute(sql`SAVEPOINT sheet_import_row`);
    try {
      const result = await write();
      await tx.execute(sql`RELEASE SAVEPOINT sheet_import_row`);
      return result;
    } catch (err) {
      await tx.execute(sql`ROLLBACK TO SAVEPOINT sheet_import_row`);
      if (err instanceof Object) undone.add(err);
      throw err;
    }
  };
  const seen = new Map<string, number>();
  await readSheet(body, {
    columns: spec.columns,
    required: spec.required,
    onRow: async (row, cells, has) => {
      report.rows++;
      let values: V;
      let get = cells;
      try {
        const nul = (Object.keys(spec.columns) as K[]).find((key) => get(key).includes('\u0000'));
        if (nul) throw new RowError(nul, 'invalid_input_format', [nul, 'text without NUL characters']);
        if (spec.stored && leavesOut(spec.columns, has)) get = keepAbsent(cells, has, await spec.stored(new SheetRow(cells)));
        values = await spec.parse(new SheetRow(get));
        const key = spec.keyOf(values);
        if (key) {
          const first = seen.get(key);
          if (first !== undefined)
            throw spec.duplicate?.(values, first) ?? new RowError(spec.keyColumn, 'sheet_import_duplicate_row', [get(spec.keyColumn), first]);
          seen.set(key, row);
        }
      } catch (err) {
        if (err instanceof RowError) reportError(report, row, err.column, err.code, err.args);
        else if (err instanceof AppError) reportError(report, row, serviceColumn(spec, err), err.code as ErrorCode, err.args);
        else throw err;
        return;
      }
      try {
        count(report, await spec.save(values, guard));
      } catch (err) {
        if (err instanceof RowError) reportError(report, row, err.column, err.code, err.args);
        else if (err instanceof AppError) reportError(report, row, serviceColumn(spec, err), err.code as ErrorCode, err.args);
        // A code a concurrent writer took, or a value the database refuses as data (class 22): this row's fault, not the server's.
        else if (undone.has(err as object) && sqlState(err) === '23505') reportError(report, row, spec.keyColumn, 'processing_error', []);
        else if (undone.has(err as object) && sqlState(err)?.startsWith('22'))
          reportError(report, row, spec.keyColumn, 'invalid_input_format', [spec.keyColumn, 'a value the database cannot store']);
        else throw err;
      }
    },
  });
  return report;
}

/**
 * The usual upsert of a code-keyed record: create when no record has the code (then deactivate when the row says N),
 * else update when a field differs and set the active state when the row gives another one (blank keeps it).
 */
export async function upsertRecord<T extends { active: 'Y' | 'N' }>(o: {
  guard: Guard;
  stored: T | undefined;
  active: 'Y' | 'N' | undefined;
  same: (stored: T) => boolean;
  create: () => Promise<T>;
  update: (stored: T) => Promise<unknown>;
  setActive: (record: T, active: 'Y' | 'N') => Promise<unknown>;
}): Promise<Outcome> {
  const stored = o.stored;
  if (!stored) {
    return o.guard(async () => {
      const created = await o.create();
      if (o.active === 'N') await o.setActive(created, 'N');
      return 'created' as const;
    });
  }
  const changed = !o.same(stored);
  const switched = o.active !== undefined && o.active !== stored.active;
  if (!changed && !switched) return 'unchanged';
  return o.guard(async () => {
    if (changed) await o.update(stored);
    if (switched) await o.setActive(stored, o.active!);
    return 'updated' as const;
  });
}

/** Field-by-field equality of the values a row gives and the stored record (null and '' alike). */
export function sameFields<T extends object>(stored: T, values: Partial<Record<keyof T, unknown>>): boolean {
  const norm = (v: unknown) => (v === '' || v === undefined ? null : v);
  return (Object.keys(values) as (keyof T)[]).every((k) => JSON.stringify(norm(stored[k])) === JSON.stringify(norm(values[k])));
}

/** Column headings of one language, in column order, for an export that the import reads back. */
export const headings = <K extends string>(columns: SheetColumns<K>, lang: Lang) => (Object.keys(columns) as K[]).map((k) => columns[k][lang]);
