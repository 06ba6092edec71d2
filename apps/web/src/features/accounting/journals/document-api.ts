import {
  LEDGER_DOCUMENT_TASKS,
  cashTransactionEndpoints,
  endpoints,
  hasAnyTask,
  type CashTransaction,
  type CashTransactionInput,
  type DocumentDetail,
  type DocumentHeader,
  type JournalInput,
  type Task,
} from '@nusa/contracts';
import { call, callFile } from '../../../api/call.ts';

export type DocumentKind = 'JV' | 'CI' | 'CO';
export type ListQuery = Parameters<typeof call<typeof endpoints.listJournals>>[1] extends infer I
  ? I extends { query?: infer Q }
    ? NonNullable<Q>
    : never
  : never;
type ExportQuery = Omit<ListQuery, 'page' | 'limit'> & { page?: undefined; limit?: undefined; lang: 'id' | 'en' };

/** A document of either shape: a journal, or a cash document with its payment and cash bank. */
export type AnyDocument = DocumentDetail & Partial<Pick<CashTransaction, 'paymentMethod' | 'paymentReference' | 'cashBankCode' | 'cashBankName'>>;

export interface DocumentApi {
  list(query: ListQuery, signal?: AbortSignal): Promise<{ items: DocumentHeader[]; total: number }>;
  exportFile(query: ExportQuery): Promise<Blob>;
  get(id: string, signal?: AbortSignal): Promise<AnyDocument>;
  pdf(id: string, lang: 'id' | 'en'): Promise<Blob>;
  save(id: string | undefined, body: JournalInput | CashTransactionInput): Promise<AnyDocument>;
  /** Creates and submits in one request (journals: the form's save and submit). */
  saveAndSubmit?(body: JournalInput): Promise<AnyDocument>;
  remove(id: string): Promise<unknown>;
  /** The tasks that create and edit this type. */
  editTasks: readonly Task[];
  mayCreate(tasks?: readonly Task[]): boolean;
}

const journalApi: DocumentApi = {
  list: (query, signal) => call(endpoints.listJournals, { query, signal }),
  exportFile: ({ page: _p, limit: _l, ...query }) => callFile(endpoints.exportJournals, { query }),
  get: (documentId, signal) => call(endpoints.getJournal, { params: { documentId }, signal }),
  pdf: (documentId, lang) => callFile(endpoints.journalPdf, { params: { documentId }, query: { lang } }),
  save: (documentId, body) =>
    documentId
      ? call(endpoints.updateJournal, { params: { documentId }, body: body as JournalInput })
      : call(endpoints.createJournal, { body: body as JournalInput }),
  saveAndSubmit: (body) => call(endpoints.createAndSubmitJournal, { body }),
  remove: (documentId) => call(endpoints.deleteJournal, { params: { documentId } }),
  editTasks: LEDGER_DOCUMENT_TASKS.JV.edit,
  mayCreate: (tasks) => hasAnyTask(tasks ?? [], LEDGER_DOCUMENT_TASKS.JV.edit),
};

function cashApi(direction: 'CI' | 'CO'): DocumentApi {
  const ep = cashTransactionEndpoints[direction];
  return {
    list: (query, signal) => call(ep.list, { query, signal }),
    exportFile: ({ page: _p, limit: _l, ...query }) => callFile(ep.export, { query }),
    get: (documentId, signal) => call(ep.get, { params: { documentId }, signal }),
    pdf: (documentId, lang) => callFile(ep.pdf, { params: { documentId }, query: { lang } }),
    save: (documentId, body) =>
      documentId ? call(ep.update, { params: { documentId }, body: body as CashTransactionInput }) : call(ep.create, { body: body as CashTransactionInput }),
    remove: (documentId) => call(ep.delete, { params: { documentId } }),
    editTasks: LEDGER_DOCUMENT_TASKS[direction].edit,
    mayCreate: (tasks) => hasAnyTask(tasks ?? [], LEDGER_DOCUMENT_TASKS[direction].edit),
  };
}

export const documentApi: Record<DocumentKind, DocumentApi> = { JV: journalApi, CI: cashApi('CI'), CO: cashApi('CO') };

/** Opens the PDF of a document in a new tab (the browser's viewer prints it). */
export async function openPdf(kind: DocumentKind, documentId: string, lang: 'id' | 'en') {
  const blob = await documentApi[kind].pdf(documentId, lang);
  const url = URL.createObjectURL(blob);
  window.open(url, '_blank', 'noopener');
  setTimeout(() => URL.revokeObjectURL(url), 60_000);
}
