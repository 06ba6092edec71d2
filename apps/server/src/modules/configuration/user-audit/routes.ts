import type { FastifyInstance } from 'fastify';
import { XLSX_CONTENT_TYPE, userAuditEndpoints } from '@nusa/contracts';
import { registerEndpoint } from '../../../platform/http/register.ts';
import { exportUserAudit, listUserAudit } from '../../auth/service.ts';

export function userAuditRoutes(app: FastifyInstance) {
  registerEndpoint(app, userAuditEndpoints.listUserAudit, ({ tx, query }) => listUserAudit(tx, query));
  registerEndpoint(app, userAuditEndpoints.exportUserAudit, async ({ tx, query, reply }) => {
    const file = await exportUserAudit(tx, query, query.lang);
    reply.header('content-type', XLSX_CONTENT_TYPE);
    reply.header('content-disposition', `attachment; filename="user-audit-${new Date().toISOString().slice(0, 10)}.xlsx"`);
    return file;
  });
}
