import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Locator, Page } from 'playwright-core';
import { launchBrowser, screenshot, withOpenPage, type Language } from '../support/browser.ts';
import { seedOwnTenant } from '../support/db.ts';
import { chooseOption, settled } from '../support/antd.ts';

/** The texts these flows read (apps/web/src/i18n: id/en.json, modules/accounting-catalog and accounting-master). */
const tx = {
  id: {
    users: 'Pengguna',
    addUser: 'Tambah pengguna',
    username: 'Nama pengguna',
    fullName: 'Nama lengkap',
    role: 'Peran',
    password: 'Kata sandi',
    confirmPassword: 'Konfirmasi kata sandi',
    save: 'Simpan',
    userCreated: (name: string) => `Pengguna ${name} berhasil ditambahkan`,
    userActive: (name: string) => `Status aktif ${name}`,
    warehouses: 'Gudang',
    addWarehouse: 'Tambah gudang',
    warehouseName: 'Nama gudang',
    warehouseCreated: (name: string) => `${name} berhasil ditambahkan`,
    recordActive: (name: string) => `Status aktif ${name}`,
    leads: 'Kelola Prospek',
  },
  en: {
    users: 'User',
    addUser: 'Add user',
    username: 'Username',
    fullName: 'Full name',
    role: 'Role',
    password: 'Password',
    confirmPassword: 'Confirm password',
    save: 'Save',
    userCreated: (name: string) => `User ${name} was added`,
    userActive: (name: string) => `Activation of ${name}`,
    warehouses: 'Warehouses',
    addWarehouse: 'Add warehouse',
    warehouseName: 'Warehouse name',
    warehouseCreated: (name: string) => `${name} was added`,
    recordActive: (name: string) => `Active status of ${name}`,
    leads: 'Manage Leads',
  },
} as const;

const PHONE = { width: 390, height: 844 };
const TABLET = { width: 800, height: 1000 };
const DESKTOP = { width: 1366, height: 800 };

/** How far the page is wider than the screen (0: no sideways scrolling of the page). */
const pageOverflow = (page: Page) => page.evaluate(() => Math.max(document.documentElement.scrollWidth, document.body.scrollWidth) - window.innerWidth);

/** The element, scrolled to vertically, lies wholly inside the screen's width and is not covered at its centre. */
async function fullyOnScreen(page: Page, target: Locator) {
  await target.scrollIntoViewIfNeeded();
  const box = await target.boundingBox();
  expect(box).not.toBeNull();
  expect(box!.x).toBeGreaterThanOrEqual(0);
  expect(box!.x + box!.width).toBeLessThanOrEqual(page.viewportSize()!.width);
  expect(
    await target.evaluate((el) => {
      const r = el.getBoundingClientRect();
      const top = document.elementFromPoint(r.left + r.width / 2, r.top + r.height / 2);
      return top !== null && el.contains(top);
    }),
  ).toBe(true);
}

/** The card of a row on a phone list, by a text it holds. */
const card = (page: Page, text: string) => page.locator('.list-cards__card').filter({ hasText: text });

/** The toolbar's controls sit on one line (the desktop toolbar must not wrap). */
const toolbarRows = (page: Page) =>
  page
    .locator('.list-toolbar')
    .first()
    .evaluate((bar) => new Set(Array.from(bar.children).map((c) => Math.round(c.getBoundingClientRect().top))).size);

describe.each(['id', 'en'] as const)('lists on a phone (390×844) and at 1366×800 (%s)', (lang: Language) => {
  const t = tx[lang];
  let browser: Browser;
  let tenant: Awaited<ReturnType<typeof seedOwnTenant>>;
  // A fresh name per try: vitest's retry of a test runs against what its first try saved.
  const fresh = () => Math.random().toString(36).slice(2, 6);

  beforeAll(async () => {
    browser = await launchBrowser();
    tenant = await seedOwnTenant(`phone-${lang}`);
  });
  afterAll(async () => {
    await browser?.close();
    await tenant?.close();
  });

  it('users: no sideways page scroll, the add button in view and working, rows as cards with name and status', async () => {
    await withOpenPage(browser, { as: 'admin', tenant: tenant.code, language: lang }, `users-phone-${lang}`, async ({ page }) => {
      await page.setViewportSize(PHONE);
      await page.goto('/configuration/user');
      await page.getByRole('heading', { level: 1, name: t.users }).waitFor();
      const staff = card(page, 'staff').first();
      await staff.waitFor();
      // A table row on a phone showed only the first column and the actions; a card shows every column.
      expect(await page.locator('.ant-table').count()).toBe(0);
      await fullyOnScreen(page, staff.getByRole('switch', { name: t.userActive('staff') }));
      expect(await staff.textContent()).toContain(t.role);
      expect(await pageOverflow(page)).toBeLessThanOrEqual(0);
      const add = page.getByRole('button', { name: t.addUser });
      await fullyOnScreen(page, add);
      await screenshot(page, `list-phone-users-${lang}`);
      await screenshot(page, `list-phone-users-full-${lang}`, true);

      const username = `ph${lang}${fresh()}`;
      await add.click();
      const drawer = page.getByRole('dialog');
      await drawer.getByLabel(t.username, { exact: true }).fill(username);
      await drawer.getByLabel(t.fullName, { exact: true }).fill(`Phone ${lang}`);
      // A role whose tasks the admin holds (nobody grants a task they do not hold).
      await chooseOption(page, drawer.getByLabel(t.role, { exact: true }), 'Cashier', 'Cashier');
      await drawer.getByLabel(t.password, { exact: true }).fill('Nusa@2026');
      await drawer.getByLabel(t.confirmPassword, { exact: true }).fill('Nusa@2026');
      await settled(page);
      await drawer.getByRole('button', { name: t.save }).click();
      await page.getByText(t.userCreated(username)).waitFor();
      await drawer.waitFor({ state: 'hidden' });
      await card(page, username).first().waitFor();
      expect(await pageOverflow(page)).toBeLessThanOrEqual(0);

      // The same list on a desktop screen: a table, the heading's button beside the title, the toolbar on one line.
      await page.setViewportSize(DESKTOP);
      await page.getByRole('row').filter({ hasText: username }).waitFor();
      // The toolbar takes its desktop layout a moment after the resize (antd's breakpoints re-render).
      await expect.poll(() => toolbarRows(page), { timeout: 5000 }).toBe(1);
      expect(await pageOverflow(page)).toBeLessThanOrEqual(0);
      const title = await page.getByRole('heading', { level: 1, name: t.users }).boundingBox();
      const addBox = await add.boundingBox();
      expect(addBox!.y).toBeLessThan(title!.y + title!.height + 40);
      await screenshot(page, `list-desktop-users-${lang}`);
    });
  });

  it('warehouses (accounting kit): no sideways page scroll, the add button in view and working, name and status on the card', async () => {
    await withOpenPage(browser, { as: 'admin', tenant: tenant.code, language: lang }, `warehouses-phone-${lang}`, async ({ page }) => {
      await page.setViewportSize(PHONE);
      await page.goto('/accounting/warehouse');
      await page.getByRole('heading', { level: 1, name: t.warehouses }).waitFor();
      await page.locator('.list-cards__card').first().waitFor();
      expect(await pageOverflow(page)).toBeLessThanOrEqual(0);
      const add = page.getByRole('button', { name: t.addWarehouse });
      await fullyOnScreen(page, add);
      await screenshot(page, `list-phone-warehouses-${lang}`);

      const name = `Gudang HP ${lang} ${fresh()}`;
      await add.click();
      const drawer = page.getByRole('dialog');
      await drawer.getByLabel(t.warehouseName, { exact: true }).fill(name);
      await settled(page);
      await drawer.getByRole('button', { name: t.save }).click();
      await page.getByText(t.warehouseCreated(name), { exact: false }).first().waitFor();
      await drawer.waitFor({ state: 'hidden' });
      const created = card(page, name).first();
      await created.waitFor();
      // Name and the active switch of the new record are both on screen.
      await fullyOnScreen(page, created.getByText(name, { exact: true }));
      const switchName = (await created.getByRole('switch').getAttribute('aria-label')) ?? '';
      expect(switchName.startsWith(t.recordActive('').trim())).toBe(true);
      await fullyOnScreen(page, created.getByRole('switch'));
      expect(await pageOverflow(page)).toBeLessThanOrEqual(0);

      // A tablet gets the table, which scrolls sideways inside its card, not the page.
      await page.setViewportSize(TABLET);
      await page.getByRole('row').filter({ hasText: name }).waitFor();
      expect(await pageOverflow(page)).toBeLessThanOrEqual(0);
      await screenshot(page, `list-tablet-warehouses-${lang}`);

      await page.setViewportSize(DESKTOP);
      await page.getByRole('row').filter({ hasText: name }).waitFor();
      await expect.poll(() => toolbarRows(page), { timeout: 5000 }).toBe(1);
      expect(await pageOverflow(page)).toBeLessThanOrEqual(0);
      await screenshot(page, `list-desktop-warehouses-${lang}`);
    });
  });

  it('manage leads: no sideways page scroll on a phone; desktop toolbar on one line', async () => {
    await withOpenPage(browser, { as: 'superadmin', language: lang }, `leads-phone-${lang}`, async ({ page }) => {
      await page.setViewportSize(PHONE);
      await page.goto('/administration/manage-leads');
      await page.getByRole('heading', { level: 1, name: t.leads }).waitFor();
      await page.locator('.list-cards__card, .list-cards__empty').first().waitFor();
      expect(await pageOverflow(page)).toBeLessThanOrEqual(0);
      await screenshot(page, `list-phone-leads-${lang}`);
      await page.setViewportSize(DESKTOP);
      await page.locator('.ant-table').first().waitFor();
      expect(await pageOverflow(page)).toBeLessThanOrEqual(0);
      await screenshot(page, `list-desktop-leads-${lang}`);
    });
  });
});
