import { eq, sql } from 'drizzle-orm';
import type pg from 'pg';
import type { Language, PreparationProgress, PreparationStatus } from '@nusa/contracts';
import { withTenant, type Tx } from '../../../platform/db/tenant.ts';
import { writeAudit, type Actor } from '../../../platform/audit/write.ts';
import type { Mailer, QueuedMail } from '../../../platform/mail/mailer.ts';
import { ensureStandardRole, standardRoles } from '../../configuration/users/service.ts';
import { createOrgUnit, listOrgUnits, saveLegalInfo } from '../../configuration/org-units/service.ts';
import { getAppSettings } from '../../configuration/app-settings/service.ts';
import { listCoaGroups, seedChartOfAccounts } from '../../accounting/coa/service.ts';
import { accountPreparations } from './schema.ts';
import { ACCOUNTING_STEPS } from './accounting-steps.ts';

export const PREPARE_ACCOUNT_QUEUE = 'onboarding.prepare-account';
const MODULE = 'public.account-preparation';

export interface PrepareDeps {
  pools: { app: pg.Pool };
  mailer: Mailer;
  publicUrl: string;
}

type Preparation = typeof accountPreparations.$inferSelect;
interface Step {
  name: string;
  /** Returns the mails it wrote, delivered once its transaction committed. */
  run(tx: Tx, actor: Actor, p: Preparation, deps: PrepareDeps, tenantCode: string): Promise<QueuedMail[] | void>;
}

/**
 * The account-preparation steps, in order; each runs in its own transaction that also records it as done, so
 * progress is visible while it runs and a retried job resumes after the last finished step.
 */
export const PREPARATION_STEPS: Step[] = [
  {
    name: 'roles',
    async run(tx, actor) {
      // A trial tenant is never the vendor's own.
      for (const role of standardRoles(false).filter((r) => !r.superAdmin)) {
        const id = await ensureStandardRole(tx, actor.tenantId, role);
        await writeAudit(tx, actor, {
          module: MODULE,
          action: 'provision',
          entity: 'role',
          entityId: id,
          after: { name: role.name, tasks: role.tasks.length },
        });
      }
    },
  },
  {
    name: 'company-unit',
    async run(tx, actor, p, _deps, tenantCode) {
      const existing = await listOrgUnits(tx, { page: 1, limit: 5, type: 'COM' });
      if (existing.total > 0) return;
      const unit = await createOrgUnit(tx, actor, {
        ouCode: tenantCode.toUpperCase().slice(0, 20),
        ouName: p.companyName.slice(0, 100),
        ouTypeCode: 'COM',
        parentId: null,
      });
      await saveLegalInfo(tx, actor, unit.ouId, { ...unit.legal, taxName: p.companyName.slice(0, 200), taxNumber: p.taxId });
    },
  },
  {
    name: 'chart-of-accounts',
    async run(tx, actor) {
      if ((await listCoaGroups(tx, { page: 1, limit: 5 })).total > 0) return;
      const accounts = await seedChartOfAccounts(tx, actor.tenantId);
      await writeAudit(tx, actor, {
        module: MODULE,
        action: 'provision',
        entity: 'chart-of-accounts',
        entityId: actor.tenantId,
        after: { accounts: accounts.size },
      });
    },
  },
  ...ACCOUNTING_STEPS,
  {
    name: 'welcome-mail',
    async run(tx, actor, p, deps, tenantCode) {
      const product = (await getAppSettings(tx)).productName;
      const link = `${deps.publicUrl.replace(/\/+$/, '')}/login?tenant=${encodeURIComponent(tenantCode)}`;
      const mail = welcome[(p.language === 'en' ? 'en' : 'id') as Language]({ product, tenantCode, link });
      return [await deps.mailer.send(tx, actor.tenantId, { to: p.adminEmail, ...mail })];
    },
  },
];

const welcome: Record<Language, (v: { product: string; tenantCode: string; link: string }) => { subject: string; text: string }> = {
  id: ({ product, tenantCode, link }) => ({
    subject: `Akun ${product} Anda siap`,
    text: `Selamat datang di ${product}!\n\nAkun perusahaan Anda (kode tenant: ${tenantCode}) sudah siap. 100 transaksi pertama gratis.\nMasuk di: ${link}\n`,
  }),
  en: ({ product, tenantCode, link }) => ({
    subject: `Your ${product} account is ready`,
    text: `Welcome to ${product}!\n\nYour company account (tenant code: ${tenantCode}) is ready. The first 100 transactions are free.\nSign in at: ${link}\n`,
  }),
};

const setStatus = (tx: Tx, status: PreparationStatus, error: string | null = null) =>
  tx.update(accountPreparations).set({ status, error, updatedAt: sql`now()` });

/** Runs the steps not yet done; on failure records FAILED with the message and rethrows (the queue retries). */
export async function prepareAccount(deps: PrepareDeps, tenantId: string): Promise<void> {
  const tenantCode = (await deps.pools.app.query<{ code: string }>('SELECT code FROM tenants WHERE id = $1', [tenantId])).rows[0]?.code;
  if (!tenantCode) return;
  const start = await withTenant(deps.pools.app, tenantId, async (tx) => {
    const rows = await tx.select().from(accountPreparations).where(eq(accountPreparations.tenantId, tenantId)).for('update');
    if (!rows[0] || rows[0].status === 'DONE') return undefined;
    await setStatus(tx, 'RUNNING');
    return rows[0];
  });
  if (!start) return;
  const actor = { tenantId, userId: start.adminUserId };
  try {
    for (const step of PREPARATION_STEPS) {
      if (start.stepsDone.includes(step.name)) continue;
      const mails = await withTenant(deps.pools.app, tenantId, async (tx) => {
        const written = await step.run(tx, actor, start, deps, tenantCode);
        await tx.update(accountPreparations).set({ stepsDone: sql`array_append(${accountPreparations.stepsDone}, ${step.name})`, updatedAt: sql`now()` });
        return written ?? [];
      });
      for (const mail of mails) await mail.deliver();
    }
    await withTenant(deps.pools.app, tenantId, (tx) => setStatus(tx, 'DONE'));
  } catch (err) {
    const message = err instanceof Error ? err.message.slice(0, 500) : String(err).slice(0, 500);
    await withTenant(deps.pools.app, tenantId, (tx) => setStatus(tx, 'FAILED', message));
    throw err;
  }
}

/**
 * Marks QUEUED again the finished preparations that lack a step added since (trials prepared before their
 * preparation seeded the book currency could post nothing) and answers their tenants, for the caller to run them:
 * the steps done are skipped, and each new step leaves records the tenant made meanwhile alone. Read across
 * tenants, so through the owner pool.
 */
export async function requeueOutdatedPreparations(owner: pg.Pool): Promise<string[]> {
  const names = PREPARATION_STEPS.map((s) => s.name);
  const rows = await owner.query<{ tenant_id: string }>(
    `UPDATE account_preparations SET status = 'QUEUED', updated_at = now() WHERE status = 'DONE' AND NOT steps_done @> $1::text[] RETURNING tenant_id`,
    [names],
  );
  return rows.rows.map((r) => r.tenant_id);
}

export async function preparationProgress(tx: Tx): Promise<PreparationProgress | undefined> {
  const rows = await tx.select().from(accountPreparations).limit(1);
  const p = rows[0];
  if (!p) return undefined;
  const steps = PREPARATION_STEPS.map((s) => ({ name: s.name, done: p.stepsDone.includes(s.name) }));
  return { status: p.status as PreparationStatus, stepsDone: steps.filter((s) => s.done).length, stepsTotal: steps.length, steps, error: p.error };
}
