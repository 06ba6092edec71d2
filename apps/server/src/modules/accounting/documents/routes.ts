import type { FastifyInstance } from 'fastify';
import { documentEndpoints as ep } from '@nusa/contracts';
import { registerEndpoint } from '../../../platform/http/register.ts';
import * as engine from './service.ts';

/** The endpoints every document type shares: read one, act on it, its history, and the approver's inbox. */
export function documentRoutes(app: FastifyInstance) {
  registerEndpoint(app, ep.getDocument, ({ tx, principal, params }) => engine.getDocument(tx, principal, params.documentId));
  registerEndpoint(app, ep.actOnDocument, ({ tx, principal, params, body }) =>
    // The step is the request's only write: its COMMIT goes out with it.
    engine.actOnDocument(tx, principal, params.documentId, params.action, body.comment, true),
  );
  registerEndpoint(app, ep.documentHistory, async ({ tx, principal, params }) => ({ items: await engine.documentHistory(tx, principal, params.documentId) }));
  registerEndpoint(app, ep.approvalInbox, ({ tx, principal, query }) => engine.approvalInbox(tx, principal, query));
  registerEndpoint(app, ep.approvalInboxCounts, ({ tx, principal }) => engine.approvalInboxCounts(tx, principal));
}
