import { index, integer, pgTable, primaryKey, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { tenantPolicy } from '../../../platform/db/tenant.ts';

/**
 * Reset links: only the SHA-256 of the token is stored; a link works once and until expires_at. A link belongs to a
 * user: the foreign key (tenant_id, user_id) → users ON DELETE CASCADE stays in the database (migration 0004); it is
 * not declared here so that this module does not import the users module's schema (module boundaries, eslint).
 */
export const passwordResetTokens = pgTable(
  'password_reset_tokens',
  {
    tenantId: uuid('tenant_id').notNull(),
    id: uuid('id').notNull(),
    userId: uuid('user_id').notNull(),
    tokenHash: text('token_hash').notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    usedAt: timestamp('used_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.tenantId, t.id] }),
    uniqueIndex('password_reset_tokens_hash_key').on(t.tenantId, t.tokenHash),
    index('password_reset_tokens_user').on(t.tenantId, t.userId),
    tenantPolicy('password_reset_tokens'),
  ],
);

/** Forgot-password requests per address (whatever it names) in the current window, for throttling. */
export const passwordResetRequests = pgTable(
  'password_reset_requests',
  {
    tenantId: uuid('tenant_id').notNull(),
    addressKey: text('address_key').notNull(),
    windowStartedAt: timestamp('window_started_at', { withTimezone: true }).notNull().defaultNow(),
    requests: integer('requests').notNull().default(1),
  },
  (t) => [primaryKey({ columns: [t.tenantId, t.addressKey] }), tenantPolicy('password_reset_requests')],
);
