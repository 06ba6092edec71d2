import { and, eq, lt, sql } from 'drizzle-orm';
import { FREE_TRANSACTION_LIMIT } from '@nusa/contracts';
import { preparedQuery, type Tx } from '../../../platform/db/tenant.ts';
import { AppError } from '../../../platform/errors/app-error.ts';
import { freeTransactions } from './schema.ts';

/** Registration puts a new tenant on the free trial. */
export async function startFreeTrial(tx: Tx, tenantId: string): Promise<void> {
  await tx
    .insert(freeTransactions)
    .values({ tenantId, trial: true })
    .onConflictDoUpdate({ target: freeTransactions.tenantId, set: { trial: true } });
}

/**
 * Every transaction module calls this inside the transaction that records a transaction input. A trial tenant's
 * first FREE_TRANSACTION_LIMIT inputs are free; after that free_trial_limit_reached [limit] until a package is
 * paid. Tenants not on a trial (and paid ones) are never limited. The counter row is locked, so concurrent inputs
 * cannot both take the last free one.
 */
export async function consumeFreeTransaction(tx: Tx, tenantId: string): Promise<void> {
  // Both statements run on every document create: prepared once per connection.
  const counted = await preparedQuery(tx, 'nusa_free_transaction_count', (tx, name) =>
    tx
      .update(freeTransactions)
      .set({ used: sql`${freeTransactions.used} + 1` })
      .where(
        and(
          eq(freeTransactions.tenantId, sql.placeholder('tenantId')),
          eq(freeTransactions.trial, true),
          eq(freeTransactions.packagePaid, false),
          lt(freeTransactions.used, FREE_TRANSACTION_LIMIT),
        ),
      )
      .returning({ used: freeTransactions.used })
      .prepare(name),
  ).execute({ tenantId });
  if (counted.length) return;
  const rows = await preparedQuery(tx, 'nusa_free_transaction_row', (tx, name) =>
    tx
      .select()
      .from(freeTransactions)
      .where(eq(freeTransactions.tenantId, sql.placeholder('tenantId')))
      .prepare(name),
  ).execute({ tenantId });
  const row = rows[0];
  if (row && row.trial && !row.packagePaid) throw new AppError('free_trial_limit_reached', [FREE_TRANSACTION_LIMIT]);
}

/** A paid package (lead payment) lifts the limit for good. */
export async function markPackagePaid(tx: Tx, tenantId: string): Promise<void> {
  await tx
    .insert(freeTransactions)
    .values({ tenantId, packagePaid: true, paidAt: sql`now()` })
    .onConflictDoUpdate({ target: freeTransactions.tenantId, set: { packagePaid: true, paidAt: sql`coalesce(${freeTransactions.paidAt}, now())` } });
}

export async function freeTransactionStatus(tx: Tx) {
  const rows = await tx.select().from(freeTransactions).limit(1);
  const r = rows[0];
  return { trial: r?.trial ?? false, used: r?.used ?? 0, limit: FREE_TRANSACTION_LIMIT, packagePaid: r?.packagePaid ?? false };
}
