import { index, integer, jsonb, pgTable, primaryKey, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { tenantPolicy } from '../../../platform/db/tenant.ts';

/** A conversation of questions over one dataset; its last plan is what a follow-up builds on. */
export const analysisConversations = pgTable(
  'analysis_conversations',
  {
    tenantId: uuid('tenant_id').notNull(),
    id: uuid('id').notNull(),
    datasetId: uuid('dataset_id').notNull(),
    userId: uuid('user_id').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.tenantId, t.id] }),
    index('analysis_conversations_user_idx').on(t.tenantId, t.userId, t.updatedAt),
    tenantPolicy('analysis_conversations'),
  ],
);

/** Each question asked in a conversation, with the plan that answered it. */
export const analysisQuestions = pgTable(
  'analysis_questions',
  {
    tenantId: uuid('tenant_id').notNull(),
    conversationId: uuid('conversation_id').notNull(),
    turn: integer('turn').notNull(),
    question: text('question').notNull(),
    language: text('language').$type<'id' | 'en'>().notNull(),
    plan: jsonb('plan').notNull(),
    /** Which engine made the plan: local or openai-compatible. */
    engine: text('engine').notNull(),
    askedAt: timestamp('asked_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.tenantId, t.conversationId, t.turn] }), tenantPolicy('analysis_questions')],
);
