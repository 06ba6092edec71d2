import { integer, pgTable, text, timestamp } from 'drizzle-orm/pg-core';

/**
 * Hits per limit key in the key's current fixed window (platform/rate-limit). Global, not a tenant table: a client
 * address is limited across tenants; only the owner pool reads and writes it.
 */
export const rateLimitCounters = pgTable('rate_limit_counters', {
  key: text('key').primaryKey(),
  windowStartedAt: timestamp('window_started_at', { withTimezone: true }).notNull().defaultNow(),
  hits: integer('hits').notNull().default(1),
});
