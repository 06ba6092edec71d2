import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { launchBrowser, openPage, screenshot, waitForPath } from '../support/browser.ts';
import { api, apiLogin } from '../support/api.ts';

/** The texts these flows read (apps/web/src/i18n/modules/onboarding.*.json and the error catalogue). */
const tx = {
  title: 'Daftar Uji Coba Gratis',
  companyName: 'Nama perusahaan',
  fullName: 'Nama lengkap',
  email: 'Email',
  phone: 'Nomor telepon',
  username: 'Nama pengguna',
  password: 'Kata sandi',
  confirmPassword: 'Konfirmasi kata sandi',
  submit: 'Daftar dan mulai uji coba',
  tooShort: 'Kata sandi minimal 8 karakter',
  tooCommon: 'Kata sandi ini termasuk yang paling sering dipakai atau pernah bocor; pilih kata sandi lain',
  ruleCommon: 'Bukan kata sandi yang paling sering dipakai atau pernah bocor',
  mismatch: 'Kata sandi tidak sama',
  ruleLength: 'Minimal 8 karakter',
  preparing: 'Menyiapkan akun Anda',
  ready: 'Akun Anda siap!',
  readyPage: 'Akun uji coba Anda',
  free: '100 transaksi pertama gratis',
  oncePerPerson: 'Setiap orang dan perusahaan hanya mendapat satu uji coba gratis, selamanya.',
  trialUsed: (what: string) => `Uji coba gratis sudah pernah dipakai untuk ${what}`,
  loginTitle: 'Masuk ke akun Anda',
  trialLink: 'Belum punya akun? Mulai uji coba gratis',
};

const PASSWORD = 'UjiCoba#2026';

async function fillForm(page: Page, v: { company: string; email: string; username: string }) {
  await page.getByLabel(tx.companyName, { exact: true }).fill(v.company);
  await page.getByLabel(tx.fullName, { exact: true }).fill('Rina Kurnia');
  await page.getByLabel(tx.email, { exact: true }).fill(v.email);
  await page.getByLabel(tx.phone, { exact: true }).fill('+62 812 3456 7890');
  await page.getByLabel(tx.username, { exact: true }).fill(v.username);
}

describe('free-trial registration (public)', () => {
  let browser: Browser;
  beforeAll(async () => {
    browser = await launchBrowser();
  });
  afterAll(async () => {
    await browser?.close();
  });

  it('a visitor registers, watches the account being prepared and signs in to the new organisation; the same person cannot register again', async () => {
    const stamp = Date.now().toString(36);
    const company = `PT Uji Daftar ${stamp}`;
    const email = `rina.${stamp}@example.com`;
    const t = await openPage(browser);
    try {
      // The login page leads to the sign-up.
      await t.page.goto('/login');
      await t.page.getByRole('link', { name: tx.trialLink }).click();
      await waitForPath(t.page, '/register');
      await t.page.getByRole('heading', { level: 1, name: tx.title }).waitFor();
      expect(await t.page.title()).toBe('Nusa | Daftar Uji Coba Gratis');
      expect(await t.page.getByLabel(tx.companyName, { exact: true }).evaluate((el) => el === document.activeElement)).toBe(true);
      await screenshot(t.page, 'register-id-empty', true);

      await fillForm(t.page, { company, email, username: 'rina' });
      // Password feedback while typing: too short (a new organisation asks 8 characters), then a confirmation that differs.
      await t.page.getByText(tx.ruleCommon).waitFor();
      await t.page.getByLabel(tx.password, { exact: true }).fill('abcde');
      await t.page.getByText(tx.tooShort, { exact: true }).waitFor();
      expect(await t.page.locator('.password-rules li', { hasText: tx.ruleLength }).getAttribute('data-ok')).toBe('false');
      await t.page.getByLabel(tx.password, { exact: true }).fill(PASSWORD);
      await t.page.getByText(tx.tooShort, { exact: true }).waitFor({ state: 'detached' });
      expect(await t.page.locator('.password-rules li', { hasText: tx.ruleLength }).getAttribute('data-ok')).toBe('true');
      await t.page.getByLabel(tx.confirmPassword, { exact: true }).fill('UjiCoba#2025');
      await t.page.getByText(tx.mismatch, { exact: true }).waitFor();
      await screenshot(t.page, 'register-id-password-feedback', true);
      await t.page.getByLabel(tx.confirmPassword, { exact: true }).fill(PASSWORD);
      await t.page.getByText(tx.mismatch, { exact: true }).waitFor({ state: 'detached' });

      // A common password passes the length rule but the server refuses it, under the field.
      await t.page.getByLabel(tx.password, { exact: true }).fill('Password123');
      await t.page.getByLabel(tx.confirmPassword, { exact: true }).fill('Password123');
      await t.page.getByLabel(tx.confirmPassword, { exact: true }).press('Enter');
      await t.page.getByText(tx.tooCommon, { exact: true }).waitFor();
      expect(t.page.url()).toMatch(/\/register$/);
      await t.page.getByLabel(tx.password, { exact: true }).fill(PASSWORD);
      await t.page.getByLabel(tx.confirmPassword, { exact: true }).fill(PASSWORD);

      // Enter sends the form; the new organisation and username go into the address.
      await t.page.getByLabel(tx.confirmPassword, { exact: true }).press('Enter');
      await t.page.waitForURL(/\/register\?tenant=/);
      const url = new URL(t.page.url());
      const tenant = url.searchParams.get('tenant')!;
      expect(tenant).toMatch(/^pt-uji-daftar|^uji-daftar/);
      expect(url.searchParams.get('username')).toBe('rina');
      // The preparation may already be through when the page first asks (it takes about a second here).
      await t.page.getByRole('heading', { level: 1, name: new RegExp(`^(${tx.preparing}|${tx.readyPage})$`) }).waitFor();
      await screenshot(t.page, 'register-id-preparing', true);

      // The e2e server runs without the job queue (JOBS=false): the server prepares the account in its own process.
      await t.page.getByText(tx.ready).waitFor({ timeout: 45_000 });
      await t.page.getByRole('heading', { level: 1, name: tx.readyPage }).waitFor();
      expect(await t.page.locator('.preparation__step[data-done="true"]').count()).toBe(8);
      await t.page.getByText(tx.free).first().waitFor();
      expect(await t.page.getByTestId('new-tenant').textContent()).toBe(tenant);
      await screenshot(t.page, 'register-id-ready', true);

      // A reload keeps the finished preparation (it is read from the server).
      await t.page.reload();
      await t.page.getByText(tx.ready).waitFor();

      await t.page.getByRole('button', { name: `Masuk ke ${tenant}` }).click();
      await waitForPath(t.page, '/login');
      await t.page.getByRole('heading', { level: 1, name: tx.loginTitle }).waitFor();
      expect(await t.page.getByTestId('login-tenant').textContent()).toBe(tenant);
      // The new account's username is already there; the password field has the focus.
      expect(await t.page.getByLabel(tx.username, { exact: true }).inputValue()).toBe('rina');
      expect(await t.page.getByLabel(tx.password, { exact: true }).evaluate((el) => el === document.activeElement)).toBe(true);
      await screenshot(t.page, 'register-id-login-new-tenant');
      await t.page.getByLabel(tx.password, { exact: true }).fill(PASSWORD);
      await t.page.getByLabel(tx.password, { exact: true }).press('Enter');
      await waitForPath(t.page, '/dashboard');
      await t.page.getByRole('heading', { level: 1, name: /Rina Kurnia/ }).waitFor();
      expect(JSON.parse((await t.storage('session'))!)).toMatchObject({ username: 'rina', xTenantDefault: tenant });
      await screenshot(t.page, 'register-id-dashboard');

      // The new organisation is a trial with its 100 free transactions and the prepared chart of accounts.
      const { token } = await apiLogin('rina', { tenant, password: PASSWORD });
      const free = await api<{ trial: boolean; used: number; limit: number }>('GET', '/v1/onboarding/free-transactions', { token, tenant });
      expect(free.body).toMatchObject({ trial: true, used: 0, limit: 100 });
      // Manage Leads is the vendor's own screen: the trial's Super Admin has neither the menu entry nor the API.
      expect(await t.page.getByRole('navigation', { name: 'Menu utama' }).getByText('Administrasi', { exact: true }).count()).toBe(0);
      expect((await api('GET', '/v1/admin/leads', { token, tenant })).status).toBe(403);
      expect(t.pageErrors).toEqual([]);
    } finally {
      await t.close();
    }

    // One free trial per person, ever: the same e-mail with another company is refused, the form keeps its values.
    const again = await openPage(browser);
    try {
      await again.page.goto('/register');
      await again.page.getByRole('heading', { level: 1, name: tx.title }).waitFor();
      await fillForm(again.page, { company: `CV Lain ${stamp}`, email, username: 'rina2' });
      await again.page.getByLabel(tx.password, { exact: true }).fill(PASSWORD);
      await again.page.getByLabel(tx.confirmPassword, { exact: true }).fill(PASSWORD);
      await again.page.getByRole('button', { name: tx.submit }).click();
      await again.page.locator('.ant-alert-title', { hasText: tx.trialUsed(email) }).waitFor();
      await again.page.getByText(tx.oncePerPerson).waitFor();
      // The message sits under the e-mail field too.
      await again.page.locator('#register_email_help', { hasText: tx.trialUsed(email) }).waitFor();
      expect(await again.page.getByLabel(tx.companyName, { exact: true }).inputValue()).toBe(`CV Lain ${stamp}`);
      expect(again.page.url()).toMatch(/\/register$/);
      await screenshot(again.page, 'register-id-trial-used', true);
      expect(again.pageErrors).toEqual([]);
    } finally {
      await again.close();
    }
  }, 120_000);

  it('shows the form in English', async () => {
    const t = await openPage(browser, { language: 'en' });
    try {
      await t.page.goto('/register');
      await t.page.getByRole('heading', { level: 1, name: 'Free Trial Sign-up' }).waitFor();
      await t.page.getByRole('button', { name: 'Sign up and start the trial' }).click();
      await t.page.getByText('Company name cannot be empty').waitFor();
      await t.page.getByText('The first 100 transactions are free.').waitFor();
      await screenshot(t.page, 'register-en-required', true);
      expect(t.pageErrors).toEqual([]);
    } finally {
      await t.close();
    }
  });
});
