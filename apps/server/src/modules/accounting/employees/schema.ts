import { sql } from 'drizzle-orm';
import { boolean, date, index, pgTable, primaryKey, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { tenantPolicy } from '../../../platform/db/tenant.ts';

/** Employees (spec 3): code, type, birth data, identity, join/resign/pension dates, job title, status. */
export const employees = pgTable(
  'employees',
  {
    tenantId: uuid('tenant_id').notNull(),
    id: uuid('id').notNull(),
    code: text('code').notNull(),
    name: text('name').notNull(),
    type: text('type').notNull(),
    birthPlace: text('birth_place'),
    birthDate: date('birth_date'),
    identityNumber: text('identity_number'),
    joinDate: date('join_date').notNull(),
    resignDate: date('resign_date'),
    pensionDate: date('pension_date'),
    jobTitle: text('job_title').notNull(),
    status: text('status').notNull(),
    active: boolean('active').notNull().default(true),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.tenantId, t.id] }),
    uniqueIndex('employees_code_key').on(t.tenantId, sql`lower(${t.code})`),
    index('employees_name_trgm').using('gin', t.name.op('gin_trgm_ops')),
    tenantPolicy('employees'),
  ],
);
