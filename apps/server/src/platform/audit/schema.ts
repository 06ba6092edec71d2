import { sql } from 'drizzle-orm';
import { bigint, index, jsonb, pgTable, primaryKey, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { tenantPolicy } from '../db/tenant.ts';

/**
 * One row per business write, written in the same transaction as the write (architecture §3). Rows form a hash chain
 * per tenant, made a moment after the writing transaction commits (docs/decisions/009): `audit_chain_pending` takes
 * the tenant's chain head and gives the tenant's unchained rows, in (at, id) order, the next `seq`, the hash of the row
 * before it and its own `hash` (sha256 of audit_chain_hash's canonical text). Until then the three are null, whatever
 * the INSERT said, so raw SQL writers are chained too. The app role may only read and insert rows.
 */
export const auditLog = pgTable(
  'audit_log',
  {
    tenantId: uuid('tenant_id').notNull(),
    id: uuid('id').notNull(),
    at: timestamp('at', { withTimezone: true }).notNull().defaultNow(),
    userId: uuid('user_id'),
    sessionId: uuid('session_id'),
    module: text('module').notNull(),
    action: text('action').notNull(),
    entity: text('entity').notNull(),
    entityId: text('entity_id').notNull(),
    before: jsonb('before'),
    after: jsonb('after'),
    // Null until the row is chained, a moment after the transaction that wrote it commits.
    seq: bigint('seq', { mode: 'number' }),
    prevHash: text('prev_hash'),
    hash: text('hash'),
  },
  (t) => [
    primaryKey({ columns: [t.tenantId, t.id] }),
    uniqueIndex('audit_log_seq_key').on(t.tenantId, t.seq),
    index('audit_log_at_idx').on(t.tenantId, t.at, t.seq),
    // The rows waiting for their place in the chain, in the order they get it (few at any time).
    index('audit_log_unchained_idx')
      .on(t.tenantId, t.at, t.id)
      .where(sql`${t.seq} IS NULL`),
    tenantPolicy('audit_log'),
  ],
);

/** The newest link of each tenant's chain: locked by each chaining run, so two runs never give rows the same parent. */
export const auditChainHeads = pgTable(
  'audit_chain_heads',
  {
    tenantId: uuid('tenant_id').notNull().primaryKey(),
    seq: bigint('seq', { mode: 'number' }).notNull(),
    hash: text('hash'),
    /** The hash the newest row points at (its prev_hash). */
    prevHash: text('prev_hash'),
  },
  () => [tenantPolicy('audit_chain_heads')],
);
