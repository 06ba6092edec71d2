import { and, asc, eq, isNull, or, sql } from 'drizzle-orm';
import type { CannedReply } from '@nusa/contracts';
import type { Actor } from '../../../platform/audit/write.ts';
import { caseless } from '../../../platform/db/list-order.ts';
import type { Tx } from '../../../platform/db/tenant.ts';
import { anyContains, containsPattern } from '../../../platform/records/query.ts';
import { recordKit } from '../../../platform/records/kit.ts';
import { clientCodesByIds, clientRowByCode } from '../clients/service.ts';
import { serviceCannedReplies } from './schema.ts';

type Row = typeof serviceCannedReplies.$inferSelect;
const t = serviceCannedReplies;

async function toRecords(tx: Tx, rows: Row[]): Promise<CannedReply[]> {
  const codes = await clientCodesByIds(tx, [...new Set(rows.flatMap((r) => (r.clientId ? [r.clientId] : [])))]);
  return rows.map((r) => ({
    id: r.id,
    code: r.code,
    title: r.name,
    text: r.text,
    clientCode: r.clientId ? (codes.get(r.clientId) ?? null) : null,
    active: r.active,
  }));
}

/** A client's replies and those for every client. */
const forClient = (clientId: string) => or(isNull(t.clientId), eq(t.clientId, clientId));

const kit = recordKit({
  table: t,
  module: 'service.canned-reply',
  entity: 'service-canned-reply',
  errors: { notFound: 'service_canned_reply_not_found', codeTaken: 'service_canned_reply_code_taken' },
  lockCode: 'service-canned-reply-code',
  keyword: (k) => anyContains([t.code, t.name, t.text], k),
  sort: { columns: { code: caseless(t.code), title: caseless(t.name) }, fallback: [asc(sql`lower(${t.code})`)] },
  toRecords,
  idOf: (r) => r.id,
  codeOf: (r) => r.code,
});

export interface CannedReplyFields {
  code: string;
  title: string;
  text: string;
  clientCode: string | null;
  active: boolean;
}

const values = async (tx: Tx, input: CannedReplyFields) => ({
  name: input.title,
  text: input.text,
  active: input.active,
  clientId: input.clientCode ? (await clientRowByCode(tx, input.clientCode)).id : null,
});

export async function listCannedReplies(tx: Tx, f: { keyword?: string; clientCode?: string; page: number; limit: number }) {
  const extra = f.clientCode ? [forClient((await clientRowByCode(tx, f.clientCode)).id)!] : [];
  return kit.list(tx, { keyword: f.keyword, page: f.page, limit: f.limit }, extra);
}

export const createCannedReply = async (tx: Tx, actor: Actor, input: CannedReplyFields) => kit.create(tx, actor, input.code, await values(tx, input));

export const updateCannedReply = async (tx: Tx, actor: Actor, id: string, input: CannedReplyFields) =>
  kit.update(tx, actor, id, input.code, await values(tx, input));

export async function deleteCannedReply(tx: Tx, actor: Actor, id: string): Promise<{ id: string }> {
  await kit.remove(tx, actor, id);
  return { id };
}

/**
 * What the reply box's `/` offers in a conversation of `clientId`: active replies of that client or every client. A
 * code starting with the keyword comes first, then a code containing it, then a title or text containing it.
 */
export async function repliesForConversation(tx: Tx, clientId: string, keyword = ''): Promise<CannedReply[]> {
  const k = keyword.replace(/^\//, '');
  const starts = containsPattern(k).slice(1);
  const rows = await tx
    .select()
    .from(t)
    .where(and(eq(t.active, true), forClient(clientId), k ? anyContains([t.code, t.name, t.text], k) : undefined))
    .orderBy(sql`CASE WHEN ${t.code} ILIKE ${starts} THEN 0 WHEN ${t.code} ILIKE ${containsPattern(k)} THEN 1 ELSE 2 END`, asc(sql`lower(${t.code})`))
    .limit(30);
  return toRecords(tx, rows);
}
