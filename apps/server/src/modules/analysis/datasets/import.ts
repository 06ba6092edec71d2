import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import type { Readable } from 'node:stream';
import { sql } from 'drizzle-orm';
import { v7 as uuidv7 } from 'uuid';
import {
  DATASET_PREVIEW_ROWS,
  DATASET_SLOTS,
  SHEET_IMPORT_MAX_ERRORS,
  type AnalysisImportRun,
  type DatasetColumnType,
  type DatasetPreview,
  type ImportColumnChoice,
  type SheetImportReport,
} from '@nusa/contracts';
import type { Principal } from '../../../platform/access/principal.ts';
import { writeAudit } from '../../../platform/audit/write.ts';
import type { Tx } from '../../../platform/db/tenant.ts';
import { AppError } from '../../../platform/errors/app-error.ts';
import { importProgress } from '../../../platform/files/import-progress.ts';
import { tenantLimits } from '../../../platform/limits/limits.ts';
import { toImportRun } from '../../../platform/files/import-runs.ts';
import { PDF_LIMITS, SHEET_LIMITS } from '../../../platform/files/parse-limits.ts';
import { runInWorker, streamInWorker } from '../../../platform/files/worker-runner.ts';
import { XlsxUnreadable } from '../../../platform/files/xlsx-reader.ts';
import { readUploadedXlsxRows } from '../../../platform/files/xlsx-worker.ts';
import type { CsvRow } from './csv.ts';
import { convertCell, findHeaderRow, inferColumnType, numberStyleOf, type NumberStyle, type RawCell } from './infer.ts';
import type { readPdfRows } from './pdf.ts';
import { assertMayCreateDataset, assertNewDatasetFits, rowCapOf } from './quota.ts';
import { analysisDatasets, type SlotKind, type StoredColumn } from './schema.ts';

/** The import endpoint's key in the import runs (platform/files/import-runs.ts). */
export const DATASET_IMPORT_KEY = '/v1/analysis/datasets/import';
/** Rows looked at for the header row. */
const HEADER_SCAN = 30;
/** Data rows each column's type is decided from. */
const TYPE_SAMPLE = 2000;
/** Pages of a PDF the preview reads: enough for the type sample (a page holds some 40-50 rows), not a whole long report. */
const PREVIEW_PDF_PAGES = 50;
/** Rows written per INSERT (one array parameter per column, whatever the batch). */
const BATCH = 5000;
/** A text column's values kept for questions to name, the most frequent first. */
export const KEPT_VALUES = 300;
/** Distinct values counted per text column; past this, only those already seen are counted (bounded memory). */
const COUNTED_VALUES = 20_000;

export type DatasetFileFormat = 'xlsx' | 'csv' | 'pdf';

/**
 * What the run needs besides the file. The import runs keep only the uploaded bytes, so the request puts this in
 * front of them as one JSON line (the envelope), and the run's report hands back the dataset it made.
 */
interface Envelope {
  datasetId: string;
  name: string;
  format: DatasetFileFormat;
  /** The columns as the user confirmed them in the preview (names and types); else found from the file. */
  columns?: ImportColumnChoice[];
}

export const envelope = (e: Envelope, file: Buffer) => Buffer.concat([Buffer.from(`${JSON.stringify(e)}\n`), file]);

/** The report of a dataset import: the accounting import's, plus the dataset made. */
export type DatasetImportReport = SheetImportReport & { datasetId: string };

export const TYPE_WORDS: Record<DatasetColumnType, string> = {
  number: 'number/angka',
  money: 'money/uang',
  percent: 'percent/persen',
  date: 'date/tanggal',
  text: 'text/teks',
};
export const slotKindOf = (type: DatasetColumnType): SlotKind => (type === 'date' ? 'date' : type === 'text' ? 'text' : 'num');
const SQL_TYPE: Record<SlotKind, string> = { num: 'numeric', text: 'text', date: 'date' };

type FileRow = { number: number; cells: RawCell[] };

/**
 * The file's table is read in a worker thread (platform/files/worker-runner.ts), within the limits of reading one
 * file: pdf.js and a long CSV line would otherwise hold the server's one event loop for every tenant. `signal` stops
 * the reading when the client of a preview goes away.
 */
const PDF_READER = new URL('./pdf.ts', import.meta.url);
const CSV_READER = new URL('./csv.ts', import.meta.url);

const pdfRowsOf = (file: Buffer, readPages = Infinity, signal?: AbortSignal) =>
  runInWorker<Awaited<ReturnType<typeof readPdfRows>>>(PDF_READER, 'readPdfRows', [file, readPages, PDF_LIMITS], { ...PDF_LIMITS, signal });

/** A PDF's table is read whole, once (pdf.js has no streaming): its rows are handed to both passes. */
async function* rowsOf(file: Buffer, format: DatasetFileFormat, pdfRows?: FileRow[], signal?: AbortSignal): AsyncGenerator<FileRow> {
  if (format === 'pdf') {
    yield* pdfRows ?? (await pdfRowsOf(file, Infinity, signal));
    return;
  }
  if (format === 'csv') {
    yield* streamInWorker<CsvRow>(CSV_READER, 'readCsvRows', [file], { ...SHEET_LIMITS, signal });
    return;
  }
  const dir = await fs.mkdtemp(path.join(os.tmpdir(), 'nusa-dataset-'));
  try {
    const name = path.join(dir, 'upload.xlsx');
    await fs.writeFile(name, file);
    try {
      for await (const row of readUploadedXlsxRows(name, { signal })) {
        const cells: RawCell[] = [];
        for (let i = 1; i < row.values.length; i++) {
          const v = row.values[i];
          cells.push(v === undefined || v === null || (typeof v === 'object' && !(v instanceof Date)) ? null : v);
        }
        yield { number: row.number, cells };
      }
    } catch (err) {
      if (err instanceof XlsxUnreadable) throw new AppError(err.reason === 'no_workbook' ? 'sheet_import_workbook_missing' : 'analysis_file_invalid');
      throw err;
    }
  } finally {
    await fs.rm(dir, { recursive: true, force: true });
  }
}

const blank = (c: RawCell) => c === null || c === undefined || (typeof c === 'string' && c.trim() === '');

/** Column labels from the header cells: trimmed, a blank one named by its place, a repeated one numbered. */
export function labelsOf(header: RawCell[], width: number): string[] {
  const seen = new Map<string, number>();
  return Array.from({ length: width }, (_, i) => {
    const base = blank(header[i]) ? `Kolom ${i + 1}` : String(header[i]).trim().slice(0, 100);
    const n = (seen.get(base.toLowerCase()) ?? 0) + 1;
    seen.set(base.toLowerCase(), n);
    return n === 1 ? base : `${base} (${n})`;
  });
}

/**
 * Columns with their types and slots, from the header and a sample of data rows, or as the user chose them in the
 * preview (one choice per column found: a file that changed since is refused rather than read into the wrong columns).
 */
function planColumns(labels: string[], sample: RawCell[][], choices?: ImportColumnChoice[]): { columns: StoredColumn[]; styles: NumberStyle[] } {
  if (choices && choices.length !== labels.length) throw new AppError('analysis_import_columns_invalid', [labels.length]);
  const named = choices
    ? labelsOf(
        choices.map((c) => c.label),
        labels.length,
      )
    : labels;
  const used: Record<SlotKind, number> = { num: 0, text: 0, date: 0 };
  const styles: NumberStyle[] = [];
  const columns = named.map((label, i) => {
    const cells = sample.map((r) => r[i]);
    const type = choices ? choices[i].type : inferColumnType(cells, label);
    styles.push(numberStyleOf(cells));
    const kind = slotKindOf(type);
    used[kind]++;
    if (used[kind] > DATASET_SLOTS[kind])
      throw new AppError('analysis_too_many_columns', [kind === 'num' ? 'angka/number' : kind === 'text' ? 'teks/text' : 'tanggal/date', DATASET_SLOTS[kind]]);
    return { key: `c${i + 1}`, label, type, slot: `${kind}_${used[kind]}` as StoredColumn['slot'] };
  });
  return { columns, styles };
}

/** Writes a batch of converted rows with one array parameter per column (unnest), so a batch is one statement. */
export async function insertRows(tx: Tx, tenantId: string, datasetId: string, columns: StoredColumn[], firstRowNo: number, batch: (string | null)[][]) {
  if (batch.length === 0) return;
  const names = columns.map((c) => sql.raw(c.slot));
  const arrays = columns.map((c, i) => sql`${sql.param(batch.map((r) => r[i]))}::${sql.raw(SQL_TYPE[slotKindOf(c.type)])}[]`);
  const rowNos = batch.map((_, i) => firstRowNo + i);
  await tx.execute(sql`
    INSERT INTO analysis_rows (tenant_id, dataset_id, row_no${names.length ? sql`, ${sql.join(names, sql`, `)}` : sql``})
    SELECT ${tenantId}::uuid, ${datasetId}::uuid, r.*
      FROM unnest(${sql.param(rowNos)}::int[]${arrays.length ? sql`, ${sql.join(arrays, sql`, `)}` : sql``}) AS r`);
}

interface Layout {
  header: FileRow;
  width: number;
  labels: string[];
  /** The data rows read after the header (up to the type sample). */
  sample: FileRow[];
}

/** The header row among the first rows, the table's width and the data rows that follow it, up to the type sample. */
async function layoutOf(file: Buffer, format: DatasetFileFormat, pdfRows?: FileRow[], signal?: AbortSignal): Promise<Layout> {
  const head: FileRow[] = [];
  let headerAt = -1;
  for await (const row of rowsOf(file, format, pdfRows, signal)) {
    head.push(row);
    if (headerAt < 0 && head.length === HEADER_SCAN) {
      headerAt = findHeaderRow(head.map((r) => r.cells));
      if (headerAt < 0) break;
    }
    if (headerAt >= 0 && head.length >= headerAt + 1 + TYPE_SAMPLE) break;
  }
  if (headerAt < 0) headerAt = findHeaderRow(head.map((r) => r.cells));
  if (headerAt < 0) throw new AppError('analysis_header_missing');
  const header = head[headerAt];
  const width = Math.max(
    ...head.slice(headerAt).map((r) => {
      let w = r.cells.length;
      while (w > 0 && blank(r.cells[w - 1])) w--;
      return w;
    }),
  );
  return { header, width, labels: labelsOf(header.cells, width), sample: head.slice(headerAt + 1) };
}

/** A cell as the preview shows it: as written, a date as YYYY-MM-DD. */
const shown = (c: RawCell): string | null => (blank(c) ? null : c instanceof Date ? c.toISOString().slice(0, 10) : String(c).trim());

/**
 * What importing the file would make: the header found, each column's inferred type, and the first data rows. `signal`
 * is aborted when the client has gone: the reading stops.
 */
export async function previewDataset(file: Buffer, format: DatasetFileFormat, signal?: AbortSignal): Promise<DatasetPreview> {
  const pdfRows = format === 'pdf' ? await pdfRowsOf(file, PREVIEW_PDF_PAGES, signal) : undefined;
  const { header, width, labels, sample } = await layoutOf(file, format, pdfRows, signal);
  const { columns } = planColumns(
    labels,
    sample.map((r) => r.cells),
  );
  return {
    format,
    headerRow: header.number,
    columns: columns.map(({ label, type }) => ({ label, type })),
    rows: sample
      .filter((r) => !r.cells.slice(0, width).every(blank))
      .slice(0, DATASET_PREVIEW_ROWS)
      .map((r) => Array.from({ length: width }, (_, i) => shown(r.cells[i]))),
  };
}

/**
 * The import run's handler: reads the file twice (the header and each column's type from the first rows, then
 * every row), writes the rows in batches and the dataset last, all in the run's one transaction: a file that
 * fails leaves nothing. A cell that does not fit its column's type is stored empty and reported by row and column.
 * The tenant's limits hold: at its dataset count nothing is read, and the rows stop at the dataset's (or the tenant's
 * remaining) row limit with its refusal, so nothing of such a file stays either.
 */
export async function importDataset(tx: Tx, principal: Principal, body: Readable): Promise<DatasetImportReport> {
  const chunks: Buffer[] = [];
  for await (const chunk of body) chunks.push(chunk as Buffer);
  const whole = Buffer.concat(chunks);
  const lineEnd = whole.indexOf(0x0a);
  const meta = JSON.parse(whole.subarray(0, lineEnd).toString('utf8')) as Envelope;
  const file = whole.subarray(lineEnd + 1);

  // Refused before the file is read when the tenant is at a limit already; the rows stop at the cap while they stream.
  const limits = await tenantLimits(tx);
  await assertMayCreateDataset(tx, limits, false);
  const cap = await rowCapOf(tx, limits, meta.datasetId);

  const pdfRows = meta.format === 'pdf' ? await pdfRowsOf(file) : undefined;
  const { header, width, labels, sample } = await layoutOf(file, meta.format, pdfRows);
  const { columns, styles } = planColumns(
    labels,
    sample.map((r) => r.cells),
    meta.columns,
  );

  const report: DatasetImportReport = { datasetId: meta.datasetId, rows: 0, created: 0, updated: 0, unchanged: 0, errors: [] };
  const progress = importProgress.getStore();
  let batch: (string | null)[][] = [];
  let rowNo = 0;
  let badCells = 0;
  const counts = columns.map((c) => (c.type === 'text' ? new Map<string, number>() : undefined));
  for await (const row of rowsOf(file, meta.format, pdfRows)) {
    if (row.number <= header.number) continue;
    if (row.cells.slice(0, width).every(blank)) continue;
    if (++rowNo > cap.max) throw cap.refusal();
    const values = columns.map((c, i) => {
      const converted = convertCell(row.cells[i], c.type, styles[i]);
      if ('bad' in converted) {
        badCells++;
        if (report.errors.length < SHEET_IMPORT_MAX_ERRORS) {
          report.errors.push({
            row: row.number,
            column: c.label,
            errorCode: 'analysis_cell_invalid',
            errorArgs: [String(row.cells[i]).slice(0, 60), TYPE_WORDS[c.type]],
          });
        }
        return null;
      }
      const seen = counts[i];
      if (seen && converted.value !== null) {
        const n = seen.get(converted.value);
        if (n !== undefined) seen.set(converted.value, n + 1);
        else if (seen.size < COUNTED_VALUES) seen.set(converted.value, 1);
      }
      return converted.value;
    });
    batch.push(values);
    if (batch.length === BATCH) {
      await insertRows(tx, principal.tenantId, meta.datasetId, columns, rowNo - batch.length + 1, batch);
      batch = [];
      progress?.({ rowsRead: rowNo });
    }
  }
  await insertRows(tx, principal.tenantId, meta.datasetId, columns, rowNo - batch.length + 1, batch);
  progress?.({ rowsRead: rowNo });
  columns.forEach((c, i) => {
    const seen = counts[i];
    if (seen)
      c.values = [...seen.entries()]
        .sort((a, b) => b[1] - a[1] || a[0].localeCompare(b[0]))
        .slice(0, KEPT_VALUES)
        .map(([v]) => v);
  });
  report.rows = rowNo;
  report.created = rowNo;
  await assertNewDatasetFits(tx, limits, meta.datasetId, rowNo);
  await tx.insert(analysisDatasets).values({
    tenantId: principal.tenantId,
    id: meta.datasetId,
    name: meta.name,
    columns,
    rowCount: rowNo,
    createdBy: principal.userId,
  });
  await writeAudit(tx, principal, {
    module: 'analysis.dataset',
    action: 'import',
    entity: 'analysis_dataset',
    entityId: meta.datasetId,
    after: {
      name: meta.name,
      format: meta.format,
      rows: rowNo,
      badCells,
      typesChosen: meta.columns !== undefined,
      columns: columns.map(({ label, type }) => ({ label, type })),
    },
  });
  return report;
}

export const newDatasetId = () => uuidv7();

/** The run as answered for a dataset import: the report's dataset id moves up to `datasetId` once it is done. */
export function toAnalysisRun(run: Parameters<typeof toImportRun>[0]): AnalysisImportRun {
  const { datasetId, ...report } = (run.report ?? {}) as { datasetId?: string };
  const answered = toImportRun({ ...run, report: run.report ? (report as NonNullable<typeof run.report>) : null });
  return { ...answered, datasetId: run.status === 'done' ? (datasetId ?? null) : null };
}
