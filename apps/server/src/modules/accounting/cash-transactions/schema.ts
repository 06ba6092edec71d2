import { pgTable, primaryKey, text, uuid } from 'drizzle-orm/pg-core';
import { tenantPolicy } from '../../../platform/db/tenant.ts';

/**
 * What a cash in / cash out adds to its document (the engine's `documents` row holds the header, cash bank and
 * lines): how the money moved and the reference of that payment (transfer number, giro number, card slip).
 */
export const cashTransactions = pgTable(
  'cash_transactions',
  {
    tenantId: uuid('tenant_id').notNull(),
    documentId: uuid('document_id').notNull(),
    /** CASH, TRANSFER, GIRO, CARD, EWALLET (contracts CASH_PAYMENT_METHODS). */
    paymentMethod: text('payment_method').notNull(),
    paymentReference: text('payment_reference'),
  },
  (t) => [primaryKey({ columns: [t.tenantId, t.documentId] }), tenantPolicy('cash_transactions')],
);
