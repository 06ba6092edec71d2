import { z } from 'zod';
import { defineEndpoint } from '../endpoint.ts';
import { conversationLabel, responseTimes } from './conversation-facts.ts';

/**
 * Messages for me (issue 12): the agent's inbox of handed-over conversations of the clients the agent serves,
 * live over the socket `/api/v1/service/inbox/socket?token=…` (frames `{type: 'conversation', conversationId}`).
 */
const INBOX = ['sendChatForMe'] as const;

export const inboxConversation = z.object({
  id: z.string(),
  clientCode: z.string(),
  clientName: z.string(),
  channelKind: z.enum(['web', 'whatsapp', 'telegram', 'virtual']),
  customerKey: z.string(),
  customerName: z.string(),
  status: z.enum(['bot', 'waiting', 'agent', 'closed']),
  assignedAgentId: z.string().nullable(),
  handoverReason: z.string().nullable(),
  handedOverAt: z.string().nullable(),
  lastMessageAt: z.string(),
  /** The customer's newest message. */
  lastText: z.string(),
  /** Customer messages since the agent's last reply or note (all of them while waiting). */
  unread: z.number().int(),
  /** The client's CS is outside its working hours now: a waiting conversation cannot be claimed until they begin. */
  outsideWorkingHours: z.boolean(),
  labels: z.array(conversationLabel),
});
export type InboxConversation = z.infer<typeof inboxConversation>;

export const inboxMessage = z.object({
  id: z.string(),
  at: z.string(),
  sender: z.enum(['customer', 'bot', 'agent', 'note', 'system']),
  text: z.string(),
  intent: z.string().nullable(),
  confidence: z.number().nullable(),
  agentId: z.string().nullable(),
  deliveryStatus: z.string().nullable(),
});
export type InboxMessage = z.infer<typeof inboxMessage>;

export const earlierConversation = z.object({
  id: z.string(),
  startedAt: z.string(),
  status: z.string(),
  outcome: z.string().nullable(),
  lastIntent: z.string().nullable(),
  lastText: z.string(),
});

export const inboxDetail = z.object({
  conversation: inboxConversation,
  messages: z.array(inboxMessage),
  /** The same customer's earlier conversations with this client, newest first. */
  earlier: z.array(earlierConversation),
  responseTimes,
});

export const inboxList = z.object({ items: z.array(inboxConversation), waiting: z.number().int(), mine: z.number().int(), unread: z.number().int() });

const conversationParam = z.object({ conversationId: z.uuid() });
const text = z.object({ text: z.string().trim().min(1).max(4000) });

export const serviceInboxEndpoints = {
  listInbox: defineEndpoint({
    method: 'GET',
    path: '/v1/service/inbox',
    access: INBOX,
    summary: 'Conversations waiting for an agent of my clients or assigned to me, with unread counts (the sidebar badge)',
    response: inboxList,
  }),
  getInboxConversation: defineEndpoint({
    method: 'GET',
    path: '/v1/service/inbox/{conversationId}',
    access: INBOX,
    summary: 'One conversation with its messages and the customer’s earlier conversations',
    params: conversationParam,
    response: inboxDetail,
  }),
  claimConversation: defineEndpoint({
    method: 'POST',
    path: '/v1/service/inbox/{conversationId}/claim',
    access: INBOX,
    summary: 'Take a waiting conversation; of agents claiming at once exactly one wins (the others get service_conversation_already_claimed)',
    params: conversationParam,
    response: inboxConversation,
  }),
  replyConversation: defineEndpoint({
    method: 'POST',
    path: '/v1/service/inbox/{conversationId}/reply',
    access: INBOX,
    summary: 'Reply to the customer through the conversation’s channel',
    params: conversationParam,
    body: text,
    response: inboxMessage,
  }),
  noteConversation: defineEndpoint({
    method: 'POST',
    path: '/v1/service/inbox/{conversationId}/note',
    access: INBOX,
    summary: 'An internal note, never sent to the customer',
    params: conversationParam,
    body: text,
    response: inboxMessage,
  }),
  sendBackToBot: defineEndpoint({
    method: 'POST',
    path: '/v1/service/inbox/{conversationId}/send-back',
    access: INBOX,
    summary: 'Give the conversation back to the bot',
    params: conversationParam,
    response: inboxConversation,
  }),
  closeInboxConversation: defineEndpoint({
    method: 'POST',
    path: '/v1/service/inbox/{conversationId}/close',
    access: INBOX,
    summary: 'Close the conversation (resolved by the agent); ends its metering chat session',
    params: conversationParam,
    response: inboxConversation,
  }),
  setAgentStatus: defineEndpoint({
    method: 'PUT',
    path: '/v1/service/inbox/status',
    access: INBOX,
    summary: 'My presence as an agent of every client I serve: online or away',
    body: z.object({ status: z.enum(['online', 'away']) }),
    response: z.object({ status: z.enum(['online', 'away']) }),
  }),
};
