import { randomUUID } from 'node:crypto';
import { eq, sql } from 'drizzle-orm';
import { periodOf } from '@nusa/contracts';
import type pg from 'pg';
import { AppError } from '../../../platform/errors/app-error.ts';
import { Money, toDecimalString } from '../../../platform/money/decimal.ts';
import { asColumnsJson } from '../../../platform/db/columns.ts';
import { preparedQuery, queryPrepared, type Tx } from '../../../platform/db/tenant.ts';
import type { Decimal } from 'decimal.js';
import { ledgerEntries, ledgerPeriods } from './schema.ts';

/**
 * What the ledger reads of a released document. The ledger sits below the document engine (documents call it), so it
 * names the fields it needs instead of importing the engine's row type.
 */
export interface PostedDocument {
  id: string;
  type: string;
  number: string;
  documentDate: string;
  currencyId: string;
}

/** One ledger line a release writes: signed amounts (debit > 0, credit < 0) in the document and book currencies. */
export interface PostingLine {
  coaId: string;
  ouId?: string | null;
  segmentId?: string | null;
  partnerId?: string | null;
  cashBankId?: string | null;
  amount: Decimal;
  bookAmount: Decimal;
  memo?: string | null;
}

/** A debit/credit document line as ledgerLinesOf reads it (decimal strings). */
export interface DebitCreditLine {
  coaId: string | null;
  ouId: string | null;
  segmentId: string | null;
  partnerId: string | null;
  debit: string;
  credit: string;
  bookDebit: string;
  bookCredit: string;
  memo: string | null;
}

const UNBALANCED = '23514';

function sqlState(err: unknown): string | undefined {
  for (let e = err as { code?: unknown; cause?: unknown } | undefined, depth = 0; e && depth < 4; e = e.cause as typeof e, depth++) {
    if (typeof e.code === 'string') return e.code;
  }
  return undefined;
}

const clientOf = (tx: Tx) => (tx as unknown as { $client: pg.PoolClient }).$client;

/**
 * Runs the deferred balance trigger now instead of at COMMIT, so that a refusal surfaces here, where it can become
 * `document_unbalanced`, instead of in withTenant's COMMIT as a bare database error. The constraint goes back to
 * deferred for whatever else the transaction writes.
 */
async function checkBalancedNow(tx: Tx, debit: Money, credit: Money): Promise<void> {
  try {
    await clientOf(tx).query('SET CONSTRAINTS ledger_entries_balanced IMMEDIATE; SET CONSTRAINTS ledger_entries_balanced DEFERRED');
  } catch (err) {
    if (sqlState(err) === UNBALANCED) throw new AppError('document_unbalanced', [toDecimalString(debit), toDecimalString(credit)]);
    throw err;
  }
}

export type LedgerRow = Omit<typeof ledgerEntries.$inferInsert, 'id' | 'reversal' | 'postedAt'>;

/**
 * The rows in one INSERT of fixed shape (one array per column), so that it is a prepared statement: parsed and
 * planned once per connection, whatever the number of lines; ids follow the rows' order.
 */
async function insertLedgerRows(tx: Tx, rows: LedgerRow[]): Promise<void> {
  const column = <K extends keyof LedgerRow>(k: K) => rows.map((r) => r[k] ?? null);
  await queryPrepared(
    tx,
    'nusa_ledger_insert',
    `INSERT INTO ledger_entries (tenant_id, posting_id, document_id, document_type, document_number, entry_date, period,
       coa_id, ou_id, segment_id, partner_id, cash_bank_id, currency_id, amount, book_amount, memo)
     SELECT tenant_id, posting_id, document_id, document_type, document_number, entry_date, period, coa_id, ou_id, segment_id,
            partner_id, cash_bank_id, currency_id, amount, book_amount, memo
       FROM unnest($1::uuid[], $2::uuid[], $3::uuid[], $4::text[], $5::text[], $6::date[], $7::int[],
       $8::uuid[], $9::uuid[], $10::uuid[], $11::uuid[], $12::uuid[], $13::uuid[], $14::numeric[], $15::numeric[], $16::text[]) WITH ORDINALITY
       AS l(tenant_id, posting_id, document_id, document_type, document_number, entry_date, period, coa_id, ou_id, segment_id,
            partner_id, cash_bank_id, currency_id, amount, book_amount, memo, n)
     ORDER BY n`,
    [
      column('tenantId'),
      column('postingId'),
      column('documentId'),
      column('documentType'),
      column('documentNumber'),
      column('entryDate'),
      column('period'),
      column('coaId'),
      column('ouId'),
      column('segmentId'),
      column('partnerId'),
      column('cashBankId'),
      column('currencyId'),
      column('amount'),
      column('bookAmount'),
      column('memo'),
    ],
  );
}

/**
 * Writes a release's ledger lines in one INSERT under a new posting id, dated and period-stamped from the document.
 * Signed amounts: debit > 0, credit < 0. The book amounts must sum to zero (`document_unbalanced` with both totals);
 * the database refuses them otherwise.
 */
export async function postDocument(tx: Tx, tenantId: string, document: PostedDocument, lines: PostingLine[]): Promise<{ postingId: string }> {
  const [posted] = await postDocuments(tx, tenantId, [{ document, lines }]);
  return posted!;
}

/**
 * Several releases at once (a bulk seed or import): each document's lines under its own posting id, all in one
 * INSERT, each posting checked for balance as `postDocument` checks one.
 */
export async function postDocuments(
  tx: Tx,
  tenantId: string,
  postings: { document: PostedDocument; lines: PostingLine[] }[],
): Promise<{ postingId: string }[]> {
  const { rows, ids } = ledgerRowsOf(tenantId, postings);
  if (!rows.length) return ids;
  await insertLedgerRows(tx, rows);
  await checkBalancedNow(tx, new Money(0), new Money(0));
  return ids;
}

/** Ledger rows as one jsonb parameter of `jsonb_populate_recordset(NULL::ledger_entries, …)` (documents/write.ts). */
export const ledgerRowsJson = (rows: LedgerRow[]): string => asColumnsJson(ledgerEntries, rows);

/**
 * The ledger rows of releases, each under a new posting id, dated and period-stamped from its document; refuses a
 * posting whose book amounts do not balance (`document_unbalanced` with both totals) before anything is written.
 * documents/write.ts writes them in the statement that numbers a new document.
 */
export function ledgerRowsOf(
  tenantId: string,
  postings: { document: PostedDocument; lines: PostingLine[] }[],
): { rows: LedgerRow[]; ids: { postingId: string }[] } {
  const rows: LedgerRow[] = [];
  const ids: { postingId: string }[] = [];
  for (const { document, lines } of postings) {
    let debit = new Money(0);
    let credit = new Money(0);
    for (const line of lines) {
      const book = new Money(line.bookAmount);
      if (book.gt(0)) debit = debit.plus(book);
      else credit = credit.minus(book);
    }
    if (lines.length === 0 || !debit.eq(credit)) throw new AppError('document_unbalanced', [toDecimalString(debit), toDecimalString(credit)]);
    const postingId = randomUUID();
    const period = periodOf(document.documentDate);
    ids.push({ postingId });
    for (const line of lines) {
      rows.push({
        tenantId,
        postingId,
        documentId: document.id,
        documentType: document.type,
        documentNumber: document.number,
        entryDate: document.documentDate,
        period,
        coaId: line.coaId,
        ouId: line.ouId ?? null,
        segmentId: line.segmentId ?? null,
        partnerId: line.partnerId ?? null,
        cashBankId: line.cashBankId ?? null,
        currencyId: document.currencyId,
        amount: toDecimalString(new Money(line.amount)),
        bookAmount: toDecimalString(new Money(line.bookAmount)),
        memo: line.memo ?? null,
      });
    }
  }
  return { rows, ids };
}

/**
 * A void: the document's posted lines again with negated amounts, dated `date`, under a new posting id and marked
 * `reversal`, in one INSERT … SELECT. The original lines stay (the ledger is append-only).
 */
export async function reverseDocument(tx: Tx, tenantId: string, document: PostedDocument, date: string): Promise<{ postingId: string }> {
  const postingId = randomUUID();
  const period = periodOf(date);
  await tx.execute(sql`
    INSERT INTO ledger_entries (tenant_id, posting_id, document_id, document_type, document_number, entry_date, period,
      coa_id, ou_id, segment_id, partner_id, cash_bank_id, currency_id, amount, book_amount, memo, reversal)
    SELECT tenant_id, ${postingId}::uuid, document_id, document_type, document_number, ${date}::date, ${period},
      coa_id, ou_id, segment_id, partner_id, cash_bank_id, currency_id, -amount, -book_amount, memo, true
    FROM ledger_entries
    WHERE tenant_id = ${tenantId}::uuid AND document_id = ${document.id}::uuid AND NOT reversal
    ORDER BY id`);
  await checkBalancedNow(tx, new Money(0), new Money(0));
  return { postingId };
}

/** Refuses a date in a closed period (`document_period_closed` with its YYYYMM); no ledger_periods row means open. */
export async function assertPeriodOpen(tx: Tx, date: string): Promise<void> {
  const period = periodOf(date);
  const [row] = await preparedQuery(tx, 'nusa_ledger_period_closed', (tx, name) =>
    tx
      .select({ closed: ledgerPeriods.closed })
      .from(ledgerPeriods)
      .where(eq(ledgerPeriods.period, sql.placeholder('period')))
      .limit(1)
      .prepare(name),
  ).execute({ period });
  if (row?.closed) throw new AppError('document_period_closed', [String(period)]);
}

/**
 * The ledger lines of debit/credit document lines (journal, cash): signed amounts in both currencies. Each line's
 * book amount was converted on its own at the document's rate, so a foreign-currency document that balances in its
 * currency may miss balance in the book currency by rounding (at most 0.00005 per line); that difference goes to the
 * line with the largest book amount, so the posting balances exactly and the correction lands where it is smallest
 * relative to the amount.
 */
export function ledgerLinesOf(lines: DebitCreditLine[], defaults: { ouId?: string | null } = {}): PostingLine[] {
  const posting = lines.map((l) => ({
    coaId: l.coaId!,
    ouId: l.ouId ?? defaults.ouId ?? null,
    segmentId: l.segmentId,
    partnerId: l.partnerId,
    memo: l.memo,
    amount: new Money(l.debit).minus(l.credit),
    bookAmount: new Money(l.bookDebit).minus(l.bookCredit),
  }));
  const amountSum = posting.reduce((s, l) => s.plus(l.amount), new Money(0));
  const bookSum = posting.reduce((s, l) => s.plus(l.bookAmount), new Money(0));
  if (amountSum.isZero() && !bookSum.isZero() && posting.length) {
    let largest = posting[0]!;
    for (const l of posting) if (l.bookAmount.abs().gt(largest.bookAmount.abs())) largest = l;
    largest.bookAmount = largest.bookAmount.minus(bookSum);
  }
  return posting;
}
