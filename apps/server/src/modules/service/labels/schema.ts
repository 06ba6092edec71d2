import { sql } from 'drizzle-orm';
import { foreignKey, index, pgTable, primaryKey, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { tenantPolicy } from '../../../platform/db/tenant.ts';
import { serviceConversations } from '../conversations/index.ts';

/** The tenant's conversation labels (issue 24): a name unique case-insensitively, and a colour `#rrggbb`. */
export const serviceLabels = pgTable(
  'service_labels',
  {
    tenantId: uuid('tenant_id').notNull(),
    id: uuid('id').notNull(),
    name: text('name').notNull(),
    color: text('color').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.tenantId, t.id] }),
    uniqueIndex('service_labels_name_key').on(t.tenantId, sql`lower(${t.name})`),
    tenantPolicy('service_labels'),
  ],
);

/** A label on a conversation; deleting either takes the link with it. */
export const serviceConversationLabels = pgTable(
  'service_conversation_labels',
  {
    tenantId: uuid('tenant_id').notNull(),
    conversationId: uuid('conversation_id').notNull(),
    labelId: uuid('label_id').notNull(),
    addedAt: timestamp('added_at', { withTimezone: true }).notNull().defaultNow(),
    addedBy: uuid('added_by'),
  },
  (t) => [
    primaryKey({ columns: [t.tenantId, t.conversationId, t.labelId] }),
    foreignKey({ columns: [t.tenantId, t.conversationId], foreignColumns: [serviceConversations.tenantId, serviceConversations.id] }).onDelete('cascade'),
    foreignKey({ columns: [t.tenantId, t.labelId], foreignColumns: [serviceLabels.tenantId, serviceLabels.id] }).onDelete('cascade'),
    index('service_conversation_labels_label_idx').on(t.tenantId, t.labelId),
    tenantPolicy('service_conversation_labels'),
  ],
);
