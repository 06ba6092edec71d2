/** What other modules may use of sign-in and sessions. */
export { endUserSessions } from './sessions.ts';
export { clearFailures } from './throttle.ts';
export { exportUserAudit, listUserAudit } from './session-audit.ts';
