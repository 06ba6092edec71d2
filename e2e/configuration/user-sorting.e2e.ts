import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { api, apiLogin } from '../support/api.ts';
import { launchBrowser, screenshot, withOpenPage, type Language } from '../support/browser.ts';
import { seedOwnTenant } from '../support/db.ts';

/** Column headings of the user list (configUser.* in id.json / en.json). */
const tx = { id: { username: 'Nama pengguna', role: 'Peran' }, en: { username: 'Username', role: 'Role' } };

const header = (page: Page, title: string) => page.locator('th.ant-table-column-has-sorters', { hasText: new RegExp(`^${title}$`) });
/** The usernames (the first line of the first cell) of the rows shown now. */
const usernames = (page: Page) =>
  page.locator('.ant-table-tbody tr.ant-table-row').evaluateAll((rows) => rows.map((r) => r.querySelector('td strong')?.textContent ?? ''));

describe('sortable user list', () => {
  let browser: Browser;
  let tenant: Awaited<ReturnType<typeof seedOwnTenant>>;
  let token: string;

  beforeAll(async () => {
    browser = await launchBrowser();
    tenant = await seedOwnTenant('usort');
    token = (await apiLogin('admin', { tenant: tenant.code })).token;
  });
  afterAll(async () => {
    await browser?.close();
    await tenant?.close();
  });

  const apiOrder = async (sort?: string) => {
    const res = await api<{ items: { username: string }[] }>('GET', `/v1/config/users?limit=100${sort ? `&sort=${sort}` : ''}`, { token, tenant: tenant.code });
    expect(res.status).toBe(200);
    return res.body.items.map((u) => u.username);
  };

  it.each(['id', 'en'] as const)('sorts by username descending, by role, and back to the default order (%s)', async (lang: Language) => {
    const t = tx[lang];
    await withOpenPage(browser, { as: 'admin', tenant: tenant.code, language: lang }, `config-user-sorting-${lang}`, async ({ page }) => {
      await page.goto('/configuration/user');
      const byDefault = await apiOrder();
      await expect.poll(() => usernames(page)).toEqual(byDefault);

      await header(page, t.username).click();
      await header(page, t.username).click();
      const descending = await apiOrder('-username');
      expect(descending).toEqual([...byDefault].reverse());
      await expect.poll(() => usernames(page)).toEqual(descending);
      expect(await header(page, t.username).getAttribute('aria-sort')).toBe('descending');

      // Another heading replaces the sort.
      const byRole = await apiOrder('role');
      expect(byRole).not.toEqual(byDefault);
      await header(page, t.role).click();
      await expect.poll(() => usernames(page)).toEqual(byRole);
      expect(await header(page, t.username).getAttribute('aria-sort')).toBeNull();
      await page.mouse.move(0, 0);
      await screenshot(page, `config-user-sorted-role-${lang}`);

      await header(page, t.role).click();
      await header(page, t.role).click();
      await expect.poll(() => usernames(page)).toEqual(byDefault);
    });
  });
});
