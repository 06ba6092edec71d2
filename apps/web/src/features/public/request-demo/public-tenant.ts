import { loginTenant, preferences, sessionStore } from '../../../app/session.ts';

/**
 * Public calls go to the login organisation (api/call.ts; tokens of another organisation are not reused). A page
 * about another organisation's request (a mail link, a new trial tenant) makes that organisation the login one.
 */
export function aimPublicCallsAt(tenant: string) {
  if (loginTenant() !== tenant) preferences.setTenant(tenant);
}

/**
 * A signed-in user's calls carry the session's organisation; a public page about another organisation cannot
 * be served inside that session. Answers the session's organisation when it differs.
 */
export function conflictingSessionTenant(tenant: string): string | undefined {
  const own = sessionStore.get().data?.xTenantDefault;
  return own && own !== tenant ? own : undefined;
}
