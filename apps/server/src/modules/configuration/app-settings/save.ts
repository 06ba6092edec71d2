import { APP_ROUTES, type AppConfiguration, type PasswordPolicy } from '@nusa/contracts';
import type { Tx } from '../../../platform/db/tenant.ts';
import { AppError } from '../../../platform/errors/app-error.ts';
import { writeAudit, type Actor } from '../../../platform/audit/write.ts';
import { appSettings } from './schema.ts';
import { getAppSettings, getPasswordPolicy } from './service.ts';

const MODULE = 'configuration.app';

export const configurationOf = (s: Awaited<ReturnType<typeof getAppSettings>>): AppConfiguration => ({
  productName: s.productName,
  defaultLanguage: s.defaultLanguage,
  defaultPage: s.defaultPage,
  releaseVersion: s.releaseVersion,
  releaseDate: s.releaseDate,
  releaseNotes: s.releaseNotes,
});

/** One settings row per tenant: the first save inserts it, later saves update it. */
async function upsert(tx: Tx, tenantId: string, values: Partial<typeof appSettings.$inferInsert>) {
  await tx
    .insert(appSettings)
    .values({ tenantId, ...values })
    .onConflictDoUpdate({ target: appSettings.tenantId, set: values });
}

export async function saveAppConfiguration(tx: Tx, actor: Actor, input: AppConfiguration): Promise<AppConfiguration> {
  if (!APP_ROUTES.some((r) => r.path === input.defaultPage)) throw new AppError('role_default_page_invalid', [input.defaultPage]);
  const before = configurationOf(await getAppSettings(tx));
  await upsert(tx, actor.tenantId, input);
  const after = configurationOf(await getAppSettings(tx));
  await writeAudit(tx, actor, { module: MODULE, action: 'update', entity: 'app-settings', entityId: actor.tenantId, before, after });
  return after;
}

export async function savePasswordPolicy(tx: Tx, actor: Actor, policy: PasswordPolicy): Promise<PasswordPolicy> {
  const before = await getPasswordPolicy(tx);
  await upsert(tx, actor.tenantId, {
    passwordMinLength: policy.minLength,
    passwordRequiredClasses: [...new Set(policy.requiredClasses)],
    passwordExpiryDays: policy.expiryDays,
    failedAttemptsBeforeLockout: policy.failedAttemptsBeforeLockout,
    passwordRejectCommon: policy.rejectCommon ?? before.rejectCommon,
  });
  const after = await getPasswordPolicy(tx);
  await writeAudit(tx, actor, { module: MODULE, action: 'update', entity: 'password-policy', entityId: actor.tenantId, before, after });
  return after;
}
