import { queryPrepared, type Tx } from '../db/tenant.ts';

/**
 * Serialises, until the end of the caller's transaction, every transaction of this tenant that claims the same
 * unique key (e.g. 'cash-bank-code:cb00001'). Take it before checking that the key is free: two concurrent creators
 * of one code then meet a clear "already exists" instead of a unique-index violation.
 */
export async function lockUniqueKey(tx: Tx, key: string): Promise<void> {
  await queryPrepared(tx, 'nusa_lock_unique_key', `SELECT pg_advisory_xact_lock(hashtextextended(current_setting('app.tenant_id', true) || ':' || $1, 0))`, [
    key,
  ]);
}

/** The lock of a key unique case-insensitively within `kind` (e.g. 'service-intent:<client id>' and an intent name). */
export const lockCaselessKey = (tx: Tx, kind: string, value: string): Promise<void> => lockUniqueKey(tx, `${kind}:${value.toLowerCase()}`);
