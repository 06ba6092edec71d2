import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { api, apiLogin } from '../support/api.ts';
import { launchBrowser, screenshot, withOpenPage, type Language } from '../support/browser.ts';
import { seedOwnTenant } from '../support/db.ts';

/** Texts these flows read: the warehouse page (accounting-*.json) and antd's own sorter tooltips (its id_ID and en_US locales). */
const tx = {
  id: {
    title: 'Gudang',
    name: 'Nama gudang',
    sortAsc: 'Klik untuk mengurutkan secara menaik',
    sortDesc: 'Klik untuk mengurutkan secara menurun',
    cancel: 'Klik untuk membatalkan pengurutan',
  },
  en: {
    title: 'Warehouses',
    name: 'Warehouse name',
    sortAsc: 'Click to sort ascending',
    sortDesc: 'Click to sort descending',
    cancel: 'Click to cancel sorting',
  },
};

const DEFAULT_FIRST = ['GDG-JKT', 'GDG-SBY', 'LOK-KMG', 'PRD-BKS'];
const NAME_ASC_FIRST = ['SRT-01', 'SRT-02', 'SRT-03', 'SRT-04'];
const NAME_DESC_FIRST = ['LOK-KMG', 'PRD-BKS', 'GDG-JKT', 'GDG-SBY'];

/** The codes (first cell) of the rows the table shows now. */
const rowCodes = (page: Page) =>
  page.locator('.ant-table-tbody tr.ant-table-row').evaluateAll((rows) => rows.map((r) => r.querySelector('td')?.textContent ?? ''));
const firstCodes = async (page: Page) => (await rowCodes(page)).slice(0, 4);
const header = (page: Page, title: string) => page.locator('th.ant-table-column-has-sorters', { hasText: new RegExp(`^${title}$`) });

/** Hovering a sortable heading shows antd's translated hint of what the next click does. */
async function expectHint(page: Page, title: string, hint: string) {
  await header(page, title).hover();
  await page.locator('.ant-tooltip', { hasText: hint }).waitFor();
}

describe('sortable master lists (warehouses)', () => {
  let browser: Browser;
  let tenant: Awaited<ReturnType<typeof seedOwnTenant>>;

  beforeAll(async () => {
    browser = await launchBrowser();
    tenant = await seedOwnTenant('sort');
    const { token } = await apiLogin('admin', { tenant: tenant.code });
    // 26 more warehouses beside the 4 seeded ones: two pages of 25, and names ("Area …") that sort before the seeded ones.
    for (let n = 1; n <= 26; n++) {
      const code = `SRT-${String(n).padStart(2, '0')}`;
      const res = await api('POST', '/v1/erp/warehouses', {
        token,
        tenant: tenant.code,
        body: { warehouseCode: code, warehouseName: `Area ${code.slice(4)}`, flgWarehouse: 'LOCATION' },
      });
      expect(res.status, code).toBe(200);
    }
  });
  afterAll(async () => {
    await browser?.close();
    await tenant?.close();
  });

  it.each(['id', 'en'] as const)('a column heading sorts ascending, descending, then back to the code order, on page 1 (%s)', async (lang: Language) => {
    const t = tx[lang];
    await withOpenPage(browser, { as: 'admin', tenant: tenant.code, language: lang }, `accounting-sorting-${lang}`, async ({ page }) => {
      await page.goto('/accounting/warehouse');
      await page.getByRole('heading', { level: 1, name: t.title, exact: true }).waitFor();
      await expect.poll(() => firstCodes(page)).toEqual(DEFAULT_FIRST);

      // On page 2, a sort change starts again at page 1.
      await page.locator('.ant-pagination-item-2').click();
      await expect.poll(async () => (await rowCodes(page))[0]).toBe('SRT-22');

      await expectHint(page, t.name, t.sortAsc);
      await header(page, t.name).click();
      await expect.poll(() => firstCodes(page)).toEqual(NAME_ASC_FIRST);
      await expect(page.locator('.ant-pagination-item-active').textContent()).resolves.toBe('1');
      expect(await header(page, t.name).getAttribute('aria-sort')).toBe('ascending');

      await expectHint(page, t.name, t.sortDesc);
      await header(page, t.name).click();
      await expect.poll(() => firstCodes(page)).toEqual(NAME_DESC_FIRST);
      expect(await header(page, t.name).getAttribute('aria-sort')).toBe('descending');
      await page.mouse.move(0, 0);
      await screenshot(page, `accounting-warehouse-sorted-name-desc-${lang}`);

      // The export asks for the same order.
      const exported = page.waitForRequest((req) => req.url().includes('/v1/erp/warehouses/export'));
      await page.getByRole('button', { name: lang === 'id' ? 'Ekspor' : 'Export' }).click();
      expect(new URL((await exported).url()).searchParams.get('sort')).toBe('-name');

      await expectHint(page, t.name, t.cancel);
      await header(page, t.name).click();
      await expect.poll(() => firstCodes(page)).toEqual(DEFAULT_FIRST);
      expect(await header(page, t.name).getAttribute('aria-sort')).toBeNull();
    });
  });
});
