import type { FastifyInstance } from 'fastify';
import { auditLogEndpoints as ep } from '@nusa/contracts';
import { registerEndpoint } from '../../../platform/http/register.ts';
import { sendXlsx } from '../../../platform/records/xlsx-reply.ts';
import { verifyAuditChain } from '../../../platform/audit/verify.ts';
import { listAuditLog } from './service.ts';
import { exportAuditLog } from './sheet.ts';

export function auditLogRoutes(app: FastifyInstance) {
  registerEndpoint(app, ep.listAuditLog, ({ tx, query }) => listAuditLog(tx, query));
  registerEndpoint(app, ep.exportAuditLog, async ({ tx, query, reply }) => sendXlsx(reply, 'audit-log', await exportAuditLog(tx, query, query.lang)));
  registerEndpoint(app, ep.verifyAuditLog, ({ tx }) => verifyAuditChain(tx));
}
