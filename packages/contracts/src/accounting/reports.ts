import { z } from 'zod';
import { XLSX_CONTENT_TYPE, defineEndpoint, listOf, listQuery } from '../endpoint.ts';
import { COA_SIGNS, COA_TYPES } from './coa.ts';
import { CASH_BANK_TYPES } from './cash-banks.ts';
import { LEDGER_REPORT_READ } from './ledger-tasks.ts';

/**
 * The accountant's reports (issue 11 "Reports"): trial balance, general ledger per account, profit and loss, balance
 * sheet and the cash and bank book, for a period (YYYYMM) or a date range, per OU or consolidated. Amounts are in the
 * book currency as decimal strings; balances are signed, debit positive and credit negative.
 */
export { LEDGER_REPORT_READ };

export const LEDGER_REPORTS = ['trial-balance', 'general-ledger', 'profit-loss', 'balance-sheet', 'cash-bank-book'] as const;
export type LedgerReport = (typeof LEDGER_REPORTS)[number];

export const PDF_CONTENT_TYPE = 'application/pdf';
/** The most rows an export writes (a general ledger of a busy account over years wants a narrower range). */
export const REPORT_EXPORT_ROW_LIMIT = 50_000;

const YN = z.enum(['Y', 'N']);
const amount = z.string();

/** Either `period` (YYYYMM) or both `from` and `to` (YYYY-MM-DD, both included); `ouId` absent: consolidated. */
export const reportRangeQuery = z.object({
  period: z
    .string()
    .regex(/^\d{4}(0[1-9]|1[0-2])$/, 'YYYYMM')
    .optional(),
  from: z.iso.date().optional(),
  to: z.iso.date().optional(),
  ouId: z.uuid().optional(),
});
export type ReportRangeQuery = z.input<typeof reportRangeQuery>;

export const reportRange = z.object({ from: z.string(), to: z.string(), period: z.number().nullable() });
export type ReportRange = z.infer<typeof reportRange>;
export const reportOu = z.object({ ouId: z.string(), ouCode: z.string(), ouName: z.string() }).nullable();

/**
 * A line of a report arranged as the chart of accounts: a COA group (level 0), a main account (1) or a sub account (2);
 * a main account's figures include its sub accounts'. On the balance sheet, `earnings` is the profit of earlier years
 * not yet closed to retained earnings and `profit` the current year's profit, both lines of equity.
 */
export const REPORT_LINE_KINDS = ['group', 'account', 'earnings', 'profit'] as const;
const reportLine = z.object({
  kind: z.enum(REPORT_LINE_KINDS),
  level: z.number().int(),
  /** The account of an account line (the drill-down target); null on other lines. */
  coaId: z.string().nullable(),
  code: z.string(),
  name: z.string(),
  type: z.enum(COA_TYPES).nullable(),
  /** Whether the account has sub accounts (its figures are their sum plus its own postings). */
  hasSubAccounts: z.boolean(),
});
export type ReportLine = z.infer<typeof reportLine>;

export const trialBalanceFigures = z.object({ opening: amount, debit: amount, credit: amount, closing: amount });
export type TrialBalanceFigures = z.infer<typeof trialBalanceFigures>;
export const trialBalanceLine = reportLine.extend(trialBalanceFigures.shape);
export type TrialBalanceLine = z.infer<typeof trialBalanceLine>;
export const trialBalance = z.object({
  range: reportRange,
  ou: reportOu,
  lines: z.array(trialBalanceLine),
  totals: trialBalanceFigures,
});
export type TrialBalance = z.infer<typeof trialBalance>;

/**
 * Where an entry's document opens, by document type (the type's list page, asked to open the document by
 * `?documentId=`); null for a type without a screen yet.
 */
export const DOCUMENT_PATHS: Record<string, string> = { JV: '/accounting/journal', CI: '/accounting/cash-in', CO: '/accounting/cash-out' };
export const documentPathOf = (documentType: string, documentId: string): string | null =>
  DOCUMENT_PATHS[documentType] ? `${DOCUMENT_PATHS[documentType]}?documentId=${encodeURIComponent(documentId)}` : null;

export const ledgerMovement = z.object({
  entryId: z.number(),
  date: z.string(),
  documentId: z.string(),
  documentType: z.string(),
  documentNumber: z.string(),
  memo: z.string().nullable(),
  partnerId: z.string().nullable(),
  partnerCode: z.string().nullable(),
  ouCode: z.string().nullable(),
  debit: amount,
  credit: amount,
  /** The account's balance after this line (opening plus every line of the range up to it). */
  balance: amount,
  reversal: YN,
});
export type LedgerMovement = z.infer<typeof ledgerMovement>;
export const reportAccount = z.object({
  coaId: z.string(),
  coaCode: z.string(),
  coaName: z.string(),
  type: z.enum(COA_TYPES),
  sign: z.enum(COA_SIGNS),
});
export const generalLedger = z.object({
  range: reportRange,
  ou: reportOu,
  account: reportAccount,
  ...trialBalanceFigures.shape,
  movements: listOf(ledgerMovement),
});
export type GeneralLedger = z.infer<typeof generalLedger>;

/** Revenue shown as credit - debit, cost as debit - credit; `previous` is the compared range's figure. */
export const profitLossLine = reportLine.extend({ amount, previous: amount.nullable() });
export type ProfitLossLine = z.infer<typeof profitLossLine>;
const profitLossSection = z.object({ lines: z.array(profitLossLine), total: amount, previousTotal: amount.nullable() });
export const profitLoss = z.object({
  range: reportRange,
  previousRange: reportRange.nullable(),
  ou: reportOu,
  revenue: profitLossSection,
  cost: profitLossSection,
  netProfit: amount,
  previousNetProfit: amount.nullable(),
});
export type ProfitLoss = z.infer<typeof profitLoss>;

/** Assets as debit - credit, liabilities and equity as credit - debit. */
export const balanceSheetLine = reportLine.extend({ amount });
export type BalanceSheetLine = z.infer<typeof balanceSheetLine>;
const balanceSheetSection = z.object({ lines: z.array(balanceSheetLine), total: amount });
export const balanceSheet = z.object({
  date: z.string(),
  ou: reportOu,
  assets: balanceSheetSection,
  liabilities: balanceSheetSection,
  equity: balanceSheetSection,
  liabilitiesAndEquity: amount,
  /** Assets - (liabilities + equity): zero while every posting balances. */
  difference: amount,
});
export type BalanceSheet = z.infer<typeof balanceSheet>;

export const cashBankBookLine = z.object({
  cashBankId: z.string(),
  cashBankCode: z.string(),
  cashBankName: z.string(),
  type: z.enum(CASH_BANK_TYPES),
  coaId: z.string(),
  coaCode: z.string(),
  currencyCode: z.string(),
  ...trialBalanceFigures.shape,
});
export type CashBankBookLine = z.infer<typeof cashBankBookLine>;
export const cashBankBook = z.object({ range: reportRange, ou: reportOu, cashBanks: z.array(cashBankBookLine), totals: trialBalanceFigures });
export type CashBankBook = z.infer<typeof cashBankBook>;

const generalLedgerQuery = reportRangeQuery.extend({ coaId: z.uuid(), page: listQuery.shape.page, limit: listQuery.shape.limit });
const profitLossQuery = reportRangeQuery.extend({ compare: YN.default('N') });
const balanceSheetQuery = z.object({ date: z.iso.date(), ouId: z.uuid().optional() });

/** An export takes its report's query (the union of them; each report reads its own fields) and the sheet's language. */
export const reportExportQuery = reportRangeQuery.extend({
  coaId: z.uuid().optional(),
  compare: YN.default('N'),
  date: z.iso.date().optional(),
  lang: z.enum(['id', 'en']).default('id'),
});
export type ReportExportQuery = z.input<typeof reportExportQuery>;
const reportParam = z.object({ report: z.enum(LEDGER_REPORTS) });

export const reportEndpoints = {
  getTrialBalance: defineEndpoint({
    method: 'GET',
    path: '/v1/erp/reports/trial-balance',
    access: LEDGER_REPORT_READ,
    summary: 'Trial balance: per account opening, debit, credit and closing, arranged as the chart of accounts with subtotals',
    query: reportRangeQuery,
    response: trialBalance,
  }),
  getGeneralLedger: defineEndpoint({
    method: 'GET',
    path: '/v1/erp/reports/general-ledger',
    access: LEDGER_REPORT_READ,
    summary: 'General ledger of one account: opening, the movements with their running balance (paged), closing',
    query: generalLedgerQuery,
    response: generalLedger,
  }),
  getProfitLoss: defineEndpoint({
    method: 'GET',
    path: '/v1/erp/reports/profit-loss',
    access: LEDGER_REPORT_READ,
    summary: 'Profit and loss: revenue and cost accounts for the range and the net profit; compare=Y adds the range just before',
    query: profitLossQuery,
    response: profitLoss,
  }),
  getBalanceSheet: defineEndpoint({
    method: 'GET',
    path: '/v1/erp/reports/balance-sheet',
    access: LEDGER_REPORT_READ,
    summary: 'Balance sheet as of a date: assets, liabilities and equity with the profit of earlier and of the current year',
    query: balanceSheetQuery,
    response: balanceSheet,
  }),
  getCashBankBook: defineEndpoint({
    method: 'GET',
    path: '/v1/erp/reports/cash-bank-book',
    access: LEDGER_REPORT_READ,
    summary: 'Cash and bank book: per cash bank opening, money in, money out and closing (its movements: the general ledger of its account)',
    query: reportRangeQuery,
    response: cashBankBook,
  }),
  exportReportXlsx: defineEndpoint({
    method: 'GET',
    path: '/v1/erp/reports/{report}/xlsx',
    access: LEDGER_REPORT_READ,
    summary: 'A report as an xlsx file',
    params: reportParam,
    query: reportExportQuery,
    response: z.custom<Uint8Array>(),
    file: { contentType: XLSX_CONTENT_TYPE },
  }),
  exportReportPdf: defineEndpoint({
    method: 'GET',
    path: '/v1/erp/reports/{report}/pdf',
    access: LEDGER_REPORT_READ,
    summary: 'A report as a PDF file',
    params: reportParam,
    query: reportExportQuery,
    response: z.custom<Uint8Array>(),
    file: { contentType: PDF_CONTENT_TYPE },
  }),
};
