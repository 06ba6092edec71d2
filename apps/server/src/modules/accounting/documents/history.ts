import { asc, eq } from 'drizzle-orm';
import { v7 as uuidv7 } from 'uuid';
import type { DocumentHistoryItem } from '@nusa/contracts';
import { queryPrepared, type Tx } from '../../../platform/db/tenant.ts';
import { userNamesByIds } from '../../configuration/users/service.ts';
import { documentHistory } from './schema.ts';

export interface Step {
  action: string;
  fromStatus: string | null;
  toStatus: string;
  approvalLevel?: number | null;
  comment?: string | null;
}

export async function recordStep(tx: Tx, tenantId: string, userId: string, documentId: string, step: Step): Promise<void> {
  await recordSteps(tx, tenantId, userId, documentId, [step]);
}

/** Steps as document_history rows, for a statement that writes them with their document (documents/write.ts). */
export const historyRows = (userId: string, steps: Step[]) =>
  steps.map((s) => ({
    id: uuidv7(),
    userId,
    action: s.action,
    fromStatus: s.fromStatus,
    toStatus: s.toStatus,
    approvalLevel: s.approvalLevel ?? null,
    comment: s.comment || null,
  }));

/** Several steps taken in one transaction, in order, in one statement. */
export async function recordSteps(tx: Tx, tenantId: string, userId: string, documentId: string, steps: Step[]): Promise<void> {
  // One array per column: a statement of fixed shape, prepared once per connection whatever the number of steps.
  const rows = historyRows(userId, steps);
  const column = <K extends keyof (typeof rows)[number]>(k: K) => rows.map((r) => r[k]);
  await queryPrepared(
    tx,
    'nusa_document_history_insert',
    `INSERT INTO document_history (tenant_id, id, document_id, user_id, action, from_status, to_status, approval_level, comment)
     SELECT $1::uuid, s.id, $2::uuid, $3::uuid, s.action, s.from_status, s.to_status, s.approval_level, s.comment
       FROM unnest($4::uuid[], $5::text[], $6::text[], $7::text[], $8::int[], $9::text[]) AS s(id, action, from_status, to_status, approval_level, comment)`,
    [tenantId, documentId, userId, column('id'), column('action'), column('fromStatus'), column('toStatus'), column('approvalLevel'), column('comment')],
  );
}

/** Every step of the document, oldest first (uuid v7 ids keep the order of steps within one instant). */
export async function historyOf(tx: Tx, documentId: string): Promise<DocumentHistoryItem[]> {
  const rows = await tx
    .select()
    .from(documentHistory)
    .where(eq(documentHistory.documentId, documentId))
    .orderBy(asc(documentHistory.at), asc(documentHistory.id));
  const names = await userNamesByIds(
    tx,
    rows.map((r) => r.userId),
  );
  return rows.map((r) => ({
    at: r.at.toISOString(),
    userId: r.userId,
    userName: names.get(r.userId) ?? '',
    action: r.action,
    fromStatus: r.fromStatus,
    toStatus: r.toStatus,
    approvalLevel: r.approvalLevel,
    comment: r.comment,
  }));
}
