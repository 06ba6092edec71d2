import { eq, sql, type SQL } from 'drizzle-orm';
import type { DatasetRow } from '@nusa/contracts';
import type { Principal } from '../../../platform/access/principal.ts';
import { writeAudit } from '../../../platform/audit/write.ts';
import type { Tx } from '../../../platform/db/tenant.ts';
import { AppError } from '../../../platform/errors/app-error.ts';
import type { XlsxColumn } from '../../../platform/files/xlsx.ts';
import { tenantLimits } from '../../../platform/limits/limits.ts';
import { containsPattern, XLSX_EXPORT_LIMIT } from '../../../platform/records/query.ts';
import { insertRows, KEPT_VALUES, slotKindOf, TYPE_WORDS } from './import.ts';
import { convertCell, numberStyleOf } from './infer.ts';
import { assertRowsFit } from './quota.ts';
import { analysisDatasets, type StoredColumn } from './schema.ts';
import { cellOut, loadDataset, type DatasetRecord } from './service.ts';

/** The dataset page's rows (issue 13): searched, sorted, a page at a time, exported; added, edited and deleted by hand. */

type Cell = string | number | null;
export interface RowQuery {
  keyword?: string;
  sort?: string;
}

const SQL_TYPE = { num: 'numeric', text: 'text', date: 'date' } as const;
const slot = (c: StoredColumn) => sql.raw(c.slot);
const castOf = (c: StoredColumn) => sql.raw(SQL_TYPE[slotKindOf(c.type)]);

/** The dataset, locked against other writes to it until the transaction ends (row numbers, the row count). */
export async function lockDataset(tx: Tx, datasetId: string): Promise<DatasetRecord> {
  const [d] = await tx.select().from(analysisDatasets).where(eq(analysisDatasets.id, datasetId)).for('update');
  if (!d) throw new AppError('analysis_dataset_not_found', [datasetId]);
  return d;
}

/** The rows the keyword finds: any text column containing it; a dataset without text columns finds none. */
function whereOf(d: DatasetRecord, keyword: string | undefined): SQL {
  const own = sql`tenant_id = ${d.tenantId} AND dataset_id = ${d.id}`;
  if (!keyword) return own;
  const texts = d.columns.filter((c) => c.type === 'text');
  if (texts.length === 0) return sql`false`;
  const p = containsPattern(keyword);
  return sql`${own} AND (${sql.join(
    texts.map((c) => sql`${slot(c)} ILIKE ${p}`),
    sql` OR `,
  )})`;
}

/** `c3` / `-c3` / `row` / `-row`: by that column (empty cells last), then by the row's number so that pages are stable. */
function orderOf(d: DatasetRecord, sort: string | undefined): SQL {
  const desc = sort?.startsWith('-') ?? false;
  const key = sort?.replace(/^-/, '') ?? 'row';
  if (key === 'row') return desc ? sql`row_no DESC` : sql`row_no`;
  const c = d.columns.find((x) => x.key === key);
  if (!c) throw new AppError('analysis_column_not_found', [key]);
  return sql`${slot(c)} ${sql.raw(desc ? 'DESC' : 'ASC')} NULLS LAST, row_no`;
}

const selectOf = (d: DatasetRecord, q: RowQuery, limit: number, offset: number) => sql`
    SELECT ${sql.join([sql`row_no`, ...d.columns.map(slot)], sql`, `)} FROM analysis_rows
     WHERE ${whereOf(d, q.keyword)} ORDER BY ${orderOf(d, q.sort)} LIMIT ${limit} OFFSET ${offset}`;
const rowsOut = (d: DatasetRecord, rows: Record<string, unknown>[]) =>
  rows.map((r) => ({ rowNo: Number(r.row_no), cells: d.columns.map((c) => cellOut(c.type, r[c.slot])) }));

async function selectRows(tx: Tx, d: DatasetRecord, q: RowQuery, limit: number, offset: number) {
  return rowsOut(d, (await tx.execute<Record<string, unknown>>(selectOf(d, q, limit, offset))).rows);
}

export async function listRows(tx: Tx, datasetId: string, q: RowQuery & { page: number; limit: number }) {
  const d = await loadDataset(tx, datasetId);
  const [rows, total] = await Promise.all([
    selectRows(tx, d, q, q.limit, (q.page - 1) * q.limit),
    q.keyword
      ? tx.execute<{ n: number }>(sql`SELECT count(*)::int AS n FROM analysis_rows WHERE ${whereOf(d, q.keyword)}`).then((r) => r.rows[0].n)
      : d.rowCount,
  ]);
  return {
    columns: d.columns.map(({ key, label, type }) => ({ key, label, type })),
    items: rows.map((r) => r.cells),
    rowNos: rows.map((r) => r.rowNo),
    total,
  };
}

const XLSX_FORMAT: Partial<Record<StoredColumn['type'], string>> = { money: '#,##0.##', number: '#,##0.####', percent: '0.##', date: 'dd/mm/yyyy' };
/** Rows fetched from the export's cursor at a time: what the server holds of the rows while the file streams. */
export const EXPORT_BATCH = 2000;

export interface RowsExport {
  name: string;
  columns: XlsxColumn<Cell[]>[];
  rows: AsyncIterable<Cell[]>;
}

/**
 * The rows the list shows (same keyword and sort), every page up to the export limit, as one sheet headed by the
 * columns' labels. The rows are read through a cursor in the caller's transaction, a batch at a time as the file is
 * taken (the next batch is asked for while the current one is written), so the server holds a batch or two whatever
 * the number of rows; the transaction must stay open until `rows` is done. The query is checked (an unknown sort
 * column, a planning error) before anything is returned, so such errors still answer as errors.
 */
export async function exportRows(tx: Tx, datasetId: string, q: RowQuery): Promise<RowsExport> {
  const d = await loadDataset(tx, datasetId);
  await tx.execute(sql`DECLARE dataset_export NO SCROLL CURSOR FOR ${selectOf(d, q, XLSX_EXPORT_LIMIT, 0)}`);
  const columns: XlsxColumn<Cell[]>[] = d.columns.map((c, i) => ({
    header: c.label,
    width: Math.max(12, Math.min(40, c.label.length + 2)),
    format: XLSX_FORMAT[c.type],
    value: (cells) => {
      const v = cells[i];
      return c.type === 'date' && typeof v === 'string' ? new Date(`${v}T00:00:00Z`) : v;
    },
  }));
  return { name: d.name, columns, rows: cursorRows(tx, d) };
}

async function* cursorRows(tx: Tx, d: DatasetRecord): AsyncGenerator<Cell[]> {
  const fetchBatch = () => tx.execute<Record<string, unknown>>(sql.raw(`FETCH ${EXPORT_BATCH} FROM dataset_export`)).then((r) => rowsOut(d, r.rows));
  let next = fetchBatch();
  next.catch(() => {}); // awaited below; this only keeps a failure while the consumer writes from being "unhandled"
  try {
    for (;;) {
      const batch = await next;
      if (batch.length === 0) return;
      next = batch.length < EXPORT_BATCH ? Promise.resolve([]) : fetchBatch();
      next.catch(() => {});
      for (const row of batch) yield row.cells;
    }
  } finally {
    await next.catch(() => {});
    await tx.execute(sql`CLOSE dataset_export`).catch(() => {});
  }
}

/**
 * A row as typed, read cell by cell as its column's type (numbers and money as written in Indonesia or in English,
 * dates as dd/mm/yyyy or yyyy-mm-dd ...); the first cell that does not read is refused naming its column.
 */
function readRow(d: DatasetRecord, cells: readonly Cell[]): (string | null)[] {
  if (cells.length > d.columns.length) throw new AppError('analysis_row_too_wide', [cells.length, d.columns.length]);
  return d.columns.map((c, i) => {
    const raw = cells[i] ?? null;
    const converted = convertCell(raw, c.type, typeof raw === 'string' ? numberStyleOf([raw]) : 'id');
    if ('bad' in converted) throw new AppError('analysis_row_cell_invalid', [c.label, String(raw).slice(0, 60), TYPE_WORDS[c.type], c.key]);
    return converted.value;
  });
}

/** Text values questions may name ("cabang Surabaya"): a new one typed by hand joins the column's list while it has room. */
function withNewValues(columns: StoredColumn[], values: (string | null)[]): StoredColumn[] {
  return columns.map((c, i) => {
    const v = values[i];
    if (c.type !== 'text' || v === null || v === '') return c;
    const known = c.values ?? [];
    return known.includes(v) || known.length >= KEPT_VALUES ? c : { ...c, values: [...known, v] };
  });
}

const rowOut = (d: DatasetRecord, rowNo: number, values: (string | null)[]): DatasetRow => ({
  rowNo,
  cells: d.columns.map((c, i) => cellOut(c.type, values[i])),
});
const auditRow = (d: DatasetRecord, values: (string | null)[]) => Object.fromEntries(d.columns.map((c, i) => [c.label, values[i]]));

export async function addRow(tx: Tx, principal: Principal, datasetId: string, cells: Cell[]): Promise<DatasetRow> {
  const d = await lockDataset(tx, datasetId);
  const values = readRow(d, cells);
  await assertRowsFit(tx, await tenantLimits(tx), d.id, d.rowCount + 1);
  const [{ next }] = (
    await tx.execute<{ next: number }>(
      sql`SELECT coalesce(max(row_no), 0)::int + 1 AS next FROM analysis_rows WHERE tenant_id = ${d.tenantId} AND dataset_id = ${d.id}`,
    )
  ).rows;
  await insertRows(tx, d.tenantId, d.id, d.columns, next, [values]);
  await tx
    .update(analysisDatasets)
    .set({ rowCount: sql`${analysisDatasets.rowCount} + 1`, refreshedAt: sql`now()`, columns: withNewValues(d.columns, values) })
    .where(eq(analysisDatasets.id, d.id));
  await writeAudit(tx, principal, {
    module: 'analysis.dataset',
    action: 'create',
    entity: 'analysis_row',
    entityId: `${d.id}:${next}`,
    after: auditRow(d, values),
  });
  return rowOut(d, next, values);
}

export async function updateRow(tx: Tx, principal: Principal, datasetId: string, rowNo: number, cells: Cell[]): Promise<DatasetRow> {
  const d = await lockDataset(tx, datasetId);
  const values = readRow(d, cells);
  const [before] = (
    await tx.execute<Record<string, unknown>>(sql`
      SELECT ${sql.join([sql`row_no`, ...d.columns.map(slot)], sql`, `)} FROM analysis_rows
       WHERE tenant_id = ${d.tenantId} AND dataset_id = ${d.id} AND row_no = ${rowNo}`)
  ).rows;
  if (!before) throw new AppError('analysis_row_not_found', [rowNo]);
  if (d.columns.length > 0) {
    await tx.execute(sql`
      UPDATE analysis_rows SET ${sql.join(
        d.columns.map((c, i) => sql`${slot(c)} = ${values[i]}::${castOf(c)}`),
        sql`, `,
      )}
       WHERE tenant_id = ${d.tenantId} AND dataset_id = ${d.id} AND row_no = ${rowNo}`);
  }
  await tx
    .update(analysisDatasets)
    .set({ refreshedAt: sql`now()`, columns: withNewValues(d.columns, values) })
    .where(eq(analysisDatasets.id, d.id));
  await writeAudit(tx, principal, {
    module: 'analysis.dataset',
    action: 'update',
    entity: 'analysis_row',
    entityId: `${d.id}:${rowNo}`,
    before: Object.fromEntries(d.columns.map((c) => [c.label, before[c.slot] ?? null])),
    after: auditRow(d, values),
  });
  return rowOut(d, rowNo, values);
}

export async function deleteRows(tx: Tx, principal: Principal, datasetId: string, rowNos: number[]): Promise<{ deleted: number }> {
  const d = await lockDataset(tx, datasetId);
  const gone = await tx.execute<{ row_no: number }>(sql`
    DELETE FROM analysis_rows WHERE tenant_id = ${d.tenantId} AND dataset_id = ${d.id} AND row_no = ANY(${sql.param(rowNos)}::int[]) RETURNING row_no`);
  const deleted = gone.rows.length;
  if (deleted > 0) {
    await tx
      .update(analysisDatasets)
      .set({ rowCount: sql`${analysisDatasets.rowCount} - ${deleted}`, refreshedAt: sql`now()` })
      .where(eq(analysisDatasets.id, d.id));
    await writeAudit(tx, principal, {
      module: 'analysis.dataset',
      action: 'delete',
      entity: 'analysis_row',
      entityId: d.id,
      before: { rowNos: gone.rows.map((r) => Number(r.row_no)).sort((a, b) => a - b) },
    });
  }
  return { deleted };
}
