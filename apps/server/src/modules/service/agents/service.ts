import { and, eq, sql } from 'drizzle-orm';
import type { ServiceAgent } from '@nusa/contracts';
import type { Principal } from '../../../platform/access/principal.ts';
import { writeAudit } from '../../../platform/audit/write.ts';
import type { Tx } from '../../../platform/db/tenant.ts';
import { AppError } from '../../../platform/errors/app-error.ts';
import { serviceAgents } from '../clients/index.ts';
import { clientRowByCode } from '../clients/service.ts';

type Row = Record<string, unknown>;
const toAgent = (r: Row): ServiceAgent => ({
  clientCode: String(r.client_code),
  userId: String(r.user_id),
  username: String(r.username),
  fullName: String(r.full_name ?? ''),
  status: r.status as ServiceAgent['status'],
  maxConcurrentChats: r.max_concurrent_chats === null ? null : Number(r.max_concurrent_chats),
  active: Boolean(r.active),
  openChats: Number(r.open_chats),
});

async function agents(tx: Tx, f: { clientCode?: string; userId?: string }): Promise<ServiceAgent[]> {
  const res = await tx.execute(sql`
    SELECT cl.code AS client_code, g.user_id, u.username, u.full_name, g.status, g.max_concurrent_chats, g.active,
           (SELECT count(*) FROM service_conversations c WHERE c.client_id = g.client_id AND c.assigned_agent_id = g.user_id AND c.status = 'agent')::int AS open_chats
      FROM service_agents g JOIN service_clients cl ON cl.id = g.client_id JOIN users u ON u.id = g.user_id
     WHERE ${f.clientCode ? sql`lower(cl.code) = lower(${f.clientCode})` : sql`true`} AND ${f.userId ? sql`g.user_id = ${f.userId}` : sql`true`}
     ORDER BY cl.code, u.username`);
  return (res.rows as Row[]).map(toAgent);
}

export const listAgents = async (tx: Tx, clientCode?: string) => ({ items: await agents(tx, { clientCode }) });

/** A user whose role holds sendChatForMe (a CS role) becomes an agent of the client (again, when taken off before). */
export async function addAgent(
  tx: Tx,
  actor: Principal,
  clientCode: string,
  input: { username: string; maxConcurrentChats?: number | null },
): Promise<ServiceAgent> {
  const client = await clientRowByCode(tx, clientCode);
  const [user] = (
    await tx.execute(sql`
    SELECT u.id, EXISTS (SELECT 1 FROM role_tasks r WHERE r.role_id = u.role_id AND r.task = 'sendChatForMe') AS cs
      FROM users u WHERE lower(u.username) = lower(${input.username})`)
  ).rows as { id: string; cs: boolean }[];
  if (!user?.cs) throw new AppError('service_user_not_cs_agent', [input.username]);
  await tx
    .insert(serviceAgents)
    .values({ tenantId: actor.tenantId, clientId: client.id, userId: user.id, maxConcurrentChats: input.maxConcurrentChats ?? null })
    .onConflictDoUpdate({
      target: [serviceAgents.tenantId, serviceAgents.clientId, serviceAgents.userId],
      set: { active: true, maxConcurrentChats: input.maxConcurrentChats ?? null },
    });
  await writeAudit(tx, actor, {
    module: 'service.agent',
    action: 'create',
    entity: 'service-agent',
    entityId: `${client.code}/${user.id}`,
    after: { maxConcurrentChats: input.maxConcurrentChats ?? null },
  });
  return (await agents(tx, { clientCode: client.code, userId: user.id }))[0];
}

export async function updateAgent(
  tx: Tx,
  actor: Principal,
  clientCode: string,
  userId: string,
  input: { maxConcurrentChats?: number | null; active?: boolean },
): Promise<ServiceAgent> {
  const client = await clientRowByCode(tx, clientCode);
  const [before] = await agents(tx, { clientCode: client.code, userId });
  if (!before) throw new AppError('service_agent_not_found', [userId]);
  await tx
    .update(serviceAgents)
    .set({
      ...(input.maxConcurrentChats !== undefined ? { maxConcurrentChats: input.maxConcurrentChats } : {}),
      ...(input.active !== undefined ? { active: input.active } : {}),
    })
    .where(and(eq(serviceAgents.clientId, client.id), eq(serviceAgents.userId, userId)));
  await writeAudit(tx, actor, {
    module: 'service.agent',
    action: 'update',
    entity: 'service-agent',
    entityId: `${client.code}/${userId}`,
    before: { maxConcurrentChats: before.maxConcurrentChats, active: before.active },
    after: input,
  });
  return (await agents(tx, { clientCode: client.code, userId }))[0];
}
