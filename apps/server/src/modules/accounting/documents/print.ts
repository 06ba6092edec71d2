import type { FastifyReply } from 'fastify';
import { DOCUMENT_LABEL_NAMES, DOCUMENT_PDF_TYPE, formatIdAmount, type DocumentDetail, type OrgUnit } from '@nusa/contracts';
import type { Tx } from '../../../platform/db/tenant.ts';
import { renderPdf } from '../../../platform/files/pdf.ts';
import { getLogo, getOrgUnit, listOrgUnits, orgUnitNamesByIds } from '../../configuration/org-units/service.ts';
import { coaByIds } from '../coa/service.ts';
import { bookCurrency } from '../currencies/service.ts';
import { documentHistory } from './list.ts';
import type { Lang, PrintContext, PrintLayout } from './print-parts.ts';
import type { DocumentUser } from './user.ts';

const TEXT = {
  id: {
    number: 'Nomor',
    date: 'Tanggal',
    dueDate: 'Jatuh tempo',
    reference: 'Referensi',
    external: 'No./tgl. eksternal',
    currency: 'Mata uang / kurs',
    status: 'Status',
    remarks: 'Keterangan',
    ou: 'Unit organisasi',
    total: 'Total',
    totalBook: 'Total dalam mata uang buku',
    history: 'Riwayat dan persetujuan',
    at: 'Waktu',
    user: 'Pengguna',
    action: 'Tindakan',
    level: 'Level',
    comment: 'Komentar',
    taxNumber: 'NPWP',
    phone: 'Telp.',
    fax: 'Faks',
    printed: 'Dicetak',
  },
  en: {
    number: 'Number',
    date: 'Date',
    dueDate: 'Due date',
    reference: 'Reference',
    external: 'External no./date',
    currency: 'Currency / rate',
    status: 'Status',
    remarks: 'Remarks',
    ou: 'Organisation unit',
    total: 'Total',
    totalBook: 'Total in book currency',
    history: 'History and approvals',
    at: 'When',
    user: 'User',
    action: 'Action',
    level: 'Level',
    comment: 'Comment',
    taxNumber: 'Tax no.',
    phone: 'Phone',
    fax: 'Fax',
    printed: 'Printed',
  },
} as const;

const ACTION_NAMES: Record<Lang, Record<string, string>> = {
  id: {
    create: 'Dibuat',
    edit: 'Diubah',
    delete: 'Dihapus',
    submit: 'Diajukan',
    approve: 'Disetujui',
    reject: 'Ditolak',
    requestChanges: 'Minta perubahan',
    cancelApproval: 'Batal persetujuan',
    release: 'Dirilis',
    void: 'Dibatalkan',
  },
  en: {
    create: 'Created',
    edit: 'Edited',
    delete: 'Deleted',
    submit: 'Submitted',
    approve: 'Approved',
    reject: 'Rejected',
    requestChanges: 'Changes requested',
    cancelApproval: 'Approval cancelled',
    release: 'Released',
    void: 'Voided',
  },
};

/** dd/mm/yyyy (spec 9) of an ISO date or timestamp; times in Jakarta time. */
const day = (iso: string | null) => (iso ? `${iso.slice(8, 10)}/${iso.slice(5, 7)}/${iso.slice(0, 4)}` : '-');
function moment(iso: string): string {
  const wib = new Date(new Date(iso).getTime() + 7 * 3600_000).toISOString();
  return `${day(wib)} ${wib.slice(11, 16)}`;
}

/** The unit whose legal info and logo head the document: the document's OU or its nearest ancestor with either, else the company. */
async function issuerOf(tx: Tx, ouId: string | null): Promise<OrgUnit | undefined> {
  for (let id = ouId, depth = 0; id && depth < 10; depth++) {
    const unit = await getOrgUnit(tx, id);
    if (unit.hasLogo || unit.legal.taxName || unit.legal.address) return unit;
    id = unit.parentId;
  }
  const companies = await listOrgUnits(tx, { page: 1, limit: 5, type: 'COM' });
  return companies.items[0];
}

async function logoOf(tx: Tx, unit: OrgUnit | undefined): Promise<string | undefined> {
  if (!unit?.hasLogo) return undefined;
  const logo = await getLogo(tx, unit.ouId);
  // pdfmake draws PNG and JPEG; a WebP logo is left out rather than failing the print.
  if (logo.contentType !== 'image/png' && logo.contentType !== 'image/jpeg') return undefined;
  return `data:${logo.contentType};base64,${Buffer.from(logo.data).toString('base64')}`;
}

/**
 * A document as a printable A4 PDF (issue 11): the issuing unit's logo and legal info, number, dates, reference,
 * currency and rate, status as the reader sees it, what the type adds to the header, the lines in the type's columns
 * with their totals in id-ID format (the book currency's total beside a foreign one), and every step of its history
 * with the approvals. The type's layout (`PrintLayout`) gives its title, columns and header extras.
 */
export async function documentPdf<D extends DocumentDetail>(tx: Tx, user: DocumentUser, doc: D, lang: Lang, layout: PrintLayout<D>): Promise<Buffer> {
  const t = TEXT[lang];
  const issuer = await issuerOf(tx, doc.ouId);
  const logo = await logoOf(tx, issuer);
  const book = await bookCurrency(tx);
  const bookCode = book?.currencyCode ?? 'IDR';
  const money = (v: string, code = doc.currencyCode) => `${code === 'IDR' ? 'Rp' : code} ${formatIdAmount(v)}`;
  const coas = await coaByIds(
    tx,
    doc.lines.map((l) => l.coaId).filter((id): id is string => !!id),
  );
  const ous = await orgUnitNamesByIds(tx, [doc.ouId, ...doc.lines.map((l) => l.ouId)]);
  const history = await documentHistory(tx, user, doc.documentId);
  const title = layout.title[lang];

  const legal = issuer?.legal;
  const issuerLines = [
    { text: issuer?.ouName ?? '', bold: true, fontSize: 12 },
    legal?.taxName && legal.taxName !== issuer?.ouName ? legal.taxName : null,
    legal?.address ?? null,
    legal?.taxNumber ? `${t.taxNumber}: ${legal.taxNumber}` : null,
    [legal?.phone ? `${t.phone} ${legal.phone}` : null, legal?.fax ? `${t.fax} ${legal.fax}` : null].filter(Boolean).join(' · ') || null,
  ].filter((x) => x !== null && x !== '');

  const info: [string, string][] = [
    [t.number, doc.number],
    [t.date, day(doc.documentDate)],
    [t.dueDate, day(doc.dueDate)],
    [t.reference, doc.reference ?? '-'],
    [t.external, [doc.externalNumber, doc.externalDate ? day(doc.externalDate) : null].filter(Boolean).join(' / ') || '-'],
    [t.currency, doc.currencyCode === bookCode ? doc.currencyCode : `${doc.currencyCode} / ${formatIdAmount(doc.rate, 4)}`],
    [t.ou, doc.ouId ? (ous.get(doc.ouId)?.name ?? '-') : '-'],
    [t.status, DOCUMENT_LABEL_NAMES[lang][doc.label]],
    ...(layout.info?.(doc, lang) ?? []).filter(([, value]) => value),
  ];

  const context: PrintContext = {
    money: (v) => money(v),
    account: (id) => (id ? `${coas.get(id)?.coaCode ?? ''} ${coas.get(id)?.coaName ?? ''}` : '-'),
    ouCode: (id) => (id ? (ous.get(id)?.code ?? '') : ''),
  };
  const columns = layout.columns;
  const cellOf = (text: string, align: 'right' | undefined, bold?: boolean) => (align || bold ? { text, alignment: align, bold } : text);
  const rows = doc.lines.map((l) => columns.map((c) => cellOf(c.cell(l, context), c.align)));
  const firstTotal = columns.findIndex((c) => c.total);
  const totalRow =
    firstTotal > 0
      ? [
          { text: t.total, colSpan: firstTotal, bold: true },
          ...columns.slice(1, firstTotal).map(() => ''),
          ...columns.slice(firstTotal).map((c) => (c.total ? { text: c.total(doc, context), alignment: 'right', bold: true } : '')),
        ]
      : undefined;

  return renderPdf({
    pageSize: 'A4',
    pageMargins: [36, 36, 36, 48],
    info: { title: `${title} ${doc.number}` },
    footer: (page: number, pages: number) => ({ text: `${doc.number} · ${page}/${pages}`, alignment: 'right', margin: [36, 12], fontSize: 7, color: '#666' }),
    content: [
      { columns: [logo ? { image: logo, fit: [90, 60], width: 100 } : { text: '', width: 0 }, { stack: issuerLines, width: '*' }], columnGap: 12 },
      { canvas: [{ type: 'line', x1: 0, y1: 6, x2: 523, y2: 6, lineWidth: 0.5 }], margin: [0, 0, 0, 8] },
      { text: title, fontSize: 14, bold: true, alignment: 'center', margin: [0, 0, 0, 8] },
      { table: { widths: [110, '*'], body: info.map(([k, v]) => [{ text: k, color: '#555' }, v]) }, layout: 'noBorders', margin: [0, 0, 0, 6] },
      doc.remarks ? { text: [{ text: `${t.remarks}: `, color: '#555' }, doc.remarks], margin: [0, 0, 0, 8] } : '',
      {
        table: {
          headerRows: 1,
          widths: columns.map((c) => c.width),
          body: [columns.map((c) => ({ text: c.header[lang], bold: true, fillColor: '#eeeeee' })), ...rows, ...(totalRow ? [totalRow] : [])],
        },
        layout: 'lightHorizontalLines',
      },
      doc.currencyCode !== bookCode ? { text: `${t.totalBook}: ${money(doc.totalBookAmount, bookCode)}`, alignment: 'right', margin: [0, 6, 0, 0] } : '',
      { text: t.history, bold: true, margin: [0, 16, 0, 4] },
      {
        table: {
          headerRows: 1,
          widths: [70, 90, 80, 30, '*'],
          body: [
            [t.at, t.user, t.action, t.level, t.comment].map((h) => ({ text: h, bold: true, fillColor: '#eeeeee' })),
            ...history.map((h) => [
              moment(h.at),
              h.userName,
              ACTION_NAMES[lang][h.action] ?? h.action,
              h.approvalLevel ? String(h.approvalLevel) : '',
              h.comment ?? '',
            ]),
          ],
        },
        layout: 'lightHorizontalLines',
        fontSize: 8,
      },
      { text: `${t.printed} ${moment(new Date().toISOString())}`, fontSize: 7, color: '#666', margin: [0, 12, 0, 0] },
    ],
  });
}

/** Answers a PDF shown in the browser (inline), named after the document number. */
export function sendPdf(reply: FastifyReply, name: string, file: Buffer): Buffer {
  reply.header('content-type', DOCUMENT_PDF_TYPE);
  reply.header('content-disposition', `inline; filename="${name.replace(/[^A-Za-z0-9._-]+/g, '-')}.pdf"`);
  return file;
}
