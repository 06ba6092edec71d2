import { PASSWORD_ABSOLUTE_MIN } from '@nusa/contracts';
import type { Translate } from '../i18n/keys.ts';

/**
 * The length rule of a password screen. Spec 5's floor is 4 characters; when the organisation's policy asks more,
 * the text says that the policy is why (not a rule of the product).
 */
export function passwordLengthRule(t: Translate, policyMinLength: number): string {
  const count = Math.max(PASSWORD_ABSOLUTE_MIN, policyMinLength);
  return count > PASSWORD_ABSOLUTE_MIN
    ? t('changePassword.ruleLengthPolicy', { count, min: PASSWORD_ABSOLUTE_MIN })
    : t('changePassword.ruleLength', { count });
}
