import { z } from 'zod';
import { XLSX_CONTENT_TYPE, defineEndpoint, listOf } from '../endpoint.ts';
import type { DocumentLabel } from './documents.ts';
import { LEDGER_DOCUMENT_TASKS, documentDetail, documentHeader, documentHeaderInput, documentLineInput, documentListQuery } from './documents-api.ts';

/**
 * Journal entry (manual G/L voucher, type JV; issue 11): lines of detail COA accounts, each a debit or a credit, with
 * memo, OU and segment. It never saves unbalanced. Lines in another currency are converted at the document's rate.
 */

const JV = LEDGER_DOCUMENT_TASKS.JV;

/** The labels of spec 4 as printed on PDFs and in exports (the screens use their own texts). */
export const DOCUMENT_LABEL_NAMES: Record<'id' | 'en', Record<DocumentLabel, string>> = {
  id: {
    DRAFT: 'DRAF',
    CHANGES_REQUESTED: 'PERUBAHAN DIMINTA',
    IN_PROGRESS: 'DALAM PROSES',
    INCOMING_APPROVAL_REQUEST: 'PERMINTAAN PERSETUJUAN MASUK',
    WAIT_FOR_APPROVAL: 'MENUNGGU PERSETUJUAN',
    REVIEW_TO_RELEASE: 'TINJAU UNTUK RILIS',
    NEED_REVIEW: 'PERLU TINJAUAN',
    APPROVED: 'DISETUJUI',
    RELEASED: 'DIRILIS',
    REJECTED: 'DITOLAK',
    VOID: 'BATAL',
    DELETED: 'DIHAPUS',
  },
  en: {
    DRAFT: 'DRAFT',
    CHANGES_REQUESTED: 'CHANGES REQUESTED',
    IN_PROGRESS: 'IN PROGRESS',
    INCOMING_APPROVAL_REQUEST: 'INCOMING APPROVAL REQUEST',
    WAIT_FOR_APPROVAL: 'WAIT FOR APPROVAL',
    REVIEW_TO_RELEASE: 'REVIEW TO RELEASE',
    NEED_REVIEW: 'NEED REVIEW',
    APPROVED: 'APPROVED',
    RELEASED: 'RELEASED',
    REJECTED: 'REJECTED',
    VOID: 'VOID',
    DELETED: 'DELETED',
  },
};

export const journalLineInput = documentLineInput
  .pick({ ouId: true, segmentId: true, partnerId: true, debit: true, credit: true, memo: true })
  .extend({ coaId: z.uuid() });
export type JournalLineInput = z.input<typeof journalLineInput>;

export const journalInput = documentHeaderInput.omit({ cashBankId: true, taxAmount: true }).extend({ lines: z.array(journalLineInput).min(2).max(500) });
export type JournalInput = z.input<typeof journalInput>;

/** A list row: the header with the remarks cut to the 30 characters the list shows (spec 9). */
export const journalListItem = documentHeader;

const documentId = z.object({ documentId: z.uuid() });
export const documentExportQuery = documentListQuery.omit({ page: true, limit: true }).extend({ lang: z.enum(['id', 'en']).default('id') });
export const documentPdfQuery = z.object({ lang: z.enum(['id', 'en']).default('id') });
export const DOCUMENT_PDF_TYPE = 'application/pdf';

export const journalEndpoints = {
  listJournals: defineEndpoint({
    method: 'GET',
    path: '/v1/erp/journals',
    access: JV.read,
    summary: 'Journal entries; filter by status, date range, OU, partner and amount',
    query: documentListQuery,
    response: listOf(journalListItem),
  }),
  exportJournals: defineEndpoint({
    method: 'GET',
    path: '/v1/erp/journals/export',
    access: JV.read,
    summary: "Journal entries of the list's filters as an xlsx file, one row per document",
    query: documentExportQuery,
    response: z.custom<Uint8Array>(),
    file: { contentType: XLSX_CONTENT_TYPE },
  }),
  getJournal: defineEndpoint({
    method: 'GET',
    path: '/v1/erp/journals/{documentId}',
    access: JV.read,
    summary: 'One journal entry with its lines',
    params: documentId,
    response: documentDetail,
  }),
  journalPdf: defineEndpoint({
    method: 'GET',
    path: '/v1/erp/journals/{documentId}/pdf',
    access: JV.read,
    summary: "A journal entry as a printable PDF with the business unit's legal info and logo",
    params: documentId,
    query: documentPdfQuery,
    response: z.custom<Uint8Array>(),
    file: { contentType: DOCUMENT_PDF_TYPE },
  }),
  createJournal: defineEndpoint({
    method: 'POST',
    path: '/v1/erp/journals',
    access: JV.edit,
    summary: 'Create a journal entry (blank number: generated); its lines must balance',
    body: journalInput,
    response: documentDetail,
  }),
  createAndSubmitJournal: defineEndpoint({
    method: 'POST',
    path: '/v1/erp/journals/submit',
    access: JV.edit,
    summary:
      "Create a journal entry and submit it in one step (the form's save and submit): released at once without an approval flow; nothing is saved when the submit is refused",
    body: journalInput,
    response: documentDetail,
  }),
  updateJournal: defineEndpoint({
    method: 'PUT',
    path: '/v1/erp/journals/{documentId}',
    access: JV.edit,
    summary: 'Edit a draft journal entry',
    params: documentId,
    body: journalInput,
    response: documentDetail,
  }),
  deleteJournal: defineEndpoint({
    method: 'DELETE',
    path: '/v1/erp/journals/{documentId}',
    access: JV.edit,
    summary: 'Delete a draft journal entry',
    params: documentId,
    response: z.object({ ok: z.literal(true) }),
  }),
};

/**
 * An amount from its decimal string in the id-ID form (spec 9: 1.250.000,50), exactly (no float), with `decimals`
 * places (rounded half away from zero); negative amounts keep their minus sign.
 */
export function formatIdAmount(value: string, decimals = 2): string {
  const negative = value.trim().startsWith('-');
  const [whole = '0', fraction = ''] = value.trim().replace(/^[-+]/, '').split('.');
  let digits = (whole.replace(/^0+(?=\d)/, '') + fraction.padEnd(decimals + 1, '0').slice(0, decimals + 1)).split('').map(Number);
  const roundUp = digits.pop()! >= 5;
  if (roundUp) {
    let i = digits.length - 1;
    while (i >= 0 && digits[i] === 9) digits[i--] = 0;
    if (i < 0) digits = [1, ...digits];
    else digits[i]! += 1;
  }
  const wholeDigits = digits.slice(0, digits.length - decimals).join('') || '0';
  const grouped = wholeDigits.replace(/\B(?=(\d{3})+(?!\d))/g, '.');
  const text = decimals > 0 ? `${grouped},${digits.slice(digits.length - decimals).join('')}` : grouped;
  return negative && /[1-9]/.test(text) ? `-${text}` : text;
}
