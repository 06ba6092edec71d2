import { and, desc, eq, isNull, sql } from 'drizzle-orm';
import { v7 as uuidv7 } from 'uuid';
import type { SessionModule } from '@nusa/contracts';
import { preparedQuery, queryPrepared, type Tx } from '../../platform/db/tenant.ts';
import type { Principal, SessionResolver } from '../../platform/access/principal.ts';
import { loadUserAccess } from '../configuration/users/service.ts';
import { sessions } from './schema.ts';

export interface SessionRecord {
  userId: string | null;
  username: string;
  responseCode: number;
  /** How the session began (spec 3: the user audit's module). */
  module: SessionModule;
  ip?: string;
  userAgent?: string;
}

/** Writes the session row of a login decision; successful ones are the live sessions tokens point to. */
export async function recordSession(tx: Tx, tenantId: string, rec: SessionRecord): Promise<string> {
  const id = uuidv7();
  await tx.insert(sessions).values({
    tenantId,
    id,
    userId: rec.userId,
    username: rec.username.slice(0, 100),
    responseCode: rec.responseCode,
    module: rec.module,
    ip: rec.ip ?? null,
    userAgent: rec.userAgent?.slice(0, 300) ?? null,
    endedAt: rec.responseCode === 200 ? null : sql`now()`,
  });
  return id;
}

export async function endSession(tx: Tx, sessionId: string): Promise<void> {
  await tx
    .update(sessions)
    .set({ endedAt: sql`now()` })
    .where(and(eq(sessions.id, sessionId), isNull(sessions.endedAt)));
}

/** Ends every live session of a user except `keep` (password reset, deactivation). */
export async function endUserSessions(tx: Tx, userId: string, keep?: string): Promise<void> {
  await tx
    .update(sessions)
    .set({ endedAt: sql`now()` })
    .where(and(eq(sessions.userId, userId), isNull(sessions.endedAt), keep ? sql`${sessions.id} <> ${keep}` : undefined));
}

const TOUCH_EVERY_SECONDS = 60;

/**
 * A token is good while its session has not ended, has been used within the idle limit, and its user is active
 * with the same role as at login; the task list is read fresh, so page-access changes apply at the next request.
 * A session that fails any of these is ended for good: reactivating the user or restoring the role later must not
 * bring an old token back (the caller commits the transaction before answering session-expired).
 */
export const makeSessionResolver =
  (idleSeconds: number): SessionResolver =>
  async (tx, claims) => {
    const rows = await queryPrepared<{ endedAt: Date | null; idle: number; userId: string | null }>(
      tx,
      'nusa_session_check',
      'SELECT ended_at AS "endedAt", extract(epoch from now() - last_seen_at)::float8 AS idle, user_id AS "userId" FROM sessions WHERE id = $1',
      [claims.sid],
    );
    const s = rows[0];
    if (!s || s.endedAt || s.userId !== claims.uid) return undefined;
    const access = s.idle > idleSeconds ? undefined : await loadUserAccess(tx, claims.uid);
    if (!access || !access.active || !access.roleActive || access.roleId !== claims.rid) {
      await endSession(tx, claims.sid);
      return undefined;
    }
    if (s.idle > TOUCH_EVERY_SECONDS)
      await tx
        .update(sessions)
        .set({ lastSeenAt: sql`now()` })
        .where(eq(sessions.id, claims.sid));
    const principal: Principal = {
      tenantId: claims.tid,
      tenantCode: claims.tcode,
      userId: claims.uid,
      roleId: claims.rid,
      sessionId: claims.sid,
      username: access.username,
      isSuperAdmin: access.isSuperAdmin,
      tasks: access.tasks,
    };
    return principal;
  };

/** The dashboard's sessions card reads this on every visit: built and planned once per connection. */
export async function listUserSessions(tx: Tx, userId: string, limit: number) {
  return preparedQuery(tx, 'nusa_user_sessions', (tx, name) =>
    tx
      .select({
        sessionId: sessions.id,
        loginAt: sessions.loginAt,
        endedAt: sessions.endedAt,
        lastSeenAt: sessions.lastSeenAt,
        responseCode: sessions.responseCode,
        module: sessions.module,
      })
      .from(sessions)
      .where(eq(sessions.userId, sql.placeholder('userId')))
      .orderBy(desc(sessions.loginAt))
      .limit(sql.placeholder('limit'))
      .prepare(name),
  ).execute({ userId, limit });
}
