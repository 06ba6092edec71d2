import { sql } from 'drizzle-orm';
import type { InboxConversation } from '@nusa/contracts';
import type { Principal } from '../../../platform/access/principal.ts';
import type { Tx } from '../../../platform/db/tenant.ts';
import { conversationMatches } from '../conversations/index.ts';
import { hasLabel } from '../labels/service.ts';
import { inboxRows } from './service.ts';

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
      // A virtual chat is the bot's sandbox, never an agent's (as in the inbox).
      sql`c.channel_kind <> 'virtual'`,
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
    total =
      q.page === 1
        ? 0
        : ((await tx.execute(sql`SELECT count(*)::int AS total FROM service_conversations c WHERE ${where}`)).rows[0] as { total: number }).total;
  }
  const found = await inboxRows(
    tx,
    principal.userId,
    rows.map((r) => r.id),
  );
  const byId = new Map(found.map((c) => [c.id, c]));
  return { items: rows.flatMap((r) => byId.get(r.id) ?? []), total };
}
