import { foreignKey, index, integer, jsonb, numeric, pgTable, primaryKey, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { tenantPolicy } from '../../../platform/db/tenant.ts';
import { serviceClients } from '../clients/index.ts';

/** A question an agent answered in place of the bot, and the agent's answer (the local answer index). */
export interface AnswerPair {
  question: string;
  answer: string;
}

/**
 * A fine-tuning run of a client's bot (issue 12). Remote: `fileId` and `jobId` are the provider's, `status` follows
 * its job (validating_files → queued → running → succeeded | failed | cancelled) and `fineTunedModel` is what the
 * client's chat answers use once it succeeded. Local: the classifier and answer index retrained, with the held-out
 * accuracy before and after. `pending` is ours: asked for, not yet sent or started.
 */
export const serviceFineTunes = pgTable(
  'service_fine_tunes',
  {
    tenantId: uuid('tenant_id').notNull(),
    id: uuid('id').notNull(),
    clientId: uuid('client_id').notNull(),
    provider: text('provider', { enum: ['local', 'openai-compatible'] }).notNull(),
    status: text('status', { enum: ['pending', 'validating_files', 'queued', 'running', 'succeeded', 'failed', 'cancelled'] })
      .notNull()
      .default('pending'),
    progress: integer('progress').notNull().default(0),
    baseModel: text('base_model'),
    fileId: text('file_id'),
    jobId: text('job_id'),
    fineTunedModel: text('fine_tuned_model'),
    chatExamples: integer('chat_examples').notNull().default(0),
    classifierExamples: integer('classifier_examples').notNull().default(0),
    accuracyBefore: numeric('accuracy_before', { precision: 5, scale: 4 }),
    accuracyAfter: numeric('accuracy_after', { precision: 5, scale: 4 }),
    heldOut: integer('held_out'),
    answerIndex: jsonb('answer_index').$type<AnswerPair[]>().notNull().default([]),
    errorCode: text('error_code'),
    error: text('error'),
    lastEvent: text('last_event'),
    requestedBy: uuid('requested_by'),
    requestedAt: timestamp('requested_at', { withTimezone: true }).notNull().defaultNow(),
    finishedAt: timestamp('finished_at', { withTimezone: true }),
  },
  (t) => [
    primaryKey({ columns: [t.tenantId, t.id] }),
    foreignKey({ columns: [t.tenantId, t.clientId], foreignColumns: [serviceClients.tenantId, serviceClients.id] }).onDelete('cascade'),
    index('service_fine_tunes_client_idx').on(t.tenantId, t.clientId, t.requestedAt),
    tenantPolicy('service_fine_tunes'),
  ],
);
