import { z } from 'zod';
import { defineEndpoint, XLSX_CONTENT_TYPE } from '../endpoint.ts';
import { askAnswer } from './datasets.ts';
import { queryPlan } from './plan.ts';

/**
 * Saved graphs of the AI sales analysis (issue 13): an answer kept with its plan and dataset, shown again on current
 * data each time (its numbers are never stored), renamed, ordered, deleted, exported as xlsx.
 */

const VIEW = ['viewSavedGraph', 'editSavedGraph'] as const;
const EDIT = ['editSavedGraph'] as const;

export const savedGraph = z.object({
  savedGraphId: z.string(),
  datasetId: z.string(),
  /** The dataset's name, or null when the dataset is gone. */
  datasetName: z.string().nullable(),
  name: z.string(),
  plan: queryPlan,
  language: z.enum(['id', 'en']),
  position: z.number().int(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type SavedGraph = z.infer<typeof savedGraph>;

const graphName = z.string().trim().min(1).max(120);

export const saveGraphInput = z.object({
  datasetId: z.uuid(),
  plan: queryPlan,
  /** Blank: the plan in words ("Total Penjualan per Cabang, Maret 2026"). */
  name: graphName.optional(),
  language: z.enum(['id', 'en']).default('id'),
});

/** A saved graph run on the dataset's current rows: the answer's words, table, chart and insight. */
export const savedGraphResult = askAnswer.pick({ description: true, columns: true, rows: true, chart: true, insight: true, language: true });
export type SavedGraphResult = z.infer<typeof savedGraphResult>;

const savedGraphId = z.object({ savedGraphId: z.uuid() });

export const savedGraphEndpoints = {
  listSavedGraphs: defineEndpoint({
    method: 'GET',
    path: '/v1/analysis/saved-graphs',
    access: VIEW,
    summary: 'The saved graphs in their order (their plans; each is run on current data by its result endpoint)',
    response: z.object({ items: z.array(savedGraph) }),
  }),
  saveGraph: defineEndpoint({
    method: 'POST',
    path: '/v1/analysis/saved-graphs',
    access: EDIT,
    summary: "Save an answer's plan as a graph, last in the order; the plan is checked against the dataset first",
    body: saveGraphInput,
    response: savedGraph,
  }),
  runSavedGraph: defineEndpoint({
    method: 'GET',
    path: '/v1/analysis/saved-graphs/{savedGraphId}/result',
    access: VIEW,
    summary: "The saved graph's plan run on the dataset's current rows; analysis_saved_graph_outdated when a column it names is gone",
    params: savedGraphId,
    response: savedGraphResult,
  }),
  exportSavedGraph: defineEndpoint({
    method: 'GET',
    path: '/v1/analysis/saved-graphs/{savedGraphId}/export',
    access: VIEW,
    summary: "The saved graph's result table on current data as xlsx",
    params: savedGraphId,
    response: z.custom<Uint8Array>(),
    file: { contentType: XLSX_CONTENT_TYPE },
  }),
  renameSavedGraph: defineEndpoint({
    method: 'PUT',
    path: '/v1/analysis/saved-graphs/{savedGraphId}',
    access: EDIT,
    summary: 'Rename a saved graph',
    params: savedGraphId,
    body: z.object({ name: graphName }),
    response: savedGraph,
  }),
  orderSavedGraphs: defineEndpoint({
    method: 'PUT',
    path: '/v1/analysis/saved-graphs/order',
    access: EDIT,
    summary: 'Put the saved graphs in this order: every saved graph id once, first first',
    body: z.object({ savedGraphIds: z.array(z.uuid()).max(1000) }),
    response: z.object({ items: z.array(savedGraph) }),
  }),
  deleteSavedGraph: defineEndpoint({
    method: 'DELETE',
    path: '/v1/analysis/saved-graphs/{savedGraphId}',
    access: EDIT,
    summary: 'Delete a saved graph',
    params: savedGraphId,
    response: z.object({ ok: z.literal(true) }),
  }),
};
