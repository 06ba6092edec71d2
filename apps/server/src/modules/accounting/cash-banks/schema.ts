import { sql } from 'drizzle-orm';
import { boolean, pgTable, primaryKey, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { tenantPolicy } from '../../../platform/db/tenant.ts';

/**
 * Cash banks (spec 5). The COA, currency and OU belong to other modules and are checked through their services;
 * a COA serves one cash bank only (unique per tenant).
 */
export const cashBanks = pgTable(
  'cash_banks',
  {
    tenantId: uuid('tenant_id').notNull(),
    id: uuid('id').notNull(),
    code: text('code').notNull(),
    name: text('name').notNull(),
    type: text('type').notNull(),
    coaId: uuid('coa_id').notNull(),
    currencyId: uuid('currency_id').notNull(),
    ouId: uuid('ou_id'),
    accountNumber: text('account_number'),
    active: boolean('active').notNull().default(true),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.tenantId, t.id] }),
    uniqueIndex('cash_banks_code_key').on(t.tenantId, sql`lower(${t.code})`),
    uniqueIndex('cash_banks_coa_key').on(t.tenantId, t.coaId),
    tenantPolicy('cash_banks'),
  ],
);
