import { and, eq, inArray, sql } from 'drizzle-orm';
import { v7 as uuidv7 } from 'uuid';
import type { ConversationLabel, ServiceLabel } from '@nusa/contracts';
import { writeAudit, type Actor } from '../../../platform/audit/write.ts';
import type { Tx } from '../../../platform/db/tenant.ts';
import { AppError } from '../../../platform/errors/app-error.ts';
import { lockCaselessKey } from '../../../platform/numbering/lock.ts';
import { serviceConversationLabels, serviceLabels } from './schema.ts';

type LabelRow = typeof serviceLabels.$inferSelect;
const AUDIT = { module: 'service.label', entity: 'service-label' } as const;
const usage = sql<number>`(SELECT count(*) FROM service_conversation_labels cl WHERE cl.label_id = ${serviceLabels.id})::int`;
const toLabel = (r: LabelRow & { conversations: number }): ServiceLabel => ({ id: r.id, name: r.name, color: r.color, conversations: r.conversations });

export async function listLabels(tx: Tx, q: { page: number; limit: number; keyword?: string }): Promise<{ items: ServiceLabel[]; total: number }> {
  const where = q.keyword ? sql`${serviceLabels.name} ILIKE ${`%${q.keyword.replace(/[\\%_]/g, (c) => `\\${c}`)}%`}` : undefined;
  const rows = await tx
    .select({ row: serviceLabels, conversations: usage })
    .from(serviceLabels)
    .where(where)
    .orderBy(sql`lower(${serviceLabels.name})`, serviceLabels.id)
    .limit(q.limit)
    .offset((q.page - 1) * q.limit);
  const [{ total }] = await tx
    .select({ total: sql<number>`count(*)::int` })
    .from(serviceLabels)
    .where(where);
  return { items: rows.map((r) => toLabel({ ...r.row, conversations: r.conversations })), total };
}

async function labelRow(tx: Tx, id: string): Promise<LabelRow & { conversations: number }> {
  const [r] = await tx.select({ row: serviceLabels, conversations: usage }).from(serviceLabels).where(eq(serviceLabels.id, id));
  if (!r) throw new AppError('service_label_not_found', [id]);
  return { ...r.row, conversations: r.conversations };
}

/** Writers of one name take its lock first, so two at once meet service_label_name_taken, not the unique index. */
async function assertNameFree(tx: Tx, name: string, exceptId?: string): Promise<void> {
  await lockCaselessKey(tx, 'service-label', name);
  const [taken] = await tx
    .select({ id: serviceLabels.id })
    .from(serviceLabels)
    .where(and(sql`lower(${serviceLabels.name}) = lower(${name})`, exceptId ? sql`${serviceLabels.id} <> ${exceptId}` : undefined));
  if (taken) throw new AppError('service_label_name_taken', [name]);
}

export async function createLabel(tx: Tx, actor: Actor, body: { name: string; color: string }): Promise<ServiceLabel> {
  await assertNameFree(tx, body.name);
  const [row] = await tx.insert(serviceLabels).values({ tenantId: actor.tenantId, id: uuidv7(), name: body.name, color: body.color.toLowerCase() }).returning();
  await writeAudit(tx, actor, { ...AUDIT, action: 'create', entityId: row.id, after: { name: row.name, color: row.color } });
  return toLabel({ ...row, conversations: 0 });
}

export async function updateLabel(tx: Tx, actor: Actor, id: string, body: { name: string; color: string }): Promise<ServiceLabel> {
  const before = await labelRow(tx, id);
  await assertNameFree(tx, body.name, id);
  const [row] = await tx
    .update(serviceLabels)
    .set({ name: body.name, color: body.color.toLowerCase(), updatedAt: new Date() })
    .where(eq(serviceLabels.id, id))
    .returning();
  await writeAudit(tx, actor, {
    ...AUDIT,
    action: 'update',
    entityId: id,
    before: { name: before.name, color: before.color },
    after: { name: row.name, color: row.color },
  });
  return toLabel({ ...row, conversations: before.conversations });
}

/** The label comes off every conversation with it (the links cascade). */
export async function deleteLabel(tx: Tx, actor: Actor, id: string): Promise<{ id: string }> {
  const before = await labelRow(tx, id);
  await tx.delete(serviceLabels).where(eq(serviceLabels.id, id));
  await writeAudit(tx, actor, {
    ...AUDIT,
    action: 'delete',
    entityId: id,
    before: { name: before.name, color: before.color, conversations: before.conversations },
  });
  return { id };
}

/** Each conversation's labels by name. */
export async function labelsOf(tx: Tx, conversationIds: readonly string[]): Promise<Map<string, ConversationLabel[]>> {
  const out = new Map<string, ConversationLabel[]>();
  if (!conversationIds.length) return out;
  const rows = await tx
    .select({ conversationId: serviceConversationLabels.conversationId, id: serviceLabels.id, name: serviceLabels.name, color: serviceLabels.color })
    .from(serviceConversationLabels)
    .innerJoin(serviceLabels, eq(serviceLabels.id, serviceConversationLabels.labelId))
    .where(inArray(serviceConversationLabels.conversationId, [...conversationIds]))
    .orderBy(sql`lower(${serviceLabels.name})`);
  for (const { conversationId, ...label } of rows) out.set(conversationId, [...(out.get(conversationId) ?? []), label]);
  return out;
}

/** Makes `labelIds` the conversation's labels (the caller checked the conversation is the actor's to label); audited as one change. */
export async function replaceConversationLabels(tx: Tx, actor: Actor, conversationId: string, labelIds: readonly string[]): Promise<ConversationLabel[]> {
  const wanted = [...new Set(labelIds)];
  const found = wanted.length ? await tx.select({ id: serviceLabels.id }).from(serviceLabels).where(inArray(serviceLabels.id, wanted)) : [];
  const missing = wanted.find((id) => !found.some((f) => f.id === id));
  if (missing) throw new AppError('service_label_not_found', [missing]);
  const before = (await labelsOf(tx, [conversationId])).get(conversationId) ?? [];
  const removed = before.filter((l) => !wanted.includes(l.id)).map((l) => l.id);
  const added = wanted.filter((id) => !before.some((l) => l.id === id));
  if (removed.length) {
    await tx
      .delete(serviceConversationLabels)
      .where(and(eq(serviceConversationLabels.conversationId, conversationId), inArray(serviceConversationLabels.labelId, removed)));
  }
  if (added.length) {
    await tx
      .insert(serviceConversationLabels)
      .values(added.map((labelId) => ({ tenantId: actor.tenantId, conversationId, labelId, addedBy: actor.userId ?? null })))
      .onConflictDoNothing();
  }
  const after = (await labelsOf(tx, [conversationId])).get(conversationId) ?? [];
  if (removed.length || added.length) {
    await writeAudit(tx, actor, {
      module: 'service.conversation',
      action: 'label',
      entity: 'service-conversation',
      entityId: conversationId,
      before: { labels: before.map((l) => l.name) },
      after: { labels: after.map((l) => l.name) },
    });
  }
  return after;
}

/** Conversations with the label, as SQL over `c` (service_conversations), for the inbox search and the history filter. */
export const hasLabel = (labelId: string) =>
  sql`EXISTS (SELECT 1 FROM service_conversation_labels cl WHERE cl.conversation_id = c.id AND cl.label_id = ${labelId})`;
