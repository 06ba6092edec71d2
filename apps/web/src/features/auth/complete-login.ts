import type { SessionData } from '@nusa/contracts';
import { afterLoginTarget } from '../../app/guard.ts';
import { queryClient } from '../../app/query-client.ts';
import { sessionStore } from '../../app/session.ts';
import { adoptTenantLanguage } from '../../i18n/index.ts';

/**
 * The session's own fields, for the store: the redirect login's answer carries more (remember, rememberedUsername).
 * The server's serializer already holds every answer to its schema, so the login page needs no zod of its own.
 */
function sessionOf(d: SessionData): SessionData {
  return {
    fullName: d.fullName,
    username: d.username,
    tasks: d.tasks,
    xTenantDefault: d.xTenantDefault,
    userId: d.userId,
    roleId: d.roleId,
    roleName: d.roleName,
    tenantId: d.tenantId,
    tenantName: d.tenantName,
    sessionId: d.sessionId,
    userConfig: { defaultPage: d.userConfig.defaultPage, lastLogin: d.userConfig.lastLogin },
    appConfig: { defaultLanguage: d.appConfig.defaultLanguage, productName: d.appConfig.productName },
  };
}

/**
 * Spec 4 login success: store the session data and the work token, then go to `from`, else the default page.
 * Returns where to go; the caller navigates.
 */
export function completeLogin(data: SessionData, token: string, from: string | null): string {
  const session = sessionOf(data);
  // Nothing cached for a previous user may show to this one.
  queryClient.clear();
  sessionStore.start(session, token);
  void adoptTenantLanguage(session.appConfig.defaultLanguage);
  return afterLoginTarget(from, { tasks: session.tasks, defaultPage: session.userConfig.defaultPage });
}

const started = new Map<string, Promise<unknown>>();

/**
 * One-time credentials (session/key pairs, redirect bundles) are spent by the first request: a component that
 * mounts twice (React strict mode) must share that request rather than send a second one.
 */
export function runOnce<T>(key: string, start: () => Promise<T>): Promise<T> {
  let running = started.get(key) as Promise<T> | undefined;
  if (!running) {
    running = start();
    started.set(key, running);
  }
  return running;
}
