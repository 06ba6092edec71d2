import type { FastifyInstance } from 'fastify';
import { serviceLabelEndpoints as ep } from '@nusa/contracts';
import { registerEndpoint } from '../../../platform/http/register.ts';
import { notifyInbox } from '../conversations/index.ts';
import { visibleConversation } from '../inbox/service.ts';
import * as labels from './service.ts';

/** Conversation labels (issue 24). */
export function labelRoutes(app: FastifyInstance) {
  registerEndpoint(app, ep.listServiceLabels, ({ tx, query }) => labels.listLabels(tx, query));
  registerEndpoint(app, ep.createServiceLabel, ({ tx, principal, body }) => labels.createLabel(tx, principal, body));
  registerEndpoint(app, ep.updateServiceLabel, ({ tx, principal, params, body }) => labels.updateLabel(tx, principal, params.labelId, body));
  registerEndpoint(app, ep.deleteServiceLabel, ({ tx, principal, params }) => labels.deleteLabel(tx, principal, params.labelId));
  registerEndpoint(app, ep.setConversationLabels, async ({ tx, principal, params, body }) => {
    await visibleConversation(tx, principal, params.conversationId);
    const after = await labels.replaceConversationLabels(tx, principal, params.conversationId, body.labelIds);
    await notifyInbox(tx, principal.tenantId, params.conversationId);
    return { labels: after };
  });
}
