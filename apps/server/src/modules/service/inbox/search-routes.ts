import type { FastifyInstance } from 'fastify';
import { serviceLabelEndpoints as ep } from '@nusa/contracts';
import { registerEndpoint } from '../../../platform/http/register.ts';
import { searchInbox } from './search.ts';

/** The inbox search over the conversations an agent can see (issue 24). */
export function inboxSearchRoutes(app: FastifyInstance) {
  registerEndpoint(app, ep.searchInbox, ({ tx, principal, query }) => searchInbox(tx, principal, query));
}
