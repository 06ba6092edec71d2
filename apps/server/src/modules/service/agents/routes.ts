import type { FastifyInstance } from 'fastify';
import { serviceAgentEndpoints as ep } from '@nusa/contracts';
import { registerEndpoint } from '../../../platform/http/register.ts';
import { addAgent, listAgents, updateAgent } from './service.ts';

/** Manage CS users (issue 12). */
export function agentRoutes(app: FastifyInstance) {
  registerEndpoint(app, ep.listServiceAgents, ({ tx, query }) => listAgents(tx, query.clientCode));
  registerEndpoint(app, ep.addServiceAgent, ({ tx, principal, params, body }) => addAgent(tx, principal, params.clientCode, body));
  registerEndpoint(app, ep.updateServiceAgent, ({ tx, principal, params, body }) => updateAgent(tx, principal, params.clientCode, params.userId, body));
}
