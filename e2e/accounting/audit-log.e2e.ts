import pg from 'pg';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { api, apiLogin } from '../support/api.ts';
import { launchBrowser, screenshot, withOpenPage, type Language } from '../support/browser.ts';
import { seedOwnTenant } from '../support/db.ts';
import { chooseOption } from '../support/antd.ts';

/** The texts this flow reads (apps/web/src/i18n/modules/accounting-audit-log.*.json and the audit catalogue). */
const tx = {
  id: {
    heading: 'Log Audit',
    module: 'Modul',
    warehouses: 'Gudang',
    update: 'Ubah',
    showUnchanged: /^Tampilkan \d+ field yang tidak berubah$/,
    verify: 'Verifikasi rantai',
    ok: /^Rantai audit utuh: \d+ baris diperiksa/,
    broken: /^Rantai audit rusak pada baris #\d+ \(.+\)\. Isi baris ini tidak lagi sesuai dengan hash-nya/,
    showChanges: 'Lihat perubahan',
  },
  en: {
    heading: 'Audit Log',
    module: 'Module',
    warehouses: 'Warehouses',
    update: 'Update',
    showUnchanged: /^Show \d+ unchanged fields$/,
    verify: 'Verify chain',
    ok: /^The audit chain is intact: \d+ rows checked/,
    broken: /^The audit chain is broken at row #\d+ \(.+\)\. This row's content no longer matches its hash/,
    showChanges: 'Show changes',
  },
} as const;

const POLL = { timeout: 10_000 };
const PHONE = { width: 390, height: 844 };

describe('audit log', () => {
  let browser: Browser;
  let tenant: Awaited<ReturnType<typeof seedOwnTenant>>;
  beforeAll(async () => {
    browser = await launchBrowser();
    tenant = await seedOwnTenant('audit');
    // Two business writes to find: a warehouse made, then renamed.
    const { token } = await apiLogin('admin', { tenant: tenant.code });
    const made = await api<{ warehouseId: string }>('POST', '/v1/erp/warehouses', {
      token,
      tenant: tenant.code,
      body: { warehouseCode: 'GD-AUDIT', warehouseName: 'Gudang Audit', flgWarehouse: 'WAREHOUSE', address: 'Jl. Sudirman 1' },
    });
    expect(made.status).toBe(200);
    const renamed = await api('PUT', `/v1/erp/warehouses/${made.body.warehouseId}`, {
      token,
      tenant: tenant.code,
      body: { warehouseCode: 'GD-AUDIT', warehouseName: 'Gudang Audit Utama', flgWarehouse: 'WAREHOUSE', address: 'Jl. Sudirman 1' },
    });
    expect(renamed.status).toBe(200);
  });
  afterAll(async () => {
    await browser?.close();
    await tenant?.close();
  });

  /** Writes the warehouse name the rename's audit row holds as the table's owner would, behind the app's back. */
  async function setLoggedName(name: string) {
    const owner = new pg.Client({ connectionString: inject('e2eDatabaseUrl') });
    await owner.connect();
    try {
      await owner.query(
        `UPDATE audit_log SET after = jsonb_set(after, '{warehouseName}', $2::jsonb)
          WHERE entity = 'warehouse' AND action = 'update' AND tenant_id = (SELECT id FROM tenants WHERE code = $1)`,
        [tenant.code, JSON.stringify(name)],
      );
    } finally {
      await owner.end();
    }
  }

  /** Filters by the warehouse module, opens the rename, checks the side-by-side change and verifies the chain. */
  async function filterExpandVerify(page: Page, lang: Language) {
    const t = tx[lang];
    await page.goto('/accounting/audit-log');
    await page.getByRole('heading', { level: 1, name: t.heading }).waitFor();
    // The module list is long (and virtual): typing narrows it.
    await chooseOption(page, page.getByLabel(t.module, { exact: true }), t.warehouses, t.warehouses);
    const rows = page.locator('.ant-table-tbody tr.ant-table-row');
    await expect.poll(() => rows.count(), POLL).toBe(2);
    // Newest first: the rename, then the create.
    const rename = rows.first();
    await rename.getByText(t.update, { exact: true }).waitFor();
    await rename.locator('.ant-table-row-expand-icon').click();
    const changes = page.locator('.audit-changes').first();
    const changed = changes.locator('tr[data-changed="true"]');
    await expect.poll(() => changed.count(), POLL).toBe(1);
    expect(await changed.locator('th').textContent()).toBe('warehouseName');
    expect(await changed.locator('.audit-changes__before').textContent()).toBe('Gudang Audit');
    expect(await changed.locator('.audit-changes__after').textContent()).toBe('Gudang Audit Utama');
    // Unchanged fields stay folded until asked for.
    expect(await changes.locator('tr[data-changed="false"]').count()).toBe(0);
    await changes.getByRole('button', { name: t.showUnchanged }).click();
    await expect.poll(() => changes.locator('tr[data-changed="false"]').count(), POLL).toBeGreaterThan(2);
    await page.getByRole('button', { name: t.verify }).click();
    await page.getByRole('status').filter({ hasText: t.ok }).waitFor();
    await screenshot(page, `audit-log-${lang}`);
  }

  it('filters by module, shows a change side by side and verifies the chain (id)', async () => {
    await withOpenPage(browser, { as: 'admin', tenant: tenant.code, language: 'id' }, 'audit-log-id-failed', (p) => filterExpandVerify(p.page, 'id'));
  }, 120_000);

  it('the same in English, then names the row an owner changed behind the app’s back; on a phone the row opens as a card', async () => {
    // A retry meets the chain its first try broke: the row is given back what the rename wrote, which its hash holds.
    await setLoggedName('Gudang Audit Utama');
    await withOpenPage(browser, { as: 'admin', tenant: tenant.code, language: 'en' }, 'audit-log-en-failed', async ({ page }) => {
      await filterExpandVerify(page, 'en');
      await setLoggedName('Gudang Palsu');
      await page.getByRole('button', { name: tx.en.verify }).click();
      await page.getByRole('status').filter({ hasText: tx.en.broken }).waitFor();
      // The changed row stands out in the list, read again with the verdict: it shows what is stored now.
      const broken = page.locator('tr.audit-row--broken');
      await broken.getByText('Gudang Palsu').waitFor();
      await screenshot(page, 'audit-log-broken-en');

      await page.setViewportSize(PHONE);
      const card = page.locator('.list-cards__card').first();
      await card.getByRole('button', { name: tx.en.showChanges }).click();
      await card.locator('tr[data-changed="true"]').first().waitFor();
      await screenshot(page, 'audit-log-phone-en');
      expect(await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth)).toBeLessThanOrEqual(0);
    });
  }, 120_000);
});
