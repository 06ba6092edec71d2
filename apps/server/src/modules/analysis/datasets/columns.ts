import { eq, sql } from 'drizzle-orm';
import { DATASET_SLOTS, type Dataset, type DatasetColumnType, type NewDataset } from '@nusa/contracts';
import type { Principal } from '../../../platform/access/principal.ts';
import { writeAudit } from '../../../platform/audit/write.ts';
import type { Tx } from '../../../platform/db/tenant.ts';
import { AppError } from '../../../platform/errors/app-error.ts';
import { tenantLimits } from '../../../platform/limits/limits.ts';
import { KEPT_VALUES, newDatasetId, slotKindOf, TYPE_WORDS } from './import.ts';
import { convertCell, numberStyleOf } from './infer.ts';
import { assertMayCreateDataset } from './quota.ts';
import { lockDataset } from './rows.ts';
import { analysisDatasets, type SlotKind, type StoredColumn } from './schema.ts';
import { toDataset, type DatasetRecord } from './service.ts';

/** A dataset made by hand, and its columns renamed or retyped (issue 13). A column's key never changes: saved plans name it. */

const KIND_WORDS: Record<SlotKind, string> = { num: 'angka/number', text: 'teks/text', date: 'tanggal/date' };
const SQL_TYPE: Record<SlotKind, string> = { num: 'numeric', text: 'text', date: 'date' };
/** Rows converted per UPDATE when a column changes its kind of slot. */
const BATCH = 5000;
/** Rows named in a refused retype. */
const NAMED_ROWS = 10;

const sameLabel = (a: string, b: string) => a.trim().toLowerCase() === b.trim().toLowerCase();

/** The first slot of the kind no column of the dataset uses, or analysis_too_many_columns. */
export function freeSlot(columns: readonly Pick<StoredColumn, 'slot'>[], kind: SlotKind): StoredColumn['slot'] {
  const used = new Set(columns.map((c) => c.slot));
  for (let i = 1; i <= DATASET_SLOTS[kind]; i++) {
    const s = `${kind}_${i}` as const;
    if (!used.has(s)) return s;
  }
  throw new AppError('analysis_too_many_columns', [KIND_WORDS[kind], DATASET_SLOTS[kind]]);
}

export async function createDataset(tx: Tx, principal: Principal, body: NewDataset): Promise<Dataset> {
  await assertMayCreateDataset(tx, await tenantLimits(tx));
  const columns: StoredColumn[] = [];
  for (const [i, c] of body.columns.entries()) {
    if (columns.some((x) => sameLabel(x.label, c.label))) throw new AppError('analysis_column_label_taken', [c.label]);
    columns.push({ key: `c${i + 1}`, label: c.label, type: c.type, slot: freeSlot(columns, slotKindOf(c.type)), ...(c.type === 'text' ? { values: [] } : {}) });
  }
  const [d] = await tx
    .insert(analysisDatasets)
    .values({ tenantId: principal.tenantId, id: newDatasetId(), name: body.name, source: 'manual', columns, rowCount: 0, createdBy: principal.userId })
    .returning();
  await writeAudit(tx, principal, {
    module: 'analysis.dataset',
    action: 'create',
    entity: 'analysis_dataset',
    entityId: d.id,
    after: { name: d.name, source: 'manual', columns: columns.map(({ label, type }) => ({ label, type })) },
  });
  return toDataset(d);
}

/** A text column's most frequent values, counted again after its values changed. */
async function countValues(tx: Tx, d: DatasetRecord, slot: string): Promise<string[]> {
  const r = await tx.execute<{ v: string }>(sql`
    SELECT ${sql.raw(slot)} AS v FROM analysis_rows WHERE tenant_id = ${d.tenantId} AND dataset_id = ${d.id} AND ${sql.raw(slot)} IS NOT NULL
     GROUP BY 1 ORDER BY count(*) DESC, 1 LIMIT ${KEPT_VALUES}`);
  return r.rows.map((x) => x.v);
}

/**
 * Moves a column's values into a slot of another kind (text → number, number → date ...): every stored value is read
 * as the new type first; if any does not read, the change is refused naming its rows and nothing is written.
 */
async function convertColumn(tx: Tx, d: DatasetRecord, column: StoredColumn, type: DatasetColumnType, to: StoredColumn['slot']) {
  const from = sql.raw(column.slot);
  const stored = await tx.execute<{ row_no: number; v: string }>(sql`
    SELECT row_no, ${from}::text AS v FROM analysis_rows
     WHERE tenant_id = ${d.tenantId} AND dataset_id = ${d.id} AND ${from} IS NOT NULL ORDER BY row_no`);
  const style = numberStyleOf(stored.rows.slice(0, 2000).map((r) => r.v));
  const bad: { rowNo: number; value: string }[] = [];
  const converted = stored.rows.map((r) => {
    const c = convertCell(r.v, type, style);
    if ('bad' in c) bad.push({ rowNo: Number(r.row_no), value: r.v });
    return 'bad' in c ? null : c.value;
  });
  if (bad.length > 0) {
    const rows =
      bad
        .slice(0, NAMED_ROWS)
        .map((b) => b.rowNo)
        .join(', ') + (bad.length > NAMED_ROWS ? ', …' : '');
    throw new AppError('analysis_retype_refused', [column.label, TYPE_WORDS[type], bad.length, rows, bad[0].value.slice(0, 60)]);
  }
  const target = sql.raw(to);
  for (let i = 0; i < stored.rows.length; i += BATCH) {
    const rowNos = stored.rows.slice(i, i + BATCH).map((r) => Number(r.row_no));
    const values = converted.slice(i, i + BATCH);
    await tx.execute(sql`
      UPDATE analysis_rows r SET ${target} = u.v, ${from} = NULL
        FROM unnest(${sql.param(rowNos)}::int[], ${sql.param(values)}::${sql.raw(SQL_TYPE[slotKindOf(type)])}[]) AS u(row_no, v)
       WHERE r.tenant_id = ${d.tenantId} AND r.dataset_id = ${d.id} AND r.row_no = u.row_no`);
  }
}

export async function updateColumn(
  tx: Tx,
  principal: Principal,
  datasetId: string,
  key: string,
  change: { label?: string; type?: DatasetColumnType },
): Promise<Dataset> {
  const d = await lockDataset(tx, datasetId);
  const column = d.columns.find((c) => c.key === key);
  if (!column) throw new AppError('analysis_column_not_found', [key]);
  const next: StoredColumn = { ...column };
  if (change.label !== undefined && change.label !== column.label) {
    if (d.columns.some((c) => c.key !== key && sameLabel(c.label, change.label!))) throw new AppError('analysis_column_label_taken', [change.label]);
    next.label = change.label;
  }
  if (change.type !== undefined && change.type !== column.type) {
    next.type = change.type;
    const kind = slotKindOf(change.type);
    if (kind !== slotKindOf(column.type)) {
      next.slot = freeSlot(
        d.columns.filter((c) => c.key !== key),
        kind,
      );
      await convertColumn(tx, d, column, change.type, next.slot);
      if (kind === 'text') next.values = await countValues(tx, d, next.slot);
      else delete next.values;
    }
  }
  if (next.label === column.label && next.type === column.type) return toDataset(d);
  const columns = d.columns.map((c) => (c.key === key ? next : c));
  const [saved] = await tx.update(analysisDatasets).set({ columns }).where(eq(analysisDatasets.id, d.id)).returning();
  await writeAudit(tx, principal, {
    module: 'analysis.dataset',
    action: 'update',
    entity: 'analysis_dataset',
    entityId: d.id,
    before: { column: key, label: column.label, type: column.type },
    after: { column: key, label: next.label, type: next.type },
  });
  return toDataset(saved);
}
