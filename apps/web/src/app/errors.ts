import { errorMessageKey } from '@nusa/contracts';
import { ApiError } from '../api/api-error.ts';
import { textOfKey, type Translate } from '../i18n/keys.ts';

type HasKey = (key: string) => boolean;

const ISO_DATE = /^(\d{4})-(\d{2})-(\d{2})$/;

/** An error's arguments as its text's {0}, {1} …; a date the server names as 2026-11-21 reads 21/11/2026, as the date fields take it. */
export function errorVars(args: readonly (string | number)[]): Record<string, string | number> {
  return Object.fromEntries(args.map((arg, i) => [String(i), typeof arg === 'string' ? arg.replace(ISO_DATE, '$3/$2/$1') : arg]));
}

/** Spec 8: `{errorCode, errorArgs}` → t('error.' + code with dots as underscores, args as {0}, {1} …). */
export function errorMessage(err: unknown, t: Translate, exists: HasKey): string {
  if (err instanceof ApiError) {
    const key = errorMessageKey(err.code);
    const vars = errorVars(err.args);
    if (exists(key)) return textOfKey(t, key, vars);
    return t('error.http_error', { 0: err.status || err.code });
  }
  if (err instanceof TypeError && /fetch/i.test(err.message)) return t('error.failed-to-fetch');
  return t('error.unexpected_error', { 0: err instanceof Error ? err.message : String(err) });
}

/** 401s open the session-expired dialog instead of a toast (spec 8). */
export const isSessionExpiry = (err: unknown) => err instanceof ApiError && err.sessionExpired;
