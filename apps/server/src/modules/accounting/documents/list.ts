import { and, asc, desc, eq, gte, inArray, lte, ne, sql, type SQL } from 'drizzle-orm';
import type { DocumentDetail, DocumentHeader, DocumentHistoryItem, DocumentListQuery, InboxItem } from '@nusa/contracts';
import { listOrder } from '../../../platform/db/list-order.ts';
import type { Tx } from '../../../platform/db/tenant.ts';
import { AppError } from '../../../platform/errors/app-error.ts';
import { approvalsOfUser, levelsNaming } from '../approval-flows/service.ts';
import { documentTypeOf, registeredDocumentTypes } from './document-types.ts';
import { historyOf } from './history.ts';
import { presentDetail, presentHeaders } from './present.ts';
import { documents } from './schema.ts';
import { assertHolds, holds, type DocumentUser } from './user.ts';

const like = (s: string) => `%${s.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

async function readable(tx: Tx, user: DocumentUser, id: string) {
  const rows = await tx.select().from(documents).where(eq(documents.id, id));
  if (!rows[0]) throw new AppError('document_not_found');
  assertHolds(user, documentTypeOf(rows[0].type), 'read', `documents/${id}`);
  return rows[0];
}

/** One document of any type; `type` (the type's own endpoints) answers not found for a document of another type. */
export async function getDocument(tx: Tx, user: DocumentUser, id: string, type?: string): Promise<DocumentDetail> {
  const row = await readable(tx, user, id);
  if (type && row.type !== type) throw new AppError('document_not_found');
  return presentDetail(tx, user, row);
}

export async function documentHistory(tx: Tx, user: DocumentUser, id: string): Promise<DocumentHistoryItem[]> {
  await readable(tx, user, id);
  return historyOf(tx, id);
}

const SORT_COLUMNS = {
  number: sql`lower(${documents.number})`,
  documentDate: documents.documentDate,
  total: documents.totalAmount,
  status: documents.status,
  createdAt: documents.createdAt,
};

/** A type's documents by the filters of issue 11: text in number, reference or remarks, status, dates, OU, partner, amount. */
export async function listDocuments(tx: Tx, user: DocumentUser, type: string, q: DocumentListQuery): Promise<{ items: DocumentHeader[]; total: number }> {
  assertHolds(user, documentTypeOf(type), 'read', `documents/${type}`);
  const where = and(
    eq(documents.type, type),
    q.keyword
      ? sql`(${documents.number} ILIKE ${like(q.keyword)} OR ${documents.reference} ILIKE ${like(q.keyword)} OR ${documents.remarks} ILIKE ${like(q.keyword)})`
      : undefined,
    q.status ? eq(documents.status, q.status) : undefined,
    q.dateFrom ? gte(documents.documentDate, q.dateFrom) : undefined,
    q.dateTo ? lte(documents.documentDate, q.dateTo) : undefined,
    q.ouId ? eq(documents.ouId, q.ouId) : undefined,
    q.partnerId ? eq(documents.partnerId, q.partnerId) : undefined,
    q.amountFrom ? gte(documents.totalAmount, q.amountFrom) : undefined,
    q.amountTo ? lte(documents.totalAmount, q.amountTo) : undefined,
  );
  const rows = await tx
    .select()
    .from(documents)
    .where(where)
    .orderBy(...listOrder(q.sort, SORT_COLUMNS, [desc(documents.documentDate), desc(documents.createdAt)], documents.id))
    .limit(q.limit)
    .offset((q.page - 1) * q.limit);
  const total = await tx
    .select({ n: sql<number>`count(*)::int` })
    .from(documents)
    .where(where);
  return { items: await presentHeaders(tx, user, rows), total: total[0].n };
}

/**
 * Documents waiting at a level that names the user (or the user's role), of types the user may approve, not the
 * user's own, and not yet approved by the user at that level ("all" levels wait for others).
 */
async function waitingForMe(tx: Tx, user: DocumentUser, type?: string): Promise<SQL | undefined> {
  const types = registeredDocumentTypes()
    .filter((d) => holds(user, d, 'approve') && (!type || d.code === type))
    .map((d) => d.code);
  const levels = await levelsNaming(tx, user.userId, user.roleId);
  if (!types.length || !levels.length) return undefined;
  const pairs = sql.join(
    levels.map((l) => sql`(${l.flowId}::uuid, ${l.levelNo}::int)`),
    sql`, `,
  );
  return and(
    eq(documents.status, 'I'),
    inArray(documents.type, types),
    ne(documents.createdBy, user.userId),
    sql`(${documents.approvalFlowId}, ${documents.approvalLevel}) IN (${pairs})`,
    sql`(${documents.id}, ${documents.approvalLevel}) NOT IN (${approvalsOfUser(user.userId)})`,
  );
}

export async function approvalInbox(
  tx: Tx,
  user: DocumentUser,
  q: { page: number; limit: number; keyword?: string; type?: string },
): Promise<{ items: InboxItem[]; total: number }> {
  const mine = await waitingForMe(tx, user, q.type);
  if (!mine) return { items: [], total: 0 };
  const where = and(
    mine,
    q.keyword
      ? sql`(${documents.number} ILIKE ${like(q.keyword)} OR ${documents.reference} ILIKE ${like(q.keyword)} OR ${documents.remarks} ILIKE ${like(q.keyword)})`
      : undefined,
  );
  const rows = await tx
    .select()
    .from(documents)
    .where(where)
    .orderBy(asc(documents.submittedAt), asc(documents.id))
    .limit(q.limit)
    .offset((q.page - 1) * q.limit);
  const total = await tx
    .select({ n: sql<number>`count(*)::int` })
    .from(documents)
    .where(where);
  const items = (await presentHeaders(tx, user, rows)).map((h) => ({
    documentId: h.documentId,
    type: h.type,
    number: h.number,
    documentDate: h.documentDate,
    reference: h.reference,
    remarks: h.remarks,
    currencyCode: h.currencyCode,
    totalAmount: h.totalAmount,
    totalBookAmount: h.totalBookAmount,
    approvalLevel: h.approvalLevel,
    createdBy: h.createdBy,
    createdByName: h.createdByName,
    submittedAt: h.submittedAt,
    label: h.label,
    actions: h.actions,
  }));
  return { items, total: total[0].n };
}

export async function approvalInboxCounts(tx: Tx, user: DocumentUser): Promise<{ total: number; byType: Record<string, number> }> {
  const mine = await waitingForMe(tx, user);
  if (!mine) return { total: 0, byType: {} };
  const rows = await tx
    .select({ type: documents.type, n: sql<number>`count(*)::int` })
    .from(documents)
    .where(mine)
    .groupBy(documents.type);
  return { total: rows.reduce((s, r) => s + r.n, 0), byType: Object.fromEntries(rows.map((r) => [r.type, r.n])) };
}

/** How many documents wait for approval under a flow (a flow in use cannot be deleted). */
export async function documentsWaitingUnderFlow(tx: Tx, flowId: string): Promise<number> {
  const rows = await tx
    .select({ n: sql<number>`count(*)::int` })
    .from(documents)
    .where(and(eq(documents.approvalFlowId, flowId), eq(documents.status, 'I')));
  return rows[0].n;
}
