import { and, eq, sql } from 'drizzle-orm';
import type { InboxConversation, TransferCandidate } from '@nusa/contracts';
import type { Principal } from '../../../platform/access/principal.ts';
import { writeAudit } from '../../../platform/audit/write.ts';
import type { Tx } from '../../../platform/db/tenant.ts';
import { AppError } from '../../../platform/errors/app-error.ts';
import { lockUniqueKey } from '../../../platform/numbering/lock.ts';
import { serviceClients } from '../clients/index.ts';
import { withinWorkingHours } from '../clients/service.ts';
import { notifyInbox, serviceConversations } from '../conversations/index.ts';
import { announceAgent, type Deliver } from './announce.ts';
import { agentOf, inboxRows, visibleConversation } from './service.ts';

/** The client's active agents besides the caller whose access still holds the inbox, with presence, open chats and limit; online first. */
export async function colleagues(tx: Tx, clientId: string, exceptUserId: string): Promise<TransferCandidate[]> {
  const res = await tx.execute(sql`
    SELECT g.user_id, coalesce(nullif(btrim(u.full_name), ''), u.username) AS full_name, g.status,
           coalesce(g.max_concurrent_chats, cl.max_concurrent_chats) AS max_chats,
           (SELECT count(*) FROM service_conversations c WHERE c.client_id = g.client_id AND c.assigned_agent_id = g.user_id AND c.status = 'agent')::int AS open_chats
      FROM service_agents g JOIN users u ON u.id = g.user_id JOIN roles ro ON ro.id = u.role_id JOIN service_clients cl ON cl.id = g.client_id
     WHERE g.client_id = ${clientId} AND g.active AND u.active AND g.user_id <> ${exceptUserId}
       AND (ro.is_super_admin OR EXISTS (SELECT 1 FROM role_tasks r WHERE r.role_id = u.role_id AND r.task = 'sendChatForMe')
            OR EXISTS (SELECT 1 FROM user_tasks ut WHERE ut.user_id = u.id AND ut.task = 'sendChatForMe'))
     ORDER BY g.status = 'online' DESC, g.status = 'away' DESC, lower(u.full_name)`);
  return (res.rows as Record<string, unknown>[]).map((r) => ({
    userId: String(r.user_id),
    fullName: String(r.full_name),
    status: r.status as TransferCandidate['status'],
    openChats: Number(r.open_chats),
    maxConcurrentChats: Number(r.max_chats),
  }));
}

export async function listColleagues(tx: Tx, principal: Principal, id: string) {
  const c = await visibleConversation(tx, principal, id);
  return { items: await colleagues(tx, c.clientId, principal.userId) };
}

/**
 * Gives a conversation to a colleague of the same client: one the caller handles, or one waiting for an agent of the
 * caller's client (then within working hours, as a claim). The colleague's limit holds as for a claim. The UPDATE
 * names the status and holder it read, so a claim or transfer that got there first wins and this one is refused.
 */
export async function transferConversation(tx: Tx, principal: Principal, id: string, toUserId: string, deliver?: Deliver): Promise<InboxConversation> {
  const c = await visibleConversation(tx, principal, id);
  const mine = c.status === 'agent' && c.assignedAgentId === principal.userId;
  const [client] = await tx.select().from(serviceClients).where(eq(serviceClients.id, c.clientId));
  if (!mine && !(c.status === 'waiting' && (await agentOf(tx, principal.userId, c.clientId)))) throw new AppError('service_conversation_not_yours', [id]);
  if (toUserId === principal.userId) throw new AppError('service_transfer_to_self', []);
  if (c.status === 'waiting' && !withinWorkingHours(client.workingHours, new Date())) throw new AppError('service_outside_working_hours', [client.code]);
  await lockUniqueKey(tx, `service-agent:${toUserId}`);
  const target = (await colleagues(tx, c.clientId, principal.userId)).find((a) => a.userId === toUserId);
  if (!target) throw new AppError('service_transfer_target_not_agent', [toUserId, client.code]);
  if (target.openChats >= target.maxConcurrentChats) throw new AppError('service_transfer_target_limit_reached', [target.fullName, String(target.openChats)]);
  const [moved] = await tx
    .update(serviceConversations)
    .set({ status: 'agent', assignedAgentId: toUserId })
    .where(
      and(
        eq(serviceConversations.id, id),
        eq(serviceConversations.status, c.status),
        c.assignedAgentId ? eq(serviceConversations.assignedAgentId, c.assignedAgentId) : sql`${serviceConversations.assignedAgentId} IS NULL`,
      ),
    )
    .returning({ id: serviceConversations.id });
  if (!moved) throw new AppError('service_conversation_already_claimed', [id]);
  await writeAudit(tx, principal, {
    module: 'service.conversation',
    action: 'transfer',
    entity: 'service-conversation',
    entityId: id,
    before: { status: c.status, assignedAgentId: c.assignedAgentId },
    after: { status: 'agent', assignedAgentId: toUserId },
  });
  await announceAgent(tx, principal.tenantId, c, toUserId, deliver);
  await notifyInbox(tx, principal.tenantId, id);
  return (await inboxRows(tx, principal.userId, id))[0];
}
