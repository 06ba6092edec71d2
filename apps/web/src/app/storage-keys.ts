/**
 * Browser storage keys (spec 3). The session data and the work token are kept apart; logout removes everything
 * in SESSION_KEYS and keeps the remembered login, the language and the chosen organisation.
 */
export const STORAGE_KEYS = {
  session: 'nusa.session',
  token: 'nusa.token',
  anonymousToken: 'nusa.anonymousToken',
  rememberedUsername: 'nusa.rememberedUsername',
  language: 'nusa.language',
  tenant: 'nusa.tenant',
} as const;

export const SESSION_KEYS = [STORAGE_KEYS.session, STORAGE_KEYS.token, STORAGE_KEYS.anonymousToken] as const;
