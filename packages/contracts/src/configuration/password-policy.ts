import { z } from 'zod';

/** Spec 5/9: a password is at least 4 characters whatever the policy says. */
export const PASSWORD_ABSOLUTE_MIN = 4;

export const PASSWORD_CLASSES = ['lower', 'upper', 'digit', 'symbol'] as const;
export type PasswordClass = (typeof PASSWORD_CLASSES)[number];

export const passwordPolicy = z.object({
  minLength: z.number().int().min(PASSWORD_ABSOLUTE_MIN).max(128),
  requiredClasses: z.array(z.enum(PASSWORD_CLASSES)).max(4),
  expiryDays: z.number().int().min(0).max(3650),
  failedAttemptsBeforeLockout: z.number().int().min(1).max(100),
  /**
   * Refuse passwords on the list of common and breached passwords the server ships (case-insensitive). Left out
   * when saving, the tenant's current choice stays (clients older than the setting).
   */
  rejectCommon: z.boolean().optional(),
});
export type PasswordPolicy = z.infer<typeof passwordPolicy>;

/**
 * The policy a tenant made by registration starts with, and that its Super Admin's password meets: ASVS 2.1 asks at
 * least 8 characters together with a check against common and breached passwords. A tenant may still lower it to
 * spec 5's floor (PASSWORD_ABSOLUTE_MIN) in App configuration.
 */
export const NEW_TENANT_PASSWORD_POLICY: Required<Pick<PasswordPolicy, 'minLength' | 'requiredClasses' | 'rejectCommon'>> = {
  minLength: 8,
  requiredClasses: [],
  rejectCommon: true,
};

const classTest: Record<PasswordClass, RegExp> = {
  lower: /\p{Ll}/u,
  upper: /\p{Lu}/u,
  digit: /\p{Nd}/u,
  symbol: /[^\p{L}\p{Nd}\s]/u,
};

export type PasswordProblem = { code: 'password_too_short'; args: [number] } | { code: `password_needs_${PasswordClass}`; args: [] };

/** The refusals of a new password itself (a form shows them under its password field). */
export const PASSWORD_REFUSALS: readonly string[] = [
  'password_too_short',
  ...PASSWORD_CLASSES.map((c) => `password_needs_${c}` as const),
  'password_too_common',
];

/** Every way `password` falls short of the policy, in a stable order (length first). */
export function passwordProblems(policy: Pick<PasswordPolicy, 'minLength' | 'requiredClasses'>, password: string): PasswordProblem[] {
  const problems: PasswordProblem[] = [];
  const min = Math.max(PASSWORD_ABSOLUTE_MIN, policy.minLength);
  if ([...password].length < min) problems.push({ code: 'password_too_short', args: [min] });
  for (const cls of PASSWORD_CLASSES) {
    if (policy.requiredClasses.includes(cls) && !classTest[cls].test(password)) problems.push({ code: `password_needs_${cls}`, args: [] });
  }
  return problems;
}
