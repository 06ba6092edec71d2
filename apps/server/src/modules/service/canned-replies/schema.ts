import { sql } from 'drizzle-orm';
import { boolean, foreignKey, pgTable, primaryKey, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { tenantPolicy } from '../../../platform/db/tenant.ts';
import { serviceClients } from '../clients/index.ts';

/**
 * Canned replies: texts an agent inserts by typing `/code` in the reply box. `clientId` null: offered in every client's
 * conversations; otherwise only in that client's. The short code is unique per tenant (case-insensitive), so `/salam`
 * always means one reply.
 */
export const serviceCannedReplies = pgTable(
  'service_canned_replies',
  {
    tenantId: uuid('tenant_id').notNull(),
    id: uuid('id').notNull(),
    code: text('code').notNull(),
    /** A short title shown beside the code in the picker. */
    name: text('name').notNull(),
    text: text('text').notNull(),
    clientId: uuid('client_id'),
    active: boolean('active').notNull().default(true),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.tenantId, t.id] }),
    foreignKey({ columns: [t.tenantId, t.clientId], foreignColumns: [serviceClients.tenantId, serviceClients.id] }).onDelete('cascade'),
    uniqueIndex('service_canned_replies_code_key').on(t.tenantId, sql`lower(${t.code})`),
    tenantPolicy('service_canned_replies'),
  ],
);
