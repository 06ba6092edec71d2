import { pgTable, primaryKey, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { tenantPolicy } from '../db/tenant.ts';

/**
 * Every mail the server sends, per tenant (a mail always belongs to one tenant's business: its reset link, its
 * demo request). Tenant-scoped so the app role writes it under RLS like any tenant table; no global grant needed.
 * status: 'logged' (no SMTP configured), 'queued' (waiting for delivery after its transaction committed), 'sent'
 * (accepted by the SMTP server) or 'failed' (error kept).
 */
export const outbox = pgTable(
  'outbox',
  {
    tenantId: uuid('tenant_id').notNull(),
    id: uuid('id').notNull(),
    toAddress: text('to_address').notNull(),
    subject: text('subject').notNull(),
    textBody: text('text_body').notNull(),
    htmlBody: text('html_body'),
    status: text('status', { enum: ['logged', 'queued', 'sent', 'failed'] }).notNull(),
    messageId: text('message_id'),
    error: text('error'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.tenantId, t.id] }), tenantPolicy('outbox')],
);
