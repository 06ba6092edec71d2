import { asc, eq } from 'drizzle-orm';
import { v7 as uuidv7 } from 'uuid';
import type { DocumentHistoryItem } from '@nusa/contracts';
import type { Tx } from '../../../platform/db/tenant.ts';
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

/** Several steps taken in one transaction, in order, in one statement. */
export async function recordSteps(tx: Tx, tenantId: string, userId: string, documentId: string, steps: Step[]): Promise<void> {
  await tx.insert(documentHistory).values(
    steps.map((step) => ({
      tenantId,
      id: uuidv7(),
      documentId,
      userId,
      action: step.action,
      fromStatus: step.fromStatus,
      toStatus: step.toStatus,
      approvalLevel: step.approvalLevel ?? null,
      comment: step.comment || null,
    })),
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
