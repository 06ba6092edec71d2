import { date, index, integer, numeric, pgTable, primaryKey, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { tenantPolicy } from '../../../platform/db/tenant.ts';

const amount = (name: string) => numeric(name, { precision: 20, scale: 4 });

/**
 * Every ERP document (spec 3 Document; architecture §9): one header table for all types, so the engine's statuses,
 * approvals, numbering and checks are written once. `type` is the document template's code (JV, CI, CO, later SO,
 * SI, PO, PI, CN, POS). Amounts are in the document's currency; `rate` converts them to the book currency.
 */
export const documents = pgTable(
  'documents',
  {
    tenantId: uuid('tenant_id').notNull(),
    id: uuid('id').notNull(),
    type: text('type').notNull(),
    number: text('number').notNull(),
    documentDate: date('document_date').notNull(),
    dueDate: date('due_date'),
    reference: text('reference'),
    externalNumber: text('external_number'),
    externalDate: date('external_date'),
    remarks: text('remarks'),
    currencyId: uuid('currency_id').notNull(),
    /** Book currency per one document currency on the document's date (1 for the book currency). */
    rate: numeric('rate', { precision: 24, scale: 10 }).notNull(),
    ouId: uuid('ou_id'),
    partnerId: uuid('partner_id'),
    cashBankId: uuid('cash_bank_id'),
    /** Stored status code (spec 4): D, I, F, R, C; see packages/contracts accounting/documents.ts. */
    status: text('status').notNull().default('D'),
    /** changesRequested, deleted, rejected, void: what the code alone does not say. */
    subStatus: text('sub_status'),
    /** The approval flow the document was submitted under and the level now waiting (1-based); null without a flow. */
    approvalFlowId: uuid('approval_flow_id'),
    approvalLevel: integer('approval_level'),
    taxAmount: amount('tax_amount').notNull().default('0'),
    /** Total in the document currency and in the book currency (what approval amount bands compare). */
    totalAmount: amount('total_amount').notNull().default('0'),
    totalBookAmount: amount('total_book_amount').notNull().default('0'),
    createdBy: uuid('created_by').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
    submittedAt: timestamp('submitted_at', { withTimezone: true }),
    releasedAt: timestamp('released_at', { withTimezone: true }),
    releasedBy: uuid('released_by'),
  },
  (t) => [
    primaryKey({ columns: [t.tenantId, t.id] }),
    uniqueIndex('documents_type_number_key').on(t.tenantId, t.type, t.number),
    index('documents_type_date_idx').on(t.tenantId, t.type, t.documentDate),
    index('documents_status_idx').on(t.tenantId, t.status),
    tenantPolicy('documents'),
  ],
);

/**
 * A document's lines. Journal and cash lines use coa/debit/credit; trade lines (later) use product, quantity, unit
 * price, discount and tax. Amounts in the document currency; `bookDebit`/`bookCredit` converted at the document's rate.
 */
export const documentLines = pgTable(
  'document_lines',
  {
    tenantId: uuid('tenant_id').notNull(),
    documentId: uuid('document_id').notNull(),
    lineNo: integer('line_no').notNull(),
    coaId: uuid('coa_id'),
    ouId: uuid('ou_id'),
    segmentId: uuid('segment_id'),
    partnerId: uuid('partner_id'),
    productId: uuid('product_id'),
    quantity: amount('quantity'),
    unitPrice: amount('unit_price'),
    discountPercent: numeric('discount_percent', { precision: 9, scale: 4 }),
    discountAmount: amount('discount_amount'),
    taxCode: text('tax_code'),
    debit: amount('debit').notNull().default('0'),
    credit: amount('credit').notNull().default('0'),
    bookDebit: amount('book_debit').notNull().default('0'),
    bookCredit: amount('book_credit').notNull().default('0'),
    memo: text('memo'),
  },
  (t) => [primaryKey({ columns: [t.tenantId, t.documentId, t.lineNo] }), tenantPolicy('document_lines')],
);

/** Every step of a document's life (spec 1 approval flows; issue 11 "history"): who, when, what, with a comment. */
export const documentHistory = pgTable(
  'document_history',
  {
    tenantId: uuid('tenant_id').notNull(),
    id: uuid('id').notNull(),
    documentId: uuid('document_id').notNull(),
    at: timestamp('at', { withTimezone: true }).notNull().defaultNow(),
    userId: uuid('user_id').notNull(),
    action: text('action').notNull(),
    fromStatus: text('from_status'),
    toStatus: text('to_status').notNull(),
    approvalLevel: integer('approval_level'),
    comment: text('comment'),
  },
  (t) => [
    primaryKey({ columns: [t.tenantId, t.id] }),
    index('document_history_document_idx').on(t.tenantId, t.documentId, t.at),
    tenantPolicy('document_history'),
  ],
);

/** Keeps `documents.number` searchable as typed (INV/2026…): lower-case prefix search. */
