import { sql } from 'drizzle-orm';
import { boolean, date, integer, pgTable, text, uuid } from 'drizzle-orm/pg-core';
import { tenantPolicy } from '../../../platform/db/tenant.ts';

/** One row per tenant: product name, default language and page, release notes, password policy. */
export const appSettings = pgTable(
  'app_settings',
  {
    tenantId: uuid('tenant_id').primaryKey(),
    productName: text('product_name').notNull().default('Nusa'),
    defaultLanguage: text('default_language', { enum: ['id', 'en'] })
      .notNull()
      .default('id'),
    defaultPage: text('default_page').notNull().default('/dashboard'),
    releaseVersion: text('release_version').notNull().default('1.0.0'),
    releaseDate: date('release_date').notNull().default('2026-11-21'),
    releaseNotes: text('release_notes').notNull().default(''),
    passwordMinLength: integer('password_min_length').notNull().default(4),
    passwordRequiredClasses: text('password_required_classes')
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
    passwordExpiryDays: integer('password_expiry_days').notNull().default(0),
    failedAttemptsBeforeLockout: integer('failed_attempts_before_lockout').notNull().default(5),
    /** Refuse the shipped list's common passwords; a registered tenant starts with it on (NEW_TENANT_PASSWORD_POLICY). */
    passwordRejectCommon: boolean('password_reject_common').notNull().default(false),
  },
  () => [tenantPolicy('app_settings')],
);
