import { and, count, desc, eq, ilike, inArray, sql } from 'drizzle-orm';
import type { Dataset, DatasetColumn } from '@nusa/contracts';
import type { Tx } from '../../../platform/db/tenant.ts';
import { AppError } from '../../../platform/errors/app-error.ts';
import { containsPattern } from '../../../platform/records/query.ts';
import { analysisDatasets, type StoredColumn } from './schema.ts';

export type DatasetRecord = typeof analysisDatasets.$inferSelect;

const publicColumns = (columns: StoredColumn[]): DatasetColumn[] => columns.map(({ key, label, type }) => ({ key, label, type }));

export const toDataset = (d: DatasetRecord): Dataset => ({
  datasetId: d.id,
  name: d.name,
  source: d.source,
  columns: publicColumns(d.columns),
  rowCount: d.rowCount,
  refreshedAt: d.refreshedAt.toISOString(),
  createdAt: d.createdAt.toISOString(),
});

/** The dataset with its column map, or analysis_dataset_not_found (another tenant's is not found either: RLS). */
export async function loadDataset(tx: Tx, datasetId: string): Promise<DatasetRecord> {
  const [d] = await tx.select().from(analysisDatasets).where(eq(analysisDatasets.id, datasetId));
  if (!d) throw new AppError('analysis_dataset_not_found', [datasetId]);
  return d;
}

/** The names of the tenant's datasets among these ids (a gone one is absent). */
export async function datasetNames(tx: Tx, ids: string[]): Promise<Map<string, string>> {
  if (!ids.length) return new Map();
  const rows = await tx.select({ id: analysisDatasets.id, name: analysisDatasets.name }).from(analysisDatasets).where(inArray(analysisDatasets.id, ids));
  return new Map(rows.map((r) => [r.id, r.name]));
}

export async function listDatasets(tx: Tx, q: { page: number; limit: number; keyword?: string }) {
  const where = q.keyword ? ilike(analysisDatasets.name, containsPattern(q.keyword)) : undefined;
  const [items, [{ total }]] = await Promise.all([
    tx
      .select()
      .from(analysisDatasets)
      .where(where)
      .orderBy(desc(analysisDatasets.refreshedAt), desc(analysisDatasets.id))
      .limit(q.limit)
      .offset((q.page - 1) * q.limit),
    tx.select({ total: count() }).from(analysisDatasets).where(where),
  ]);
  return { items: items.map(toDataset), total };
}

/** A stored cell as answered: numeric text to a JSON number, dates and text as they are. */
export const cellOut = (type: StoredColumn['type'], v: unknown): string | number | null =>
  v === null || v === undefined ? null : type === 'text' || type === 'date' ? String(v) : Number(v);

/** Checks that the dataset is the tenant's (its rows are read only through its column map). */
export const datasetExists = async (tx: Tx, datasetId: string) =>
  (
    await tx
      .select({ id: analysisDatasets.id })
      .from(analysisDatasets)
      .where(and(eq(analysisDatasets.id, datasetId)))
  ).length > 0;

export { monthOf } from './infer.ts';
export type { StoredColumn } from './schema.ts';

/** The rows of every dataset, for queries over one dataset built from its column map (ask/query.ts): always with `dataset_id = ...`. */
export const datasetRowsTable = sql.raw('analysis_rows');
/** A column of the dataset as SQL: its slot, from the dataset's own column map only (never from a caller's text). */
export const slotSql = (column: StoredColumn) => sql.raw(column.slot);

/** The most frequent values of each text column, as counted when the dataset was imported. */
export const textValues = (d: DatasetRecord): Record<string, string[]> =>
  Object.fromEntries(d.columns.filter((c) => c.type === 'text').map((c) => [c.key, c.values ?? []]));
