import { integer, numeric, pgTable, primaryKey, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { tenantPolicy } from '../../db/tenant.ts';

/**
 * One row per tenant that has chosen its AI engine; none means the local engine. The API key is sealed with the
 * server's secret (AES-256-GCM) and never leaves the server.
 */
export const aiSettings = pgTable(
  'ai_settings',
  {
    tenantId: uuid('tenant_id').primaryKey(),
    provider: text('provider', { enum: ['local', 'openai-compatible'] })
      .notNull()
      .default('local'),
    baseUrl: text('base_url').notNull().default(''),
    apiKeySealed: text('api_key_sealed'),
    chatModel: text('chat_model').notNull().default(''),
    embeddingModel: text('embedding_model').notNull().default(''),
    structuredModel: text('structured_model').notNull().default(''),
    imageModel: text('image_model').notNull().default(''),
    timeoutSeconds: integer('timeout_seconds').notNull().default(30),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  () => [tenantPolicy('ai_settings')],
);

const price = (name: string) => numeric(name, { precision: 20, scale: 4 }).notNull().default('0');

/** What each model costs the tenant, in the book currency: the usage rows' costs are computed from these. */
export const aiModelPrices = pgTable(
  'ai_model_prices',
  {
    tenantId: uuid('tenant_id').notNull(),
    model: text('model').notNull(),
    inputPerMillion: price('input_per_million'),
    outputPerMillion: price('output_per_million'),
    perImage: price('per_image'),
  },
  (t) => [primaryKey({ columns: [t.tenantId, t.model] }), tenantPolicy('ai_model_prices')],
);
