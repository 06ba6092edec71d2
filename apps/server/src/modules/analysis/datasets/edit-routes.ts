import type { FastifyInstance } from 'fastify';
import { datasetEditEndpoints as ep } from '@nusa/contracts';
import { registerEndpoint } from '../../../platform/http/register.ts';
import { streamXlsxReply } from '../../../platform/records/xlsx-reply.ts';
import { createDataset, updateColumn } from './columns.ts';
import { addRow, deleteRows, exportRows, updateRow } from './rows.ts';

/** The dataset page: a dataset made by hand, its columns and rows edited, its rows exported. */
export function datasetEditRoutes(app: FastifyInstance) {
  registerEndpoint(app, ep.createDataset, ({ tx, principal, body }) => createDataset(tx, principal, body));
  registerEndpoint(app, ep.updateDatasetColumn, ({ tx, principal, params, body }) => updateColumn(tx, principal, params.datasetId, params.key, body));
  registerEndpoint(app, ep.addDatasetRow, ({ tx, principal, params, body }) => addRow(tx, principal, params.datasetId, body.cells));
  registerEndpoint(app, ep.updateDatasetRow, ({ tx, principal, params, body }) => updateRow(tx, principal, params.datasetId, params.rowNo, body.cells));
  registerEndpoint(app, ep.deleteDatasetRows, ({ tx, principal, params, body }) => deleteRows(tx, principal, params.datasetId, body.rowNos));
  registerEndpoint(app, ep.exportDatasetRows, async ({ tx, params, query, reply }) => {
    const { name, columns, rows } = await exportRows(tx, params.datasetId, query);
    return streamXlsxReply(reply, name.replace(/[^\w -]/g, '_'), name, columns, rows);
  });
}
