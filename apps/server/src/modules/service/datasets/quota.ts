import { count, eq } from 'drizzle-orm';
import type { Tx } from '../../../platform/db/tenant.ts';
import { AppError } from '../../../platform/errors/app-error.ts';
import { assertMayAddDataset, type Limits } from '../../../platform/limits/limits.ts';
import { lockUniqueKey } from '../../../platform/numbering/lock.ts';
import { serviceDatasetItems, serviceDatasets } from './schema.ts';

/**
 * The tenant's chatbot datasets against its limits (platform/limits): how many datasets it has, and how many items
 * one dataset holds (its dataset row limit). Each check takes a lock first, so concurrent writers wait for each other
 * rather than both taking the last room.
 */

/** A new dataset may be made (tenant_dataset_limit_reached). */
export async function assertMayCreateServiceDataset(tx: Tx, limits: Limits): Promise<void> {
  await lockUniqueKey(tx, 'service-dataset-quota');
  const [{ n }] = await tx.select({ n: count() }).from(serviceDatasets);
  assertMayAddDataset(limits, n);
}

/** How many more items the dataset may take; its item writers wait here until the transaction ends. */
export async function itemRoom(tx: Tx, limits: Limits, datasetId: string): Promise<number> {
  await lockUniqueKey(tx, `service-dataset-items:${datasetId}`);
  const [{ n }] = await tx.select({ n: count() }).from(serviceDatasetItems).where(eq(serviceDatasetItems.datasetId, datasetId));
  return limits.datasetRows - n;
}

export const itemLimitReached = (limits: Limits) => new AppError('dataset_row_limit_reached', [limits.datasetRows]);
