import type { FastifyInstance } from 'fastify';
import { serviceResponseEndpoints as ep } from '@nusa/contracts';
import { registerEndpoint } from '../../../platform/http/register.ts';
import { responseTimesSummary } from '../../service/conversations/index.ts';
import { usageRange } from '../usage/service.ts';

/** The dashboard's customer-service response times (issue 24), figured by the conversations module. */
export function serviceResponseRoutes(app: FastifyInstance) {
  registerEndpoint(app, ep.serviceResponseTimes, async ({ tx, query }) => {
    const { from, to } = usageRange(query);
    return { from, to, clientCode: query.clientCode ?? null, ...(await responseTimesSummary(tx, { from, to, clientCode: query.clientCode })) };
  });
}
