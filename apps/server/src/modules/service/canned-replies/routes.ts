import type { FastifyInstance } from 'fastify';
import { serviceCannedReplyEndpoints as ep } from '@nusa/contracts';
import { registerEndpoint } from '../../../platform/http/register.ts';
import { visibleConversation } from '../inbox/service.ts';
import * as canned from './service.ts';

/** Canned replies (issue 24): managed on their page, offered by `/` in the inbox's reply box. */
export function cannedReplyRoutes(app: FastifyInstance) {
  registerEndpoint(app, ep.listCannedReplies, ({ tx, query }) => canned.listCannedReplies(tx, query));
  registerEndpoint(app, ep.createCannedReply, ({ tx, principal, body }) => canned.createCannedReply(tx, principal, body));
  registerEndpoint(app, ep.updateCannedReply, ({ tx, principal, params, body }) => canned.updateCannedReply(tx, principal, params.id, body));
  registerEndpoint(app, ep.deleteCannedReply, ({ tx, principal, params }) => canned.deleteCannedReply(tx, principal, params.id));
  registerEndpoint(app, ep.conversationCannedReplies, async ({ tx, principal, params, query }) => {
    const c = await visibleConversation(tx, principal, params.conversationId);
    return { items: await canned.repliesForConversation(tx, c.clientId, query.keyword) };
  });
}
