import { bigint, pgTable, primaryKey, text, uuid } from 'drizzle-orm/pg-core';
import { tenantPolicy } from '../db/tenant.ts';

/**
 * The last number handed out per sequence and period (issue 4). `period` is '' for a sequence that never restarts,
 * 'YYYY' or 'YYYY-MM' otherwise. A row is locked by the transaction that takes its next value until that transaction
 * ends, so numbers are unique and gapless: a rolled-back creation rolls the counter back with it.
 */
export const numberSequences = pgTable(
  'number_sequences',
  {
    tenantId: uuid('tenant_id').notNull(),
    sequenceKey: text('sequence_key').notNull(),
    period: text('period').notNull(),
    lastValue: bigint('last_value', { mode: 'number' }).notNull(),
  },
  (t) => [primaryKey({ columns: [t.tenantId, t.sequenceKey, t.period] }), tenantPolicy('number_sequences')],
);
