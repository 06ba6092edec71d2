import type { DocumentDetail, DocumentHeader, endpoints } from '@nusa/contracts';
import type { call } from '../../../api/call.ts';

export type ListQuery = Parameters<typeof call<typeof endpoints.listJournals>>[1] extends infer I
  ? I extends { query?: infer Q }
    ? NonNullable<Q>
    : never
  : never;
export type ExportQuery = Omit<ListQuery, 'page' | 'limit'> & { page?: undefined; limit?: undefined; lang: 'id' | 'en' };

/** A type's endpoints as the screens call them (each type maps its contract endpoints onto these). */
export interface DocumentApi<D extends DocumentDetail = DocumentDetail, B = unknown> {
  list(query: ListQuery, signal?: AbortSignal): Promise<{ items: DocumentHeader[]; total: number }>;
  exportFile(query: ExportQuery): Promise<Blob>;
  get(id: string, signal?: AbortSignal): Promise<D>;
  pdf(id: string, lang: 'id' | 'en'): Promise<Blob>;
  save(id: string | undefined, body: B): Promise<D>;
  /** Creates and submits in one request (the form's save and submit), for types that offer it. */
  saveAndSubmit?(body: B): Promise<D>;
  remove(id: string): Promise<unknown>;
}

/** Opens the PDF of a document in a new tab (the browser's viewer prints it). */
export async function openPdf(api: Pick<DocumentApi, 'pdf'>, documentId: string, lang: 'id' | 'en') {
  const blob = await api.pdf(documentId, lang);
  const url = URL.createObjectURL(blob);
  window.open(url, '_blank', 'noopener');
  setTimeout(() => URL.revokeObjectURL(url), 60_000);
}
