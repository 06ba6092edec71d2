import { sql } from 'drizzle-orm';
import { boolean, foreignKey, pgTable, primaryKey, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { tenantPolicy } from '../../../platform/db/tenant.ts';

/** COA groups (spec 5): type and sign of their accounts; `purpose` marks the cash and the bank groups. */
export const coaGroups = pgTable(
  'coa_groups',
  {
    tenantId: uuid('tenant_id').notNull(),
    id: uuid('id').notNull(),
    code: text('code').notNull(),
    name: text('name').notNull(),
    type: text('type').notNull(),
    sign: text('sign').notNull(),
    purpose: text('purpose').notNull().default('general'),
    systemPredefined: boolean('system_predefined').notNull().default(false),
    active: boolean('active').notNull().default(true),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.tenantId, t.id] }), uniqueIndex('coa_groups_code_key').on(t.tenantId, sql`lower(${t.code})`), tenantPolicy('coa_groups')],
);

/** Segment groups (spec 5): further dimensions of postings, e.g. department or project. */
export const coaSegmentGroups = pgTable(
  'coa_segment_groups',
  {
    tenantId: uuid('tenant_id').notNull(),
    id: uuid('id').notNull(),
    code: text('code').notNull(),
    name: text('name').notNull(),
    active: boolean('active').notNull().default(true),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.tenantId, t.id] }),
    uniqueIndex('coa_segment_groups_code_key').on(t.tenantId, sql`lower(${t.code})`),
    tenantPolicy('coa_segment_groups'),
  ],
);

/**
 * Accounts: main accounts (main_account_id null) and their sub accounts, two levels, within one group.
 * A group has at most one detail account (spec 5), enforced by the partial unique index as well as the service.
 */
export const coaAccounts = pgTable(
  'coa_accounts',
  {
    tenantId: uuid('tenant_id').notNull(),
    id: uuid('id').notNull(),
    code: text('code').notNull(),
    name: text('name').notNull(),
    description: text('description'),
    sign: text('sign').notNull(),
    type: text('type').notNull(),
    groupId: uuid('group_id').notNull(),
    mainAccountId: uuid('main_account_id'),
    isDetail: boolean('is_detail').notNull().default(false),
    isDefault: boolean('is_default').notNull().default(false),
    active: boolean('active').notNull().default(true),
    activityGlCode: text('activity_gl_code'),
    activityGlName: text('activity_gl_name'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.tenantId, t.id] }),
    uniqueIndex('coa_accounts_code_key').on(t.tenantId, sql`lower(${t.code})`),
    uniqueIndex('coa_accounts_one_detail_per_group')
      .on(t.tenantId, t.groupId)
      .where(sql`${t.isDetail}`),
    foreignKey({ columns: [t.tenantId, t.groupId], foreignColumns: [coaGroups.tenantId, coaGroups.id] }),
    foreignKey({ columns: [t.tenantId, t.mainAccountId], foreignColumns: [t.tenantId, t.id] }),
    tenantPolicy('coa_accounts'),
  ],
);
