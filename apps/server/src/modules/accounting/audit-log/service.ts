import { and, asc, desc, eq, inArray, or, sql, type SQL } from 'drizzle-orm';
import { LEGACY_AUDIT_MODULES, auditModuleOf, type AuditLogFilter, type AuditLogItem, type AuditModule } from '@nusa/contracts';
import type { Tx } from '../../../platform/db/tenant.ts';
import { auditLog } from '../../../platform/audit/schema.ts';
import { containsPattern } from '../../../platform/audit/list.ts';
import { userNamesByIds } from '../../configuration/users/service.ts';

/** Business dates are Indonesian (WIB) calendar dates. */
const ZONE = 'Asia/Jakarta';

/** The names a module's rows may be stored under: today's and the legacy ones that map to it. */
const storedNames = (module: AuditModule) => [
  module,
  ...Object.entries(LEGACY_AUDIT_MODULES)
    .filter(([, today]) => today === module)
    .map(([old]) => old),
];

export function auditLogWhere(f: Omit<AuditLogFilter, 'sort'>): SQL | undefined {
  const where: (SQL | undefined)[] = [];
  if (f.userId) where.push(eq(auditLog.userId, f.userId));
  if (f.module) where.push(inArray(auditLog.module, storedNames(f.module)));
  if (f.action) where.push(eq(auditLog.action, f.action));
  if (f.record) {
    const like = containsPattern(f.record);
    where.push(
      or(
        sql`${auditLog.entity} ILIKE ${like}`,
        sql`${auditLog.entityId} ILIKE ${like}`,
        sql`${auditLog.before}::text ILIKE ${like}`,
        sql`${auditLog.after}::text ILIKE ${like}`,
      ),
    );
  }
  if (f.from) where.push(sql`${auditLog.at} >= (${f.from}::date)::timestamp AT TIME ZONE ${ZONE}`);
  if (f.to) where.push(sql`${auditLog.at} < ((${f.to}::date + 1)::timestamp AT TIME ZONE ${ZONE})`);
  return and(...where);
}

/**
 * Time, then place in the chain, then id: rows not yet chained (seq null, docs/decisions/009) come after the chained
 * rows of their time oldest first and before them newest first, in the order they will be chained, so pages hold still.
 */
const order = (sort: AuditLogFilter['sort']) =>
  sort === 'at' ? [asc(auditLog.at), asc(auditLog.seq), asc(auditLog.id)] : [desc(auditLog.at), desc(auditLog.seq), desc(auditLog.id)];

const columns = {
  id: auditLog.id,
  at: auditLog.at,
  userId: auditLog.userId,
  sessionId: auditLog.sessionId,
  module: auditLog.module,
  action: auditLog.action,
  entity: auditLog.entity,
  entityId: auditLog.entityId,
  before: auditLog.before,
  after: auditLog.after,
  seq: auditLog.seq,
  prevHash: auditLog.prevHash,
  hash: auditLog.hash,
};

type Row = Omit<AuditLogItem, 'at' | 'userName'> & { at: Date };

/** The rows as the API answers them: the writer by name, legacy module names as today's (rows are never rewritten). */
async function toItems(tx: Tx, rows: Row[]): Promise<AuditLogItem[]> {
  const names = await userNamesByIds(
    tx,
    rows.flatMap((r) => (r.userId ? [r.userId] : [])),
  );
  return rows.map((r) => ({
    ...r,
    at: r.at.toISOString(),
    userName: r.userId ? (names.get(r.userId) ?? null) : null,
    module: auditModuleOf(r.module) ?? r.module,
  }));
}

const select = (tx: Tx, f: AuditLogFilter) =>
  tx
    .select(columns)
    .from(auditLog)
    .where(auditLogWhere(f))
    .orderBy(...order(f.sort));

/** A page of the tenant's audit rows (row-level security keeps other tenants out) and the filter's total. */
export async function listAuditLog(tx: Tx, f: AuditLogFilter & { page: number; limit: number }): Promise<{ items: AuditLogItem[]; total: number }> {
  const rows = await select(tx, f)
    .limit(f.limit)
    .offset((f.page - 1) * f.limit);
  const total = await tx
    .select({ n: sql<number>`count(*)::int` })
    .from(auditLog)
    .where(auditLogWhere(f));
  return { items: await toItems(tx, rows), total: total[0].n };
}

/** Rows of the filter for the export, at most `limit`, in the list's order. */
export async function auditLogRows(tx: Tx, f: AuditLogFilter, limit: number): Promise<AuditLogItem[]> {
  return toItems(tx, await select(tx, f).limit(limit));
}
