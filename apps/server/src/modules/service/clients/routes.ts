import type { FastifyInstance } from 'fastify';
import { serviceClientEndpoints as clientEp } from '@nusa/contracts';
import { registerEndpoint } from '../../../platform/http/register.ts';
import * as clients from './service.ts';

/** The chatbot's clients (issue 12). */
export function clientRoutes(app: FastifyInstance) {
  registerEndpoint(app, clientEp.listServiceClients, ({ tx, query }) => clients.listClients(tx, query));
  registerEndpoint(app, clientEp.getServiceClient, ({ tx, params }) => clients.getClient(tx, params.clientCode));
  registerEndpoint(app, clientEp.createServiceClient, ({ tx, principal, body }) => clients.createClient(tx, principal, body));
  registerEndpoint(app, clientEp.updateServiceClient, ({ tx, principal, params, body }) => clients.updateClient(tx, principal, params.clientCode, body));
  registerEndpoint(app, clientEp.deleteServiceClient, async ({ tx, principal, params }) => {
    await clients.deleteClient(tx, principal, params.clientCode);
    return { ok: true as const };
  });
}
