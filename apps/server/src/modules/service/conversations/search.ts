import { sql, type SQL } from 'drizzle-orm';

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
