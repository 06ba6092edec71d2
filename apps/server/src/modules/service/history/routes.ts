import type { FastifyInstance } from 'fastify';
import { serviceHistoryEndpoints as ep } from '@nusa/contracts';
import { registerEndpoint } from '../../../platform/http/register.ts';
import { sendXlsx } from '../../../platform/records/xlsx-reply.ts';
import { exportHistory, listHistory, transcript } from './service.ts';

/** History chat (issue 12). */
export function historyRoutes(app: FastifyInstance) {
  registerEndpoint(app, ep.listHistoryChat, ({ tx, query }) => listHistory(tx, query));
  registerEndpoint(app, ep.getHistoryTranscript, ({ tx, params }) => transcript(tx, params.conversationId));
  registerEndpoint(app, ep.exportHistoryChat, async ({ tx, query, reply }) => sendXlsx(reply, 'chat-history', await exportHistory(tx, query, query.lang)));
}
