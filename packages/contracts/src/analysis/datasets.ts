import { z } from 'zod';
import { defineEndpoint, listOf, listQuery } from '../endpoint.ts';
import { importRun } from '../accounting/sheet-import.ts';
import { queryPlan } from './plan.ts';

/**
 * Datasets of the AI sales analysis (issue 13): a name, typed columns and rows. A column's type is found from its
 * cells when imported: number, money (Rp, thousands dots), percent, date, or text.
 */
export const DATASET_COLUMN_TYPES = ['number', 'money', 'percent', 'date', 'text'] as const;
export type DatasetColumnType = (typeof DATASET_COLUMN_TYPES)[number];
/** Numeric column types (aggregated with sum, avg, min, max). */
export const NUMERIC_COLUMN_TYPES: readonly DatasetColumnType[] = ['number', 'money', 'percent'];
/** How many columns of each storage kind a dataset may have (docs/decisions/005-analysis-datasets.md). */
export const DATASET_SLOTS = { num: 24, text: 24, date: 8 } as const;
/** The csv or xlsx upload of a dataset: at most this many bytes. */
export const DATASET_IMPORT_MAX_BYTES = 100 * 1024 * 1024;
export const CSV_CONTENT_TYPE = 'text/csv';
/** Where a dataset's rows come from: an uploaded xlsx/csv, a PDF, a Google Sheet, an application's API posts, or typed by hand. */
export const DATASET_SOURCES = ['file', 'pdf', 'google-sheet', 'api', 'manual'] as const;
export type DatasetSource = (typeof DATASET_SOURCES)[number];

const DATASET_READ = ['viewManageDatabaseAiAnalytics', 'addManageDatabaseAiAnalytics', 'editManageDatabaseAiAnalytics'] as const;
const DATASET_ADD = ['addManageDatabaseAiAnalytics'] as const;
const ASK = ['sendAiInsightsSales'] as const;

export const datasetColumn = z.object({
  /** Stable key used by plans (c1, c2 ...): never the label, which the user may rename. */
  key: z.string(),
  label: z.string(),
  type: z.enum(DATASET_COLUMN_TYPES),
});
export type DatasetColumn = z.infer<typeof datasetColumn>;

export const dataset = z.object({
  datasetId: z.string(),
  name: z.string(),
  source: z.enum(DATASET_SOURCES),
  columns: z.array(datasetColumn),
  rowCount: z.number().int(),
  refreshedAt: z.string(),
  createdAt: z.string(),
});
export type Dataset = z.infer<typeof dataset>;

/** A cell as answered: numbers as JSON numbers, dates as YYYY-MM-DD, text as text, empty as null. */
export const cellValue = z.union([z.string(), z.number(), z.null()]);

export const datasetRows = z.object({
  columns: z.array(datasetColumn),
  /** Each row's cells in the order of `columns`. */
  items: z.array(z.array(cellValue)),
  /** Each row's number (its place when added; what edits and deletes name), in the order of items. */
  rowNos: z.array(z.number().int()),
  total: z.number().int(),
});

/** The files a dataset is read from: a sheet, or the table of a text PDF (read by the positions of its text). */
export const DATASET_FILE_FORMATS = ['xlsx', 'csv', 'pdf'] as const;
/** Data rows shown in the preview before an import. */
export const DATASET_PREVIEW_ROWS = 20;

/** A column as the user confirms it in the preview: its name and type (one per detected column, in their order). */
export const importColumnChoice = z.object({ label: z.string().trim().min(1).max(100), type: z.enum(DATASET_COLUMN_TYPES) });
export type ImportColumnChoice = z.infer<typeof importColumnChoice>;
export const importColumnChoices = z
  .array(importColumnChoice)
  .min(1)
  .max(DATASET_SLOTS.num + DATASET_SLOTS.text + DATASET_SLOTS.date);

/** What an import would make of a file: the header row found, each column's inferred type and the first data rows. */
export const datasetPreview = z.object({
  format: z.enum(DATASET_FILE_FORMATS),
  /** The header row's place in the file (line of a csv, row of a sheet, table line of a PDF). */
  headerRow: z.number().int(),
  columns: z.array(z.object({ label: z.string(), type: z.enum(DATASET_COLUMN_TYPES) })),
  /** The first data rows' cells as written in the file, in the order of `columns`. */
  rows: z.array(z.array(z.string().nullable())),
});
export type DatasetPreview = z.infer<typeof datasetPreview>;

/** Sort of a dataset's rows: a column key, `row` (the rows' own order), `-` in front for descending. */
export const datasetRowSort = z
  .string()
  .regex(/^-?(row|c\d{1,2})$/, 'sort must be row, -row, a column key (c1) or -c1')
  .optional();

/** An analysis import run: the accounting import run, and once done the dataset it made. */
export const analysisImportRun = importRun.extend({ datasetId: z.string().nullable() });
export type AnalysisImportRun = z.infer<typeof analysisImportRun>;

export const CHART_KINDS = ['number', 'line', 'bar', 'pie', 'table'] as const;
export type ChartKind = (typeof CHART_KINDS)[number];

export const resultColumn = z.object({
  key: z.string(),
  label: z.string(),
  type: z.enum(DATASET_COLUMN_TYPES),
});
export type ResultColumn = z.infer<typeof resultColumn>;

/**
 * The chart fitting the answer: `kind`, the column along the axis (category or time) and the measured columns,
 * and `option`, an ECharts option (xAxis, yAxis, series) ready to be drawn; the web only adds colours and formats.
 */
export const chartSpec = z.object({
  kind: z.enum(CHART_KINDS),
  title: z.string(),
  categoryKey: z.string().nullable(),
  valueKeys: z.array(z.string()),
  option: z.record(z.string(), z.unknown()),
});
export type ChartSpec = z.infer<typeof chartSpec>;

export const askRequest = z.object({
  datasetId: z.uuid(),
  question: z.string().trim().min(1).max(500),
  /** The conversation whose last plan a follow-up question builds on ("kalau Jakarta?"). */
  conversationId: z.uuid().optional(),
  /** The language of the words answered (plan description, labels, insight); else the question's own. */
  lang: z.enum(['id', 'en']).optional(),
});

export const askAnswer = z.object({
  plan: queryPlan,
  /** The plan in words ("Total Penjualan per Cabang, Maret 2026"). */
  description: z.string(),
  columns: z.array(resultColumn),
  rows: z.array(z.array(cellValue)),
  chart: chartSpec,
  /** Two or three sentences computed from the numbers, in the question's language. */
  insight: z.string(),
  conversationId: z.string(),
  language: z.enum(['id', 'en']),
});
export type AskAnswer = z.infer<typeof askAnswer>;

const datasetId = z.object({ datasetId: z.uuid() });

export const analysisEndpoints = {
  importDataset: defineEndpoint({
    method: 'POST',
    path: '/v1/analysis/datasets/import',
    access: DATASET_ADD,
    summary:
      'Start importing a dataset from an xlsx (first sheet), csv or text PDF (its table) file sent as the raw body (content type ' +
      'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet, text/csv or application/pdf, at most 100 MB); the header row is found, ' +
      "each column's type inferred from its cells, unless `columns` (a JSON array of {label, type}, one per column of the preview) names them. " +
      'Answers the queued run; GET /v1/analysis/imports/{importId} follows it; once done it names the dataset',
    query: z.object({
      name: z.string().trim().min(1).max(100),
      columns: z.string().max(20_000).optional().describe('JSON array of {label, type}: the columns as confirmed in the preview'),
    }),
    response: analysisImportRun,
  }),
  previewDataset: defineEndpoint({
    method: 'POST',
    path: '/v1/analysis/datasets/preview',
    access: DATASET_ADD,
    summary:
      'What importing this file (raw body, as for the import) would make: the header row, each column with its inferred type, and the first ' +
      `${DATASET_PREVIEW_ROWS} data rows; nothing is saved. A scanned PDF (no text) is analysis_pdf_scanned`,
    response: datasetPreview,
  }),
  getAnalysisImport: defineEndpoint({
    method: 'GET',
    path: '/v1/analysis/imports/{importId}',
    access: DATASET_ADD,
    summary: "One of the caller's own dataset imports: status, rows read, the bad cells report, and once done the datasetId",
    params: z.object({ importId: z.uuid() }),
    response: analysisImportRun,
  }),
  listDatasets: defineEndpoint({
    method: 'GET',
    path: '/v1/analysis/datasets',
    access: [...DATASET_READ, ...ASK],
    summary: 'Datasets: name, columns and types, row count and when last refreshed',
    query: listQuery,
    response: listOf(dataset),
  }),
  getDataset: defineEndpoint({
    method: 'GET',
    path: '/v1/analysis/datasets/{datasetId}',
    access: [...DATASET_READ, ...ASK],
    summary: 'One dataset',
    params: datasetId,
    response: dataset,
  }),
  listDatasetRows: defineEndpoint({
    method: 'GET',
    path: '/v1/analysis/datasets/{datasetId}/rows',
    access: DATASET_READ,
    summary: "A dataset's rows, a page at a time, searched (keyword over its text columns) and sorted; cells in the order of columns",
    params: datasetId,
    query: listQuery.extend({ sort: datasetRowSort }),
    response: datasetRows,
  }),
};

/** Questions over a dataset (the AI insights). */
export const analysisAskEndpoints = {
  ask: defineEndpoint({
    method: 'POST',
    path: '/v1/analysis/ask',
    access: ASK,
    summary:
      'Ask a question of a dataset in Indonesian or English: answers the typed plan, the result table, a chart and an insight; ' +
      'follow-up questions name the conversationId answered before',
    body: askRequest,
    response: askAnswer,
  }),
};
