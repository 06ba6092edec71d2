import { PASSWORD_ABSOLUTE_MIN, PASSWORD_CLASSES, PASSWORD_REFUSALS, type PasswordClass, type PasswordPolicy } from '@nusa/contracts';
import { isTenantCode } from '../../../app/tenant.ts';

export const FORGOT_PASSWORD_ROUTE = '/forgot-password';
export const RESET_PASSWORD_ROUTE = '/reset-password';

/** The reset link's token: 32 random bytes in base64url (the contract accepts 20 to 200 characters). */
const TOKEN_SHAPE = /^[A-Za-z0-9_-]{20,200}$/;

export type ResetLink = { ok: true; tenant: string; token: string } | { ok: false };

/** Reads `?tenant=<code>&token=<token>` of a reset link; anything missing or malformed is not a link. */
export function readResetLink(search: string): ResetLink {
  const q = new URLSearchParams(search);
  const tenant = q.get('tenant')?.trim().toLowerCase() ?? '';
  const token = q.get('token')?.trim() ?? '';
  return isTenantCode(tenant) && TOKEN_SHAPE.test(token) ? { ok: true, tenant, token } : { ok: false };
}

/** Server error codes about the link itself: the form is of no use then, only a new link helps. */
export const LINK_ERRORS = ['password_reset_link_invalid', 'password_reset_link_expired'] as const;

/** Which field a server error about the passwords belongs under. */
export function fieldOfError(code: string): 'newPassword' | 'confirmPassword' | undefined {
  if (code === 'password_mismatch') return 'confirmPassword';
  if (PASSWORD_REFUSALS.includes(code)) return 'newPassword';
  return undefined;
}

export type KnownPolicy = Pick<PasswordPolicy, 'minLength' | 'requiredClasses'>;

/** Before the tenant's policy is known, only the absolute minimum applies. */
export const BASE_POLICY: KnownPolicy = { minLength: PASSWORD_ABSOLUTE_MIN, requiredClasses: [] };

/**
 * The tenant's password policy is not public; each refusal of the server tells one of its rules (too short with
 * the minimum, or a character class it needs). Adding them up lets the checklist show the real policy.
 */
export function learnPolicy(policy: KnownPolicy, code: string, args: readonly unknown[]): KnownPolicy {
  if (code === 'password_too_short') {
    const min = Number(args[0]);
    return Number.isInteger(min) && min > policy.minLength ? { ...policy, minLength: min } : policy;
  }
  const cls = code.replace(/^password_needs_/, '') as PasswordClass;
  if (code.startsWith('password_needs_') && PASSWORD_CLASSES.includes(cls) && !policy.requiredClasses.includes(cls)) {
    return { ...policy, requiredClasses: PASSWORD_CLASSES.filter((c) => c === cls || policy.requiredClasses.includes(c)) };
  }
  return policy;
}
