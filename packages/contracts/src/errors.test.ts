import { describe, expect, it } from 'vitest';
import { ERRORS, errorMessageKey, errorTexts, isErrorCode } from './errors.ts';

const placeholders = (text: string) => [...text.matchAll(/\{\{(\d+)\}\}/g)].map((m) => Number(m[1])).sort();

describe('error catalogue (spec 8)', () => {
  const entries = Object.entries(ERRORS);

  it('gives every code a 4xx or 5xx status and non-empty id and en texts', () => {
    expect(entries.length).toBeGreaterThan(50);
    for (const [code, e] of entries) {
      expect(e.status >= 400 && e.status <= 599, `${code} status ${e.status}`).toBe(true);
      expect(e.id.trim(), `${code} id`).not.toBe('');
      expect(e.en.trim(), `${code} en`).not.toBe('');
    }
  });

  it('uses the same {{n}} placeholders in id and en, numbered from 0 without gaps', () => {
    for (const [code, e] of entries) {
      const id = placeholders(e.id);
      expect(id, code).toEqual(placeholders(e.en));
      expect([...new Set(id)], code).toEqual([...new Set(id)].map((_, i) => i));
    }
  });

  it('has no stray braces that are not a placeholder', () => {
    for (const [code, e] of entries) {
      for (const text of [e.id, e.en]) expect(text.replace(/\{\{\d+\}\}/g, ''), code).not.toMatch(/[{}]/);
    }
  });

  it('holds the codes spec 8 names, with 401 for Unauthorized and session-expired and 403 for forbidden_action', () => {
    const named = [
      'Unauthorized',
      'invalid_username_or_password',
      'username_not_found',
      'user_password_not_match_attempts',
      'user_inactive_or_banned',
      'old_password_incorrect',
      'username_already_exists',
      'user_not_found',
      'role_not_found',
      'forbidden_action',
      'super-admin-only',
      'role-has-users',
      'session-expired',
      'connection_timeout',
      'no_internet_connection',
      'failed-to-fetch',
      'http_error',
      'unexpected_error',
      'param_not_found',
      'value_cannot_null',
      'invalid_input_format',
      'new_version_data_available_please_reload',
      'ai_generated_query_invalid',
      'ai_response_failed',
      'fine_tunning_not_exists',
      'channel_cannot_be_active_without_attributes',
      'process_cannot_be_requested',
      'insufficient_quota',
      'copy.limit.exceeded',
      'promo_not_found',
      'not_active',
      'expired',
      'channel_not_eligible',
      'segment_not_eligible',
      'document_already_submitted',
      'document_must_released_first',
      'used_by_another_table',
    ];
    for (const code of named) expect(isErrorCode(code), code).toBe(true);
    expect(ERRORS.Unauthorized.status).toBe(401);
    expect(ERRORS['session-expired'].status).toBe(401);
    expect(ERRORS.forbidden_action.status).toBe(403);
    expect(ERRORS.forbidden_action.en).toBe('You do not have permission to access the resource at {{0}}. Please check your access rights and try again.');
    expect(ERRORS['session-expired'].en).toBe('Login Session Expired, Please Login Again To Continue.');
    expect(ERRORS.insufficient_quota.en).toBe('You have reached the quota limit for generating images.');
  });

  it('has duplicate and missing codes for every ERP master entity of spec 8', () => {
    for (const entity of [
      'warehouse',
      'employee',
      'ou',
      'cash_bank',
      'product_category',
      'product_sub_category',
      'uom',
      'brand',
      'product',
      'coa',
      'document_type',
      'group_coa',
      'segment_coa',
      'combo_value',
      'autonumber',
      'policy',
    ]) {
      expect(ERRORS[`${entity}_code_already_exists` as keyof typeof ERRORS]?.status, entity).toBe(409);
      expect(ERRORS[`${entity}_not_found` as keyof typeof ERRORS]?.status, entity).toBe(404);
    }
  });

  it('isErrorCode knows only catalogue codes, not inherited properties', () => {
    expect(isErrorCode('forbidden_action')).toBe(true);
    for (const code of ['toString', 'constructor', '__proto__', 'hasOwnProperty', '', 'FORBIDDEN_ACTION']) expect(isErrorCode(code), code).toBe(false);
  });

  it('builds i18n keys with dots turned to underscores, and texts per language under those keys', () => {
    expect(errorMessageKey('copy.limit.exceeded')).toBe('error.copy_limit_exceeded');
    expect(errorMessageKey('forbidden_action')).toBe('error.forbidden_action');
    const en = errorTexts('en');
    const id = errorTexts('id');
    expect(en.copy_limit_exceeded).toBe(ERRORS['copy.limit.exceeded'].en);
    expect(id.forbidden_action).toBe(ERRORS.forbidden_action.id);
    expect(Object.keys(en).sort()).toEqual(Object.keys(id).sort());
    expect(Object.keys(en)).toHaveLength(Object.keys(ERRORS).length);
  });
});
