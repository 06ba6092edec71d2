import { eq, sql } from 'drizzle-orm';
import { FREE_TRANSACTION_LIMIT } from '@nusa/contracts';
import { preparedQuery, queryPrepared, type Tx } from '../../../platform/db/tenant.ts';
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
  // Every document create runs this (prepared once per connection). Besides counting it says whether the tenant
  // was an unpaid trial as the statement began; only then, when nothing was counted, is the row read again below
  // (a statement of its own sees what committed meanwhile), so a tenant without a trial needs one round trip.
  const [counted] = await queryPrepared<{ counted: boolean; on_trial: boolean }>(
    tx,
    'nusa_free_transaction_count',
    `WITH counted AS (
       UPDATE free_transactions SET used = used + 1 WHERE tenant_id = $1 AND trial AND NOT package_paid AND used < $2 RETURNING used)
     SELECT EXISTS (SELECT 1 FROM counted) AS counted,
            EXISTS (SELECT 1 FROM free_transactions WHERE tenant_id = $1 AND trial AND NOT package_paid) AS on_trial`,
    [tenantId, FREE_TRANSACTION_LIMIT],
  );
  if (counted!.counted || !counted!.on_trial) return;
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

/** Whether the transaction's tenant is on an unpaid free trial: it gets the stricter storage limits (platform/limits). */
export async function onFreeTrial(tx: Tx): Promise<boolean> {
  const status = await freeTransactionStatus(tx);
  return status.trial && !status.packagePaid;
}
