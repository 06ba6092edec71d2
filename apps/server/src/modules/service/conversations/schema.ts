import { sql } from 'drizzle-orm';
import { boolean, customType, foreignKey, index, jsonb, numeric, pgTable, primaryKey, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { retrievalSearchExpression } from '../../../platform/ai/local/retrieval.ts';
import { tenantPolicy } from '../../../platform/db/tenant.ts';
import { serviceClients } from '../clients/index.ts';

export type ConversationStatus = 'bot' | 'waiting' | 'agent' | 'closed';
export type ConversationChannelKind = 'web' | 'whatsapp' | 'telegram' | 'virtual';
export type HandoverReason = 'low_confidence' | 'out_of_scope' | 'asked_for_person' | 'ai_unavailable' | 'intent_action' | 'unknown_answer';
export type MessageSender = 'customer' | 'bot' | 'agent' | 'note' | 'system';

const tsvector = customType<{ data: string }>({ dataType: () => 'tsvector' });

/**
 * A customer's conversation with a client's bot and agents. `channelKind` 'virtual' is the Virtual chat CS screen.
 * `chatSessionId` is the metering chat session, started on the first message and ended on close.
 */
export const serviceConversations = pgTable(
  'service_conversations',
  {
    tenantId: uuid('tenant_id').notNull(),
    id: uuid('id').notNull(),
    clientId: uuid('client_id').notNull(),
    channelKind: text('channel_kind', { enum: ['web', 'whatsapp', 'telegram', 'virtual'] }).notNull(),
    channelId: uuid('channel_id'),
    customerKey: text('customer_key').notNull(),
    customerName: text('customer_name').notNull().default(''),
    status: text('status', { enum: ['bot', 'waiting', 'agent', 'closed'] })
      .notNull()
      .default('bot'),
    assignedAgentId: uuid('assigned_agent_id'),
    chatSessionId: uuid('chat_session_id'),
    handoverReason: text('handover_reason').$type<HandoverReason>(),
    handedOverAt: timestamp('handed_over_at', { withTimezone: true }),
    /** How it ended: resolved_by_bot, resolved_by_agent, abandoned ... (history filter). */
    outcome: text('outcome'),
    /** The newest bot turn's intent (history filter). */
    lastIntent: text('last_intent'),
    startedAt: timestamp('started_at', { withTimezone: true }).notNull().defaultNow(),
    lastMessageAt: timestamp('last_message_at', { withTimezone: true }).notNull().defaultNow(),
    endedAt: timestamp('ended_at', { withTimezone: true }),
  },
  (t) => [
    primaryKey({ columns: [t.tenantId, t.id] }),
    foreignKey({ columns: [t.tenantId, t.clientId], foreignColumns: [serviceClients.tenantId, serviceClients.id] }).onDelete('cascade'),
    index('service_conversations_client_idx').on(t.tenantId, t.clientId, t.lastMessageAt),
    index('service_conversations_status_idx').on(t.tenantId, t.status, t.lastMessageAt),
    index('service_conversations_customer_idx').on(t.tenantId, t.clientId, t.customerKey),
    index('service_conversations_agent_idx').on(t.tenantId, t.assignedAgentId),
    // Search by customer (issue 24): part of a name or id, through pg_trgm.
    index('service_conversations_customer_name_trgm').using('gin', t.customerName.op('gin_trgm_ops')),
    index('service_conversations_customer_key_trgm').using('gin', t.customerKey.op('gin_trgm_ops')),
    tenantPolicy('service_conversations'),
  ],
);

/**
 * One turn. A bot turn carries its intent, confidence and the dataset items it used (`sources`); `handedOver` marks
 * the turn that passed the conversation to a person. A message from or to a channel has the channel's message id
 * (`externalId`), unique per channel, so a webhook delivered twice stores it once.
 */
export const serviceMessages = pgTable(
  'service_messages',
  {
    tenantId: uuid('tenant_id').notNull(),
    id: uuid('id').notNull(),
    conversationId: uuid('conversation_id').notNull(),
    at: timestamp('at', { withTimezone: true }).notNull().defaultNow(),
    sender: text('sender', { enum: ['customer', 'bot', 'agent', 'note', 'system'] }).notNull(),
    text: text('text').notNull(),
    intent: text('intent'),
    confidence: numeric('confidence', { precision: 5, scale: 4 }),
    sources: jsonb('sources').$type<string[]>().notNull().default([]),
    handedOver: boolean('handed_over').notNull().default(false),
    /** An agent's correction of this bot turn's intent (training data for fine tuning). */
    correctedIntent: text('corrected_intent'),
    channelId: uuid('channel_id'),
    externalId: text('external_id'),
    deliveryStatus: text('delivery_status', { enum: ['sent', 'delivered', 'read', 'failed'] }),
    agentId: uuid('agent_id'),
    /** Conversation search (issue 24): the text's words in Indonesian and English. */
    search: tsvector('search').generatedAlwaysAs(retrievalSearchExpression(sql`text`)),
  },
  (t) => [
    primaryKey({ columns: [t.tenantId, t.id] }),
    foreignKey({ columns: [t.tenantId, t.conversationId], foreignColumns: [serviceConversations.tenantId, serviceConversations.id] }).onDelete('cascade'),
    index('service_messages_conversation_idx').on(t.tenantId, t.conversationId, t.at),
    uniqueIndex('service_messages_external_key')
      .on(t.tenantId, t.channelId, t.externalId)
      .where(sql`${t.externalId} IS NOT NULL`),
    index('service_messages_search').using('gin', t.search),
    index('service_messages_text_trgm').using('gin', t.text.op('gin_trgm_ops')),
    tenantPolicy('service_messages'),
  ],
);
