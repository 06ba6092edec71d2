import type pg from 'pg';

/** At most `max` hits per `windowSeconds` (a fixed window, at most a day) for `key`. */
export interface Limit {
  key: string;
  max: number;
  windowSeconds: number;
}

export type Verdict = { allowed: true } | { allowed: false; key: string; retryAfterSeconds: number };

const DAY = 86_400;
/** About one call in this many also deletes counters whose window ended a day ago. */
const PRUNE_EVERY = 500;

/**
 * Counts one hit against each limit in turn, in PostgreSQL so that every server instance behind the load balancer
 * shares the counts, and stops at the first limit already reached: that one refuses, and neither it nor the limits
 * after it are moved. Put the narrowest first (a visitor, then its address, then the whole channel), so that one
 * flooding visitor or address spends its own allowance and not the channel's. A refused key's count stays at
 * `max + 1` until its window ends: refusals do not lengthen the wait.
 */
export async function takeHit(owner: pg.Pool, limits: Limit[]): Promise<Verdict> {
  // Refused calls prune too: a flood of new keys (visitor ids) is mostly refused, and each one leaves a row.
  if (Math.random() * PRUNE_EVERY < 1) await owner.query(`DELETE FROM rate_limit_counters WHERE window_started_at < now() - interval '2 days'`);
  for (const limit of limits) {
    if (limit.windowSeconds < 1 || limit.windowSeconds > DAY) throw new Error(`rate limit window of ${limit.windowSeconds} s for ${limit.key}`);
    const { rows } = await owner.query<{ hits: number; left: number }>(
      `INSERT INTO rate_limit_counters AS c (key, window_started_at, hits) VALUES ($1, now(), 1)
       ON CONFLICT (key) DO UPDATE SET
         hits = CASE WHEN c.window_started_at <= now() - make_interval(secs => $2) THEN 1 ELSE least(c.hits + 1, $3 + 1) END,
         window_started_at = CASE WHEN c.window_started_at <= now() - make_interval(secs => $2) THEN now() ELSE c.window_started_at END
       RETURNING hits, ceil(extract(epoch from c.window_started_at + make_interval(secs => $2) - now()))::int AS left`,
      [limit.key, limit.windowSeconds, limit.max],
    );
    if (rows[0].hits > limit.max) return { allowed: false, key: limit.key, retryAfterSeconds: Math.max(1, rows[0].left) };
  }
  return { allowed: true };
}
