import { sql } from 'drizzle-orm';
import { index, integer, pgTable, primaryKey, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { tenantPolicy } from '../../platform/db/tenant.ts';

/** A row per login attempt that reached a user decision (spec 3 audit: session id, login time, duration, response code, module). */
export const sessions = pgTable(
  'sessions',
  {
    tenantId: uuid('tenant_id').notNull(),
    id: uuid('id').notNull(),
    userId: uuid('user_id'),
    username: text('username').notNull(),
    loginAt: timestamp('login_at', { withTimezone: true }).notNull().defaultNow(),
    lastSeenAt: timestamp('last_seen_at', { withTimezone: true }).notNull().defaultNow(),
    endedAt: timestamp('ended_at', { withTimezone: true }),
    responseCode: integer('response_code').notNull(),
    module: text('module').notNull(),
    ip: text('ip'),
    userAgent: text('user_agent'),
  },
  (t) => [primaryKey({ columns: [t.tenantId, t.id] }), index('sessions_user_login_idx').on(t.tenantId, t.userId, t.loginAt.desc()), tenantPolicy('sessions')],
);

/** Failed-password counter per username (known or not, so the answer reveals nothing). */
export const loginThrottle = pgTable(
  'login_throttle',
  {
    tenantId: uuid('tenant_id').notNull(),
    usernameKey: text('username_key').notNull(),
    failures: integer('failures').notNull().default(0),
    lastFailureAt: timestamp('last_failure_at', { withTimezone: true }).notNull().defaultNow(),
    lockedUntil: timestamp('locked_until', { withTimezone: true }),
  },
  (t) => [primaryKey({ columns: [t.tenantId, t.usernameKey] }), tenantPolicy('login_throttle')],
);

/** One-time session/key pairs for the sign-in-by-session-and-key dialog; only the key's hash is kept. */
export const sessionKeys = pgTable(
  'session_keys',
  {
    tenantId: uuid('tenant_id').notNull(),
    session: text('session').notNull(),
    keyHash: text('key_hash').notNull(),
    userId: uuid('user_id').notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    usedAt: timestamp('used_at', { withTimezone: true }),
  },
  (t) => [primaryKey({ columns: [t.tenantId, t.session] }), tenantPolicy('session_keys')],
);

/** Ids of redirect credential bundles already used: each logs in once. */
export const usedRedirectCredentials = pgTable(
  'used_redirect_credentials',
  {
    tenantId: uuid('tenant_id').notNull(),
    jti: text('jti').notNull(),
    usedAt: timestamp('used_at', { withTimezone: true }).notNull().defaultNow(),
    expiresAt: timestamp('expires_at', { withTimezone: true })
      .notNull()
      .default(sql`now()`),
  },
  (t) => [primaryKey({ columns: [t.tenantId, t.jti] }), tenantPolicy('used_redirect_credentials')],
);
