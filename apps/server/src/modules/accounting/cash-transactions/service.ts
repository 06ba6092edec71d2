import { eq } from 'drizzle-orm';
import {
  CASH_PAYMENT_METHOD_LABELS,
  LEDGER_DOCUMENT_TASKS,
  LEDGER_DOCUMENT_TYPES,
  type CashDirection,
  type CashPaymentMethod,
  type CashTransaction,
  type DocumentDetail,
  type DocumentListQuery,
  type cashTransactionInput,
} from '@nusa/contracts';
import type { z } from 'zod';
import { writeAudit } from '../../../platform/audit/write.ts';
import type { Tx } from '../../../platform/db/tenant.ts';
import { AppError } from '../../../platform/errors/app-error.ts';
import { Money } from '../../../platform/money/decimal.ts';
import { getCashBank } from '../cash-banks/service.ts';
import {
  createDocument,
  deleteDocument,
  getDocument,
  listDocuments,
  updateDocument,
  type DocumentUser,
  type HeaderInput,
  type LineInput,
} from '../documents/service.ts';
import { registerDocumentType, type PostingLine } from '../documents/index.ts';
import { assertPostableAccounts, documentPdf, exportDocuments } from '../journals/service.ts';
import { ledgerLinesOf } from '../ledger/service.ts';
import { cashTransactions } from './schema.ts';

export type CashTransactionInput = z.output<typeof cashTransactionInput>;

/** Cash banks read once per transaction: a bulk release (the demo seed) posts hundreds of documents of a few cash banks. */
const cashBanksOfTx = new WeakMap<Tx, Map<string, Promise<Awaited<ReturnType<typeof getCashBank>>>>>();
function cashBankIn(tx: Tx, id: string) {
  let known = cashBanksOfTx.get(tx);
  if (!known) cashBanksOfTx.set(tx, (known = new Map()));
  let found = known.get(id);
  if (!found) known.set(id, (found = getCashBank(tx, id)));
  return found;
}

/**
 * Cash in debits the cash bank's account and credits the lines; cash out credits the cash bank and debits the lines.
 * The lines are stored on their side (cash in: credits, cash out: debits); the cash bank's line is made at release as
 * the exact negation of the lines' sums, in both currencies, so the posting always balances.
 */
for (const direction of ['CI', 'CO'] as const) {
  registerDocumentType({
    code: direction,
    documentTypeId: LEDGER_DOCUMENT_TYPES.find((t) => t.code === direction)!.id,
    tasks: LEDGER_DOCUMENT_TASKS[direction],
    postingLines: async (tx, document, lines) => {
      const cashBank = await cashBankIn(tx, document.cashBankId!);
      const posting = ledgerLinesOf(lines, { ouId: document.ouId });
      const amount = posting.reduce((s, l) => s.plus(l.amount), new Money(0)).neg();
      const bookAmount = posting.reduce((s, l) => s.plus(l.bookAmount), new Money(0)).neg();
      const cashLine: PostingLine = {
        coaId: cashBank.coaId,
        ouId: document.ouId ?? cashBank.ouId,
        partnerId: document.partnerId,
        cashBankId: cashBank.cashBankId,
        amount,
        bookAmount,
        memo: document.remarks?.slice(0, 200) ?? null,
      };
      return [cashLine, ...posting];
    },
  });
}

async function checked(tx: Tx, direction: CashDirection, input: CashTransactionInput): Promise<{ header: HeaderInput; lines: LineInput[] }> {
  const cashBank = await getCashBank(tx, input.cashBankId);
  if (input.currencyId && input.currencyId !== cashBank.currencyId) throw new AppError('cash_transaction_currency_mismatch', [cashBank.currencyCode]);
  await assertPostableAccounts(
    tx,
    input.lines.map((l) => l.coaId),
  );
  const { lines, paymentMethod: _method, paymentReference: _reference, ...header } = input;
  return {
    header: { ...header, currencyId: cashBank.currencyId, taxAmount: '0' },
    lines: lines.map((l) => ({
      coaId: l.coaId,
      ouId: l.ouId,
      segmentId: l.segmentId,
      partnerId: l.partnerId,
      productId: null,
      quantity: null,
      unitPrice: null,
      discountPercent: null,
      discountAmount: null,
      taxCode: null,
      memo: l.memo,
      debit: direction === 'CO' ? l.amount : '0',
      credit: direction === 'CI' ? l.amount : '0',
    })),
  };
}

async function withPayment(tx: Tx, doc: DocumentDetail): Promise<CashTransaction> {
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

async function savePayment(tx: Tx, user: DocumentUser, documentId: string, input: CashTransactionInput, isNew: boolean) {
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

export async function createCashTransaction(tx: Tx, user: DocumentUser, direction: CashDirection, input: CashTransactionInput): Promise<CashTransaction> {
  const { header, lines } = await checked(tx, direction, input);
  const doc = await createDocument(tx, user, direction, header, lines);
  await savePayment(tx, user, doc.documentId, input, true);
  return withPayment(tx, doc);
}

export async function updateCashTransaction(
  tx: Tx,
  user: DocumentUser,
  direction: CashDirection,
  id: string,
  input: CashTransactionInput,
): Promise<CashTransaction> {
  const { header, lines } = await checked(tx, direction, input);
  const doc = await updateDocument(tx, user, id, header, lines, direction);
  await savePayment(tx, user, id, input, false);
  return withPayment(tx, doc);
}

export const deleteCashTransaction = (tx: Tx, user: DocumentUser, direction: CashDirection, id: string) => deleteDocument(tx, user, id, direction);

export async function getCashTransaction(tx: Tx, user: DocumentUser, direction: CashDirection, id: string): Promise<CashTransaction> {
  return withPayment(tx, await getDocument(tx, user, id, direction));
}

export const listCashTransactions = (tx: Tx, user: DocumentUser, direction: CashDirection, q: DocumentListQuery) => listDocuments(tx, user, direction, q);

export const exportCashTransactions = (tx: Tx, user: DocumentUser, direction: CashDirection, q: Omit<DocumentListQuery, 'page' | 'limit'>, lang: 'id' | 'en') =>
  exportDocuments(tx, user, direction, q, lang);

export async function cashTransactionPdf(tx: Tx, user: DocumentUser, doc: CashTransaction, lang: 'id' | 'en'): Promise<Buffer> {
  const payment = [CASH_PAYMENT_METHOD_LABELS[lang][doc.paymentMethod], doc.paymentReference].filter(Boolean).join(' / ');
  return documentPdf(tx, user, doc, lang, { cashBank: `${doc.cashBankCode} ${doc.cashBankName}`, payment });
}
