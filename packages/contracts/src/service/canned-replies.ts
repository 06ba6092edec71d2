import { z } from 'zod';
import { defineEndpoint, listOf, listQuery } from '../endpoint.ts';

/**
 * Canned replies (issue 24): texts an agent inserts by typing `/` and a short code in the reply box. Managed per
 * tenant on their own page; a reply may be limited to one client's conversations.
 */
export const CANNED_REPLY_CODE_PATTERN = /^[A-Za-z0-9_-]+$/;
export const CANNED_REPLY_READ = ['viewCannedReply', 'editCannedReply'] as const;
export const CANNED_REPLY_EDIT = ['editCannedReply'] as const;

export const cannedReply = z.object({
  id: z.string(),
  code: z.string(),
  title: z.string(),
  text: z.string(),
  /** null: offered in every client's conversations. */
  clientCode: z.string().nullable(),
  active: z.boolean(),
});
export type CannedReply = z.infer<typeof cannedReply>;

export const cannedReplyInput = z.object({
  code: z.string().trim().min(1).max(30).regex(CANNED_REPLY_CODE_PATTERN, 'letters, digits, - and _'),
  title: z.string().trim().min(1).max(100),
  text: z.string().trim().min(1).max(4000),
  clientCode: z.string().trim().min(1).max(20).nullable().default(null),
  active: z.boolean().default(true),
});
export type CannedReplyInput = z.input<typeof cannedReplyInput>;

const idParam = z.object({ id: z.uuid() });

export const serviceCannedReplyEndpoints = {
  listCannedReplies: defineEndpoint({
    method: 'GET',
    path: '/v1/service/canned-replies',
    access: CANNED_REPLY_READ,
    summary: 'Canned replies; keyword on code, title or text; clientCode: those of one client (and those for every client)',
    query: listQuery.extend({ clientCode: z.string().max(20).optional() }),
    response: listOf(cannedReply),
  }),
  createCannedReply: defineEndpoint({
    method: 'POST',
    path: '/v1/service/canned-replies',
    access: CANNED_REPLY_EDIT,
    summary: 'A new canned reply (the short code is unique per tenant, any case)',
    body: cannedReplyInput,
    response: cannedReply,
  }),
  updateCannedReply: defineEndpoint({
    method: 'PUT',
    path: '/v1/service/canned-replies/{id}',
    access: CANNED_REPLY_EDIT,
    summary: 'Change a canned reply',
    params: idParam,
    body: cannedReplyInput,
    response: cannedReply,
  }),
  deleteCannedReply: defineEndpoint({
    method: 'DELETE',
    path: '/v1/service/canned-replies/{id}',
    access: CANNED_REPLY_EDIT,
    summary: 'Delete a canned reply',
    params: idParam,
    response: z.object({ id: z.string() }),
  }),
  conversationCannedReplies: defineEndpoint({
    method: 'GET',
    path: '/v1/service/inbox/{conversationId}/canned-replies',
    access: ['sendChatForMe'],
    summary: "The active canned replies an agent may use in this conversation (its client's and those for every client), best matches of the keyword first",
    params: z.object({ conversationId: z.uuid() }),
    query: z.object({ keyword: z.string().trim().max(100).optional() }),
    response: z.object({ items: z.array(cannedReply) }),
  }),
};
