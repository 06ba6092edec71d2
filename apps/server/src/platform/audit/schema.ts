import { jsonb, pgTable, primaryKey, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { tenantPolicy } from '../db/tenant.ts';

/** One row per business write, written in the same transaction as the write (architecture §3). */
export const auditLog = pgTable(
  'audit_log',
  {
    tenantId: uuid('tenant_id').notNull(),
    id: uuid('id').notNull(),
    at: timestamp('at', { withTimezone: true }).notNull().defaultNow(),
    userId: uuid('user_id'),
    sessionId: uuid('session_id'),
    module: text('module').notNull(),
    action: text('action').notNull(),
    entity: text('entity').notNull(),
    entityId: text('entity_id').notNull(),
    before: jsonb('before'),
    after: jsonb('after'),
  },
  (t) => [primaryKey({ columns: [t.tenantId, t.id] }), tenantPolicy('audit_log')],
);
