import type { DocumentDetail } from '@nusa/contracts';
import { Money, toDecimalString } from '../../../platform/money/decimal.ts';

export type Lang = 'id' | 'en';
type Line = DocumentDetail['lines'][number];

/** What a column's cells may look up: amounts in the document's currency (id-ID), account and OU names. */
export interface PrintContext {
  money(value: string): string;
  account(coaId: string | null): string;
  ouCode(ouId: string | null): string;
}

/** One column of the printed lines table; `total` fills the table's total row (the columns before the first total carry its label). */
export interface PrintColumn {
  header: Record<Lang, string>;
  width: number | '*';
  align?: 'right';
  cell(line: Line, c: PrintContext): string;
  total?(doc: DocumentDetail, c: PrintContext): string;
}

/**
 * A type's PDF (documents/print.ts draws the issuer, header, lines, totals and history the same for every type):
 * its title, its lines' columns, and what its header adds to the engine's fields.
 */
export interface PrintLayout<D extends DocumentDetail = DocumentDetail> {
  title: Record<Lang, string>;
  columns: readonly PrintColumn[];
  info?(doc: D, lang: Lang): [label: string, value: string][];
}

const sum = (doc: DocumentDetail, side: 'debit' | 'credit') => toDecimalString(doc.lines.reduce((s, l) => s.plus(l[side]), new Money(0)));

/** The line columns types share; a type lists the ones it prints, in order. */
export const printColumns = {
  no: { header: { id: 'No', en: 'No' }, width: 18, cell: (l) => String(l.lineNo) },
  account: { header: { id: 'Akun', en: 'Account' }, width: '*', cell: (l, c) => c.account(l.coaId) },
  memo: { header: { id: 'Memo', en: 'Memo' }, width: '*', cell: (l) => l.memo ?? '' },
  ou: { header: { id: 'Unit organisasi', en: 'Organisation unit' }, width: 40, cell: (l, c) => c.ouCode(l.ouId) },
  debit: {
    header: { id: 'Debit', en: 'Debit' },
    width: 80,
    align: 'right',
    cell: (l, c) => (Number(l.debit) ? c.money(l.debit) : ''),
    total: (d, c) => c.money(sum(d, 'debit')),
  },
  credit: {
    header: { id: 'Kredit', en: 'Credit' },
    width: 80,
    align: 'right',
    cell: (l, c) => (Number(l.credit) ? c.money(l.credit) : ''),
    total: (d, c) => c.money(sum(d, 'credit')),
  },
  /** A one-sided line's amount (cash in and out store each line on one side). */
  amount: {
    header: { id: 'Jumlah', en: 'Amount' },
    width: 90,
    align: 'right',
    cell: (l, c) => c.money(Number(l.debit) ? l.debit : l.credit),
    total: (d, c) => c.money(d.totalAmount),
  },
} satisfies Record<string, PrintColumn>;
