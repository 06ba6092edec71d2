import { count, desc, inArray, or, sql, type SQL } from 'drizzle-orm';
import { auditModuleOf, auditModulesMatching, type AuditEntry, type ListQuery } from '@nusa/contracts';
import type { Tx } from '../db/tenant.ts';
import { auditLog } from './schema.ts';

/** LIKE pattern matching `text` literally anywhere: %, _ and \ in a keyword are plain characters. */
export const containsPattern = (text: string) => `%${text.replace(/[\\%_]/g, '\\$&')}%`;

/** The tenant's audit rows, newest first (row-level security keeps other tenants out). */
export async function listAuditEntries(tx: Tx, query: ListQuery): Promise<{ items: AuditEntry[]; total: number }> {
  let where: SQL | undefined;
  if (query.keyword) {
    const like = containsPattern(query.keyword);
    const modules = auditModulesMatching(query.keyword);
    where = or(
      sql`${auditLog.module} ILIKE ${like}`,
      // Today's name or label of a module also finds the rows written under its legacy name.
      modules.length ? inArray(auditLog.module, modules) : undefined,
      sql`${auditLog.action} ILIKE ${like}`,
      sql`${auditLog.entity} ILIKE ${like}`,
      sql`${auditLog.entityId} ILIKE ${like}`,
    );
  }
  // One connection runs one query at a time: these go in sequence.
  const rows = await tx
    .select()
    .from(auditLog)
    .where(where)
    .orderBy(desc(auditLog.at), desc(auditLog.id))
    .limit(query.limit)
    .offset((query.page - 1) * query.limit);
  const totals = await tx.select({ n: count() }).from(auditLog).where(where);
  return {
    items: rows.map((r) => ({
      id: r.id,
      at: r.at.toISOString(),
      userId: r.userId,
      sessionId: r.sessionId,
      // Rows keep the module name they were written with (the trail is never rewritten); legacy names show as today's.
      module: auditModuleOf(r.module) ?? r.module,
      action: r.action,
      entity: r.entity,
      entityId: r.entityId,
      before: r.before,
      after: r.after,
    })),
    total: totals[0].n,
  };
}
