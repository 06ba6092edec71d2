import { z } from 'zod';
import { defineEndpoint, listOf, listQuery } from '../endpoint.ts';
import { conversationLabel } from './conversation-facts.ts';
import { inboxConversation } from './inbox.ts';

/**
 * Conversation labels and search (issue 24). The tenant's labels are read by whoever works the inbox or the history,
 * and kept by whoever manages the CS users (the CS supervisor); agents put them on the conversations they see.
 */
const LABEL_READ = ['sendChatForMe', 'viewHistoryChat', 'editManageCSUser'] as const;
const LABEL_EDIT = ['editManageCSUser'] as const;
const INBOX = ['sendChatForMe'] as const;

export const LABEL_COLOR = /^#[0-9a-fA-F]{6}$/;
export const serviceLabel = conversationLabel.extend({ conversations: z.number().int() });
export type ServiceLabel = z.infer<typeof serviceLabel>;
const labelBody = z.object({ name: z.string().trim().min(1).max(40), color: z.string().regex(LABEL_COLOR) });
const labelParam = z.object({ labelId: z.uuid() });

export const serviceLabelEndpoints = {
  listServiceLabels: defineEndpoint({
    method: 'GET',
    path: '/v1/service/labels',
    access: LABEL_READ,
    summary: 'The tenant’s conversation labels by name, with how many conversations carry each',
    query: listQuery,
    response: listOf(serviceLabel),
  }),
  createServiceLabel: defineEndpoint({
    method: 'POST',
    path: '/v1/service/labels',
    access: LABEL_EDIT,
    summary: 'A new label; its name is unique in the tenant whatever its case',
    body: labelBody,
    response: serviceLabel,
  }),
  updateServiceLabel: defineEndpoint({
    method: 'PUT',
    path: '/v1/service/labels/{labelId}',
    access: LABEL_EDIT,
    summary: 'Rename or recolour a label',
    params: labelParam,
    body: labelBody,
    response: serviceLabel,
  }),
  deleteServiceLabel: defineEndpoint({
    method: 'DELETE',
    path: '/v1/service/labels/{labelId}',
    access: LABEL_EDIT,
    summary: 'Delete a label; it comes off every conversation',
    params: labelParam,
    response: z.object({ id: z.string() }),
  }),
  setConversationLabels: defineEndpoint({
    method: 'PUT',
    path: '/v1/service/inbox/{conversationId}/labels',
    access: INBOX,
    summary: 'The labels of a conversation I can see in my inbox (the whole set: added and removed at once)',
    params: z.object({ conversationId: z.uuid() }),
    body: z.object({ labelIds: z.array(z.uuid()).max(20) }),
    response: z.object({ labels: z.array(conversationLabel) }),
  }),
  searchInbox: defineEndpoint({
    method: 'GET',
    path: '/v1/service/inbox/search',
    access: INBOX,
    summary:
      'Conversations of the clients I serve (any status) or assigned to me, by customer name or id and message text (full text in Indonesian and English, or part of a word), and by label; newest first',
    query: listQuery.extend({ labelId: z.uuid().optional() }),
    response: listOf(inboxConversation),
  }),
};
