import { and, asc, desc, eq, sql } from 'drizzle-orm';
import { v7 as uuidv7 } from 'uuid';
import { endChatSession } from '../../../platform/ai/metering/index.ts';
import { writeAudit, type Actor } from '../../../platform/audit/write.ts';
import type { Tx } from '../../../platform/db/tenant.ts';
import { AppError } from '../../../platform/errors/app-error.ts';
import {
  serviceConversations,
  serviceMessages,
  type ConversationChannelKind,
  type ConversationStatus,
  type HandoverReason,
  type MessageSender,
} from './schema.ts';

export type ConversationRow = typeof serviceConversations.$inferSelect;
export type { HandoverReason, ConversationChannelKind, MessageSender } from './schema.ts';
export type MessageRow = typeof serviceMessages.$inferSelect;

/** Writes a seeded history of conversations and their messages as they are (no notification, nothing metered). */
export async function seedConversations(
  tx: Tx,
  conversations: (typeof serviceConversations.$inferInsert)[],
  messages: (typeof serviceMessages.$inferInsert)[],
): Promise<void> {
  if (conversations.length) await tx.insert(serviceConversations).values(conversations);
  if (messages.length) await tx.insert(serviceMessages).values(messages);
}

/** The channel the live inbox LISTENs on; the payload is `{"tenantId": …, "conversationId": …}`. */
export const INBOX_CHANNEL = 'nusa_service_inbox';

export interface NewConversation {
  channelKind: ConversationChannelKind;
  channelId?: string | null;
  customerKey: string;
  customerName?: string;
}

export async function openConversation(tx: Tx, tenantId: string, clientId: string, c: NewConversation): Promise<ConversationRow> {
  const [row] = await tx
    .insert(serviceConversations)
    .values({
      tenantId,
      id: uuidv7(),
      clientId,
      channelKind: c.channelKind,
      channelId: c.channelId ?? null,
      customerKey: c.customerKey,
      customerName: c.customerName ?? '',
    })
    .returning();
  return row;
}

export async function conversationRow(tx: Tx, id: string, clientId?: string): Promise<ConversationRow> {
  const [row] = await tx
    .select()
    .from(serviceConversations)
    .where(and(eq(serviceConversations.id, id), clientId ? eq(serviceConversations.clientId, clientId) : undefined));
  if (!row) throw new AppError('service_conversation_not_found', [id]);
  return row;
}

export interface NewMessage {
  sender: MessageSender;
  text: string;
  at?: Date;
  intent?: string | null;
  confidence?: number | null;
  sources?: string[];
  handedOver?: boolean;
  channelId?: string | null;
  externalId?: string | null;
  deliveryStatus?: 'sent' | 'delivered' | 'read' | 'failed' | null;
  agentId?: string | null;
}

/**
 * Stores a message; a message whose channel message id (`externalId`) this channel already delivered is not stored
 * again (a webhook retried): then null.
 */
export async function storeMessage(tx: Tx, tenantId: string, conversationId: string, m: NewMessage): Promise<MessageRow | null> {
  const [row] = await tx
    .insert(serviceMessages)
    .values({
      tenantId,
      id: uuidv7(),
      conversationId,
      at: m.at ?? new Date(),
      sender: m.sender,
      text: m.text,
      intent: m.intent ?? null,
      confidence: m.confidence === null || m.confidence === undefined ? null : m.confidence.toFixed(4),
      sources: m.sources ?? [],
      handedOver: m.handedOver ?? false,
      channelId: m.channelId ?? null,
      externalId: m.externalId ?? null,
      deliveryStatus: m.deliveryStatus ?? null,
      agentId: m.agentId ?? null,
    })
    .onConflictDoNothing()
    .returning();
  return row ?? null;
}

/** The last `limit` messages of a conversation, oldest first. */
export async function recentMessages(tx: Tx, conversationId: string, limit: number): Promise<MessageRow[]> {
  const rows = await tx
    .select()
    .from(serviceMessages)
    .where(eq(serviceMessages.conversationId, conversationId))
    .orderBy(desc(serviceMessages.at), desc(serviceMessages.id))
    .limit(limit);
  return rows.reverse();
}

export async function messagesOf(tx: Tx, conversationId: string): Promise<MessageRow[]> {
  return tx.select().from(serviceMessages).where(eq(serviceMessages.conversationId, conversationId)).orderBy(asc(serviceMessages.at), asc(serviceMessages.id));
}

export async function clientHasConversations(tx: Tx, clientId: string): Promise<boolean> {
  return (await tx.select({ id: serviceConversations.id }).from(serviceConversations).where(eq(serviceConversations.clientId, clientId)).limit(1)).length > 0;
}

/** A customer's message arrived: the conversation's chat session, status and last message time (reopening a closed one). */
export async function conversationTouched(
  tx: Tx,
  id: string,
  values: { chatSessionId: string; status: ConversationStatus; at: Date; reopen: boolean },
): Promise<void> {
  await tx
    .update(serviceConversations)
    .set({
      chatSessionId: values.chatSessionId,
      status: values.status,
      lastMessageAt: values.at,
      ...(values.reopen ? { endedAt: null, outcome: null, handoverReason: null, assignedAgentId: null } : {}),
    })
    .where(eq(serviceConversations.id, id));
}

/** The bot's turn was stored: its intent, and when it handed over, the wait for an agent. */
export async function botTurnTaken(tx: Tx, id: string, intent: string | null, handoverReason: HandoverReason | null): Promise<void> {
  await tx
    .update(serviceConversations)
    .set({
      lastIntent: intent,
      ...(handoverReason ? { status: 'waiting' as const, handoverReason, handedOverAt: new Date() } : {}),
    })
    .where(eq(serviceConversations.id, id));
}

/** Tells the inbox (every server instance's LISTEN) that a conversation changed; sent when the transaction commits. */
export async function notifyInbox(tx: Tx, tenantId: string, conversationId: string): Promise<void> {
  await tx.execute(sql`SELECT pg_notify(${INBOX_CHANNEL}, ${JSON.stringify({ tenantId, conversationId })})`);
}

/** Closes a conversation with its outcome and ends its metering chat session (its length then counts). */
export async function closeConversation(tx: Tx, actor: Actor, conversationId: string, outcome: string, at: Date = new Date()): Promise<ConversationRow> {
  const before = await conversationRow(tx, conversationId);
  if (before.status === 'closed') return before;
  const [after] = await tx
    .update(serviceConversations)
    .set({ status: 'closed', outcome, endedAt: at })
    .where(eq(serviceConversations.id, conversationId))
    .returning();
  if (before.chatSessionId) await endChatSession(tx, before.chatSessionId, at);
  await writeAudit(tx, actor, {
    module: 'service.conversation',
    action: 'status',
    entity: 'service-conversation',
    entityId: conversationId,
    before: { status: before.status },
    after: { status: 'closed', outcome },
  });
  await notifyInbox(tx, actor.tenantId, conversationId);
  return after;
}

/** A conversation with the bot this long without a message is over: the customer got what they asked, or left. */
export const BOT_IDLE_MINUTES = 30;

/**
 * Closes the tenant's conversations left with the bot for BOT_IDLE_MINUTES as resolved_by_bot, ended at their last
 * message (so the metering chat session's length is the talk, not the wait). Waiting and agent conversations stay:
 * a person still owes the customer an answer. A customer who writes again reopens the conversation. Returns how many.
 */
export async function closeIdleConversations(tx: Tx, tenantId: string, now: Date = new Date(), limit = 500): Promise<number> {
  const idle = await tx
    .select({ id: serviceConversations.id, lastMessageAt: serviceConversations.lastMessageAt })
    .from(serviceConversations)
    .where(
      and(
        eq(serviceConversations.status, 'bot'),
        sql`${serviceConversations.lastMessageAt} < ${new Date(now.getTime() - BOT_IDLE_MINUTES * 60_000).toISOString()}::timestamptz`,
      ),
    )
    .limit(limit);
  for (const c of idle) await closeConversation(tx, { tenantId }, c.id, 'resolved_by_bot', c.lastMessageAt);
  return idle.length;
}

/** The customer's newest conversation on a channel (channels find the conversation a message belongs to). */
export async function latestConversationOn(tx: Tx, channelId: string, customerKey: string): Promise<ConversationRow | undefined> {
  const [row] = await tx
    .select()
    .from(serviceConversations)
    .where(and(eq(serviceConversations.channelId, channelId), eq(serviceConversations.customerKey, customerKey)))
    .orderBy(desc(serviceConversations.lastMessageAt))
    .limit(1);
  return row;
}

/** A message with its conversation's customer and channel (what a channel needs to deliver it). */
export async function messageToDeliver(
  tx: Tx,
  messageId: string,
): Promise<(MessageRow & { customerKey: string; conversationChannelId: string | null }) | undefined> {
  const [row] = await tx
    .select({ m: serviceMessages, customerKey: serviceConversations.customerKey, conversationChannelId: serviceConversations.channelId })
    .from(serviceMessages)
    .innerJoin(serviceConversations, eq(serviceConversations.id, serviceMessages.conversationId))
    .where(eq(serviceMessages.id, messageId));
  return row ? { ...row.m, customerKey: row.customerKey, conversationChannelId: row.conversationChannelId } : undefined;
}

export type DeliveryStatus = 'sent' | 'delivered' | 'read' | 'failed';
const DELIVERY_RANK: Record<DeliveryStatus, number> = { sent: 1, delivered: 2, read: 3, failed: 4 };

/** What the channel made of a message we sent: its id there and status; a status never goes back (late "delivered" after "read"). */
export async function recordDelivery(
  tx: Tx,
  where: { messageId: string } | { channelId: string; externalId: string },
  status: DeliveryStatus,
  externalId?: string | null,
): Promise<void> {
  const [row] = await tx
    .select({ id: serviceMessages.id, status: serviceMessages.deliveryStatus })
    .from(serviceMessages)
    .where(
      'messageId' in where
        ? eq(serviceMessages.id, where.messageId)
        : and(eq(serviceMessages.channelId, where.channelId), eq(serviceMessages.externalId, where.externalId)),
    );
  if (!row || (row.status && DELIVERY_RANK[row.status] >= DELIVERY_RANK[status])) return;
  await tx
    .update(serviceMessages)
    .set({ deliveryStatus: status, ...(externalId !== undefined ? { externalId } : {}) })
    .where(eq(serviceMessages.id, row.id));
}
