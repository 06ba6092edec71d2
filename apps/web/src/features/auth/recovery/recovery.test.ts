import { describe, expect, it } from 'vitest';
import { BASE_POLICY, fieldOfError, learnPolicy, readResetLink } from './recovery.ts';

const TOKEN = 'Vx3kQ9_-abcdefghijklmnopqrstuvwxyz012345678';

describe('readResetLink', () => {
  it('reads the tenant and token of a mailed link', () => {
    expect(readResetLink(`?tenant=Demo&token=${TOKEN}`)).toEqual({ ok: true, tenant: 'demo', token: TOKEN });
  });

  it.each([
    ['no token', '?tenant=demo'],
    ['no tenant', `?token=${TOKEN}`],
    ['a cut-off token', '?tenant=demo&token=abc'],
    ['a token with foreign characters', `?tenant=demo&token=${TOKEN}%20x`],
    ['a malformed tenant', `?tenant=../x&token=${TOKEN}`],
  ])('is not a link with %s', (_name, search) => {
    expect(readResetLink(search)).toEqual({ ok: false });
  });
});

describe('fieldOfError', () => {
  it('puts policy errors under the new password and a mismatch under the confirmation', () => {
    expect(fieldOfError('password_too_short')).toBe('newPassword');
    expect(fieldOfError('password_needs_symbol')).toBe('newPassword');
    expect(fieldOfError('password_mismatch')).toBe('confirmPassword');
    expect(fieldOfError('password_reset_link_invalid')).toBeUndefined();
  });
});

describe('learnPolicy', () => {
  it('learns the minimum length and needed classes from refusals, in the policy order', () => {
    let p = learnPolicy(BASE_POLICY, 'password_too_short', [10]);
    expect(p).toEqual({ minLength: 10, requiredClasses: [] });
    p = learnPolicy(p, 'password_needs_symbol', []);
    p = learnPolicy(p, 'password_needs_upper', []);
    p = learnPolicy(p, 'password_needs_upper', []);
    expect(p).toEqual({ minLength: 10, requiredClasses: ['upper', 'symbol'] });
  });

  it('ignores what says nothing about the policy', () => {
    expect(learnPolicy(BASE_POLICY, 'password_too_short', ['x'])).toBe(BASE_POLICY);
    expect(learnPolicy(BASE_POLICY, 'password_too_short', [2])).toBe(BASE_POLICY);
    expect(learnPolicy(BASE_POLICY, 'password_needs_emoji', [])).toBe(BASE_POLICY);
    expect(learnPolicy(BASE_POLICY, 'unexpected_error', [])).toBe(BASE_POLICY);
  });
});
