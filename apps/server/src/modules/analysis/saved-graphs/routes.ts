import type { FastifyInstance } from 'fastify';
import { savedGraphEndpoints as ep, XLSX_CONTENT_TYPE } from '@nusa/contracts';
import { registerEndpoint } from '../../../platform/http/register.ts';
import * as graphs from './service.ts';

/** A file name of the graph's words: letters, digits, spaces and dashes only. */
const fileName = (name: string) =>
  name
    .replace(/[^\p{L}\p{N} -]+/gu, ' ')
    .replace(/\s+/g, ' ')
    .trim()
    .slice(0, 80) || 'graph';

export function savedGraphRoutes(app: FastifyInstance) {
  registerEndpoint(app, ep.listSavedGraphs, ({ tx }) => graphs.listSavedGraphs(tx));
  registerEndpoint(app, ep.saveGraph, ({ tx, principal, body }) => graphs.saveGraph(tx, principal, body));
  registerEndpoint(app, ep.orderSavedGraphs, ({ tx, principal, body }) => graphs.orderSavedGraphs(tx, principal, body.savedGraphIds));
  registerEndpoint(app, ep.runSavedGraph, ({ tx, params }) => graphs.runSavedGraph(tx, params.savedGraphId));
  registerEndpoint(app, ep.exportSavedGraph, async ({ tx, params, reply }) => {
    const { name, file } = await graphs.exportSavedGraph(tx, params.savedGraphId);
    reply.header('content-type', XLSX_CONTENT_TYPE);
    reply.header('content-disposition', `attachment; filename*=UTF-8''${encodeURIComponent(fileName(name))}.xlsx`);
    return file;
  });
  registerEndpoint(app, ep.renameSavedGraph, ({ tx, principal, params, body }) => graphs.renameSavedGraph(tx, principal, params.savedGraphId, body.name));
  registerEndpoint(app, ep.deleteSavedGraph, ({ tx, principal, params }) => graphs.deleteSavedGraph(tx, principal, params.savedGraphId));
}
