import { DOCUMENT_LABEL_NAMES, type DocumentHeader, type DocumentListQuery } from '@nusa/contracts';
import type { Tx } from '../../../platform/db/tenant.ts';
import { AppError } from '../../../platform/errors/app-error.ts';
import type { XlsxColumn } from '../../../platform/files/xlsx.ts';
import { pagesFrom } from '../../../platform/records/pages.ts';
import type { Lang } from './print-parts.ts';
import { listDocuments } from './list.ts';
import type { DocumentUser } from './user.ts';

/** The most documents one export writes (a year of a busy tenant's journals); narrower filters beyond that. */
export const EXPORT_DOCUMENT_LIMIT = 50_000;

const HEADINGS = {
  id: [
    'Nomor',
    'Tanggal',
    'Jatuh Tempo',
    'Referensi',
    'No. Eksternal',
    'Tgl. Eksternal',
    'Keterangan',
    'Mata Uang',
    'Kurs',
    'Total',
    'Total (Mata Uang Buku)',
    'Status',
    'Dibuat Oleh',
  ],
  en: [
    'Number',
    'Date',
    'Due Date',
    'Reference',
    'External No.',
    'External Date',
    'Remarks',
    'Currency',
    'Rate',
    'Total',
    'Total (Book Currency)',
    'Status',
    'Created By',
  ],
} as const;

/** Dates as dates, amounts as numbers with thousands (Excel shows them in the reader's locale). */
function columns(lang: Lang): XlsxColumn<DocumentHeader>[] {
  const h = HEADINGS[lang];
  const day = (v: string | null) => (v ? new Date(`${v}T00:00:00Z`) : null);
  return [
    { header: h[0], width: 20, value: (d) => d.number },
    { header: h[1], width: 12, value: (d) => day(d.documentDate), format: 'dd/mm/yyyy' },
    { header: h[2], width: 12, value: (d) => day(d.dueDate), format: 'dd/mm/yyyy' },
    { header: h[3], width: 18, value: (d) => d.reference },
    { header: h[4], width: 16, value: (d) => d.externalNumber },
    { header: h[5], width: 12, value: (d) => day(d.externalDate), format: 'dd/mm/yyyy' },
    { header: h[6], width: 40, value: (d) => d.remarks },
    { header: h[7], width: 8, value: (d) => d.currencyCode },
    { header: h[8], width: 10, value: (d) => Number(d.rate), format: '#,##0.####' },
    { header: h[9], width: 18, value: (d) => Number(d.totalAmount), format: '#,##0.00' },
    { header: h[10], width: 20, value: (d) => Number(d.totalBookAmount), format: '#,##0.00' },
    { header: h[11], width: 16, value: (d) => DOCUMENT_LABEL_NAMES[lang][d.label] },
    { header: h[12], width: 18, value: (d) => d.createdByName },
  ];
}

export interface DocumentSheet {
  sheetName: string;
  columns: XlsxColumn<DocumentHeader>[];
  /** Read a page at a time while the file is written (streamXlsxReply). */
  rows: AsyncIterable<DocumentHeader>;
}

const PAGE = 500;

/**
 * The documents of a type that the list shows for the same filters and sort, one row each. Too many are refused
 * before the first byte leaves; the rest are read a page at a time as the download takes them.
 */
export async function exportDocuments(
  tx: Tx,
  user: DocumentUser,
  type: { code: string; sheet: { name: Record<Lang, string> } },
  q: Omit<DocumentListQuery, 'page' | 'limit'>,
  lang: Lang,
): Promise<DocumentSheet> {
  const first = await listDocuments(tx, user, type.code, { ...q, page: 1, limit: PAGE });
  if (first.total > EXPORT_DOCUMENT_LIMIT) throw new AppError('document_export_too_large', [first.total, EXPORT_DOCUMENT_LIMIT]);
  const rows = pagesFrom(first.items, PAGE, async (page) => (await listDocuments(tx, user, type.code, { ...q, page, limit: PAGE })).items);
  return { sheetName: type.sheet.name[lang], columns: columns(lang), rows };
}
