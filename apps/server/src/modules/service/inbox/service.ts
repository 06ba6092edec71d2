import { and, eq, sql } from 'drizzle-orm';
import type { InboxConversation, InboxMessage } from '@nusa/contracts';
import type { Principal } from '../../../platform/access/principal.ts';
import { writeAudit } from '../../../platform/audit/write.ts';
import type { Tx } from '../../../platform/db/tenant.ts';
import { AppError } from '../../../platform/errors/app-error.ts';
import { lockUniqueKey } from '../../../platform/numbering/lock.ts';
import { notifyConversation } from '../channels/index.ts';
import { announceAgent, type Deliver } from './announce.ts';
import { serviceAgents, serviceClients } from '../clients/index.ts';
import { withinWorkingHours, type WorkingHours } from '../clients/service.ts';
import { serviceConversations } from '../conversations/index.ts';
import {
  closeConversation,
  conversationRow,
  messagesOf,
  notifyInbox,
  responseTimesOf,
  storeMessage,
  type ConversationRow,
  type MessageRow,
} from '../conversations/index.ts';
import { labelsOf } from '../labels/service.ts';

const iso = (d: Date | string | null) => (d === null ? null : new Date(d).toISOString());

type Row = Record<string, unknown>;
const toConversation = (r: Row): Omit<InboxConversation, 'labels'> => ({
  id: String(r.id),
  clientCode: String(r.client_code),
  clientName: String(r.client_name),
  channelKind: r.channel_kind as InboxConversation['channelKind'],
  customerKey: String(r.customer_key),
  customerName: String(r.customer_name),
  status: r.status as InboxConversation['status'],
  assignedAgentId: (r.assigned_agent_id as string | null) ?? null,
  handoverReason: (r.handover_reason as string | null) ?? null,
  handedOverAt: iso(r.handed_over_at as string | null),
  lastMessageAt: iso(r.last_message_at as string)!,
  lastText: String(r.last_text ?? ''),
  unread: Number(r.unread ?? 0),
  outsideWorkingHours: !withinWorkingHours(r.working_hours as WorkingHours | null, new Date()),
});

export const toMessage = (m: MessageRow): InboxMessage => ({
  id: m.id,
  at: m.at.toISOString(),
  sender: m.sender,
  text: m.text,
  intent: m.intent,
  confidence: m.confidence === null ? null : Number(m.confidence),
  agentId: m.agentId,
  deliveryStatus: m.deliveryStatus,
});

/**
 * Conversations of the clients `userId` is an active agent of that wait for an agent, and those assigned to the user
 * (any client); never a virtual chat's (a test of the bot, issue 24). Unread: the customer's messages since the user's last reply or note (every one while waiting).
 */
export async function inboxRows(tx: Tx, userId: string, conversationId?: string | readonly string[]): Promise<InboxConversation[]> {
  const res = await tx.execute(sql`
    SELECT c.id, cl.code AS client_code, cl.name AS client_name, cl.working_hours, c.channel_kind, c.customer_key, c.customer_name, c.status, c.assigned_agent_id,
           c.handover_reason, c.handed_over_at, c.last_message_at,
           (SELECT m.text FROM service_messages m WHERE m.conversation_id = c.id AND m.sender = 'customer' ORDER BY m.at DESC, m.id DESC LIMIT 1) AS last_text,
           (SELECT count(*) FROM service_messages m WHERE m.conversation_id = c.id AND m.sender = 'customer'
              AND m.at > coalesce((SELECT max(a.at) FROM service_messages a WHERE a.conversation_id = c.id AND a.agent_id = ${userId}), '-infinity')
           )::int AS unread
      FROM service_conversations c JOIN service_clients cl ON cl.id = c.client_id
     WHERE ${
       typeof conversationId === 'string'
         ? sql`c.id = ${conversationId}`
         : conversationId
           ? sql`c.id = ANY(${`{${conversationId.join(',')}}`}::uuid[])`
           : sql`c.channel_kind <> 'virtual' AND ((c.status = 'waiting' AND EXISTS (SELECT 1 FROM service_agents g WHERE g.client_id = c.client_id AND g.user_id = ${userId} AND g.active))
        OR (c.status = 'agent' AND c.assigned_agent_id = ${userId}))`
     }
     ORDER BY c.status = 'agent' DESC, c.last_message_at DESC
     LIMIT 200`);
  const labels = await labelsOf(
    tx,
    (res.rows as Row[]).map((r) => String(r.id)),
  );
  return (res.rows as Row[]).map((r) => ({ ...toConversation(r), labels: labels.get(String(r.id)) ?? [] }));
}

export async function listInbox(tx: Tx, principal: Principal) {
  const items = await inboxRows(tx, principal.userId);
  const mine = items.filter((c) => c.status === 'agent');
  return { items, waiting: items.length - mine.length, mine: mine.length, unread: items.reduce((n, c) => n + c.unread, 0) };
}

export async function agentOf(tx: Tx, userId: string, clientId: string) {
  const [agent] = await tx
    .select()
    .from(serviceAgents)
    .where(and(eq(serviceAgents.clientId, clientId), eq(serviceAgents.userId, userId), eq(serviceAgents.active, true)));
  return agent;
}

/** The conversation, if the user is an agent of its client or handles it; a virtual chat (a sandbox) is no agent's. */
export async function visibleConversation(tx: Tx, principal: Principal, id: string): Promise<ConversationRow> {
  const c = await conversationRow(tx, id);
  if (c.channelKind === 'virtual') throw new AppError('service_conversation_not_found', [id]);
  if (c.assignedAgentId === principal.userId) return c;
  if (!(await agentOf(tx, principal.userId, c.clientId))) {
    const [client] = await tx.select({ code: serviceClients.code }).from(serviceClients).where(eq(serviceClients.id, c.clientId));
    throw new AppError('service_not_an_agent', [client?.code ?? '']);
  }
  return c;
}

export async function inboxDetail(tx: Tx, principal: Principal, id: string) {
  const c = await visibleConversation(tx, principal, id);
  const [conversation] = await inboxRows(tx, principal.userId, id);
  const messages = (await messagesOf(tx, id)).map(toMessage);
  const earlier = await tx.execute(sql`
    SELECT c.id, c.started_at, c.status, c.outcome, c.last_intent,
           coalesce((SELECT m.text FROM service_messages m WHERE m.conversation_id = c.id AND m.sender = 'customer' ORDER BY m.at DESC LIMIT 1), '') AS last_text
      FROM service_conversations c
     WHERE c.client_id = ${c.clientId} AND c.customer_key = ${c.customerKey} AND c.id <> ${id}
     ORDER BY c.started_at DESC LIMIT 20`);
  return {
    conversation,
    messages,
    responseTimes: await responseTimesOf(tx, id),
    earlier: (earlier.rows as Row[]).map((r) => ({
      id: String(r.id),
      startedAt: iso(r.started_at as string)!,
      status: String(r.status),
      outcome: (r.outcome as string | null) ?? null,
      lastIntent: (r.last_intent as string | null) ?? null,
      lastText: String(r.last_text),
    })),
  };
}

/**
 * Takes a waiting conversation, within the client's CS working hours only (an agent finishes a chat taken before
 * they end: replies are not refused). The UPDATE's `status = 'waiting'` condition decides a race: of agents claiming at
 * once exactly one row is updated. The agent's own claims are serialised (advisory lock) so the limit holds.
 */
export async function claimConversation(tx: Tx, principal: Principal, id: string, deliver?: Deliver): Promise<InboxConversation> {
  const c = await visibleConversation(tx, principal, id);
  const agent = await agentOf(tx, principal.userId, c.clientId);
  const [client] = await tx.select().from(serviceClients).where(eq(serviceClients.id, c.clientId));
  if (!agent) throw new AppError('service_not_an_agent', [client.code]);
  if (!withinWorkingHours(client.workingHours, new Date())) throw new AppError('service_outside_working_hours', [client.code]);
  await lockUniqueKey(tx, `service-agent:${principal.userId}`);
  const limit = agent.maxConcurrentChats ?? client.maxConcurrentChats;
  const [{ n }] = await tx
    .select({ n: sql<number>`count(*)::int` })
    .from(serviceConversations)
    .where(
      and(eq(serviceConversations.clientId, c.clientId), eq(serviceConversations.assignedAgentId, principal.userId), eq(serviceConversations.status, 'agent')),
    );
  if (n >= limit) throw new AppError('service_agent_chat_limit_reached', [String(n)]);
  const [won] = await tx
    .update(serviceConversations)
    .set({ status: 'agent', assignedAgentId: principal.userId })
    .where(and(eq(serviceConversations.id, id), eq(serviceConversations.status, 'waiting')))
    .returning({ id: serviceConversations.id });
  if (!won) throw new AppError('service_conversation_already_claimed', [id]);
  await writeAudit(tx, principal, {
    module: 'service.conversation',
    action: 'claim',
    entity: 'service-conversation',
    entityId: id,
    before: { status: c.status },
    after: { status: 'agent', assignedAgentId: principal.userId },
  });
  await announceAgent(tx, principal.tenantId, c, principal.userId, deliver);
  await notifyInbox(tx, principal.tenantId, id);
  return (await inboxRows(tx, principal.userId, id))[0];
}

async function handledByMe(tx: Tx, principal: Principal, id: string): Promise<ConversationRow> {
  const c = await visibleConversation(tx, principal, id);
  if (c.status !== 'agent' || c.assignedAgentId !== principal.userId) throw new AppError('service_conversation_not_yours', [id]);
  return c;
}

/**
 * The agent's reply, stored and announced: the web widget's sockets hear it through NOTIFY nusa_service_conversation;
 * WhatsApp and Telegram messages are sent by the caller after commit (deliverMessage), which records their status.
 */
export async function replyToCustomer(tx: Tx, principal: Principal, id: string, text: string): Promise<{ message: InboxMessage; channelKind: string }> {
  const c = await handledByMe(tx, principal, id);
  const at = new Date();
  const m = (await storeMessage(tx, principal.tenantId, id, { sender: 'agent', text, at, agentId: principal.userId, channelId: c.channelId }))!;
  await tx.update(serviceConversations).set({ lastMessageAt: at }).where(eq(serviceConversations.id, id));
  await writeAudit(tx, principal, {
    module: 'service.conversation',
    action: 'reply',
    entity: 'service-conversation',
    entityId: id,
    after: { messageId: m.id },
  });
  await notifyConversation(tx, principal.tenantId, id, m.id);
  await notifyInbox(tx, principal.tenantId, id);
  return { message: toMessage(m), channelKind: c.channelKind };
}

export async function addNote(tx: Tx, principal: Principal, id: string, text: string): Promise<InboxMessage> {
  await handledByMe(tx, principal, id);
  const m = (await storeMessage(tx, principal.tenantId, id, { sender: 'note', text, agentId: principal.userId }))!;
  await writeAudit(tx, principal, { module: 'service.conversation', action: 'note', entity: 'service-conversation', entityId: id, after: { messageId: m.id } });
  await notifyInbox(tx, principal.tenantId, id);
  return toMessage(m);
}

export async function sendBackToBot(tx: Tx, principal: Principal, id: string): Promise<InboxConversation> {
  const c = await handledByMe(tx, principal, id);
  await tx.update(serviceConversations).set({ status: 'bot', assignedAgentId: null, handoverReason: null }).where(eq(serviceConversations.id, id));
  await writeAudit(tx, principal, {
    module: 'service.conversation',
    action: 'send-back',
    entity: 'service-conversation',
    entityId: id,
    before: { status: c.status, assignedAgentId: c.assignedAgentId },
    after: { status: 'bot' },
  });
  await notifyInbox(tx, principal.tenantId, id);
  return (await inboxRows(tx, principal.userId, id))[0];
}

export async function closeByAgent(tx: Tx, principal: Principal, id: string): Promise<InboxConversation> {
  await handledByMe(tx, principal, id);
  await closeConversation(tx, principal, id, 'resolved_by_agent');
  return (await inboxRows(tx, principal.userId, id))[0];
}

/** Presence the agent sets; the socket sets online on connect and offline when the last one closes. */
export async function setPresence(tx: Tx, principal: Principal, status: 'online' | 'away' | 'offline', onlyFrom?: 'offline' | 'online') {
  await tx
    .update(serviceAgents)
    .set({ status, statusAt: new Date() })
    .where(and(eq(serviceAgents.userId, principal.userId), onlyFrom ? eq(serviceAgents.status, onlyFrom) : undefined));
}
