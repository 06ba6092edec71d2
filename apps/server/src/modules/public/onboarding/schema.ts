import { sql } from 'drizzle-orm';
import { boolean, index, integer, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { tenantPolicy } from '../../../platform/db/tenant.ts';

/**
 * One free trial per person and company, ever: the normalised email, company name and tax id of every trial.
 * Global (it spans tenants) and written only through the owner pool at registration; the app role has no rights
 * on it (secure-schema grants nothing on global tables outside its read-only list).
 */
export const trialRegistrations = pgTable(
  'trial_registrations',
  {
    id: uuid('id').primaryKey(),
    emailKey: text('email_key').notNull(),
    companyKey: text('company_key').notNull(),
    taxIdKey: text('tax_id_key'),
    registeredTenantId: uuid('registered_tenant_id').notNull(),
    /** Where the registration came from: registrations per address are limited (each one creates a tenant). */
    clientIp: text('client_ip'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('trial_registrations_client_ip').on(t.clientIp, t.createdAt),
    uniqueIndex('trial_registrations_email_key').on(t.emailKey),
    uniqueIndex('trial_registrations_company_key').on(t.companyKey),
    uniqueIndex('trial_registrations_tax_id_key').on(t.taxIdKey),
  ],
);

/** The account-preparation job of a registered tenant: which steps are done, status, last error. */
export const accountPreparations = pgTable(
  'account_preparations',
  {
    tenantId: uuid('tenant_id').primaryKey(),
    status: text('status').notNull().default('QUEUED'),
    stepsDone: text('steps_done')
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
    error: text('error'),
    adminUserId: uuid('admin_user_id').notNull(),
    adminEmail: text('admin_email').notNull(),
    companyName: text('company_name').notNull(),
    taxId: text('tax_id'),
    language: text('language').notNull().default('id'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  () => [tenantPolicy('account_preparations')],
);

/** The free-transaction counter: a trial tenant's first 100 transaction inputs are free until a package is paid. */
export const freeTransactions = pgTable(
  'free_transactions',
  {
    tenantId: uuid('tenant_id').primaryKey(),
    trial: boolean('trial').notNull().default(false),
    used: integer('used').notNull().default(0),
    packagePaid: boolean('package_paid').notNull().default(false),
    paidAt: timestamp('paid_at', { withTimezone: true }),
  },
  () => [tenantPolicy('free_transactions')],
);
