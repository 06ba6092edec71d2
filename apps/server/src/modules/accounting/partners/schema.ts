import { sql } from 'drizzle-orm';
import { boolean, foreignKey, index, integer, numeric, pgTable, primaryKey, smallint, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { tenantPolicy } from '../../../platform/db/tenant.ts';

/**
 * Customers and suppliers (spec 3) in one table with a partner type: one combo field typePartnerCode, codes unique
 * per type (spec 5), the same rules for both. See packages/contracts/src/accounting/partners.ts for why not two flags.
 */
export const partners = pgTable(
  'partners',
  {
    tenantId: uuid('tenant_id').notNull(),
    id: uuid('id').notNull(),
    type: text('type').notNull(),
    code: text('code').notNull(),
    name: text('name').notNull(),
    alias: text('alias'),
    lineOfBusiness: text('line_of_business'),
    rank: smallint('rank').notNull().default(1),
    phones: text('phones')
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
    fax: text('fax'),
    email: text('email'),
    creditLimit: numeric('credit_limit', { precision: 20, scale: 4 }),
    active: boolean('active').notNull().default(true),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.tenantId, t.id] }),
    uniqueIndex('partners_type_code_key').on(t.tenantId, t.type, sql`lower(${t.code})`),
    index('partners_name_trgm').using('gin', t.name.op('gin_trgm_ops')),
    tenantPolicy('partners'),
  ],
);

/** A partner's addresses, each with its roles (mailing, billing, shipping, others) and an optional map position. */
export const partnerAddresses = pgTable(
  'partner_addresses',
  {
    tenantId: uuid('tenant_id').notNull(),
    id: uuid('id').notNull(),
    partnerId: uuid('partner_id').notNull(),
    position: integer('position').notNull(),
    address: text('address').notNull(),
    city: text('city'),
    postalCode: text('postal_code'),
    roles: text('roles').array().notNull(),
    latitude: numeric('latitude', { precision: 10, scale: 7 }),
    longitude: numeric('longitude', { precision: 10, scale: 7 }),
  },
  (t) => [
    primaryKey({ columns: [t.tenantId, t.id] }),
    foreignKey({ columns: [t.tenantId, t.partnerId], foreignColumns: [partners.tenantId, partners.id] }).onDelete('cascade'),
    index('partner_addresses_partner_idx').on(t.tenantId, t.partnerId),
    tenantPolicy('partner_addresses'),
  ],
);
