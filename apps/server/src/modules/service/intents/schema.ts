import { sql } from 'drizzle-orm';
import { foreignKey, index, integer, jsonb, pgTable, primaryKey, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { bytea } from '../../../platform/db/columns.ts';
import { tenantPolicy } from '../../../platform/db/tenant.ts';
import type { IntentModel } from '../../../platform/ai/engine.ts';
import { serviceClients } from '../clients/index.ts';

/** Named attributes of an intent (e.g. product, size) the response may refer to. */
export interface IntentAttribute {
  name: string;
  value: string;
}

/**
 * A client's intents: what a customer may want. `action` answer: the bot answers (with `responseText` as the
 * template when it has one, else from the dataset); handover: the bot passes the conversation to a person.
 */
export const serviceIntents = pgTable(
  'service_intents',
  {
    tenantId: uuid('tenant_id').notNull(),
    id: uuid('id').notNull(),
    clientId: uuid('client_id').notNull(),
    name: text('name').notNull(),
    attributes: jsonb('attributes').$type<IntentAttribute[]>().notNull().default([]),
    action: text('action', { enum: ['answer', 'handover'] })
      .notNull()
      .default('answer'),
    responseText: text('response_text').notNull().default(''),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.tenantId, t.id] }),
    foreignKey({ columns: [t.tenantId, t.clientId], foreignColumns: [serviceClients.tenantId, serviceClients.id] }).onDelete('cascade'),
    uniqueIndex('service_intents_name_key').on(t.tenantId, t.clientId, sql`lower(${t.name})`),
    tenantPolicy('service_intents'),
  ],
);

/** Training phrases; `source` says where a phrase came from (typed, imported, or an agent's correction of a turn). */
export const serviceIntentPhrases = pgTable(
  'service_intent_phrases',
  {
    tenantId: uuid('tenant_id').notNull(),
    id: uuid('id').notNull(),
    intentId: uuid('intent_id').notNull(),
    clientId: uuid('client_id').notNull(),
    text: text('text').notNull(),
    source: text('source', { enum: ['manual', 'import', 'correction'] })
      .notNull()
      .default('manual'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.tenantId, t.id] }),
    foreignKey({ columns: [t.tenantId, t.intentId], foreignColumns: [serviceIntents.tenantId, serviceIntents.id] }).onDelete('cascade'),
    uniqueIndex('service_intent_phrases_text_key').on(t.tenantId, t.intentId, sql`lower(${t.text})`),
    index('service_intent_phrases_client_idx').on(t.tenantId, t.clientId),
    tenantPolicy('service_intent_phrases'),
  ],
);

/** Per intent precision and recall on the held-out fifth, and the pairs most often confused (expected → predicted). */
export interface TrainingMetrics {
  accuracy: number;
  heldOut: number;
  perIntent: { intent: string; precision: number; recall: number; support: number }[];
  confused: { expected: string; predicted: string; count: number }[];
}

/** A training run of a client's classifier; the newest `done` one is the model the bot uses. */
export const serviceModels = pgTable(
  'service_models',
  {
    tenantId: uuid('tenant_id').notNull(),
    id: uuid('id').notNull(),
    clientId: uuid('client_id').notNull(),
    status: text('status', { enum: ['queued', 'running', 'done', 'failed'] })
      .notNull()
      .default('queued'),
    /** The trained IntentModel as JSON: runs trained before `packed` existed (read still; new runs leave it null). */
    model: jsonb('model').$type<IntentModel>(),
    /** The trained IntentModel packed (platform/ai/local/model-pack.ts: typed arrays as bytes); null until done. */
    packed: bytea('packed'),
    /** The engine that trained the model (IntentModel.engine), so the classifying engine is known before the model is read. */
    engine: text('engine'),
    metrics: jsonb('metrics').$type<TrainingMetrics>(),
    intents: integer('intents').notNull().default(0),
    examples: integer('examples').notNull().default(0),
    errorCode: text('error_code'),
    requestedBy: uuid('requested_by'),
    requestedAt: timestamp('requested_at', { withTimezone: true }).notNull().defaultNow(),
    startedAt: timestamp('started_at', { withTimezone: true }),
    trainedAt: timestamp('trained_at', { withTimezone: true }),
  },
  (t) => [
    primaryKey({ columns: [t.tenantId, t.id] }),
    foreignKey({ columns: [t.tenantId, t.clientId], foreignColumns: [serviceClients.tenantId, serviceClients.id] }).onDelete('cascade'),
    index('service_models_client_idx').on(t.tenantId, t.clientId, t.requestedAt),
    tenantPolicy('service_models'),
  ],
);
