import { v7 as uuidv7 } from 'uuid';
import type pg from 'pg';
import type { RegistrationInput } from '@nusa/contracts';
import { withTenant } from '../../../platform/db/tenant.ts';
import { AppError } from '../../../platform/errors/app-error.ts';
import { writeAudit } from '../../../platform/audit/write.ts';
import { createTenant, removeTenant, tenantCodeFromName } from '../../../platform/tenancy/create.ts';
import type { Tenant } from '../../../platform/tenancy/resolve.ts';
import { checkPassword, createFirstUser, ensureStandardRole, STANDARD_ROLES } from '../../configuration/users/service.ts';
import { getPasswordPolicy, saveAppConfiguration, savePasswordPolicy } from '../../configuration/app-settings/index.ts';
import { APP_VERSION, NEW_TENANT_PASSWORD_POLICY, PRODUCT_NAME } from '@nusa/contracts';
import { startFreeTrial } from './free-transactions.ts';
import { accountPreparations } from './schema.ts';

const MODULE = 'public.registration';

/** Gmail ignores dots and "+tags"; every provider ignores case. The key catches the same mailbox written differently. */
export function emailKey(email: string): string {
  const [local, domain] = email.trim().toLowerCase().split('@');
  const bare = local.split('+')[0];
  if (domain === 'gmail.com' || domain === 'googlemail.com') return `${bare.replaceAll('.', '')}@gmail.com`;
  return `${bare}@${domain}`;
}

const LEGAL_FORMS = new Set(['pt', 'cv', 'ud', 'tbk', 'persero', 'perseroan', 'terbatas', 'fa', 'firma', 'ltd', 'inc', 'co', 'corp', 'llc']);

/** "PT. Maju Jaya, Tbk." and "maju  jaya" are one company: accents, case, punctuation and legal forms ignored. */
export function companyKey(name: string): string {
  const words = name
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .split(/[^a-z0-9]+/)
    .filter((w) => w && !LEGAL_FORMS.has(w));
  return words.join('') || name.trim().toLowerCase();
}

/** NPWP digits only; blank means none. */
export const taxIdKey = (taxId: string | undefined) => (taxId ?? '').replace(/\D/g, '') || null;

export interface RegisterDeps {
  pools: { owner: pg.Pool; app: pg.Pool };
  /** The caller's address; each registration creates a tenant, so one address gets a few per hour. */
  clientIp: string;
  /** REGISTRATIONS_PER_ADDRESS_PER_HOUR of the config. */
  perAddressPerHour: number;
}

export const SUPER_ADMIN_ROLE = STANDARD_ROLES.find((r) => r.superAdmin)!;

/**
 * Registration with a free trial: checks the password against the policy a new tenant starts with
 * (NEW_TENANT_PASSWORD_POLICY: 8 characters, not a common or breached one), claims the
 * trial keys and creates the tenant in one owner transaction, then provisions the Super Admin role, the admin
 * user, default settings, the free-transaction counter and a queued account preparation. If provisioning fails,
 * the tenant and its trial claim are removed again, so nothing half-made stays.
 */
export async function registerTrial(deps: RegisterDeps, input: RegistrationInput): Promise<Tenant & { adminUserId: string }> {
  const tenantId = uuidv7();
  await withTenant(deps.pools.app, tenantId, async (tx) =>
    checkPassword({ ...(await getPasswordPolicy(tx)), ...NEW_TENANT_PASSWORD_POLICY }, input.password, input.confirmPassword),
  );
  const keys = { email: emailKey(input.email), company: companyKey(input.companyName), taxId: taxIdKey(input.taxId) };
  const registrationId = uuidv7();
  const claim = async (client: pg.PoolClient) => {
    const recent = await client.query<{ n: number }>(
      `SELECT count(*)::int AS n FROM trial_registrations WHERE client_ip = $1 AND created_at > now() - interval '1 hour'`,
      [deps.clientIp],
    );
    if (recent.rows[0].n >= deps.perAddressPerHour) throw new AppError('too_many_requests');
    const used = await client.query<{ email: boolean; company: boolean; tax: boolean }>(
      `SELECT email_key = $1 AS email, company_key = $2 AS company, coalesce(tax_id_key = $3, false) AS tax
         FROM trial_registrations WHERE email_key = $1 OR company_key = $2 OR tax_id_key = $3 LIMIT 1`,
      [keys.email, keys.company, keys.taxId],
    );
    const hit = used.rows[0];
    if (hit) throw new AppError('trial_already_used', [hit.email ? input.email : hit.company ? input.companyName : (input.taxId ?? '')]);
    try {
      await client.query('SAVEPOINT claim');
      await client.query(
        'INSERT INTO trial_registrations (id, email_key, company_key, tax_id_key, registered_tenant_id, client_ip) VALUES ($1, $2, $3, $4, $5, $6)',
        [registrationId, keys.email, keys.company, keys.taxId, tenantId, deps.clientIp],
      );
    } catch (err) {
      // Two registrations of the same person at once: the second finds the first's claim.
      if ((err as { code?: string }).code === '23505') throw new AppError('trial_already_used', [input.email]);
      throw err;
    }
  };
  const tenant = await createTenant(deps.pools.owner, { id: tenantId, baseCode: tenantCodeFromName(input.companyName), name: input.companyName }, claim);
  const adminUserId = uuidv7();
  try {
    await withTenant(deps.pools.app, tenantId, async (tx) => {
      const roleId = await ensureStandardRole(tx, tenantId, SUPER_ADMIN_ROLE);
      await createFirstUser(tx, tenantId, {
        id: adminUserId,
        username: input.username,
        fullName: input.fullName,
        email: input.email.toLowerCase(),
        password: input.password,
        roleId,
      });
      const actor = { tenantId, userId: adminUserId };
      await saveAppConfiguration(tx, actor, {
        productName: PRODUCT_NAME,
        defaultLanguage: input.language,
        defaultPage: '/dashboard',
        releaseVersion: APP_VERSION,
        releaseDate: new Date().toISOString().slice(0, 10),
        releaseNotes: '',
      });
      await savePasswordPolicy(tx, actor, { ...(await getPasswordPolicy(tx)), ...NEW_TENANT_PASSWORD_POLICY });
      await startFreeTrial(tx, tenantId);
      await tx.insert(accountPreparations).values({
        tenantId,
        adminUserId,
        adminEmail: input.email.toLowerCase(),
        companyName: input.companyName,
        taxId: input.taxId || null,
        language: input.language,
      });
      await writeAudit(tx, actor, {
        module: MODULE,
        action: 'register',
        entity: 'tenant',
        entityId: tenantId,
        after: { tenantCode: tenant.code, companyName: input.companyName, username: input.username, email: input.email.toLowerCase(), phone: input.phone },
      });
    });
  } catch (err) {
    await removeTenant(deps.pools.owner, tenantId, async (client) => {
      await client.query('DELETE FROM trial_registrations WHERE id = $1', [registrationId]);
    });
    throw err;
  }
  return { ...tenant, adminUserId };
}
