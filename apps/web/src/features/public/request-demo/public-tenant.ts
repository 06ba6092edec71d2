import { loginTenant, preferences, sessionStore } from '../../../app/session.ts';
import { STORAGE_KEYS } from '../../../app/storage-keys.ts';

/**
 * Public calls go to the login organisation (api/call.ts), and the stored anonymous token belongs to the
 * organisation it was obtained for. A page about another organisation's request (a mail link, a new trial tenant)
 * makes that organisation the login one and drops the anonymous token, so the next call obtains one for it.
 */
export function aimPublicCallsAt(tenant: string) {
  if (loginTenant() === tenant) return;
  preferences.setTenant(tenant);
  try {
    window.localStorage.removeItem(STORAGE_KEYS.anonymousToken);
  } catch {
    // Without storage there is no stored token to drop.
  }
}

/**
 * A signed-in user's calls carry the session's organisation; a public page about another organisation cannot
 * be served inside that session. Answers the session's organisation when it differs.
 */
export function conflictingSessionTenant(tenant: string): string | undefined {
  const own = sessionStore.get().data?.xTenantDefault;
  return own && own !== tenant ? own : undefined;
}
