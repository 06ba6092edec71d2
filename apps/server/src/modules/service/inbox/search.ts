import { sql, type SQL } from 'drizzle-orm';
import type { InboxConversation } from '@nusa/contracts';
import type { Principal } from '../../../platform/access/principal.ts';
import type { Tx } from '../../../platform/db/tenant.ts';
import { hasLabel } from '../labels/service.ts';
import { inboxRows } from './service.ts';

const likePattern = (keyword: string) => `%${keyword.replace(/[\\%_]/g, (ch) => `\\${ch}`)}%`;

/**
 * A conversation matching `keyword` (issue 24): its customer's name or id contains it (pg_trgm indexes), or one of its
 * messages has its words in Indonesian or English (the messages' tsvector) or contains it as typed (pg_trgm). Over `c`.
 */
export function conversationMatches(keyword: string): SQL {
  const like = likePattern(keyword);
  const words = sql`(plainto_tsquery('indonesian'::regconfig, ${keyword}) || plainto_tsquery('english'::regconfig, ${keyword}))`;
  return sql`(c.customer_name ILIKE ${like} OR c.customer_key ILIKE ${like}
    OR EXISTS (SELECT 1 FROM service_messages sm WHERE sm.conversation_id = c.id AND (sm.search @@ ${words} OR sm.text ILIKE ${like})))`;
}

/**
 * The inbox search: conversations of the clients the user is an active agent of (any status, closed ones too) and
 * those assigned to the user, by keyword and label, most recent first, a page at a time.
 */
export async function searchInbox(
  tx: Tx,
  principal: Principal,
  q: { page: number; limit: number; keyword?: string; labelId?: string },
): Promise<{ items: InboxConversation[]; total: number }> {
  const where = sql.join(
    [
      sql`(c.assigned_agent_id = ${principal.userId}
        OR EXISTS (SELECT 1 FROM service_agents g WHERE g.client_id = c.client_id AND g.user_id = ${principal.userId} AND g.active))`,
      // A virtual chat is the bot's sandbox: it shows only once handed over, as in the inbox.
      sql`c.channel_kind <> 'virtual' OR c.handed_over_at IS NOT NULL`,
      ...(q.keyword ? [conversationMatches(q.keyword)] : []),
      ...(q.labelId ? [hasLabel(q.labelId)] : []),
    ].map((part) => sql`(${part})`),
    sql` AND `,
  );
  const page = await tx.execute(sql`
    SELECT c.id, count(*) OVER ()::int AS total FROM service_conversations c
     WHERE ${where} ORDER BY c.last_message_at DESC, c.id DESC LIMIT ${q.limit} OFFSET ${(q.page - 1) * q.limit}`);
  const rows = page.rows as { id: string; total: number }[];
  let total = rows[0]?.total;
  if (total === undefined) {
    total = q.page === 1 ? 0 : ((await tx.execute(sql`SELECT count(*)::int AS total FROM service_conversations c WHERE ${where}`)).rows[0] as { total: number }).total;
  }
  const found = await inboxRows(tx, principal.userId, rows.map((r) => r.id));
  const byId = new Map(found.map((c) => [c.id, c]));
  return { items: rows.flatMap((r) => byId.get(r.id) ?? []), total };
}
