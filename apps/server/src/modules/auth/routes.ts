import type { FastifyInstance, FastifyRequest } from 'fastify';
import { AUTH_TOKEN_HEADER, PRELOGIN_TOKEN_EXPIRY_SECONDS, authEndpoints, auditModuleOf } from '@nusa/contracts';
import { registerEndpoint, type HandlerContext } from '../../platform/http/register.ts';
import { AppError } from '../../platform/errors/app-error.ts';
import { FailureWindow } from '../../platform/access/failure-window.ts';
import { loadUserAccess } from '../configuration/users/service.ts';
import { getAppSettings } from '../configuration/app-settings/service.ts';
import { createSessionKey, loginWithPassword, loginWithRedirect, loginWithSessionKey, type LoginContext } from './login.ts';
import { endSession, listUserSessions } from './sessions.ts';

/**
 * How long a session was in use: login to its end, or to its last request while it has not ended. A session ended
 * only when its token came back after the idle limit (or by an administrator's action long after) was last used at
 * its last-seen time, not at that later moment.
 */
export function sessionSeconds(s: { loginAt: Date; lastSeenAt: Date; endedAt: Date | null }, idleSeconds: number): number {
  const lastSeen = s.lastSeenAt.getTime();
  const end = s.endedAt && s.endedAt.getTime() - lastSeen <= idleSeconds * 1000 ? s.endedAt.getTime() : lastSeen;
  return Math.max(0, Math.round((end - s.loginAt.getTime()) / 1000));
}

const clientOf = (req: FastifyRequest) => ({ ip: req.ip, userAgent: String(req.headers['user-agent'] ?? '') });

export function authRoutes(app: FastifyInstance) {
  const { tokens, config } = app.platform;
  const failures = {
    perAddress: new FailureWindow(config.LOGIN_ADDRESS_FAILURES_PER_MINUTE, 60_000),
    overall: new FailureWindow(config.LOGIN_FAILURES_PER_MINUTE, 60_000),
  };
  const loginContext = (ctx: HandlerContext<never>): LoginContext => ({
    tenant: ctx.tenant,
    tokens,
    lockSeconds: config.LOGIN_LOCK_SECONDS,
    inTenant: ctx.inTenant,
    client: clientOf(ctx.req),
    failures,
  });

  registerEndpoint(app, authEndpoints.preLoginToken, async () => ({ token: await tokens.signPreLogin(), expiresIn: PRELOGIN_TOKEN_EXPIRY_SECONDS }));

  registerEndpoint(app, authEndpoints.anonymous, async ({ tenant }) => ({
    token: await tokens.signAnonymous({ tid: tenant.id, tcode: tenant.code }),
    expiresIn: config.WORK_TOKEN_SECONDS,
  }));

  registerEndpoint(
    app,
    authEndpoints.login,
    async (ctx) => {
      const { token, data } = await loginWithPassword(loginContext(ctx as HandlerContext<never>), ctx.body.username, ctx.body.password);
      ctx.reply.header(AUTH_TOKEN_HEADER, token);
      return data;
    },
    { ownTransactions: true },
  );

  registerEndpoint(
    app,
    authEndpoints.loginBySessionKey,
    async (ctx) => {
      const { token, data } = await loginWithSessionKey(loginContext(ctx as HandlerContext<never>), ctx.body.session, ctx.body.key);
      ctx.reply.header(AUTH_TOKEN_HEADER, token);
      return data;
    },
    { ownTransactions: true },
  );

  registerEndpoint(
    app,
    authEndpoints.loginByRedirect,
    async (ctx) => {
      const { token, data, remember, rememberedUsername } = await loginWithRedirect(loginContext(ctx as HandlerContext<never>), ctx.body.redirect);
      ctx.reply.header(AUTH_TOKEN_HEADER, token);
      return { ...data, remember, rememberedUsername };
    },
    { ownTransactions: true },
  );

  registerEndpoint(app, authEndpoints.logout, async ({ tx, principal }) => {
    await endSession(tx, principal.sessionId);
    return { ok: true as const };
  });

  registerEndpoint(app, authEndpoints.me, async ({ tx, principal, tenant }) => {
    const access = await loadUserAccess(tx, principal.userId);
    if (!access) throw new AppError('user_not_found');
    const settings = await getAppSettings(tx);
    // The token carries the tenant's id and code only; its display name comes from the tenant directory.
    const { name: tenantName } = await app.platform.tenants.byCode(tenant.code);
    return {
      fullName: access.fullName,
      username: access.username,
      tasks: access.tasks,
      xTenantDefault: tenant.code,
      userId: access.userId,
      roleId: access.roleId,
      roleName: access.roleName,
      tenantId: tenant.id,
      tenantName,
      sessionId: principal.sessionId,
      userConfig: { defaultPage: access.defaultPage || settings.defaultPage, lastLogin: null },
      appConfig: { defaultLanguage: settings.defaultLanguage, productName: settings.productName },
    };
  });

  registerEndpoint(app, authEndpoints.createSessionKey, async ({ tx, principal }) => createSessionKey(tx, principal.tenantId, principal.userId));

  registerEndpoint(app, authEndpoints.createRedirectCredential, async ({ body, tenant }) => ({
    redirect: await tokens.encryptRedirect({ username: body.username, password: body.password, remember: body.remember, tcode: tenant.code }, body.expiresIn),
    expiresIn: body.expiresIn,
  }));

  registerEndpoint(app, authEndpoints.mySessions, async ({ tx, principal, query }) => {
    const rows = await listUserSessions(tx, principal.userId, query.limit);
    return {
      items: rows.map((r) => ({
        sessionId: r.sessionId,
        loginAt: r.loginAt.toISOString(),
        durationSeconds: r.responseCode === 200 ? sessionSeconds(r, config.SESSION_IDLE_SECONDS) : null,
        responseCode: r.responseCode,
        // Sessions keep the name they began with; those from before the audit catalogue show under today's.
        module: auditModuleOf(r.module) ?? r.module,
        current: r.sessionId === principal.sessionId,
      })),
    };
  });
}
