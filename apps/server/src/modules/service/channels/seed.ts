import { v7 as uuidv7 } from 'uuid';
import type { Tx } from '../../../platform/db/tenant.ts';
import { serviceChannels } from './schema.ts';

/** A seeded channel that needs no attributes or secrets (the web widget: any site may embed it); answers its id. */
export async function seedWidgetChannel(tx: Tx, tenantId: string, clientId: string, name: string): Promise<string> {
  const id = uuidv7();
  await tx.insert(serviceChannels).values({ tenantId, id, clientId, kind: 'web', name, active: true });
  return id;
}
