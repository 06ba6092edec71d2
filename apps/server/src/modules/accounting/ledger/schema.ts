import { bigserial, boolean, date, index, integer, numeric, pgTable, primaryKey, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { tenantPolicy } from '../../../platform/db/tenant.ts';

const amount = (name: string) => numeric(name, { precision: 20, scale: 4 });

/**
 * The general ledger (architecture §9): append-only lines written when a document is released and reversed (never
 * changed) when it is voided. Book amounts are signed: debit positive, credit negative, so a posting balances when its
 * lines sum to zero. The database refuses an unbalanced posting (deferred trigger, migration) and any UPDATE or DELETE.
 */
export const ledgerEntries = pgTable(
  'ledger_entries',
  {
    tenantId: uuid('tenant_id').notNull(),
    id: bigserial('id', { mode: 'number' }).notNull(),
    /** One posting = the lines written by one release or one void; it must sum to zero. */
    postingId: uuid('posting_id').notNull(),
    documentId: uuid('document_id').notNull(),
    documentType: text('document_type').notNull(),
    documentNumber: text('document_number').notNull(),
    entryDate: date('entry_date').notNull(),
    /** YYYYMM of `entryDate` (spec 9). */
    period: integer('period').notNull(),
    coaId: uuid('coa_id').notNull(),
    ouId: uuid('ou_id'),
    segmentId: uuid('segment_id'),
    partnerId: uuid('partner_id'),
    cashBankId: uuid('cash_bank_id'),
    currencyId: uuid('currency_id').notNull(),
    /** Signed amount in the document currency and in the book currency (debit > 0, credit < 0). */
    amount: amount('amount').notNull(),
    bookAmount: amount('book_amount').notNull(),
    memo: text('memo'),
    /** True on the lines of a void's reversal. */
    reversal: boolean('reversal').notNull().default(false),
    postedAt: timestamp('posted_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.tenantId, t.id] }),
    index('ledger_entries_coa_date_idx').on(t.tenantId, t.coaId, t.entryDate),
    index('ledger_entries_period_idx').on(t.tenantId, t.period),
    index('ledger_entries_document_idx').on(t.tenantId, t.documentId),
    index('ledger_entries_posting_idx').on(t.tenantId, t.postingId),
    tenantPolicy('ledger_entries'),
  ],
);

/**
 * Movements per period, account and OU, kept by a trigger on `ledger_entries` in the posting's transaction, so that
 * reports read a few rows per account and period instead of the ledger's history. `ouKey` is the OU id or the zero
 * uuid for lines without an OU (a primary key cannot hold null).
 */
export const periodBalances = pgTable(
  'period_balances',
  {
    tenantId: uuid('tenant_id').notNull(),
    period: integer('period').notNull(),
    coaId: uuid('coa_id').notNull(),
    ouKey: uuid('ou_key').notNull(),
    debit: amount('debit').notNull().default('0'),
    credit: amount('credit').notNull().default('0'),
    lines: integer('lines').notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.tenantId, t.period, t.coaId, t.ouKey] }), tenantPolicy('period_balances')],
);

/**
 * A period's ledger state. The closing issue closes periods; the document engine refuses documents dated in a closed
 * one (`document_period_closed`). No row means open.
 */
export const ledgerPeriods = pgTable(
  'ledger_periods',
  {
    tenantId: uuid('tenant_id').notNull(),
    period: integer('period').notNull(),
    closed: boolean('closed').notNull().default(false),
    closedAt: timestamp('closed_at', { withTimezone: true }),
    closedBy: uuid('closed_by'),
    note: text('note'),
  },
  (t) => [primaryKey({ columns: [t.tenantId, t.period] }), tenantPolicy('ledger_periods')],
);
