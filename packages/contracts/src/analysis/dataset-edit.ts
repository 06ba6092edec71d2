import { z } from 'zod';
import { defineEndpoint, listQuery, XLSX_CONTENT_TYPE } from '../endpoint.ts';
import { cellValue, dataset, DATASET_COLUMN_TYPES, datasetRowSort } from './datasets.ts';

/**
 * The dataset page (issue 13): a dataset made by hand, its columns renamed or retyped, and its rows added, edited,
 * deleted and exported. A column keeps its key (c1, c2 ...) through a rename or a retype, so saved plans keep working.
 */

const DATASET_ADD = ['addManageDatabaseAiAnalytics'] as const;
const DATASET_EDIT = ['editManageDatabaseAiAnalytics'] as const;
const DATASET_READ = ['viewManageDatabaseAiAnalytics', 'addManageDatabaseAiAnalytics', 'editManageDatabaseAiAnalytics'] as const;

/** The largest row number (row numbers are PostgreSQL integers). */
const MAX_ROW_NO = 2_147_483_647;
/** Rows of one request (added, or deleted at once). */
export const DATASET_ROWS_PER_REQUEST = 1000;

const columnLabel = z.string().trim().min(1).max(100);
export const newDatasetColumn = z.object({ label: columnLabel, type: z.enum(DATASET_COLUMN_TYPES) });

export const newDataset = z.object({
  name: z.string().trim().min(1).max(100),
  columns: z.array(newDatasetColumn).min(1).max(56),
});
export type NewDataset = z.infer<typeof newDataset>;

export const columnChange = z.object({ label: columnLabel.optional(), type: z.enum(DATASET_COLUMN_TYPES).optional() });

/** A row as typed: each cell as written ("1.234.567,89", "31/12/2025", "Surabaya") or a number, blank or null for empty; in the order of columns. */
export const rowInput = z.object({ cells: z.array(z.union([z.string().max(1000), z.number(), z.null()])).max(56) });

export const datasetRow = z.object({ rowNo: z.number().int(), cells: z.array(cellValue) });
export type DatasetRow = z.infer<typeof datasetRow>;

const datasetId = z.object({ datasetId: z.uuid() });

export const datasetEditEndpoints = {
  createDataset: defineEndpoint({
    method: 'POST',
    path: '/v1/analysis/datasets',
    access: DATASET_ADD,
    summary: 'Make an empty dataset by hand: its name and columns with their types; rows are then added one by one',
    body: newDataset,
    response: dataset,
  }),
  updateDatasetColumn: defineEndpoint({
    method: 'PATCH',
    path: '/v1/analysis/datasets/{datasetId}/columns/{key}',
    access: DATASET_EDIT,
    summary:
      'Rename a column (its key stays) or change its type: every stored value is converted, or the change is refused naming the rows whose values do not convert',
    params: z.object({ datasetId: z.uuid(), key: z.string().regex(/^c\d{1,2}$/) }),
    body: columnChange,
    response: dataset,
  }),
  addDatasetRow: defineEndpoint({
    method: 'POST',
    path: '/v1/analysis/datasets/{datasetId}/rows',
    access: DATASET_EDIT,
    summary: 'Add a row at the end; a cell that does not read as its column type is refused naming the column',
    params: datasetId,
    body: rowInput,
    response: datasetRow,
  }),
  updateDatasetRow: defineEndpoint({
    method: 'PUT',
    path: '/v1/analysis/datasets/{datasetId}/rows/{rowNo}',
    access: DATASET_EDIT,
    summary: "Replace a row's cells",
    params: z.object({ datasetId: z.uuid(), rowNo: z.coerce.number().int().min(1).max(MAX_ROW_NO) }),
    body: rowInput,
    response: datasetRow,
  }),
  deleteDatasetRows: defineEndpoint({
    method: 'POST',
    path: '/v1/analysis/datasets/{datasetId}/rows/delete',
    access: DATASET_EDIT,
    summary: 'Delete rows by their numbers',
    params: datasetId,
    body: z.object({ rowNos: z.array(z.number().int().min(1).max(MAX_ROW_NO)).min(1).max(DATASET_ROWS_PER_REQUEST) }),
    response: z.object({ deleted: z.number().int() }),
  }),
  exportDatasetRows: defineEndpoint({
    method: 'GET',
    path: '/v1/analysis/datasets/{datasetId}/rows/export',
    access: DATASET_READ,
    summary: "The rows the list shows (its keyword and sort) as an xlsx file, headed by the columns' labels",
    params: datasetId,
    query: z.object({ keyword: listQuery.shape.keyword, sort: datasetRowSort }),
    response: z.custom<Uint8Array>(),
    file: { contentType: XLSX_CONTENT_TYPE },
  }),
};
