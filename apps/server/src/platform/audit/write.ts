import { v7 as uuidv7 } from 'uuid';
import { LEGACY_AUDIT_MODULES, isAuditModule, type AuditAction, type AuditModule, type LegacyAuditModule } from '@nusa/contracts';
import type { Tx } from '../db/tenant.ts';
import { auditLog } from './schema.ts';

export interface Actor {
  tenantId: string;
  userId?: string;
  sessionId?: string;
}

/**
 * A catalogued module. The legacy names (`erp.*`, `imports`) are still accepted while the accounting modules and the
 * xlsx import move to `accounting.*` (issue 9); the audit list shows them under today's names.
 */
export type AuditModuleName = AuditModule | LegacyAuditModule;

/**
 * A module name that arrives as a plain string (the record kit's spec, until the kinds of products/catalog.ts are
 * typed) checked against the catalogue: called when the kit is made, so a name outside it stops the start instead of
 * reaching the trail.
 */
export function catalogedModule(name: string): AuditModuleName {
  if (isAuditModule(name) || Object.hasOwn(LEGACY_AUDIT_MODULES, name)) return name as AuditModuleName;
  throw new Error(`audit module ${name} is not in the catalogue (packages/contracts/src/audit/names.ts)`);
}

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
  await tx.insert(auditLog).values({
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
  });
}
