import { index, jsonb, pgTable, primaryKey, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import type { Principal } from '../../../../platform/access/principal.ts';
import { tenantPolicy } from '../../../../platform/db/tenant.ts';

/**
 * Where a dataset's rows come from besides an upload (issue 13): a Google Sheet it is refreshed from, and the API keys
 * an application posts rows with. The Google service-account key a tenant sets is kept sealed (AES-256-GCM under the
 * server's secret, as the AI settings' API key) and never answered.
 */
export const analysisGoogleAccounts = pgTable(
  'analysis_google_accounts',
  {
    tenantId: uuid('tenant_id').primaryKey(),
    clientEmail: text('client_email').notNull(),
    keySealed: text('key_sealed').notNull(),
    updatedBy: uuid('updated_by').notNull(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  () => [tenantPolicy('analysis_google_accounts')],
);

/** The Google Sheet a dataset was imported from: a refresh reads it again and replaces the rows. */
export const analysisSheetSources = pgTable(
  'analysis_sheet_sources',
  {
    tenantId: uuid('tenant_id').notNull(),
    datasetId: uuid('dataset_id').notNull(),
    spreadsheetId: text('spreadsheet_id').notNull(),
    /** The tab read (the first one when imported). */
    sheetTitle: text('sheet_title').notNull(),
    title: text('title').notNull(),
  },
  (t) => [primaryKey({ columns: [t.tenantId, t.datasetId] }), tenantPolicy('analysis_sheet_sources')],
);

/**
 * A dataset's API keys: only the SHA-256 of the key is kept (the key is shown once). The rows an application posts
 * are imported as the user who made the key (`principal`, its session) with their access read again at each post:
 * a key stops working when its creator is deactivated or loses the task to edit the dataset.
 */
export const analysisApiKeys = pgTable(
  'analysis_api_keys',
  {
    tenantId: uuid('tenant_id').notNull(),
    id: uuid('id').notNull(),
    datasetId: uuid('dataset_id').notNull(),
    /** The key's first characters, to tell keys apart on screen. */
    prefix: text('prefix').notNull(),
    keyHash: text('key_hash').notNull(),
    principal: jsonb('principal').$type<Principal>().notNull(),
    createdBy: uuid('created_by').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    lastUsedAt: timestamp('last_used_at', { withTimezone: true }),
    revokedAt: timestamp('revoked_at', { withTimezone: true }),
  },
  (t) => [primaryKey({ columns: [t.tenantId, t.id] }), index('analysis_api_keys_dataset_idx').on(t.tenantId, t.datasetId), tenantPolicy('analysis_api_keys')],
);

/** One API post per Idempotency-Key and dataset: the same key answers its first run again, a different body is refused. */
export const analysisApiPosts = pgTable(
  'analysis_api_posts',
  {
    tenantId: uuid('tenant_id').notNull(),
    datasetId: uuid('dataset_id').notNull(),
    idempotencyKey: text('idempotency_key').notNull(),
    bodyHash: text('body_hash').notNull(),
    /** The import run of the rows; empty while the post is being taken in. */
    importId: uuid('import_id'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.tenantId, t.datasetId, t.idempotencyKey] }), tenantPolicy('analysis_api_posts')],
);
