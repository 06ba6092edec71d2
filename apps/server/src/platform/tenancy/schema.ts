import { boolean, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';

/** The tenant registry: global (no tenant_id), readable by the app role, written only by the owner. */
export const tenants = pgTable('tenants', {
  id: uuid('id').primaryKey(),
  code: text('code').notNull().unique(),
  name: text('name').notNull(),
  active: boolean('active').notNull().default(true),
  /** The vendor's own tenant (the one that sells Nusa): only it has the vendor's screens, such as Manage Leads. */
  vendor: boolean('vendor').notNull().default(false),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});
