import type { BalanceSheet, CashBankBook, GeneralLedger, LedgerMovement, ProfitLoss, ReportLine, ReportRange, TrialBalance } from '@nusa/contracts';

export type Lang = 'id' | 'en';

/** A report laid out for a file: headings above a table whose amount columns hold decimal strings. */
export interface ReportTable {
  title: string;
  headings: string[];
  columns: { header: string; amount?: boolean; width: number }[];
  rows: { cells: (string | null)[]; bold?: boolean; indent?: number }[];
}

const TEXT = {
  id: {
    'trial-balance': 'Neraca Saldo',
    'general-ledger': 'Buku Besar',
    'profit-loss': 'Laba Rugi',
    'balance-sheet': 'Neraca',
    'cash-bank-book': 'Buku Kas dan Bank',
    period: 'Periode',
    range: 'Tanggal',
    asOf: 'Per tanggal',
    ou: 'Unit organisasi',
    consolidated: 'Konsolidasi',
    currency: 'Mata uang',
    code: 'Kode',
    account: 'Akun',
    opening: 'Saldo Awal',
    debit: 'Debit',
    credit: 'Kredit',
    closing: 'Saldo Akhir',
    total: 'Total',
    date: 'Tanggal',
    document: 'No. Dokumen',
    type: 'Jenis',
    memo: 'Keterangan',
    partner: 'Mitra',
    balance: 'Saldo',
    amount: 'Jumlah',
    previous: 'Periode Sebelumnya',
    revenue: 'Pendapatan',
    cost: 'Beban',
    netProfit: 'Laba (Rugi) Bersih',
    assets: 'Aset',
    liabilities: 'Liabilitas',
    equity: 'Ekuitas',
    liabilitiesAndEquity: 'Total Liabilitas dan Ekuitas',
    earnings: 'Laba tahun-tahun sebelumnya (belum ditutup)',
    profit: 'Laba tahun berjalan',
    cashBank: 'Kas/Bank',
    moneyIn: 'Masuk',
    moneyOut: 'Keluar',
  },
  en: {
    'trial-balance': 'Trial Balance',
    'general-ledger': 'General Ledger',
    'profit-loss': 'Profit and Loss',
    'balance-sheet': 'Balance Sheet',
    'cash-bank-book': 'Cash and Bank Book',
    period: 'Period',
    range: 'Dates',
    asOf: 'As of',
    ou: 'Organisation unit',
    consolidated: 'Consolidated',
    currency: 'Currency',
    code: 'Code',
    account: 'Account',
    opening: 'Opening',
    debit: 'Debit',
    credit: 'Credit',
    closing: 'Closing',
    total: 'Total',
    date: 'Date',
    document: 'Document No.',
    type: 'Type',
    memo: 'Memo',
    partner: 'Partner',
    balance: 'Balance',
    amount: 'Amount',
    previous: 'Previous Period',
    revenue: 'Revenue',
    cost: 'Cost',
    netProfit: 'Net Profit (Loss)',
    assets: 'Assets',
    liabilities: 'Liabilities',
    equity: 'Equity',
    liabilitiesAndEquity: 'Total Liabilities and Equity',
    earnings: 'Profit of earlier years (not yet closed)',
    profit: 'Current year profit',
    cashBank: 'Cash/Bank',
    moneyIn: 'In',
    moneyOut: 'Out',
  },
} as const;
export type ReportText = Record<keyof (typeof TEXT)['id'], string>;
export const reportText = (lang: Lang): ReportText => TEXT[lang];

export const dmy = (date: string) => `${date.slice(8, 10)}/${date.slice(5, 7)}/${date.slice(0, 4)}`;
const rangeText = (r: ReportRange, t: ReportText) =>
  r.period
    ? `${t.period} ${String(r.period).slice(4)}/${String(r.period).slice(0, 4)} (${dmy(r.from)} – ${dmy(r.to)})`
    : `${t.range} ${dmy(r.from)} – ${dmy(r.to)}`;
const ouText = (ou: { ouCode: string; ouName: string } | null, t: ReportText) => `${t.ou}: ${ou ? `${ou.ouCode} - ${ou.ouName}` : t.consolidated}`;

const lineName = (l: ReportLine, t: ReportText) => (l.kind === 'earnings' ? t.earnings : l.kind === 'profit' ? t.profit : l.name);
const lineRow = (l: ReportLine, t: ReportText, amounts: (string | null)[]) => ({
  cells: [l.code, lineName(l, t), ...amounts],
  bold: l.kind === 'group',
  indent: l.level,
});

const CODE = 12;
const NAME = 40;
const MONEY = 18;

export function trialBalanceTable(r: TrialBalance, company: string, t: ReportText): ReportTable {
  return {
    title: t['trial-balance'],
    headings: [company, t['trial-balance'], rangeText(r.range, t), ouText(r.ou, t)],
    columns: [
      { header: t.code, width: CODE },
      { header: t.account, width: NAME },
      ...[t.opening, t.debit, t.credit, t.closing].map((header) => ({ header, amount: true, width: MONEY })),
    ],
    rows: [
      ...r.lines.map((l) => lineRow(l, t, [l.opening, l.debit, l.credit, l.closing])),
      { cells: ['', t.total, r.totals.opening, r.totals.debit, r.totals.credit, r.totals.closing], bold: true },
    ],
  };
}

export function generalLedgerTable(r: GeneralLedger, movements: LedgerMovement[], company: string, t: ReportText): ReportTable {
  const title = `${t['general-ledger']} ${r.account.coaCode} - ${r.account.coaName}`;
  return {
    title,
    headings: [company, title, rangeText(r.range, t), ouText(r.ou, t)],
    columns: [
      { header: t.date, width: 12 },
      { header: t.document, width: 20 },
      { header: t.type, width: 8 },
      { header: t.memo, width: 36 },
      { header: t.partner, width: 14 },
      { header: t.debit, amount: true, width: MONEY },
      { header: t.credit, amount: true, width: MONEY },
      { header: t.balance, amount: true, width: MONEY },
    ],
    rows: [
      { cells: ['', '', '', t.opening, '', null, null, r.opening], bold: true },
      ...movements.map((m) => ({ cells: [dmy(m.date), m.documentNumber, m.documentType, m.memo, m.partnerCode, m.debit, m.credit, m.balance] })),
      { cells: ['', '', '', t.closing, '', r.debit, r.credit, r.closing], bold: true },
    ],
  };
}

export function profitLossTable(r: ProfitLoss, company: string, t: ReportText): ReportTable {
  const compared = r.previousRange !== null;
  const amounts = (a: string, p: string | null) => (compared ? [a, p] : [a]);
  const section = (name: string, s: ProfitLoss['revenue']) => [
    { cells: ['', name, ...amounts('', compared ? '' : null).map(() => null)], bold: true },
    ...s.lines.map((l) => lineRow(l, t, amounts(l.amount, l.previous))),
    { cells: ['', `${t.total} ${name}`, ...amounts(s.total, s.previousTotal)], bold: true },
  ];
  return {
    title: t['profit-loss'],
    headings: [
      company,
      t['profit-loss'],
      rangeText(r.range, t),
      ...(r.previousRange ? [`${t.previous}: ${rangeText(r.previousRange, t)}`] : []),
      ouText(r.ou, t),
    ],
    columns: [
      { header: t.code, width: CODE },
      { header: t.account, width: NAME },
      { header: t.amount, amount: true, width: MONEY },
      ...(compared ? [{ header: t.previous, amount: true, width: MONEY }] : []),
    ],
    rows: [
      ...section(t.revenue, r.revenue),
      ...section(t.cost, r.cost),
      { cells: ['', t.netProfit, ...amounts(r.netProfit, r.previousNetProfit)], bold: true },
    ],
  };
}

export function balanceSheetTable(r: BalanceSheet, company: string, t: ReportText): ReportTable {
  const section = (name: string, s: BalanceSheet['assets']) => [
    { cells: ['', name, null], bold: true },
    ...s.lines.map((l) => lineRow(l, t, [l.amount])),
    { cells: ['', `${t.total} ${name}`, s.total], bold: true },
  ];
  return {
    title: t['balance-sheet'],
    headings: [company, t['balance-sheet'], `${t.asOf} ${dmy(r.date)}`, ouText(r.ou, t)],
    columns: [
      { header: t.code, width: CODE },
      { header: t.account, width: NAME },
      { header: t.amount, amount: true, width: MONEY },
    ],
    rows: [
      ...section(t.assets, r.assets),
      ...section(t.liabilities, r.liabilities),
      ...section(t.equity, r.equity),
      { cells: ['', t.liabilitiesAndEquity, r.liabilitiesAndEquity], bold: true },
    ],
  };
}

export function cashBankBookTable(r: CashBankBook, company: string, t: ReportText): ReportTable {
  return {
    title: t['cash-bank-book'],
    headings: [company, t['cash-bank-book'], rangeText(r.range, t), ouText(r.ou, t)],
    columns: [
      { header: t.code, width: CODE },
      { header: t.cashBank, width: 30 },
      { header: t.account, width: CODE },
      { header: t.currency, width: 8 },
      ...[t.opening, t.moneyIn, t.moneyOut, t.closing].map((header) => ({ header, amount: true, width: MONEY })),
    ],
    rows: [
      ...r.cashBanks.map((c) => ({ cells: [c.cashBankCode, c.cashBankName, c.coaCode, c.currencyCode, c.opening, c.debit, c.credit, c.closing] })),
      { cells: ['', t.total, '', '', r.totals.opening, r.totals.debit, r.totals.credit, r.totals.closing], bold: true },
    ],
  };
}
