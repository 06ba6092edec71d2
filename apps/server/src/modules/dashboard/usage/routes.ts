import type { FastifyInstance } from 'fastify';
import { usageDashboardEndpoints as ep } from '@nusa/contracts';
import { registerEndpoint } from '../../../platform/http/register.ts';
import { usageDashboard } from './service.ts';

export function usageDashboardRoutes(app: FastifyInstance) {
  registerEndpoint(app, ep.usageDashboard, ({ tx, principal, query }) => usageDashboard(tx, principal, query));
}
