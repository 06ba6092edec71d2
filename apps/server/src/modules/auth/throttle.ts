import { eq, sql } from 'drizzle-orm';
import type { Tx } from '../../platform/db/tenant.ts';
import { loginThrottle } from './schema.ts';

const key = (username: string) => username.trim().toLowerCase().slice(0, 100);

/** Seconds until the username may try again, or 0. */
export async function lockedSeconds(tx: Tx, username: string): Promise<number> {
  const rows = await tx
    .select({ left: sql<number>`ceil(extract(epoch from ${loginThrottle.lockedUntil} - now()))::int` })
    .from(loginThrottle)
    .where(eq(loginThrottle.usernameKey, key(username)));
  return Math.max(0, rows[0]?.left ?? 0);
}

/**
 * Counts a failed password for the username (whether or not it exists) and locks it for `lockSeconds` when
 * `maxAttempts` is reached. Returns the attempts left before the lock.
 */
export async function countFailure(tx: Tx, tenantId: string, username: string, maxAttempts: number, lockSeconds: number): Promise<number> {
  const rows = await tx
    .insert(loginThrottle)
    .values({ tenantId, usernameKey: key(username), failures: 1 })
    .onConflictDoUpdate({
      target: [loginThrottle.tenantId, loginThrottle.usernameKey],
      // A lock that has run out starts a fresh count.
      set: {
        failures: sql`CASE WHEN ${loginThrottle.lockedUntil} IS NOT NULL AND ${loginThrottle.lockedUntil} <= now() THEN 1 ELSE ${loginThrottle.failures} + 1 END`,
        lockedUntil: sql`NULL`,
        lastFailureAt: sql`now()`,
      },
    })
    .returning({ failures: loginThrottle.failures });
  const failures = rows[0].failures;
  if (failures >= maxAttempts) {
    await tx
      .update(loginThrottle)
      .set({ lockedUntil: sql`now() + make_interval(secs => ${lockSeconds})` })
      .where(eq(loginThrottle.usernameKey, key(username)));
  }
  return Math.max(0, maxAttempts - failures);
}

export async function clearFailures(tx: Tx, username: string): Promise<void> {
  await tx.delete(loginThrottle).where(eq(loginThrottle.usernameKey, key(username)));
}
