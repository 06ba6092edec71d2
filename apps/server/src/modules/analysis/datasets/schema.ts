import { date, index, integer, jsonb, numeric, pgTable, primaryKey, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import type { DatasetColumnType, DatasetSource } from '@nusa/contracts';
import { tenantPolicy } from '../../../platform/db/tenant.ts';

/**
 * Datasets of the AI sales analysis. Rows of every dataset share one wide table of typed slots (num_1..24,
 * text_1..24, date_1..8; docs/decisions/005-analysis-datasets.md): a dataset's column map says which slot holds which
 * column, so aggregations read typed values (numeric, date) and never parse JSON, and the table is under row-level
 * security like every other.
 */

/** The same counts as the contracts' DATASET_SLOTS (drizzle-kit reads this file without the contracts' values; a test compares). */
export const SLOTS = { num: 24, text: 24, date: 8 } as const;
export type SlotKind = keyof typeof SLOTS;
/** A dataset column as stored: its key in plans (c1, c2 ...), label, type and the slot that holds it. */
export interface StoredColumn {
  key: string;
  label: string;
  type: DatasetColumnType;
  slot: `${SlotKind}_${number}`;
  /** A text column's most frequent values (what questions name: "cabang Surabaya"), counted when imported. */
  values?: string[];
  /** The header it was read from in its Google Sheet: a refresh finds it by this, whatever the user renamed it to. */
  source?: string;
}

export const analysisDatasets = pgTable(
  'analysis_datasets',
  {
    tenantId: uuid('tenant_id').notNull(),
    id: uuid('id').notNull(),
    name: text('name').notNull(),
    columns: jsonb('columns').$type<StoredColumn[]>().notNull(),
    rowCount: integer('row_count').notNull().default(0),
    /** Where its rows come from (DATASET_SOURCES): an uploaded file, entered by hand, ... */
    source: text('source').$type<DatasetSource>().notNull().default('file'),
    /** The import run that made or last refreshed it. */
    importId: uuid('import_id'),
    createdBy: uuid('created_by').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    refreshedAt: timestamp('refreshed_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.tenantId, t.id] }), index('analysis_datasets_import_idx').on(t.tenantId, t.importId), tenantPolicy('analysis_datasets')],
);

const slots = <K extends SlotKind, T>(kind: K, make: (name: string) => T) =>
  Object.fromEntries(Array.from({ length: SLOTS[kind] }, (_, i) => [`${kind}${i + 1}`, make(`${kind}_${i + 1}`)])) as Record<`${K}${number}`, T>;

export const analysisRows = pgTable(
  'analysis_rows',
  {
    tenantId: uuid('tenant_id').notNull(),
    datasetId: uuid('dataset_id').notNull(),
    /** The row's place in the file (1 = the first data row). */
    rowNo: integer('row_no').notNull(),
    ...slots('num', (name) => numeric(name)),
    ...slots('text', (name) => text(name)),
    ...slots('date', (name) => date(name)),
  },
  (t) => [primaryKey({ columns: [t.tenantId, t.datasetId, t.rowNo] }), tenantPolicy('analysis_rows')],
);
