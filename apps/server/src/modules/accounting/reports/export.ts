import type { FastifyReply } from 'fastify';
import ExcelJS from 'exceljs';
import { PDF_CONTENT_TYPE, REPORT_EXPORT_ROW_LIMIT, XLSX_CONTENT_TYPE, type LedgerMovement, type LedgerReport, type ReportExportQuery } from '@nusa/contracts';
import type { Tx } from '../../../platform/db/tenant.ts';
import { AppError } from '../../../platform/errors/app-error.ts';
import { Money } from '../../../platform/money/decimal.ts';
import { balanceSheet, profitLoss } from './statements.ts';
import { cashBankBook } from './cash-bank-book.ts';
import { accountMovements, generalLedger } from './general-ledger.ts';
import { trialBalance } from './trial-balance.ts';
import { renderPdf } from '../../../platform/files/pdf.ts';
import { listOrgUnits } from '../../configuration/org-units/service.ts';
import { bookCurrency } from '../currencies/service.ts';
import {
  balanceSheetTable,
  cashBankBookTable,
  generalLedgerTable,
  profitLossTable,
  reportText,
  trialBalanceTable,
  type Lang,
  type ReportTable,
} from './export-table.ts';

type ExportQuery = ReportExportQuery & { lang: Lang; compare: 'Y' | 'N' };

async function tableOf(tx: Tx, report: LedgerReport, q: ExportQuery, company: string): Promise<ReportTable> {
  const t = reportText(q.lang);
  switch (report) {
    case 'trial-balance':
      return trialBalanceTable(await trialBalance(tx, q), company, t);
    case 'profit-loss':
      return profitLossTable(await profitLoss(tx, q), company, t);
    case 'balance-sheet': {
      if (!q.date) throw new AppError('invalid_input_format', ['date', '']);
      return balanceSheetTable(await balanceSheet(tx, { date: q.date, ouId: q.ouId }), company, t);
    }
    case 'cash-bank-book':
      return cashBankBookTable(await cashBankBook(tx, q), company, t);
    case 'general-ledger': {
      if (!q.coaId) throw new AppError('invalid_input_format', ['coaId', '']);
      const head = await generalLedger(tx, { ...q, coaId: q.coaId, page: 1, limit: 5 });
      const count = head.movements.total;
      if (count > REPORT_EXPORT_ROW_LIMIT) throw new AppError('report_export_too_large', [count, REPORT_EXPORT_ROW_LIMIT]);
      const all = await accountMovements(tx, q.coaId, head.range.from, head.range.to, { ouId: q.ouId, offset: 0, limit: REPORT_EXPORT_ROW_LIMIT });
      const movements: LedgerMovement[] = all.rows(new Money(head.opening));
      return generalLedgerTable(head, movements, company, t);
    }
  }
}

/** An amount cell: a number for the sheet (Rupiah amounts fit a double's 15 digits exactly), blank when absent. */
const amountCell = (v: string | null) => (v === null || v === '' ? null : Number(v));

async function xlsxOf(table: ReportTable): Promise<Buffer> {
  const book = new ExcelJS.Workbook();
  book.created = new Date();
  const sheet = book.addWorksheet(table.title.slice(0, 31));
  sheet.columns = table.columns.map((c) => ({ width: c.width }));
  table.headings.forEach((h, i) => {
    const row = sheet.addRow([h]);
    row.font = { bold: i < 2, size: i === 1 ? 14 : 11 };
  });
  sheet.addRow([]);
  const header = sheet.addRow(table.columns.map((c) => c.header));
  header.font = { bold: true };
  header.eachCell((cell, i) => {
    if (table.columns[i - 1].amount) cell.alignment = { horizontal: 'right' };
  });
  sheet.views = [{ state: 'frozen', ySplit: header.number }];
  for (const r of table.rows) {
    const row = sheet.addRow(r.cells.map((v, i) => (table.columns[i].amount ? amountCell(v) : v)));
    if (r.bold) row.font = { bold: true };
    table.columns.forEach((c, i) => {
      const cell = row.getCell(i + 1);
      if (c.amount) cell.numFmt = '#,##0.00;-#,##0.00';
      else if (i === 1 && r.indent) cell.alignment = { indent: r.indent * 2 };
    });
  }
  return Buffer.from(await book.xlsx.writeBuffer());
}

/** 1234567.5 → 1.234.567,50 (id-ID, two decimals; the book currency's amounts carry at most four). */
export function idAmount(value: string | null): string {
  if (value === null || value === '') return '';
  const negative = value.startsWith('-');
  const [whole, fraction = ''] = (negative ? value.slice(1) : value).split('.');
  const decimals = fraction.length > 2 ? fraction.replace(/0+$/, '').padEnd(2, '0') : fraction.padEnd(2, '0');
  return `${negative ? '-' : ''}${whole.replace(/\B(?=(\d{3})+(?!\d))/g, '.')},${decimals}`;
}

export function pdfOf(table: ReportTable): Promise<Buffer> {
  const widths = table.columns.map((c) => (c.amount ? 'auto' : c.width >= 30 ? '*' : 'auto'));
  const body = [
    table.columns.map((c) => ({ text: c.header, bold: true, alignment: c.amount ? 'right' : 'left' })),
    ...table.rows.map((r) =>
      r.cells.map((v, i) => ({
        text: table.columns[i].amount ? idAmount(v) : (v ?? ''),
        bold: r.bold ?? false,
        alignment: table.columns[i].amount ? 'right' : 'left',
        margin: [i === 1 && r.indent ? r.indent * 8 : 0, 0, 0, 0],
      })),
    ),
  ];
  return renderPdf({
    pageSize: 'A4',
    pageOrientation: table.columns.length > 6 ? 'landscape' : 'portrait',
    pageMargins: [28, 28, 28, 36],
    defaultStyle: { font: 'Roboto', fontSize: 8 },
    info: { title: table.title },
    content: [
      { text: table.headings[0], fontSize: 12, bold: true },
      { text: table.headings[1], fontSize: 14, bold: true, margin: [0, 2, 0, 2] },
      ...table.headings.slice(2).map((h) => ({ text: h, color: '#555555' })),
      { table: { headerRows: 1, widths, body }, layout: 'lightHorizontalLines', margin: [0, 10, 0, 0] },
    ],
    footer: (page: number, pages: number) => ({ text: `${page} / ${pages}`, alignment: 'right', margin: [28, 8], fontSize: 7, color: '#777777' }),
  });
}

/** The company a report belongs to: the legal name of the tenant's company OU, else its name, else the tenant's. */
async function companyName(tx: Tx, fallback: string): Promise<string> {
  const company = (await listOrgUnits(tx, { page: 1, limit: 5, type: 'COM' })).items[0];
  return company ? company.legal.taxName || company.ouName : fallback;
}

/** Answers a report as `<report>-<period, from or date>.xlsx|pdf`. */
export async function reportFile(
  tx: Tx,
  reply: FastifyReply,
  format: 'xlsx' | 'pdf',
  report: LedgerReport,
  q: ExportQuery,
  tenantName: string,
): Promise<Buffer> {
  const table = await tableOf(tx, report, q, await companyName(tx, tenantName));
  const book = await bookCurrency(tx);
  if (book) table.headings.push(`${reportText(q.lang).currency}: ${book.currencyCode}`);
  const file = format === 'xlsx' ? await xlsxOf(table) : await pdfOf(table);
  const stamp = q.date ?? q.period ?? q.from ?? new Date().toISOString().slice(0, 10);
  reply.header('content-type', format === 'xlsx' ? XLSX_CONTENT_TYPE : PDF_CONTENT_TYPE);
  reply.header('content-disposition', `attachment; filename="${report}-${stamp}.${format}"`);
  return file;
}
