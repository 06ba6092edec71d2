import { v7 as uuidv7 } from 'uuid';
import type { Tx } from '../../../platform/db/tenant.ts';
import { serviceDatasets, type DatasetAttribute, type ItemValues } from './schema.ts';
import { insertItems } from './service.ts';

/** A seeded dataset with its items (the demo shop's products and facts); answers the dataset's and the items' ids. */
export async function seedDataset(
  tx: Tx,
  tenantId: string,
  dataset: { clientId: string; name: string; attributes: DatasetAttribute[] },
  items: ItemValues[],
): Promise<{ id: string; itemIds: string[] }> {
  const id = uuidv7();
  await tx.insert(serviceDatasets).values({ tenantId, id, ...dataset });
  return { id, itemIds: await insertItems(tx, tenantId, { id, clientId: dataset.clientId, attributes: dataset.attributes }, items) };
}
