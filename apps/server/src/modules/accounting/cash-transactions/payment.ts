import { eq } from 'drizzle-orm';
import type { CashPaymentMethod, CashTransaction, DocumentDetail } from '@nusa/contracts';
import { writeAudit } from '../../../platform/audit/write.ts';
import type { Tx } from '../../../platform/db/tenant.ts';
import { getCashBank } from '../cash-banks/service.ts';
import type { DocumentCompanion, DocumentUser } from '../documents/index.ts';
import type { CashTransactionInput } from './checks.ts';
import { cashTransactions } from './schema.ts';

async function present(tx: Tx, doc: DocumentDetail): Promise<CashTransaction> {
  const [payment] = await tx.select().from(cashTransactions).where(eq(cashTransactions.documentId, doc.documentId));
  const cashBank = doc.cashBankId ? await getCashBank(tx, doc.cashBankId) : undefined;
  return {
    ...doc,
    paymentMethod: (payment?.paymentMethod ?? 'CASH') as CashPaymentMethod,
    paymentReference: payment?.paymentReference ?? null,
    cashBankCode: cashBank?.cashBankCode ?? '',
    cashBankName: cashBank?.cashBankName ?? '',
  };
}

async function save(tx: Tx, user: DocumentUser, documentId: string, input: CashTransactionInput, isNew: boolean) {
  const [before] = isNew ? [] : await tx.select().from(cashTransactions).where(eq(cashTransactions.documentId, documentId));
  const values = { paymentMethod: input.paymentMethod, paymentReference: input.paymentReference || null };
  await tx
    .insert(cashTransactions)
    .values({ tenantId: user.tenantId, documentId, ...values })
    .onConflictDoUpdate({ target: [cashTransactions.tenantId, cashTransactions.documentId], set: values });
  if (before?.paymentMethod === values.paymentMethod && before.paymentReference === values.paymentReference) return;
  await writeAudit(tx, user, {
    module: 'accounting.document',
    action: isNew ? 'create' : 'update',
    entity: 'cash-payment',
    entityId: documentId,
    before: before ? { paymentMethod: before.paymentMethod, paymentReference: before.paymentReference } : undefined,
    after: values,
  });
}

/** How the money of a cash in / cash out moved (method and reference), kept beside its document; its answer names the cash bank. */
export const cashPayment: DocumentCompanion<CashTransactionInput, CashTransaction> = { save, present };
