import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { ERRORS } from '@nusa/contracts';
import { launchBrowser, openPage, screenshot, texts, type TestPage } from '../support/browser.ts';
import { api, apiLogin } from '../support/api.ts';
import { seedOwnTenant } from '../support/db.ts';
import { chooseOption, checkUntilHeld } from '../support/antd.ts';

/** Issue 9: the page-access screen shows the server's refusal, in the user's language, and nothing is saved. */
const tx = {
  id: { byUser: 'Pengguna', pickUser: 'Pilih pengguna', unsaved: 'Belum disimpan', save: 'Simpan', healing: 'Healing' },
  en: { byUser: 'User', pickUser: 'Choose a user', unsaved: 'Unsaved', save: 'Save', healing: 'Healing' },
} as const;

describe.each(['id', 'en'] as const)('grant rules on the page-access screen (%s)', (lang) => {
  const l = tx[lang];
  let browser: Browser;
  let tenant: Awaited<ReturnType<typeof seedOwnTenant>>;
  let admin: TestPage;

  beforeAll(async () => {
    browser = await launchBrowser();
    tenant = await seedOwnTenant(`grants-${lang}`);
    admin = await openPage(browser, { as: 'admin', tenant: tenant.code, language: lang });
  });
  afterAll(async () => {
    await admin?.close();
    await tenant?.close();
    await browser?.close();
  });

  /** Picks a user on the page-access screen, ticks readOnlyConfigRole for them and saves. */
  async function grantRoleView(page: Page, username: string, fullName: string) {
    await page.goto('/configuration/page-access');
    await page.locator('.ant-segmented').getByText(l.byUser, { exact: true }).click();
    await chooseOption(page, page.getByLabel(l.pickUser), `${fullName} (${username})`, username);
    const tree = page.locator('.task-checklist');
    await tree.waitFor();
    await tree.locator('.task-checklist__area-name', { hasText: texts[lang].configuration }).click();
    await checkUntilHeld(tree.getByRole('checkbox', { name: /readOnlyConfigRole/ }));
    await page.getByText(l.unsaved, { exact: true }).waitFor();
    await page.getByRole('button', { name: l.save }).click();
  }

  it('offers only the tasks the Admin holds: the others are greyed out', async () => {
    const { page } = admin;
    await page.goto('/configuration/page-access');
    await page.locator('.ant-segmented').getByText(l.byUser, { exact: true }).click();
    await chooseOption(page, page.getByLabel(l.pickUser), 'Agus Wijaya (staff)', 'staff');
    const tree = page.locator('.task-checklist');
    await tree.waitFor();
    await tree.locator('.task-checklist__area-name', { hasText: l.healing }).click();
    await tree.locator('.task-checklist__area-name', { hasText: texts[lang].configuration }).click();
    // The Admin holds no healing task (so the whole area is greyed out); it holds writeAllConfigRole, so readOnlyConfigRole may be given.
    await expect.poll(() => tree.getByRole('checkbox', { name: /viewHealingInnerChildProducts/ }).isDisabled()).toBe(true);
    expect(await tree.getByRole('checkbox', { name: /readOnlyConfigRole/ }).isDisabled()).toBe(false);
    expect(await tree.locator('.task-checklist__area', { hasText: l.healing }).getByRole('checkbox').isDisabled()).toBe(true);
    await tree.locator('.task-checklist__area-name', { hasText: l.healing }).scrollIntoViewIfNeeded();
    await screenshot(page, `config-page-access-grantable-${lang}`);
    expect(admin.pageErrors).toEqual([]);
  });

  async function grantsOf(username: string) {
    const id = ((await tenant.sql('SELECT id FROM users WHERE username = $1', [username])).rows[0] as { id: string }).id;
    const token = (await apiLogin('superadmin', { tenant: tenant.code })).token;
    return (await api<{ tasks: string[] }>('GET', `/v1/config/page-access/user/${id}`, { token, tenant: tenant.code })).body.tasks;
  }

  it('an Admin cannot raise its own page access', async () => {
    const { page } = admin;
    await grantRoleView(page, 'admin', 'Siti Rahayu');
    await page.getByText(ERRORS.cannot_raise_own_rights[lang]).waitFor();
    await page.evaluate(() => window.scrollTo(0, 0));
    await screenshot(page, `config-page-access-own-refused-${lang}`);
    expect(await grantsOf('admin')).toEqual([]);
    expect(admin.pageErrors).toEqual([]);
  });

  it("an Admin cannot change the Super Admin's page access", async () => {
    const { page } = admin;
    await grantRoleView(page, 'superadmin', 'Budi Santoso');
    await page.getByText(ERRORS['super-admin-only'][lang]).waitFor();
    await page.evaluate(() => window.scrollTo(0, 0));
    await screenshot(page, `config-page-access-super-admin-refused-${lang}`);
    expect(await grantsOf('superadmin')).toEqual([]);
    expect(admin.pageErrors).toEqual([]);
  });
});
