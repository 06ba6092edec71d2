import { sql } from 'drizzle-orm';
import { boolean, date, foreignKey, pgTable, primaryKey, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { tenantPolicy } from '../../../platform/db/tenant.ts';
import { bytea } from '../../../platform/db/columns.ts';

/** Organisation units (spec 3/5): a tree of company, business units, branches and accounting units with legal info. */
export const orgUnits = pgTable(
  'org_units',
  {
    tenantId: uuid('tenant_id').notNull(),
    id: uuid('id').notNull(),
    code: text('code').notNull(),
    name: text('name').notNull(),
    typeCode: text('type_code').notNull(),
    parentId: uuid('parent_id'),
    active: boolean('active').notNull().default(true),
    address: text('address'),
    taxName: text('tax_name'),
    taxNumber: text('tax_number'),
    taxDate: date('tax_date'),
    phone: text('phone'),
    fax: text('fax'),
    taxableEntrepreneur: boolean('taxable_entrepreneur').notNull().default(false),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.tenantId, t.id] }),
    uniqueIndex('org_units_code_key').on(t.tenantId, sql`lower(${t.code})`),
    foreignKey({ columns: [t.tenantId, t.parentId], foreignColumns: [t.tenantId, t.id] }),
    tenantPolicy('org_units'),
  ],
);

export const orgUnitLogos = pgTable(
  'org_unit_logos',
  {
    tenantId: uuid('tenant_id').notNull(),
    ouId: uuid('ou_id').notNull(),
    contentType: text('content_type').notNull(),
    data: bytea('data').notNull(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.tenantId, t.ouId] }),
    foreignKey({ columns: [t.tenantId, t.ouId], foreignColumns: [orgUnits.tenantId, orgUnits.id] }).onDelete('cascade'),
    tenantPolicy('org_unit_logos'),
  ],
);
