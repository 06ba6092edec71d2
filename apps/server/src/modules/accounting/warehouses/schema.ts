import { sql } from 'drizzle-orm';
import { boolean, index, pgTable, primaryKey, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { tenantPolicy } from '../../../platform/db/tenant.ts';

/** Warehouses (spec 3): code, name, type location, production or warehouse. */
export const warehouses = pgTable(
  'warehouses',
  {
    tenantId: uuid('tenant_id').notNull(),
    id: uuid('id').notNull(),
    code: text('code').notNull(),
    name: text('name').notNull(),
    type: text('type').notNull(),
    address: text('address'),
    active: boolean('active').notNull().default(true),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.tenantId, t.id] }),
    uniqueIndex('warehouses_code_key').on(t.tenantId, sql`lower(${t.code})`),
    index('warehouses_name_trgm').using('gin', t.name.op('gin_trgm_ops')),
    tenantPolicy('warehouses'),
  ],
);
