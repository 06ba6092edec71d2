import { sql } from 'drizzle-orm';
import { boolean, integer, pgTable, primaryKey, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { tenantPolicy } from '../../../platform/db/tenant.ts';

/**
 * Document templates (spec 5, issue 4): the numbering format of one document type or entity key. The counters
 * themselves live in the platform's number_sequences under the document type, so they survive edits and deletion.
 */
export const documentTemplates = pgTable(
  'document_templates',
  {
    tenantId: uuid('tenant_id').notNull(),
    id: uuid('id').notNull(),
    code: text('code').notNull(),
    name: text('name').notNull(),
    documentType: text('document_type').notNull(),
    prefix: text('prefix').notNull(),
    suffix: text('suffix').notNull(),
    separator: text('separator').notNull(),
    yearDigits: integer('year_digits').notNull(),
    month: boolean('month').notNull(),
    day: boolean('day').notNull(),
    counterDigits: integer('counter_digits').notNull(),
    reset: text('reset').notNull(),
    active: boolean('active').notNull().default(true),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.tenantId, t.id] }),
    uniqueIndex('document_templates_code_key').on(t.tenantId, sql`lower(${t.code})`),
    uniqueIndex('document_templates_document_type_key').on(t.tenantId, sql`lower(${t.documentType})`),
    tenantPolicy('document_templates'),
  ],
);
