import { eq, sql } from 'drizzle-orm';
import type { Tx } from '../../platform/db/tenant.ts';
import { queryPrepared } from '../../platform/db/tenant.ts';
import { loginThrottle } from './schema.ts';

const key = (username: string) => username.trim().toLowerCase().slice(0, 100);

/** An allowed attempt knows its place among the attempts of the window (1 = the first). */
export type Attempt = { allowed: true; number: number } | { allowed: false; retryAfterSeconds: number };

/**
 * Counts a password attempt for the username BEFORE the password is checked, in a transaction of its own that
 * commits at once: the row lock of the upsert orders parallel attempts, so however many arrive together at most
 * `maxAttempts` of them get a password check per lock window (issue 9: reading the lock, checking, then counting
 * let 50 parallel tries make about 14 checks). `failures` counts attempts not yet known to have succeeded; a
 * success clears the row, a failure that reaches the limit sets the lock. A count left by a process that died
 * mid-check, or older than a lock window, starts over.
 */
export async function claimAttempt(tx: Tx, tenantId: string, username: string, maxAttempts: number, lockSeconds: number): Promise<Attempt> {
  const rows = await queryPrepared<{ failures: number; locked_left: number | null }>(
    tx,
    'nusa_login_claim_attempt',
    `
    INSERT INTO login_throttle AS t (tenant_id, username_key, failures, last_failure_at) VALUES ($1, $2, 1, now())
    ON CONFLICT (tenant_id, username_key) DO UPDATE SET
      failures = CASE
        WHEN t.locked_until > now() THEN t.failures
        WHEN t.locked_until IS NOT NULL OR t.last_failure_at <= now() - make_interval(secs => $3) THEN 1
        ELSE least(t.failures + 1, $4 + 1) END,
      locked_until = CASE WHEN t.locked_until > now() THEN t.locked_until END,
      -- Refused attempts do not move the window: a count a dead process left behind runs out.
      last_failure_at = CASE
        WHEN t.locked_until > now() THEN t.last_failure_at
        WHEN t.locked_until IS NOT NULL OR t.last_failure_at <= now() - make_interval(secs => $3) THEN now()
        WHEN t.failures >= $4 THEN t.last_failure_at
        ELSE now() END
    RETURNING failures, ceil(extract(epoch from locked_until - now()))::int AS locked_left`,
    [tenantId, key(username), lockSeconds, maxAttempts],
  );
  const { failures, locked_left: lockedLeft } = rows[0];
  if (lockedLeft !== null && lockedLeft > 0) return { allowed: false, retryAfterSeconds: lockedLeft };
  if (failures > maxAttempts) return { allowed: false, retryAfterSeconds: lockSeconds };
  return { allowed: true, number: failures };
}

/**
 * The claimed attempt `number` failed: the one that reaches `maxAttempts` locks the username for `lockSeconds`.
 * Returns the attempts left before the lock.
 */
export async function recordFailure(tx: Tx, username: string, number: number, maxAttempts: number, lockSeconds: number): Promise<number> {
  if (number >= maxAttempts) {
    await tx
      .update(loginThrottle)
      .set({ lockedUntil: sql`now() + make_interval(secs => ${lockSeconds})`, lastFailureAt: sql`now()` })
      .where(eq(loginThrottle.usernameKey, key(username)));
  }
  return Math.max(0, maxAttempts - number);
}

export async function clearFailures(tx: Tx, username: string): Promise<void> {
  await tx.delete(loginThrottle).where(eq(loginThrottle.usernameKey, key(username)));
}
