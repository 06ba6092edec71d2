import { LEDGER_DOCUMENT_TASKS, LEDGER_DOCUMENT_TYPES, type CoaAccount, type DocumentDetail, type DocumentListQuery, type journalInput } from '@nusa/contracts';
import type { z } from 'zod';
import type { Tx } from '../../../platform/db/tenant.ts';
import { AppError } from '../../../platform/errors/app-error.ts';
import { Money, money, toDecimalString } from '../../../platform/money/decimal.ts';
import { coaByIdsWithSubAccounts } from '../coa/service.ts';
import {
  createAndSubmitDocument,
  createDocument,
  deleteDocument,
  getDocument,
  listDocuments,
  updateDocument,
  type DocumentUser,
  type HeaderInput,
  type LineInput,
} from '../documents/service.ts';
import { registerDocumentType } from '../documents/index.ts';
import { ledgerLinesOf } from '../ledger/service.ts';
import { documentPdf } from './print.ts';
import { exportDocuments } from './sheet.ts';

export { documentPdf, sendPdf, type PrintExtras } from './print.ts';
export { exportDocuments } from './sheet.ts';

export type JournalInput = z.output<typeof journalInput>;

const JV = LEDGER_DOCUMENT_TYPES.find((t) => t.code === 'JV')!;

/** Releasing a journal posts its own lines (the journal is the ledger entry; its OU is the default of lines without one). */
registerDocumentType({
  code: 'JV',
  documentTypeId: JV.id,
  tasks: LEDGER_DOCUMENT_TASKS.JV,
  postingLines: async (_tx, document, lines) => ledgerLinesOf(lines, { ouId: document.ouId }),
});

/**
 * Postings go to detail accounts in the ledger's sense: active accounts without sub accounts (a main account with
 * sub accounts only sums them). The COA's "detail" flag of spec 5 marks a group's one default account for automatic
 * postings, not the accounts a journal may use, so it is not the test here. Unknown ids are coa_not_found.
 */
export async function assertPostableAccounts(tx: Tx, coaIds: string[]): Promise<Map<string, CoaAccount>> {
  const { coas, withSubAccounts: summaries } = await coaByIdsWithSubAccounts(tx, coaIds);
  for (const id of new Set(coaIds)) {
    const coa = coas.get(id);
    if (!coa) throw new AppError('coa_not_found', [id]);
    if (summaries.has(id) || coa.active !== 'Y') throw new AppError('document_coa_not_postable', [coa.coaCode]);
  }
  return coas;
}

/** Each line one side and not zero; debits equal credits in the document's currency (`document_unbalanced` with both totals). */
export function assertBalancedLines(lines: { debit: string; credit: string }[]): void {
  let debit = new Money(0);
  let credit = new Money(0);
  lines.forEach((l, i) => {
    const d = money(l.debit);
    const c = money(l.credit);
    if (d.isNeg() || c.isNeg() || d.isZero() === c.isZero()) throw new AppError('journal_line_amount_invalid', [i + 1]);
    debit = debit.plus(d);
    credit = credit.plus(c);
  });
  if (!debit.eq(credit)) throw new AppError('document_unbalanced', [toDecimalString(debit), toDecimalString(credit)]);
}

function toEngine(input: JournalInput): { header: HeaderInput; lines: LineInput[] } {
  const { lines, ...header } = input;
  return {
    header: { ...header, cashBankId: null, taxAmount: '0' },
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
      debit: l.debit,
      credit: l.credit,
      memo: l.memo,
    })),
  };
}

async function checked(tx: Tx, input: JournalInput) {
  assertBalancedLines(input.lines);
  const coas = await assertPostableAccounts(
    tx,
    input.lines.map((l) => l.coaId),
  );
  return { ...toEngine(input), coas };
}

export async function createJournal(tx: Tx, user: DocumentUser, input: JournalInput): Promise<DocumentDetail> {
  const { header, lines, coas } = await checked(tx, input);
  return createDocument(tx, user, 'JV', header, lines, coas, true);
}

/** Save and submit in one request: the same checks, steps and audit rows as a create followed by a submit. */
export async function createAndSubmitJournal(tx: Tx, user: DocumentUser, input: JournalInput): Promise<DocumentDetail> {
  const { header, lines, coas } = await checked(tx, input);
  return createAndSubmitDocument(tx, user, 'JV', header, lines, coas, true);
}

export async function updateJournal(tx: Tx, user: DocumentUser, id: string, input: JournalInput): Promise<DocumentDetail> {
  const { header, lines, coas } = await checked(tx, input);
  return updateDocument(tx, user, id, header, lines, 'JV', coas);
}

export const deleteJournal = (tx: Tx, user: DocumentUser, id: string) => deleteDocument(tx, user, id, 'JV');
export const getJournal = (tx: Tx, user: DocumentUser, id: string) => getDocument(tx, user, id, 'JV');
export const listJournals = (tx: Tx, user: DocumentUser, q: DocumentListQuery) => listDocuments(tx, user, 'JV', q);
export const exportJournals = (tx: Tx, user: DocumentUser, q: Omit<DocumentListQuery, 'page' | 'limit'>, lang: 'id' | 'en') =>
  exportDocuments(tx, user, 'JV', q, lang);

export async function journalPdf(tx: Tx, user: DocumentUser, id: string, lang: 'id' | 'en'): Promise<Buffer> {
  return documentPdf(tx, user, await getJournal(tx, user, id), lang);
}
