import { z } from 'zod';
import { defineEndpoint } from '../endpoint.ts';

/** Manage CS users (issue 12): the agents of each client (users whose role holds sendChatForMe), presence and limits. */
export const serviceAgent = z.object({
  clientCode: z.string(),
  userId: z.string(),
  username: z.string(),
  fullName: z.string(),
  status: z.enum(['online', 'away', 'offline']),
  /** null: the client's maximum concurrent chats. */
  maxConcurrentChats: z.number().int().nullable(),
  active: z.boolean(),
  openChats: z.number().int(),
});
export type ServiceAgent = z.infer<typeof serviceAgent>;
const limit = z.number().int().min(1).max(100).nullable();
const clientCode = z.object({ clientCode: z.string().min(1).max(20) });

export const serviceAgentEndpoints = {
  listServiceAgents: defineEndpoint({
    method: 'GET',
    path: '/v1/service/agents',
    access: ['viewManageCSUser', 'addManageCSUser', 'editManageCSUser'],
    summary: 'The CS agents of every client (or of one), with presence, limit and open chats',
    query: z.object({ clientCode: z.string().max(20).optional() }),
    response: z.object({ items: z.array(serviceAgent) }),
  }),
  addServiceAgent: defineEndpoint({
    method: 'POST',
    path: '/v1/service/clients/{clientCode}/agents',
    access: ['addManageCSUser'],
    summary: 'Make a user with a CS role an agent of the client',
    params: clientCode,
    body: z.object({ username: z.string().min(1).max(100), maxConcurrentChats: limit.optional() }),
    response: serviceAgent,
  }),
  updateServiceAgent: defineEndpoint({
    method: 'PATCH',
    path: '/v1/service/clients/{clientCode}/agents/{userId}',
    access: ['editManageCSUser'],
    summary: "Change an agent's limit or take the agent off (active false)",
    params: clientCode.extend({ userId: z.uuid() }),
    body: z.object({ maxConcurrentChats: limit.optional(), active: z.boolean().optional() }),
    response: serviceAgent,
  }),
};
