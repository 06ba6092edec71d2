import { errorMessageKey } from '@nusa/contracts';
import { ApiError } from '../api/api-error.ts';

type Translate = (key: string, vars?: Record<string, unknown>) => string;
type HasKey = (key: string) => boolean;

/** Spec 8: `{errorCode, errorArgs}` → t('error.' + code with dots as underscores, args as {0}, {1} …). */
export function errorMessage(err: unknown, t: Translate, exists: HasKey): string {
  if (err instanceof ApiError) {
    const key = errorMessageKey(err.code);
    const vars = Object.fromEntries(err.args.map((arg, i) => [String(i), arg]));
    if (exists(key)) return t(key, vars);
    return t('error.http_error', { 0: err.status || err.code });
  }
  if (err instanceof TypeError && /fetch/i.test(err.message)) return t('error.failed-to-fetch');
  return t('error.unexpected_error', { 0: err instanceof Error ? err.message : String(err) });
}

/** 401s open the session-expired dialog instead of a toast (spec 8). */
export const isSessionExpiry = (err: unknown) => err instanceof ApiError && err.sessionExpired;
