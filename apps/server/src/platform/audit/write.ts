import { v7 as uuidv7 } from 'uuid';
import type { AuditAction, AuditModule } from '@nusa/contracts';
import type { Tx } from '../db/tenant.ts';
import { chainWhenCommitted } from './chain.ts';
import { auditLog } from './schema.ts';

export interface Actor {
  tenantId: string;
  userId?: string;
  sessionId?: string;
}

/**
 * A catalogued module, or `imports`: the xlsx import runs of platform/files, which holds no area words (the audit list
 * shows it as `accounting.import`, the only area that imports today).
 */
export type AuditModuleName = AuditModule | 'imports';

export interface AuditEntry {
  module: AuditModuleName;
  action: AuditAction;
  entity: string;
  entityId: string;
  before?: unknown;
  after?: unknown;
}

/** Records a business write; call it inside the transaction that makes the write. */
export async function writeAudit(tx: Tx, actor: Actor, entry: AuditEntry): Promise<void> {
  await writeAudits(tx, actor, [entry]);
}

/**
 * Several business writes of one transaction, in order, in one statement. The rows are chained a moment after the
 * transaction commits (ids are uuid v7, so the chain keeps their order).
 */
export async function writeAudits(tx: Tx, actor: Actor, entries: AuditEntry[]): Promise<void> {
  await tx.insert(auditLog).values(auditRowsOf(tx, actor, entries));
}

/**
 * The rows `writeAudits` inserts, for a caller that inserts them in a statement of its own (documents/write.ts);
 * the transaction's rows are chained once it commits.
 */
export function auditRowsOf(tx: Tx, actor: Actor, entries: AuditEntry[]) {
  chainWhenCommitted(tx);
  return entries.map((entry) => ({
    tenantId: actor.tenantId,
    id: uuidv7(),
    userId: actor.userId ?? null,
    sessionId: actor.sessionId ?? null,
    module: entry.module,
    action: entry.action,
    entity: entry.entity,
    entityId: entry.entityId,
    before: entry.before ?? null,
    after: entry.after ?? null,
  }));
}
