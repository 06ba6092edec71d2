import { sql } from 'drizzle-orm';
import { bigint, date, index, integer, numeric, pgTable, primaryKey, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { tenantPolicy } from '../../db/tenant.ts';

/**
 * The client of a rollup row as a key part: a primary key column cannot be null, and a call of no client has no
 * client_ou_id. No org unit has the zero uuid, so the primary key is exactly the old UNIQUE NULLS NOT DISTINCT; it
 * keeps that constraint's name, which the triggers' ON CONFLICT ON CONSTRAINT name.
 */
const clientKey = () =>
  uuid('client_key')
    .notNull()
    .generatedAlwaysAs(sql`coalesce(client_ou_id, '00000000-0000-0000-0000-000000000000'::uuid)`);

/**
 * Metering of AI calls (architecture §6). `ai_usage` and `ai_chat_sessions` are the evidence, one row per call and per
 * chat session; `ai_usage_daily` is what the dashboard reads, kept by statement triggers on those two tables (the
 * custom SQL of their migration) in the writing transaction, so a bulk INSERT keeps it as exactly as a single call.
 * Days and months are Asia/Jakarta's.
 */

/** One AI call: what it cost and how it ended (ok, failed, or refused_quota before any provider was asked). */
export const aiUsage = pgTable(
  'ai_usage',
  {
    tenantId: uuid('tenant_id').notNull(),
    id: uuid('id').notNull(),
    at: timestamp('at', { withTimezone: true }).notNull().defaultNow(),
    area: text('area').notNull(),
    clientOuId: uuid('client_ou_id'),
    chatSessionId: uuid('chat_session_id'),
    provider: text('provider').notNull(),
    model: text('model').notNull(),
    purpose: text('purpose').notNull(),
    /** Which quota the call counts against: request or image. */
    kind: text('kind').notNull(),
    inputTokens: integer('input_tokens').notNull().default(0),
    outputTokens: integer('output_tokens').notNull().default(0),
    images: integer('images').notNull().default(0),
    /** In the book currency. */
    cost: numeric('cost', { precision: 20, scale: 4 }).notNull().default('0'),
    durationMs: integer('duration_ms').notNull().default(0),
    outcome: text('outcome').notNull(),
  },
  (t) => [primaryKey({ columns: [t.tenantId, t.id] }), index('ai_usage_at_idx').on(t.tenantId, t.at), tenantPolicy('ai_usage')],
);

/** A conversation with a start and an end, so that chat durations are real; `customerKey` names who talked. */
export const aiChatSessions = pgTable(
  'ai_chat_sessions',
  {
    tenantId: uuid('tenant_id').notNull(),
    id: uuid('id').notNull(),
    area: text('area').notNull(),
    clientOuId: uuid('client_ou_id'),
    customerKey: text('customer_key').notNull(),
    model: text('model').notNull(),
    startedAt: timestamp('started_at', { withTimezone: true }).notNull().defaultNow(),
    endedAt: timestamp('ended_at', { withTimezone: true }),
  },
  (t) => [primaryKey({ columns: [t.tenantId, t.id] }), index('ai_chat_sessions_started_idx').on(t.tenantId, t.startedAt), tenantPolicy('ai_chat_sessions')],
);

/**
 * The first session of each customer of a client: its insert is what makes a customer new (no scan of sessions). A
 * session started earlier than the recorded first (a late import) moves the customer's count to its day; the first
 * session's area and model say which rollup row to take it from.
 */
export const aiCustomers = pgTable(
  'ai_customers',
  {
    tenantId: uuid('tenant_id').notNull(),
    clientOuId: uuid('client_ou_id'),
    clientKey: clientKey(),
    customerKey: text('customer_key').notNull(),
    firstSessionAt: timestamp('first_session_at', { withTimezone: true }).notNull(),
    firstArea: text('first_area').notNull().default(''),
    firstModel: text('first_model').notNull().default(''),
  },
  (t) => [
    primaryKey({ name: 'ai_customers_key', columns: [t.tenantId, t.clientKey, t.customerKey] }),
    // The sessions trigger looks customers up by this key: plain equality (no IS NOT DISTINCT FROM) is what an index
    // and a hash join can serve.
    index('ai_customers_lookup').on(t.tenantId, sql`coalesce(${t.clientOuId}, '00000000-0000-0000-0000-000000000000'::uuid)`, t.customerKey),
    tenantPolicy('ai_customers'),
  ],
);

/** Per tenant, Jakarta day, area, client and model: everything the dashboard's widgets add up. */
export const aiUsageDaily = pgTable(
  'ai_usage_daily',
  {
    tenantId: uuid('tenant_id').notNull(),
    day: date('day').notNull(),
    area: text('area').notNull(),
    clientOuId: uuid('client_ou_id'),
    clientKey: clientKey(),
    model: text('model').notNull(),
    /** Calls that ended ok, of either kind. */
    requests: integer('requests').notNull().default(0),
    failed: integer('failed').notNull().default(0),
    refused: integer('refused').notNull().default(0),
    /** Ok calls with purpose chat (answers given in a conversation). */
    chats: integer('chats').notNull().default(0),
    inputTokens: bigint('input_tokens', { mode: 'number' }).notNull().default(0),
    outputTokens: bigint('output_tokens', { mode: 'number' }).notNull().default(0),
    images: integer('images').notNull().default(0),
    cost: numeric('cost', { precision: 20, scale: 4 }).notNull().default('0'),
    /** Cost of the ok calls of kind image. */
    imageCost: numeric('image_cost', { precision: 20, scale: 4 }).notNull().default('0'),
    /** Sessions started that day, and the milliseconds of those among them that have ended. */
    sessions: integer('sessions').notNull().default(0),
    chatMs: bigint('chat_ms', { mode: 'number' }).notNull().default(0),
    newCustomers: integer('new_customers').notNull().default(0),
  },
  (t) => [primaryKey({ name: 'ai_usage_daily_key', columns: [t.tenantId, t.day, t.area, t.clientKey, t.model] }), tenantPolicy('ai_usage_daily')],
);

/**
 * The same sums per Jakarta month (first day), kept from ai_usage_daily's own changes by its statement triggers: the
 * monthly figures, the clients of a year and the customers before a range read at most twelve rows per key here.
 */
export const aiUsageMonthly = pgTable(
  'ai_usage_monthly',
  {
    tenantId: uuid('tenant_id').notNull(),
    month: date('month').notNull(),
    area: text('area').notNull(),
    clientOuId: uuid('client_ou_id'),
    clientKey: clientKey(),
    model: text('model').notNull(),
    requests: integer('requests').notNull().default(0),
    failed: integer('failed').notNull().default(0),
    refused: integer('refused').notNull().default(0),
    chats: integer('chats').notNull().default(0),
    inputTokens: bigint('input_tokens', { mode: 'number' }).notNull().default(0),
    outputTokens: bigint('output_tokens', { mode: 'number' }).notNull().default(0),
    images: integer('images').notNull().default(0),
    cost: numeric('cost', { precision: 20, scale: 4 }).notNull().default('0'),
    imageCost: numeric('image_cost', { precision: 20, scale: 4 }).notNull().default('0'),
    sessions: integer('sessions').notNull().default(0),
    chatMs: bigint('chat_ms', { mode: 'number' }).notNull().default(0),
    newCustomers: integer('new_customers').notNull().default(0),
  },
  (t) => [primaryKey({ name: 'ai_usage_monthly_key', columns: [t.tenantId, t.month, t.area, t.clientKey, t.model] }), tenantPolicy('ai_usage_monthly')],
);

/**
 * The month's quota and what was used of it (Jakarta month, first day). The limits are copied from the tenant's
 * `ai_quota_settings` (or the defaults) when the month's first call makes the row.
 */
export const aiQuotas = pgTable(
  'ai_quotas',
  {
    tenantId: uuid('tenant_id').notNull(),
    month: date('month').notNull(),
    requestLimit: integer('request_limit').notNull(),
    requestsUsed: integer('requests_used').notNull().default(0),
    imageLimit: integer('image_limit').notNull(),
    imagesUsed: integer('images_used').notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.tenantId, t.month] }), tenantPolicy('ai_quotas')],
);

/** A tenant's monthly limits when they differ from the defaults (no package grants AI quotas yet). */
export const aiQuotaSettings = pgTable(
  'ai_quota_settings',
  {
    tenantId: uuid('tenant_id').primaryKey(),
    monthlyRequests: integer('monthly_requests').notNull(),
    monthlyImages: integer('monthly_images').notNull(),
    updatedAt: timestamp('updated_at', { withTimezone: true })
      .notNull()
      .default(sql`now()`),
  },
  () => [tenantPolicy('ai_quota_settings')],
);
