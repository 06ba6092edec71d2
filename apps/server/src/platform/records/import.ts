import type { Readable } from 'node:stream';
import type { SheetImportReport } from '@nusa/contracts';
import type { Tx } from '../db/tenant.ts';
import { importRecords, upsertRecord, type RecordSheet, type SheetRow } from '../files/sheet-import.ts';
import { importColumns, storedCells, type ReadKeys, type RecordSheetSpec, type SheetField } from './sheet.ts';

/**
 * The xlsx import of a code-keyed record, read with the same sheet spec its export writes: upsert by code through the
 * module's own service (its rules apply), a blank code gets the next number, columns the sheet leaves out stay as
 * stored, a row equal to the stored record changes nothing.
 */
interface Parsed<V> {
  input: V;
  active: 'Y' | 'N' | undefined;
}

export interface RecordImport<T extends { active: 'Y' | 'N' }, K extends string, V> {
  required: readonly NoInfer<K>[];
  /** The code column. */
  keyColumn: NoInfer<K>;
  /** The stored record of a code (the kit's findByCode). */
  find: (code: string) => Promise<T | undefined>;
  /** A row as the service's input and the active flag it gives (throws RowError). */
  parse: (row: SheetRow<K>) => Parsed<V> | Promise<Parsed<V>>;
  /** The code the input names ('' for a generated one). */
  codeOf: (input: V) => string;
  /** Whether the stored record already holds what the row gives. */
  same: (stored: T, input: V) => boolean;
  create: (input: V) => Promise<T>;
  update: (stored: T, input: V) => Promise<unknown>;
  setActive: (record: T, active: 'Y' | 'N') => Promise<unknown>;
  columnOf?: RecordSheet<K, unknown>['columnOf'];
}

export function importSheet<T extends { active: 'Y' | 'N' }, F extends Record<string, SheetField<T>>, V>(
  tx: Tx,
  file: Readable,
  sheet: RecordSheetSpec<T, F>,
  o: RecordImport<T, ReadKeys<F>, V>,
): Promise<SheetImportReport> {
  const columns = importColumns(sheet);
  return importRecords(tx, file, {
    columns,
    required: o.required,
    keyColumn: o.keyColumn,
    columnOf: o.columnOf,
    stored: async (row) => {
      const code = row.text(o.keyColumn);
      const stored = code ? await o.find(code) : undefined;
      return stored && storedCells(sheet, stored);
    },
    parse: o.parse,
    keyOf: (v) => o.codeOf(v.input).toLowerCase(),
    save: async ({ input, active }, guard) => {
      const code = o.codeOf(input);
      return upsertRecord({
        guard,
        stored: code ? await o.find(code) : undefined,
        active,
        same: (stored) => o.same(stored, input),
        create: () => o.create(input),
        update: (stored) => o.update(stored, input),
        setActive: o.setActive,
      });
    },
  });
}
