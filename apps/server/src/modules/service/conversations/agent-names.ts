import { sql } from 'drizzle-orm';
import type { Tx } from '../../../platform/db/tenant.ts';

/** The names customers see for agents: the user's full name, else the username. */
export async function agentNames(tx: Tx, userIds: readonly string[]): Promise<Map<string, string>> {
  const ids = [...new Set(userIds)];
  if (!ids.length) return new Map();
  const res = await tx.execute(sql`
    SELECT id, coalesce(nullif(btrim(full_name), ''), username) AS name FROM users WHERE id = ANY(${sql.param(ids)}::uuid[])`);
  return new Map((res.rows as { id: string; name: string }[]).map((r) => [r.id, r.name]));
}
