import { v7 as uuidv7 } from 'uuid';
import type { Tx } from '../../../platform/db/tenant.ts';
import { serviceIntentPhrases, serviceIntents } from './schema.ts';

export interface SeededIntent {
  name: string;
  action: 'answer' | 'handover';
  responseText: string;
  phrases: string[];
}

/** A client's seeded intents with their phrases (a phrase repeated in another case is kept once). */
export async function seedIntents(tx: Tx, tenantId: string, clientId: string, intents: SeededIntent[]): Promise<void> {
  const rows = intents.map((i) => ({ tenantId, id: uuidv7(), clientId, name: i.name, action: i.action, responseText: i.responseText }));
  await tx.insert(serviceIntents).values(rows);
  await tx.insert(serviceIntentPhrases).values(
    intents.flatMap((i, n) =>
      [...new Map(i.phrases.map((p) => [p.toLowerCase(), p])).values()].map((text) => ({
        tenantId,
        id: uuidv7(),
        intentId: rows[n].id,
        clientId,
        text,
        source: 'manual' as const,
      })),
    ),
  );
}
