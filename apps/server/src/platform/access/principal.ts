import type { Tx } from '../db/tenant.ts';
import type { WorkClaims } from '../auth/tokens.ts';

/** The logged-in user behind a request, as the database knows them right now. */
export interface Principal {
  tenantId: string;
  tenantCode: string;
  userId: string;
  roleId: string;
  sessionId: string;
  username: string;
  isSuperAdmin: boolean;
  tasks: string[];
}

/**
 * Turns a verified work token into a principal, or undefined when its session has ended (logout, idle
 * timeout, user deactivated). It may write (ending the session), so its transaction commits even when the
 * request then fails with session-expired. Provided by the auth module; the platform only calls it.
 */
export type SessionResolver = (tx: Tx, claims: WorkClaims) => Promise<Principal | undefined>;
