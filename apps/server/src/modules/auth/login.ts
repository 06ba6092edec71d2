import { createHash, randomBytes, timingSafeEqual } from 'node:crypto';
import { and, eq, sql } from 'drizzle-orm';
import type { SessionData, SessionModule } from '@nusa/contracts';
import { AppError } from '../../platform/errors/app-error.ts';
import type { Tx } from '../../platform/db/tenant.ts';
import type { Tenant } from '../../platform/tenancy/resolve.ts';
import type { TokenService } from '../../platform/auth/tokens.ts';
import { verifyPassword } from '../../platform/auth/passwords.ts';
import { findUserById, findUserByUsername, loadUserAccess, recordLogin, type LoginUser } from '../configuration/users/service.ts';
import { getAppSettings } from '../configuration/app-settings/service.ts';
import { recordSession } from './sessions.ts';
import { claimAttempt, clearFailures, recordFailure } from './throttle.ts';
import type { FailureWindow } from '../../platform/access/failure-window.ts';
import { sessionKeys, usedRedirectCredentials } from './schema.ts';

export interface LoginContext {
  tenant: Tenant;
  tokens: TokenService;
  lockSeconds: number;
  inTenant: <T>(fn: (tx: Tx) => Promise<T>) => Promise<T>;
  client: { ip?: string; userAgent?: string };
  /** Failed passwords per client address and for the whole instance (LOGIN_*_FAILURES_PER_MINUTE). */
  failures: { perAddress: FailureWindow; overall: FailureWindow };
}

export type LoginResult = { token: string; data: SessionData };

type Outcome = { ok: LoginResult } | { error: AppError };

async function startSession(tx: Tx, ctx: LoginContext, user: LoginUser, module: SessionModule): Promise<LoginResult> {
  const access = await loadUserAccess(tx, user.id);
  if (!access || !access.roleActive) throw new AppError('role_not_found');
  const settings = await getAppSettings(tx);
  const sessionId = await recordSession(tx, ctx.tenant.id, { userId: user.id, username: user.username, responseCode: 200, module, ...ctx.client });
  await recordLogin(tx, user.id);
  const token = await ctx.tokens.signWork({ sid: sessionId, uid: user.id, rid: access.roleId, tid: ctx.tenant.id, tcode: ctx.tenant.code });
  return {
    token,
    data: {
      fullName: access.fullName,
      username: access.username,
      tasks: access.tasks,
      xTenantDefault: ctx.tenant.code,
      userId: user.id,
      roleId: access.roleId,
      roleName: access.roleName,
      tenantId: ctx.tenant.id,
      tenantName: ctx.tenant.name,
      sessionId,
      userConfig: { defaultPage: access.defaultPage || settings.defaultPage, lastLogin: user.lastLoginAt ? user.lastLoginAt.toISOString() : null },
      appConfig: { defaultLanguage: settings.defaultLanguage, productName: settings.productName },
    },
  };
}

const throttled = (seconds: number) => new AppError('user_login_throttled', [seconds], { headers: { 'retry-after': String(seconds) } });

/**
 * Password login (spec 4). Unknown users and wrong passwords answer alike and both count toward the username's
 * lock-out; an inactive user is told so only after the right password. The attempt is counted (and committed)
 * before the password is checked, so parallel tries get no more checks than the policy allows; failures also
 * count per client address and for the whole instance, so many usernames tried from one place are refused too.
 */
export async function loginWithPassword(ctx: LoginContext, username: string, password: string, module: SessionModule = 'auth.login'): Promise<LoginResult> {
  const address = ctx.client.ip ?? 'unknown';
  const waitSeconds = Math.max(ctx.failures.perAddress.retryAfter(address), ctx.failures.overall.retryAfter(''));
  if (waitSeconds > 0) throw throttled(waitSeconds);
  const claim = await ctx.inTenant(async (tx) => {
    const settings = await getAppSettings(tx);
    const attempt = await claimAttempt(tx, ctx.tenant.id, username, settings.failedAttemptsBeforeLockout, ctx.lockSeconds);
    return { attempt, maxAttempts: settings.failedAttemptsBeforeLockout, user: attempt.allowed ? await findUserByUsername(tx, username) : undefined };
  });
  if (!claim.attempt.allowed) throw throttled(claim.attempt.retryAfterSeconds);
  const { user, maxAttempts, attempt } = claim;
  const passwordOk = await verifyPassword(user?.passwordHash, password);
  if (!passwordOk) {
    ctx.failures.perAddress.add(address);
    ctx.failures.overall.add('');
  }
  const outcome = await ctx.inTenant<Outcome>(async (tx) => {
    if (!user || !passwordOk) {
      const left = await recordFailure(tx, username, attempt.number, maxAttempts, ctx.lockSeconds);
      if (user) await recordSession(tx, ctx.tenant.id, { userId: user.id, username: user.username, responseCode: left > 0 ? 401 : 429, module, ...ctx.client });
      if (left === 0) return { error: throttled(ctx.lockSeconds) };
      return { error: new AppError('user_password_not_match_attempts', [left]) };
    }
    await clearFailures(tx, username);
    if (!user.active) {
      await recordSession(tx, ctx.tenant.id, { userId: user.id, username: user.username, responseCode: 403, module, ...ctx.client });
      return { error: new AppError('user_inactive_or_banned') };
    }
    return { ok: await startSession(tx, ctx, user, module) };
  });
  if ('error' in outcome) throw outcome.error;
  return outcome.ok;
}

const SESSION_KEY_SECONDS = 300;
const sha256 = (s: string) => createHash('sha256').update(s).digest('hex');

/** A one-time session/key pair for the sign-in dialog, valid five minutes. */
export async function createSessionKey(tx: Tx, tenantId: string, userId: string) {
  const session = randomBytes(12).toString('base64url');
  const key = randomBytes(32).toString('base64url');
  await tx.insert(sessionKeys).values({
    tenantId,
    session,
    keyHash: sha256(key),
    userId,
    expiresAt: sql`now() + make_interval(secs => ${SESSION_KEY_SECONDS})`,
  });
  return { session, key, expiresIn: SESSION_KEY_SECONDS };
}

export async function loginWithSessionKey(ctx: LoginContext, session: string, key: string): Promise<LoginResult> {
  const outcome = await ctx.inTenant<Outcome>(async (tx) => {
    const claimed = await tx
      .update(sessionKeys)
      .set({ usedAt: sql`now()` })
      .where(and(eq(sessionKeys.session, session), sql`${sessionKeys.usedAt} IS NULL`, sql`${sessionKeys.expiresAt} > now()`))
      .returning({ keyHash: sessionKeys.keyHash, userId: sessionKeys.userId });
    const row = claimed[0];
    const given = Buffer.from(sha256(key));
    // The pair is spent even when the key is wrong: a guessed session cannot be tried twice.
    if (!row || !timingSafeEqual(Buffer.from(row.keyHash), given)) return { error: new AppError('session_key_invalid') };
    const user = await findUserById(tx, row.userId);
    if (!user || !user.active) return { error: new AppError('user_inactive_or_banned') };
    return { ok: await startSession(tx, ctx, user, 'auth.session-key') };
  });
  if ('error' in outcome) throw outcome.error;
  return outcome.ok;
}

/** Automatic login from ?redirect= (spec 2): an encrypted, expiring bundle that logs in once. */
export async function loginWithRedirect(ctx: LoginContext, jwe: string) {
  const bundle = await ctx.tokens.decryptRedirect(jwe);
  if (!bundle || bundle.tcode !== ctx.tenant.code) throw new AppError('redirect_credential_invalid');
  const fresh = await ctx.inTenant(async (tx) => {
    const inserted = await tx
      .insert(usedRedirectCredentials)
      .values({ tenantId: ctx.tenant.id, jti: bundle.jti, expiresAt: new Date(bundle.exp * 1000) })
      .onConflictDoNothing()
      .returning({ jti: usedRedirectCredentials.jti });
    return inserted.length === 1;
  });
  if (!fresh) throw new AppError('redirect_credential_invalid');
  const result = await loginWithPassword(ctx, bundle.username, bundle.password, 'auth.redirect');
  return { ...result, remember: bundle.remember, rememberedUsername: bundle.remember ? bundle.username : null };
}
