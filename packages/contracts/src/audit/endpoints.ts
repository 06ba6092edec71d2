import { z } from 'zod';
import { defineEndpoint, listOf, listQuery } from '../endpoint.ts';

/** Reading the audit trail belongs to user configuration (spec 2: /configuration/user-audit). */
const AUDIT_READ = ['readOnlyConfigUser', 'createEditConfigUser', 'writeAllConfigUser'] as const;

/** One business write as recorded in the same transaction (architecture §3): who, when, module, action, before/after. */
export const auditEntry = z.object({
  id: z.string(),
  at: z.string(),
  userId: z.string().nullable(),
  sessionId: z.string().nullable(),
  module: z.string(),
  action: z.string(),
  entity: z.string(),
  entityId: z.string(),
  before: z.unknown(),
  after: z.unknown(),
});
export type AuditEntry = z.infer<typeof auditEntry>;

export const auditEndpoints = {
  listAuditEntries: defineEndpoint({
    method: 'GET',
    path: '/v1/audit/entries',
    access: AUDIT_READ,
    summary: "The tenant's audit trail, newest first; keyword matches module, action, entity or entity id",
    query: listQuery,
    response: listOf(auditEntry),
  }),
};
