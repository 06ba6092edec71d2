import type pg from 'pg';
import { v7 as uuidv7 } from 'uuid';
import { DEFAULT_TENANT } from '@nusa/contracts';
import { withTenant } from '../../platform/db/tenant.ts';
import { hashPassword } from '../../platform/auth/passwords.ts';
import { tenants } from '../../platform/tenancy/schema.ts';
import { roles, roleTasks, users } from '../../modules/configuration/users/schema.ts';
import { standardRoles } from '../../modules/configuration/users/service.ts';
import { appSettings } from '../../modules/configuration/app-settings/schema.ts';
import { orgUnits } from '../../modules/configuration/org-units/schema.ts';
import { seedErpMasterData, seedUnits } from '../../modules/accounting/products/seed.ts';
import { seedChartOfAccounts } from '../../modules/accounting/coa/seed.ts';
import { seedPromoCodes } from '../../modules/administration/leads/seed.ts';
import { seedReferenceCurrencies, seedSampleExchangeRates } from '../../modules/accounting/currencies/seed.ts';
import { seedCashBoxes, seedSampleBankAccounts } from '../../modules/accounting/cash-banks/seed.ts';
import { seedDocumentTemplates } from '../../modules/accounting/document-templates/seed.ts';
import { seedAiUsage } from '../../modules/dashboard/usage/seed.ts';
import { seedDemoSalesDataset } from '../../modules/analysis/datasets/seed.ts';
import { seedDemoSavedGraphs } from '../../modules/analysis/saved-graphs/seed.ts';
import { seedServiceDemo } from '../../modules/service/seed.ts';
import { drizzle } from 'drizzle-orm/node-postgres';
import { eq } from 'drizzle-orm';

export const DEMO_PASSWORD = 'Nusa@2026';

export const DEMO_USERS = [
  { username: 'superadmin', fullName: 'Budi Santoso', email: 'superadmin@demo.nusa.id', role: 'Super Admin' },
  { username: 'admin', fullName: 'Siti Rahayu', email: 'admin@demo.nusa.id', role: 'Admin' },
  { username: 'staff', fullName: 'Agus Wijaya', email: 'staff@demo.nusa.id', role: 'Staff' },
  { username: 'agent', fullName: 'Dewi Lestari', email: 'agent@demo.nusa.id', role: 'CS Agent' },
  { username: 'cashier', fullName: 'Rina Kurniawati', email: 'cashier@demo.nusa.id', role: 'Cashier' },
] as const;

export interface SeedTenantOptions {
  code: string;
  name: string;
  password?: string;
  /** The vendor's own tenant (Manage Leads); by default only the demo tenant, the one that sells Nusa. */
  vendor?: boolean;
}

/** Creates a tenant with the demo roles and users; does nothing when the tenant code exists. Returns its id. */
export async function seedTenant(pools: { owner: pg.Pool; app: pg.Pool }, opts: SeedTenantOptions): Promise<{ id: string; created: boolean }> {
  const ownerDb = drizzle({ client: pools.owner });
  const vendor = opts.vendor ?? opts.code === DEFAULT_TENANT;
  const inserted = await ownerDb
    .insert(tenants)
    .values({ id: uuidv7(), code: opts.code, name: opts.name, vendor })
    .onConflictDoNothing()
    .returning({ id: tenants.id });
  const id = inserted[0]?.id ?? (await pools.owner.query<{ id: string }>('SELECT id FROM tenants WHERE code = $1', [opts.code])).rows[0].id;
  // The tenant row commits before its data: a start stopped in between left a tenant without users, seeded now.
  const seeded = await pools.owner.query('SELECT 1 FROM users WHERE tenant_id = $1 LIMIT 1', [id]);
  if (seeded.rowCount) return { id, created: false };
  const passwordHash = await hashPassword(opts.password ?? DEMO_PASSWORD);
  await withTenant(pools.app, id, async (tx) => {
    const roleIds = new Map<string, string>();
    for (const role of standardRoles(vendor)) {
      const roleId = uuidv7();
      roleIds.set(role.name, roleId);
      await tx.insert(roles).values({ tenantId: id, id: roleId, name: role.name, type: role.type, isSuperAdmin: role.superAdmin ?? false });
      const tasks = [...new Set(role.tasks)];
      if (tasks.length) await tx.insert(roleTasks).values(tasks.map((task) => ({ tenantId: id, roleId, task })));
    }
    for (const u of DEMO_USERS) {
      await tx.insert(users).values({
        tenantId: id,
        id: uuidv7(),
        username: u.username,
        fullName: u.fullName,
        email: u.email,
        passwordHash,
        roleId: roleIds.get(u.role)!,
      });
    }
    const ou = (code: string, name: string, typeCode: string, parentId: string | null) => ({ tenantId: id, id: uuidv7(), code, name, typeCode, parentId });
    const company = ou('PTDN', opts.name, 'COM', null);
    const retail = ou('RETAIL', 'Divisi Ritel', 'MBU', null);
    const jakarta = ou('JKT', 'Cabang Jakarta', 'BRA', retail.id);
    const surabaya = ou('SBY', 'Cabang Surabaya', 'BRA', retail.id);
    const kemang = ou('KEMANG', 'Toko Kemang', 'SBU', jakarta.id);
    const accounting = ou('AKT-JKT', 'Unit Akuntansi Jakarta', 'OUT', jakarta.id);
    for (const unit of [company, retail, jakarta, surabaya, kemang, accounting]) await tx.insert(orgUnits).values(unit);
    await tx
      .update(orgUnits)
      .set({
        address: 'Jl. Jenderal Sudirman Kav. 52-53, Jakarta Selatan 12190',
        taxName: opts.name,
        taxNumber: '01.234.567.8-012.000',
        taxDate: '2020-01-15',
        phone: '021-5150000',
        taxableEntrepreneur: true,
      })
      .where(eq(orgUnits.id, company.id));
    // Reference data, as a trial's account preparation seeds it too (public/onboarding/accounting-steps.ts).
    const coa = await seedChartOfAccounts(tx, id);
    const currencies = await seedReferenceCurrencies(tx, id);
    await seedDocumentTemplates(tx, id);
    const units = await seedUnits(tx, id);
    const idr = currencies.get('IDR')!;
    await seedCashBoxes(tx, id, { coa, idr });
    // Sample data: the demo company's own records, which a trial does not get.
    await seedErpMasterData(tx, id, units);
    await seedSampleExchangeRates(tx, id, currencies);
    await seedSampleBankAccounts(tx, id, { coa, idr, ouId: company.id });
    await seedPromoCodes(tx, id);
    // The demo's dashboard shows a quarter of AI usage from the first start; other tenants start with none.
    if (opts.code === DEFAULT_TENANT) await seedAiUsage(tx, id, [jakarta.id, surabaya.id, kemang.id]);
    // The demo's sales analysis has a dataset to ask about from the first start.
    if (opts.code === DEFAULT_TENANT) {
      const sales = await seedDemoSalesDataset(tx, id);
      if (sales) await seedDemoSavedGraphs(tx, id, sales);
    }
    // The demo's customer-service client answers in the virtual chat from the first start.
    if (opts.code === DEFAULT_TENANT) await seedServiceDemo(tx, id, kemang.id);
    await tx.insert(appSettings).values({
      tenantId: id,
      productName: 'Nusa',
      releaseVersion: '1.0.0',
      releaseDate: '2026-11-21',
      releaseNotes: 'Rilis pertama: masuk, akses berbasis tugas, dasbor, dan dua bahasa (Indonesia/English).',
    });
  });
  return { id, created: true };
}
