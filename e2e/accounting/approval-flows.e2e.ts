import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Locator, Page } from 'playwright-core';
import type { ApprovalFlow } from '@nusa/contracts';
import { api, apiLogin } from '../support/api.ts';
import { launchBrowser, screenshot, withOpenPage, type Language } from '../support/browser.ts';
import { seedOwnTenant } from '../support/db.ts';
import { chooseOption, settled } from '../support/antd.ts';

const TEXT = {
  id: {
    heading: 'Alur Persetujuan',
    add: 'Tambah alur',
    name: 'Nama alur',
    type: 'Jenis dokumen',
    typeName: 'Jurnal umum',
    roles: 'Peran penyetuju',
    users: 'Pengguna penyetuju',
    addLevel: 'Tambah level',
    above: 'Berlaku jika nilai di atas',
    save: 'Simpan',
    created: (n: string) => `Alur ${n} berhasil ditambahkan`,
    level1: 'Admin · Salah satu penyetuju · Semua nilai',
    level2: 'Siti Rahayu · Semua penyetuju · di atas Rp 10.000.000',
    all: 'Semua penyetuju',
    flowName: 'Jurnal kantor pusat',
  },
  en: {
    heading: 'Approval Flows',
    add: 'Add flow',
    name: 'Flow name',
    type: 'Document type',
    typeName: 'Cash in',
    roles: 'Approving roles',
    users: 'Approving users',
    addLevel: 'Add level',
    above: 'Applies when the amount is above',
    save: 'Save',
    created: (n: string) => `Flow ${n} added`,
    level1: 'Admin · Any one approver · Any amount',
    level2: 'Siti Rahayu · Every approver · above Rp 10,000,000',
    all: 'Every approver',
    flowName: 'Head office cash in',
  },
} as const;

describe('approval flows', () => {
  let browser: Browser;
  let tenant: Awaited<ReturnType<typeof seedOwnTenant>>;
  beforeAll(async () => {
    browser = await launchBrowser();
    tenant = await seedOwnTenant('flows');
  });
  afterAll(async () => {
    await browser?.close();
    await tenant?.close();
  });

  const levelCard = (page: Page, n: number) =>
    page
      .getByRole('dialog')
      .locator('.flow-form__level')
      .nth(n - 1);
  /** A multiple select stays open after a choice: the option is taken once its tag shows, then Escape closes the list. */
  async function chooseMany(page: Page, field: Locator, search: string, option: RegExp) {
    await field.click();
    await field.fill(search);
    await page.locator('.ant-select-dropdown:not(.ant-select-dropdown-hidden) .ant-select-item-option', { hasText: option }).click();
    await field
      .locator('xpath=ancestor::div[contains(concat(" ", normalize-space(@class), " "), " ant-select ")][1]')
      .locator('.ant-select-selection-item', { hasText: option })
      .waitFor();
    await page.keyboard.press('Escape');
    await page.locator('.ant-select-dropdown:not(.ant-select-dropdown-hidden)').waitFor({ state: 'hidden' });
  }

  for (const lang of ['id', 'en'] as Language[]) {
    it(`creates a two-level flow with an amount band through the screen and lists it (${lang})`, async () => {
      const x = TEXT[lang];
      const { token } = await apiLogin('admin', { tenant: tenant.code });
      const flowsNamed = async () =>
        (await api<{ items: ApprovalFlow[] }>('GET', `/v1/erp/approval-flows?keyword=${encodeURIComponent(x.flowName)}`, { token, tenant: tenant.code })).body
          .items;
      // One flow per document type and OU: a retry would meet the flow its first try saved, so that one goes first.
      for (const flow of await flowsNamed()) {
        const res = await api('DELETE', `/v1/erp/approval-flows/${flow.flowId}`, { token, tenant: tenant.code });
        expect(res.status, JSON.stringify(res.body)).toBe(200);
      }
      await withOpenPage(browser, { as: 'admin', tenant: tenant.code, language: lang }, `approval-flows-${lang}`, async ({ page }) => {
        await page.goto('/accounting/approval-flow');
        await page.getByRole('heading', { level: 1, name: x.heading }).waitFor();
        await page.getByRole('button', { name: x.add }).first().click();
        const dialog = page.getByRole('dialog');
        await dialog.getByLabel(x.name, { exact: true }).fill(x.flowName);
        await chooseOption(page, dialog.getByLabel(x.type, { exact: true }), x.typeName);
        // Level 1: anyone of the Admin role, whatever the amount.
        await chooseMany(page, levelCard(page, 1).getByLabel(`${x.roles} 1`), 'Admin', /^Admin$/);
        // Level 2: above Rp 10 juta, Siti Rahayu must approve too.
        await dialog.getByRole('button', { name: x.addLevel }).click();
        await levelCard(page, 2).waitFor();
        await levelCard(page, 2).getByText(x.all, { exact: true }).click();
        await levelCard(page, 2).getByLabel(`${x.above} 2`).fill('10.000.000');
        await chooseMany(page, levelCard(page, 2).getByLabel(`${x.users} 2`), 'Siti', /^Siti Rahayu/);
        await settled(page);
        await screenshot(page, `approval-flow-form-${lang}`);
        await page.getByRole('button', { name: x.save, exact: true }).click();
        await page.getByText(x.created(x.flowName)).waitFor();
        await dialog.waitFor({ state: 'detached' });

        const row = page.getByRole('row').filter({ hasText: x.flowName });
        await row.getByText(x.typeName, { exact: true }).waitFor();
        await expect.poll(() => row.locator('.flow-levels li').allInnerTexts()).toEqual([x.level1, x.level2]);
        await screenshot(page, `approval-flows-${lang}`);

        const saved = await flowsNamed();
        expect(saved).toHaveLength(1);
        expect(saved[0]).toMatchObject({
          ouId: null,
          active: 'Y',
          levels: [
            { levelNo: 1, mode: 'any', amountAbove: null, amountUpTo: null, roles: [{ name: 'Admin' }], users: [] },
            { levelNo: 2, mode: 'all', amountAbove: '10000000', amountUpTo: null, roles: [], users: [{ name: 'Siti Rahayu' }] },
          ],
        });
      });
    });
  }
});
