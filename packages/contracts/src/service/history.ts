import { z } from 'zod';
import { defineEndpoint, listOf, listQuery, XLSX_CONTENT_TYPE } from '../endpoint.ts';
import { conversationLabel, responseTimes } from './conversation-facts.ts';
import { inboxMessage } from './inbox.ts';

/** History chat (issue 12): every conversation, filtered; its transcript with each bot turn's intent and confidence. */
const HISTORY = ['viewHistoryChat'] as const;

export const historyFilter = z.object({
  clientCode: z.string().max(20).optional(),
  channel: z.enum(['web', 'whatsapp', 'telegram', 'virtual']).optional(),
  /** Started on or after / on or before these days (YYYY-MM-DD, Asia/Jakarta). */
  from: z.iso.date().optional(),
  to: z.iso.date().optional(),
  intent: z.string().max(100).optional(),
  /** bot: never handed over; agent: an agent handled it. */
  handledBy: z.enum(['bot', 'agent']).optional(),
  outcome: z.string().max(40).optional(),
  /** The customer's name or id, or the words of a message (issue 24). */
  keyword: z.string().max(100).optional(),
  labelId: z.uuid().optional(),
});

export const historyConversation = z.object({
  id: z.string(),
  clientCode: z.string(),
  clientName: z.string(),
  channelKind: z.string(),
  customerKey: z.string(),
  customerName: z.string(),
  status: z.string(),
  handledBy: z.enum(['bot', 'agent']),
  handoverReason: z.string().nullable(),
  outcome: z.string().nullable(),
  lastIntent: z.string().nullable(),
  messages: z.number().int(),
  startedAt: z.string(),
  endedAt: z.string().nullable(),
  labels: z.array(conversationLabel),
});
export type HistoryConversation = z.infer<typeof historyConversation>;

export const serviceHistoryEndpoints = {
  listHistoryChat: defineEndpoint({
    method: 'GET',
    path: '/v1/service/history',
    access: HISTORY,
    summary: 'Every conversation, newest first, by client, channel, dates, intent, bot or agent, outcome',
    query: listQuery.pick({ page: true, limit: true }).extend(historyFilter.shape),
    response: listOf(historyConversation),
  }),
  getHistoryTranscript: defineEndpoint({
    method: 'GET',
    path: '/v1/service/history/{conversationId}',
    access: HISTORY,
    summary: 'A conversation with its whole transcript (notes included)',
    params: z.object({ conversationId: z.uuid() }),
    response: z.object({ conversation: historyConversation, messages: z.array(inboxMessage), responseTimes }),
  }),
  exportHistoryChat: defineEndpoint({
    method: 'GET',
    path: '/v1/service/history/export',
    access: HISTORY,
    summary: 'The filtered conversations as an xlsx file, one row per message',
    query: historyFilter.extend({ lang: z.enum(['id', 'en']).default('id') }),
    response: z.custom<Uint8Array>(),
    file: { contentType: XLSX_CONTENT_TYPE },
  }),
};
