import { z } from 'zod';
import { defineEndpoint } from '../endpoint.ts';
import { inboxConversation } from './inbox.ts';

/** Assign or transfer (issue 24): an agent hands a conversation to a colleague serving the same client. */
export const transferCandidate = z.object({
  userId: z.string(),
  fullName: z.string(),
  status: z.enum(['online', 'away', 'offline']),
  openChats: z.number().int(),
  /** The colleague's limit (theirs, else the client's); at it, a transfer to them is refused. */
  maxConcurrentChats: z.number().int(),
});
export type TransferCandidate = z.infer<typeof transferCandidate>;

const conversationParam = z.object({ conversationId: z.uuid() });

export const serviceInboxTransferEndpoints = {
  listTransferCandidates: defineEndpoint({
    method: 'GET',
    path: '/v1/service/inbox/{conversationId}/colleagues',
    access: ['sendChatForMe'],
    summary: "The client's other active agents a conversation may go to, online first, with their open chats",
    params: conversationParam,
    response: z.object({ items: z.array(transferCandidate) }),
  }),
  transferConversation: defineEndpoint({
    method: 'POST',
    path: '/v1/service/inbox/{conversationId}/transfer',
    access: ['sendChatForMe'],
    summary: 'Give the conversation I handle (or one waiting for my client) to a colleague; the customer is told who joined and the thread goes on',
    params: conversationParam,
    body: z.object({ userId: z.uuid() }),
    response: inboxConversation,
  }),
};
