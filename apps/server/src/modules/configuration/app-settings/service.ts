import { APP_VERSION, PASSWORD_ABSOLUTE_MIN, PASSWORD_CLASSES, PRODUCT_NAME, type Language, type PasswordClass, type PasswordPolicy } from '@nusa/contracts';
import type { Tx } from '../../../platform/db/tenant.ts';
import { appSettings } from './schema.ts';

export interface AppSettings {
  productName: string;
  defaultLanguage: Language;
  defaultPage: string;
  releaseVersion: string;
  releaseDate: string;
  releaseNotes: string;
  passwordMinLength: number;
  passwordRequiredClasses: PasswordClass[];
  passwordExpiryDays: number;
  failedAttemptsBeforeLockout: number;
  passwordRejectCommon: boolean;
}

const defaults: AppSettings = {
  productName: PRODUCT_NAME,
  defaultLanguage: 'id',
  defaultPage: '/dashboard',
  releaseVersion: APP_VERSION,
  releaseDate: '2026-11-21',
  releaseNotes: '',
  // Spec 5's floor: a tenant that wants longer passwords says so in its policy (the screens then name it).
  passwordMinLength: PASSWORD_ABSOLUTE_MIN,
  passwordRequiredClasses: [],
  passwordExpiryDays: 0,
  failedAttemptsBeforeLockout: 5,
  passwordRejectCommon: false,
};

const isClass = (c: string): c is PasswordClass => (PASSWORD_CLASSES as readonly string[]).includes(c);

/** The tenant's settings, or the defaults when it has not saved any. */
export async function getAppSettings(tx: Tx): Promise<AppSettings> {
  const rows = await tx.select().from(appSettings).limit(1);
  const row = rows[0];
  if (!row) return defaults;
  return {
    productName: row.productName,
    defaultLanguage: row.defaultLanguage,
    defaultPage: row.defaultPage,
    releaseVersion: row.releaseVersion,
    releaseDate: row.releaseDate,
    releaseNotes: row.releaseNotes,
    passwordMinLength: row.passwordMinLength,
    passwordRequiredClasses: row.passwordRequiredClasses.filter(isClass),
    passwordExpiryDays: row.passwordExpiryDays,
    failedAttemptsBeforeLockout: row.failedAttemptsBeforeLockout,
    passwordRejectCommon: row.passwordRejectCommon,
  };
}

export async function getPasswordPolicy(tx: Tx): Promise<PasswordPolicy> {
  const s = await getAppSettings(tx);
  return {
    minLength: s.passwordMinLength,
    requiredClasses: s.passwordRequiredClasses,
    expiryDays: s.passwordExpiryDays,
    failedAttemptsBeforeLockout: s.failedAttemptsBeforeLockout,
    rejectCommon: s.passwordRejectCommon,
  };
}
