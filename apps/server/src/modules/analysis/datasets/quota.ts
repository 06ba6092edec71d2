import { sql } from 'drizzle-orm';
import type { Tx } from '../../../platform/db/tenant.ts';
import { assertDatasetRows, assertMayAddDataset, datasetRowCap, type Limits } from '../../../platform/limits/limits.ts';
import { lockUniqueKey } from '../../../platform/numbering/lock.ts';

/**
 * The tenant's sales-analysis datasets against its limits (platform/limits): how many it has, and the rows of all of
 * them together (their row counts, kept on every write). A check made before a long read (the upload's run) only
 * refuses early; the one that counts is made under the tenant's quota lock right before the write that changes the
 * figures, so two imports running at once cannot both take the last room.
 */

async function figures(tx: Tx, exceptId: string | null): Promise<{ datasets: number; rowsElsewhere: number }> {
  const [r] = (
    await tx.execute<{ datasets: number; rows_elsewhere: string }>(sql`
      SELECT count(*)::int AS datasets, coalesce(sum(row_count) FILTER (WHERE id IS DISTINCT FROM ${exceptId}::uuid), 0)::text AS rows_elsewhere
        FROM analysis_datasets`)
  ).rows;
  return { datasets: r.datasets, rowsElsewhere: Number(r.rows_elsewhere) };
}

/** Until the transaction ends, the tenant's other writes that add datasets or rows wait here. */
const lockQuota = (tx: Tx) => lockUniqueKey(tx, 'analysis-dataset-quota');

/** A new dataset may be made (tenant_dataset_limit_reached); `locked` takes the quota lock first. */
export async function assertMayCreateDataset(tx: Tx, limits: Limits, locked = true): Promise<void> {
  if (locked) await lockQuota(tx);
  assertMayAddDataset(limits, (await figures(tx, null)).datasets);
}

/** The most rows the dataset may reach while it is written (its rows not yet counted), and the refusal past it. */
export async function rowCapOf(tx: Tx, limits: Limits, datasetId: string | null) {
  return datasetRowCap(limits, (await figures(tx, datasetId)).rowsElsewhere);
}

/** Under the quota lock: the dataset may hold `rows` rows (dataset_row_limit_reached, tenant_storage_limit_reached). */
export async function assertRowsFit(tx: Tx, limits: Limits, datasetId: string, rows: number): Promise<void> {
  await lockQuota(tx);
  assertDatasetRows(limits, rows, (await figures(tx, datasetId)).rowsElsewhere);
}

/** Under the quota lock, for a dataset about to be made with `rows` rows: both checks at once. */
export async function assertNewDatasetFits(tx: Tx, limits: Limits, datasetId: string, rows: number): Promise<void> {
  await lockQuota(tx);
  const now = await figures(tx, datasetId);
  assertMayAddDataset(limits, now.datasets);
  assertDatasetRows(limits, rows, now.rowsElsewhere);
}
