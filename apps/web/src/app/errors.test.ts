import { describe, expect, it } from 'vitest';
import i18next from 'i18next';
import { resources } from '../i18n/resources.ts';
import { ApiError, errorOfAnswer } from '../api/api-error.ts';
import { errorMessage, isSessionExpiry } from './errors.ts';

const make = async (lng: 'id' | 'en') => {
  const i18n = i18next.createInstance();
  await i18n.init({ resources, lng, interpolation: { escapeValue: false }, showSupportNotice: false });
  return (err: unknown) =>
    errorMessage(
      err,
      (k, v) => i18n.t(k, v),
      (k) => i18n.exists(k),
    );
};

describe('errorMessage (spec 8)', async () => {
  const id = await make('id');
  const en = await make('en');

  it('translates codes with their arguments', () => {
    expect(en(new ApiError(401, 'user_password_not_match_attempts', [3]))).toBe('Wrong username or password. Attempts left: 3');
    expect(id(new ApiError(401, 'user_password_not_match_attempts', [3]))).toBe('Nama pengguna atau kata sandi salah. Sisa percobaan: 3');
    expect(en(new ApiError(400, 'invalid_input_format', ['body.username', 'too long']))).toBe('Invalid format of body.username: too long');
  });

  it('shows a date argument the way the date fields take it', () => {
    const duplicate = new ApiError(409, 'exchange_rate_already_exists', ['USD', 'IDR', '2026-11-21']);
    expect(id(duplicate)).toContain('21/11/2026');
    expect(id(duplicate)).not.toContain('2026-11-21');
    expect(en(new ApiError(400, 'invalid_input_format', ['body.code', '2026-11-21T10:00:00Z']))).toContain('2026-11-21T10:00:00Z');
  });

  it('turns dots into underscores', () => {
    expect(en(new ApiError(422, 'copy.limit.exceeded', []))).toBe('The prompt copy limit has been reached');
  });

  it('shows network failures as no connection', () => {
    expect(en(new ApiError(0, 'no_internet_connection', []))).toBe('Failed connect to server, please check your connection');
    expect(id(new TypeError('Failed to fetch'))).toBe('Gagal terhubung ke server, periksa koneksi Anda');
  });

  it('falls back to an HTTP error for unknown codes and to unexpected for anything else', () => {
    // An answer's code the catalogue does not know (a newer server) becomes http_error with the status.
    expect(en(errorOfAnswer(418, { errorCode: 'teapot', errorArgs: ['x'] }))).toBe('HTTP error (418)');
    expect(en(errorOfAnswer(502, undefined))).toBe('HTTP error (502)');
    expect(errorOfAnswer(409, { errorCode: 'username_already_exists', errorArgs: ['budi'] })).toMatchObject({
      code: 'username_already_exists',
      args: ['budi'],
    });
    expect(en(new Error('boom'))).toBe('An unexpected error occurred. Request id: boom');
  });

  it('recognises session expiry', () => {
    expect(isSessionExpiry(new ApiError(401, 'session-expired', [], true))).toBe(true);
    expect(isSessionExpiry(new ApiError(401, 'invalid_username_or_password', []))).toBe(false);
  });
});
