import type { FastifyInstance } from 'fastify';
import { auditEndpoints } from '@nusa/contracts';
import { registerEndpoint } from '../http/register.ts';
import { listAuditEntries } from './list.ts';

export function auditRoutes(app: FastifyInstance) {
  registerEndpoint(app, auditEndpoints.listAuditEntries, async ({ tx, query }) => listAuditEntries(tx, query));
}
