import { ERRORS } from '@nusa/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Locator, Page } from 'playwright-core';
import { STORAGE_KEYS } from '../../apps/web/src/app/storage-keys.ts';
import { launchBrowser, openPage, screenshot, texts, waitForPath, type Language, type TestPage } from '../support/browser.ts';
import { api, apiLogin } from '../support/api.ts';
import { seedOwnTenant } from '../support/db.ts';
import { answerConfirm, chooseOption, settled, checkUntilHeld } from '../support/antd.ts';

/** The texts these flows read, per language (from apps/web/src/i18n and the error catalogue). */
const tx = {
  id: {
    mainMenu: 'Menu utama',
    close: 'Tutup',
    user: 'Pengguna',
    role: 'Peran',
    pageAccess: 'Akses Halaman',
    addRole: 'Tambah peran',
    roleName: 'Nama peran',
    addUser: 'Tambah pengguna',
    username: 'Nama pengguna',
    fullName: 'Nama lengkap',
    password: 'Kata sandi',
    confirmPassword: 'Konfirmasi kata sandi',
    save: 'Simpan',
    roleCreated: (name: string) => `Peran ${name} berhasil ditambahkan`,
    userCreated: (name: string) => `Pengguna ${name} berhasil ditambahkan`,
    unlimited: 'Tak terbatas',
    tooShort: /Kata sandi minimal \d+ karakter/,
    mismatch: 'Kata sandi tidak sama',
    usernameRequired: 'Nama pengguna tidak boleh kosong',
    usernamePattern: /^Nama pengguna hanya boleh berisi/,
    byUser: 'Pengguna',
    pickUser: 'Pilih pengguna',
    effect: /Perubahan berlaku pada permintaan berikutnya/,
    accessSaved: 'Akses halaman berhasil disimpan',
    unsaved: 'Belum disimpan',
    discardTitle: 'Perubahan belum disimpan',
    cancel: 'Batal',
    maxDiscountPercent: 'Diskon maksimum (%)',
    roleUpdated: (name: string) => `Peran ${name} berhasil diperbarui`,
    edit: 'Ubah',
    userUpdated: (name: string) => `Pengguna ${name} berhasil diperbarui`,
    activeOf: (name: string) => `Status aktif ${name}`,
    deactivate: 'Nonaktifkan',
    deactivated: (name: string) => `Pengguna ${name} dinonaktifkan`,
    filterActive: 'Filter status aktif',
    inactive: 'Nonaktif',
    deleteRole: (name: string) => `Hapus ${name}`,
    deleteOk: 'Hapus',
    roleHasUsers: 'Peran masih digunakan oleh pengguna',
    moreActions: (name: string) => `Aksi lain untuk ${name}`,
    resetPassword: 'Atur ulang kata sandi',
    viewTasks: 'Lihat tugas',
    fromRole: 'Dari peran',
    fromUser: 'Langsung ke pengguna',
    newPassword: 'Kata sandi baru',
    shownOnce: /hanya ditampilkan sekali/,
    done: 'Saya sudah menyimpannya',
  },
  en: {
    mainMenu: 'Main menu',
    close: 'Close',
    user: 'User',
    role: 'Role',
    pageAccess: 'Page Access',
    addRole: 'Add role',
    roleName: 'Role name',
    addUser: 'Add user',
    username: 'Username',
    fullName: 'Full name',
    password: 'Password',
    confirmPassword: 'Confirm password',
    save: 'Save',
    roleCreated: (name: string) => `Role ${name} was added`,
    userCreated: (name: string) => `User ${name} was added`,
    unlimited: 'Unlimited',
    tooShort: /The password must be at least \d+ characters/,
    mismatch: 'Passwords do not match',
    usernameRequired: 'Username cannot be empty',
    usernamePattern: /^The username may only contain/,
    byUser: 'User',
    pickUser: 'Choose a user',
    effect: /Changes take effect at the affected users' next request/,
    accessSaved: 'Page access was saved',
    unsaved: 'Unsaved',
    discardTitle: 'Unsaved changes',
    cancel: 'Cancel',
    maxDiscountPercent: 'Maximum discount (%)',
    roleUpdated: (name: string) => `Role ${name} was updated`,
    edit: 'Edit',
    userUpdated: (name: string) => `User ${name} was updated`,
    activeOf: (name: string) => `Activation of ${name}`,
    deactivate: 'Deactivate',
    deactivated: (name: string) => `User ${name} was deactivated`,
    filterActive: 'Filter by activation',
    inactive: 'Inactive',
    deleteRole: (name: string) => `Delete ${name}`,
    deleteOk: 'Delete',
    roleHasUsers: 'The role still has users',
    moreActions: (name: string) => `More actions for ${name}`,
    resetPassword: 'Reset password',
    viewTasks: 'View tasks',
    fromRole: 'From role',
    fromUser: 'Granted to user',
    newPassword: 'New password',
    shownOnce: /shown only once/,
    done: 'I have saved it',
  },
} as const;

const USER_PASSWORD = 'Uji#Akses2026';

/** Picks an option of an antd select: types the keyword into it and clicks the matching option. */
const choose = (page: Page, select: Locator, keyword: string, option: string) => chooseOption(page, select, option, keyword);

/** Link texts of the sidebar with the configuration section opened. */
async function menuLinks(page: Page, lang: Language) {
  const nav = page.getByRole('navigation', { name: tx[lang].mainMenu });
  await nav.getByRole('link', { name: texts[lang].dashboard }).waitFor();
  const section = nav.getByText(texts[lang].configuration, { exact: true });
  if ((await section.count()) === 0) return (await nav.getByRole('link').allTextContents()).map((s) => s.trim());
  if ((await nav.getByRole('link', { name: tx[lang].user, exact: true }).count()) === 0) await section.click();
  await nav.getByRole('link', { name: tx[lang].user, exact: true }).waitFor();
  return (await nav.getByRole('link').allTextContents()).map((s) => s.trim());
}

describe.each(['id', 'en'] as const)('configuration access (%s)', (lang) => {
  const l = tx[lang];
  let browser: Browser;
  let tenant: Awaited<ReturnType<typeof seedOwnTenant>>;
  let admin: TestPage;
  let member: TestPage | undefined;
  const suffix = () => `${lang}${Math.random().toString(36).slice(2, 6)}`;
  // Named by the try that creates them (the later tests take the last ones): a retry must not meet the first try's.
  let roleName = '';
  let username = '';
  const fullName = `Rina Auditor ${lang.toUpperCase()}`;

  beforeAll(async () => {
    browser = await launchBrowser();
    tenant = await seedOwnTenant(`access-${lang}`);
    admin = await openPage(browser, { as: 'admin', tenant: tenant.code, language: lang, clipboard: true });
  });
  afterAll(async () => {
    await member?.close();
    await admin?.close();
    await tenant?.close();
    await browser?.close();
  });

  it('the admin creates a role holding only readOnlyConfigUser', async () => {
    roleName = `Auditor ${suffix()}`;
    const { page } = admin;
    await page.goto('/configuration/role');
    await page.getByRole('heading', { level: 1, name: l.role }).waitFor();
    await page.getByRole('cell', { name: 'Admin', exact: true }).first().waitFor();
    await screenshot(page, `config-role-list-${lang}`);

    await page.getByRole('button', { name: l.addRole }).click();
    const drawer = page.getByRole('dialog');
    await drawer.getByLabel(l.roleName).fill(roleName);
    // The maximum discounts start unlimited: their checkboxes are ticked and the inputs disabled.
    expect(await drawer.getByRole('checkbox', { name: l.unlimited }).count()).toBe(4);
    expect(await drawer.getByRole('checkbox', { name: l.unlimited, checked: true }).count()).toBe(2);
    await drawer.locator('.task-checklist__area-name', { hasText: texts[lang].configuration }).click();
    await drawer.getByRole('checkbox', { name: /readOnlyConfigUser/ }).check();
    await settled(page);
    await screenshot(page, `config-role-form-${lang}`);
    await drawer.getByRole('button', { name: l.save }).click();
    await page.getByText(l.roleCreated(roleName)).waitFor();
    const row = page.getByRole('row').filter({ hasText: roleName });
    await row.waitFor();
    expect(await row.textContent()).toContain(l.unlimited);

    // A limit instead of "unlimited": untick its checkbox and type the number.
    await page.getByRole('button', { name: `${l.edit} ${roleName}` }).click();
    const edit = page.getByRole('dialog');
    await edit.getByRole('checkbox', { name: /readOnlyConfigUser/, checked: true }).waitFor();
    await edit.getByRole('checkbox', { name: l.unlimited }).nth(1).uncheck();
    await edit.getByLabel(l.maxDiscountPercent).fill('15');
    await edit.getByLabel(l.maxDiscountPercent).press('Enter');
    await page.getByText(l.roleUpdated(roleName)).waitFor();
    await row.getByText('0% – 15%').waitFor();
    expect(admin.pageErrors).toEqual([]);
  });

  it('the admin creates a user with that role; the password policy and confirmation are checked while typing', async () => {
    username = `auditor.${suffix()}`;
    const { page } = admin;
    await page.goto('/configuration/user');
    await page.getByRole('heading', { level: 1, name: l.user }).waitFor();
    await page.getByRole('row').filter({ hasText: 'staff' }).first().waitFor();
    await screenshot(page, `config-user-list-${lang}`);

    await page.getByRole('button', { name: l.addUser }).click();
    const drawer = page.getByRole('dialog');
    const usernameInput = drawer.getByLabel(l.username, { exact: true });
    await usernameInput.fill('x');
    await usernameInput.fill('');
    await drawer.getByText(l.usernameRequired).waitFor();
    await usernameInput.fill('two words');
    await drawer.getByText(l.usernamePattern).waitFor();
    await usernameInput.fill(username);
    await drawer.getByLabel(l.fullName).fill(fullName);
    await choose(page, drawer.getByLabel(l.role, { exact: true }), 'Auditor', roleName);
    await drawer.getByLabel(l.password, { exact: true }).fill('ab');
    await drawer.getByText(l.tooShort).waitFor();
    await drawer.getByLabel(l.password, { exact: true }).fill(USER_PASSWORD);
    await drawer.getByLabel(l.confirmPassword).fill(`${USER_PASSWORD}x`);
    await drawer.getByText(l.mismatch).waitFor();
    await settled(page);
    await screenshot(page, `config-user-form-${lang}`);
    await drawer.getByLabel(l.confirmPassword).fill(USER_PASSWORD);
    // A username already taken is answered under the field, like a duplicate code in the master forms: no toast.
    await usernameInput.fill('staff');
    await drawer.getByLabel(l.confirmPassword).press('Enter');
    await drawer
      .locator('.ant-form-item-explain-error')
      .filter({ hasText: ERRORS.username_already_exists[lang].replace('{{0}}', 'staff') })
      .waitFor();
    expect(await page.locator('.ant-message-notice, .ant-notification-notice').count()).toBe(0);
    await screenshot(page, `config-user-duplicate-${lang}`);
    await usernameInput.fill(username);
    // Enter submits the form.
    await drawer.getByLabel(l.confirmPassword).press('Enter');
    await page.getByText(l.userCreated(username)).waitFor();
    // Only the success is shown: no earlier error lingers over it.
    expect(await page.locator('.ant-message-error, .ant-notification-notice-error').count()).toBe(0);
    await page.getByRole('row').filter({ hasText: username }).getByText(roleName).waitFor();
    expect(admin.pageErrors).toEqual([]);
  });

  it('the new user sees only the permitted menu entries and the permission-denied page elsewhere', async () => {
    member = await openPage(browser, { language: lang });
    const { page } = member;
    await page.goto('/landing');
    await page.evaluate(([key, code]) => window.localStorage.setItem(key, code), [STORAGE_KEYS.tenant, tenant.code] as const);
    await page.goto('/login');
    await page.getByLabel(texts[lang].username, { exact: true }).fill(username);
    await page.getByLabel(texts[lang].password, { exact: true }).fill(USER_PASSWORD);
    await page.getByLabel(texts[lang].password, { exact: true }).press('Enter');
    await waitForPath(page, '/dashboard');
    expect(await menuLinks(page, lang)).toEqual([texts[lang].dashboard, l.user]);

    await page.goto('/configuration/role');
    await page.getByRole('heading', { level: 1, name: texts[lang].denied }).waitFor();
    await page.goto('/configuration/page-access');
    await page.getByRole('heading', { level: 1, name: texts[lang].denied }).waitFor();

    // View only: the list is there, without the add button or row switches.
    await page.goto('/configuration/user');
    await page.getByRole('row').filter({ hasText: username }).waitFor();
    expect(await page.getByRole('button', { name: l.addUser }).count()).toBe(0);
    expect(await page.getByRole('switch').count()).toBe(0);
    await screenshot(page, `config-user-readonly-${lang}`);
    expect(member.pageErrors).toEqual([]);
  });

  it('a page-access grant to the user makes a new menu entry appear after a reload', async () => {
    const token = (await apiLogin('admin', { tenant: tenant.code })).token;
    // A retry starts from the user without the grant its first try may have saved.
    expect((await api('PUT', `/v1/config/page-access/user/${await userId(username)}`, { token, tenant: tenant.code, body: { tasks: [] } })).status).toBe(200);
    const { page } = admin;
    await page.goto('/configuration/page-access');
    await page.getByText(l.effect).waitFor();
    await page.locator('.ant-segmented').getByText(l.byUser, { exact: true }).click();
    await choose(page, page.getByLabel(l.pickUser), username, `${fullName} (${username})`);
    const tree = page.locator('.task-checklist');
    await tree.waitFor();
    await tree.locator('.task-checklist__area-name', { hasText: texts[lang].configuration }).click();
    await checkUntilHeld(tree.getByRole('checkbox', { name: /readOnlyConfigRole/ }));
    await page.getByText(l.unsaved, { exact: true }).waitFor();
    await screenshot(page, `config-page-access-tree-${lang}`);
    await page.evaluate(() => window.scrollTo(0, 0));
    await screenshot(page, `config-page-access-${lang}`);
    // Choosing another target with unsaved ticks asks first; cancelling keeps them.
    await page.locator('.ant-segmented').getByText(l.role, { exact: true }).click();
    const discard = page.locator('.ant-modal-confirm');
    await discard.locator('.ant-modal-confirm-title', { hasText: l.discardTitle }).waitFor();
    await answerConfirm(page, l.cancel);
    await discard.waitFor({ state: 'detached' });
    expect(await tree.getByRole('checkbox', { name: /readOnlyConfigRole/ }).isChecked()).toBe(true);
    await page.getByRole('button', { name: l.save }).click();
    await page.getByText(l.accessSaved).waitFor();
    const granted = await api<{ tasks: string[] }>('GET', `/v1/config/page-access/user/${await userId(username)}`, { token, tenant: tenant.code });
    expect(granted.body.tasks).toEqual(['readOnlyConfigRole']);

    const m = member!.page;
    await m.goto('/dashboard');
    // The menu first shows the tasks the browser kept and then the session's fresh ones.
    await expect.poll(() => menuLinks(m, lang)).toEqual([texts[lang].dashboard, l.user, l.role]);
    await m.goto('/configuration/role');
    await m.getByRole('row').filter({ hasText: roleName }).waitFor();
    expect(await m.getByRole('button', { name: l.addRole }).count()).toBe(0);
    expect(admin.pageErrors).toEqual([]);
    expect(member!.pageErrors).toEqual([]);
  });

  it("resets the user's password: the new one is shown once, works, and the user's session ends", async () => {
    const { page } = admin;
    await page.goto('/configuration/user');
    // The user's tasks, each with where it comes from.
    await page.getByRole('button', { name: l.moreActions(username) }).click();
    await page.getByRole('menuitem', { name: l.viewTasks }).click();
    const drawer = page.getByRole('dialog').filter({ hasText: username });
    const fromRole = drawer.getByRole('listitem').filter({ hasText: 'readOnlyConfigUser' });
    await fromRole.getByText(l.fromRole).waitFor();
    expect(await fromRole.getByText(l.fromUser).count()).toBe(0);
    await drawer.getByRole('listitem').filter({ hasText: 'readOnlyConfigRole' }).getByText(l.fromUser).waitFor();
    expect(await drawer.getByRole('listitem').count()).toBe(2);
    await settled(page);
    await screenshot(page, `config-user-tasks-${lang}`);
    await drawer.locator('.ant-drawer-footer').getByRole('button', { name: l.close, exact: true }).click();
    await drawer.waitFor({ state: 'detached' });

    await page.getByRole('button', { name: l.moreActions(username) }).click();
    await page.getByRole('menuitem', { name: l.resetPassword }).click();
    await answerConfirm(page, l.resetPassword);
    const dialog = page.getByRole('dialog').filter({ hasText: l.shownOnce });
    const shown = dialog.getByLabel(l.newPassword);
    await shown.waitFor();
    const password = await shown.inputValue();
    expect(password.length).toBeGreaterThanOrEqual(8);
    await settled(page);
    await screenshot(page, `config-user-new-password-${lang}`);
    await dialog.getByRole('button', { name: /Salin|Copy/ }).click();
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(password);
    await dialog.getByRole('button', { name: l.done }).click();
    await dialog.waitFor({ state: 'detached' });
    // Shown once: nothing on the page holds it any more.
    expect(await page.content()).not.toContain(password);

    const login = await apiLogin(username, { tenant: tenant.code, password });
    expect(login.data.username).toBe(username);
    await member!.page.reload();
    await member!.page.getByText(texts[lang].sessionExpired).waitFor();
    expect(admin.pageErrors).toEqual([]);
  });

  it('edits the user, deactivates them after a confirmation and finds them under the inactive filter', async () => {
    // A retry starts from the active user its first try may have deactivated.
    const token = (await apiLogin('admin', { tenant: tenant.code })).token;
    expect((await api('PUT', `/v1/config/users/${await userId(username)}/active`, { token, tenant: tenant.code, body: { active: 'Y' } })).status).toBe(200);
    const { page } = admin;
    await page.goto('/configuration/user');
    await page.getByRole('button', { name: `${l.edit} ${username}` }).click();
    const drawer = page.getByRole('dialog');
    expect(await drawer.getByLabel(l.username, { exact: true }).isDisabled()).toBe(true);
    await drawer.getByLabel(l.fullName).fill(`${fullName} Baru`);
    await drawer.getByRole('button', { name: l.save }).click();
    await page.getByText(l.userUpdated(username)).waitFor();
    await page
      .getByRole('row')
      .filter({ hasText: `${fullName} Baru` })
      .waitFor();

    await page.getByRole('switch', { name: l.activeOf(username) }).click();
    await answerConfirm(page, l.deactivate);
    await page.getByText(l.deactivated(username)).waitFor();
    await chooseOption(page, page.getByLabel(l.filterActive), l.inactive);
    const rows = page.locator('.ant-table-tbody tr.ant-table-row');
    await rows.filter({ hasText: username }).waitFor();
    await page.waitForFunction(() => document.querySelectorAll('.ant-table-tbody tr.ant-table-row').length === 1);
    expect(await page.getByRole('switch', { name: l.activeOf(username) }).isChecked()).toBe(false);
    expect(admin.pageErrors).toEqual([]);
  });

  it('refuses to delete a role its users still hold, with the error shown', async () => {
    const { page } = admin;
    await page.goto('/configuration/role');
    await page.getByRole('button', { name: l.deleteRole(roleName) }).click();
    await answerConfirm(page, l.deleteOk);
    await page.getByRole('alert').filter({ hasText: l.roleHasUsers }).waitFor();
    await page.getByRole('row').filter({ hasText: roleName }).waitFor();
    expect(admin.pageErrors).toEqual([]);
  });

  async function userId(name: string): Promise<string> {
    const res = await tenant.sql('SELECT id FROM users WHERE username = $1', [name]);
    return (res.rows[0] as { id: string }).id;
  }
});
