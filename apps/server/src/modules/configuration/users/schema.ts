import { sql } from 'drizzle-orm';
import { boolean, foreignKey, index, numeric, pgTable, primaryKey, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { tenantPolicy } from '../../../platform/db/tenant.ts';

const UNLIMITED = sql`-1`;

/** Spec 3 role: name, type, default page, discount limits where -1 means unlimited. */
export const roles = pgTable(
  'roles',
  {
    tenantId: uuid('tenant_id').notNull(),
    id: uuid('id').notNull(),
    name: text('name').notNull(),
    type: text('type').notNull().default('USER'),
    isSuperAdmin: boolean('is_super_admin').notNull().default(false),
    defaultPage: text('default_page').notNull().default('/dashboard'),
    minDiscountPercent: numeric('min_discount_percent', { precision: 20, scale: 4 }).notNull().default(UNLIMITED),
    maxDiscountPercent: numeric('max_discount_percent', { precision: 20, scale: 4 }).notNull().default(UNLIMITED),
    minDiscountAmount: numeric('min_discount_amount', { precision: 20, scale: 4 }).notNull().default(UNLIMITED),
    maxDiscountAmount: numeric('max_discount_amount', { precision: 20, scale: 4 }).notNull().default(UNLIMITED),
    active: boolean('active').notNull().default(true),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.tenantId, t.id] }), uniqueIndex('roles_name_key').on(t.tenantId, sql`lower(${t.name})`), tenantPolicy('roles')],
);

export const roleTasks = pgTable(
  'role_tasks',
  {
    tenantId: uuid('tenant_id').notNull(),
    roleId: uuid('role_id').notNull(),
    task: text('task').notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.tenantId, t.roleId, t.task] }),
    foreignKey({ columns: [t.tenantId, t.roleId], foreignColumns: [roles.tenantId, roles.id] }).onDelete('cascade'),
    tenantPolicy('role_tasks'),
  ],
);

export const users = pgTable(
  'users',
  {
    tenantId: uuid('tenant_id').notNull(),
    id: uuid('id').notNull(),
    username: text('username').notNull(),
    email: text('email'),
    fullName: text('full_name').notNull(),
    passwordHash: text('password_hash').notNull(),
    roleId: uuid('role_id').notNull(),
    active: boolean('active').notNull().default(true),
    lastLoginAt: timestamp('last_login_at', { withTimezone: true }),
    passwordChangedAt: timestamp('password_changed_at', { withTimezone: true }).notNull().defaultNow(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.tenantId, t.id] }),
    uniqueIndex('users_username_key').on(t.tenantId, sql`lower(${t.username})`),
    index('users_search_trgm').using('gin', sql`(${t.username} || ' ' || ${t.fullName} || ' ' || coalesce(${t.email}, '')) gin_trgm_ops`),
    foreignKey({ columns: [t.tenantId, t.roleId], foreignColumns: [roles.tenantId, roles.id] }),
    tenantPolicy('users'),
  ],
);

/** Per-user grants of page access (spec 6); effective tasks = role tasks ∪ these. */
export const userTasks = pgTable(
  'user_tasks',
  {
    tenantId: uuid('tenant_id').notNull(),
    userId: uuid('user_id').notNull(),
    task: text('task').notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.tenantId, t.userId, t.task] }),
    foreignKey({ columns: [t.tenantId, t.userId], foreignColumns: [users.tenantId, users.id] }).onDelete('cascade'),
    tenantPolicy('user_tasks'),
  ],
);

/** Extra roles a user may switch to; a role with links cannot be deleted (spec 6). */
export const userRoles = pgTable(
  'user_roles',
  {
    tenantId: uuid('tenant_id').notNull(),
    userId: uuid('user_id').notNull(),
    roleId: uuid('role_id').notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.tenantId, t.userId, t.roleId] }),
    foreignKey({ columns: [t.tenantId, t.userId], foreignColumns: [users.tenantId, users.id] }).onDelete('cascade'),
    foreignKey({ columns: [t.tenantId, t.roleId], foreignColumns: [roles.tenantId, roles.id] }),
    tenantPolicy('user_roles'),
  ],
);
