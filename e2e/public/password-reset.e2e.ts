import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { STORAGE_KEYS } from '../../apps/web/src/app/storage-keys.ts';
import { launchBrowser, openPage, screenshot, texts, waitForPath } from '../support/browser.ts';
import { seedOwnTenant } from '../support/db.ts';
import { mailsTo, waitForMail } from '../support/mailbox.ts';

const copy = {
  id: {
    forgotLink: 'Lupa kata sandi?',
    forgotTitle: 'Lupa kata sandi',
    login: 'Nama pengguna atau email',
    change: 'Ganti',
    organisationCode: 'Kode organisasi',
    sentTitle: 'Periksa email Anda',
    sentText: (login: string, tenant: string) => `Jika "${login}" terdaftar di organisasi ${tenant} dan memiliki alamat email`,
    sendAgain: 'Kirim lagi',
    throttled: /^Terlalu banyak permintaan atur ulang kata sandi\. Coba lagi dalam \d+ detik\.$/,
    resetTitle: 'Buat kata sandi baru',
    newPassword: 'Kata sandi baru',
    confirmPassword: 'Konfirmasi kata sandi baru',
    save: 'Simpan kata sandi',
    mismatch: 'Kata sandi tidak sama',
    tooShort: 'Kata sandi minimal 10 karakter',
    ruleLength: 'Minimal 10 karakter',
    needsUpper: 'Kata sandi harus memuat huruf besar',
    ruleUpper: 'Memuat huruf besar',
    success: 'Kata sandi berhasil diubah. Silakan masuk dengan kata sandi baru.',
    linkProblem: 'Tautan ini tidak dapat dipakai',
    linkUsed: 'Tautan atur ulang kata sandi tidak valid atau sudah digunakan',
    linkIncomplete: /^Tautan tidak lengkap\./,
    requestNew: 'Minta tautan baru',
  },
  en: {
    forgotLink: 'Forgot password?',
    forgotTitle: 'Forgot password',
    login: 'Username or email',
    sentTitle: 'Check your email',
    sentText: (login: string, tenant: string) => `If "${login}" is registered with the organisation ${tenant} and has an email address`,
    submit: 'Send link',
    required: 'Username or email cannot be empty',
  },
} as const;

const NEW_PASSWORD = 'Nusantara#2027';

/** The reset link of a mail, as a path of the server under test (PUBLIC_URL of the e2e server is not its port). */
function resetPathOf(text: string): string {
  const link = /https?:\/\/\S+\/reset-password\?tenant=[\w-]+&token=[\w-]+/.exec(text)?.[0];
  if (!link) throw new Error(`no reset link in the mail:\n${text}`);
  const url = new URL(link);
  return `${url.pathname}${url.search}`;
}

async function requestLink(page: Page, login: string) {
  await page.getByLabel(copy.id.login).fill(login);
  await page.getByLabel(copy.id.login).press('Enter');
  await page.getByText(copy.id.sentTitle).waitFor();
}

describe('forgot and reset password', () => {
  let browser: Browser;
  let tenant: Awaited<ReturnType<typeof seedOwnTenant>>;
  const email = `staff.${Date.now().toString(36)}@reset.nusa.test`;

  beforeAll(async () => {
    browser = await launchBrowser();
    // A tenant of its own: the password changes, and its policy is stricter than the default.
    tenant = await seedOwnTenant('reset');
    await tenant.sql(`UPDATE users SET email = $1 WHERE username = 'staff'`, [email]);
    await tenant.sql(
      `INSERT INTO app_settings (tenant_id, password_min_length, password_required_classes)
       VALUES (current_setting('app.tenant_id')::uuid, 10, '{upper}')
       ON CONFLICT (tenant_id) DO UPDATE SET password_min_length = 10, password_required_classes = '{upper}'`,
    );
  });
  afterAll(async () => {
    await tenant?.close();
    await browser?.close();
  });

  it('mails a link from the login page, sets a policy-checked password with it, and the link works once (id)', async () => {
    const t = await openPage(browser);
    const { page } = t;
    try {
      await page.goto('/login');
      await page.getByRole('link', { name: copy.id.forgotLink }).click();
      await waitForPath(page, '/forgot-password');
      await page.getByRole('heading', { level: 1, name: copy.id.forgotTitle }).waitFor();
      // The organisation of the account, as on the login page.
      await page.getByRole('button', { name: copy.id.change }).click();
      await page.getByLabel(copy.id.organisationCode).fill(tenant.code);
      // This try's own mail: a retry would otherwise read its first try's link, which that try may have spent.
      const before = (await mailsTo(email)).length;
      await requestLink(page, 'staff');
      await page.getByText(copy.id.sentText('staff', tenant.code)).waitFor();
      await screenshot(page, 'forgot-password-sent-id');

      const mail = await waitForMail(email, before + 1);
      expect(mail.subject).toBe('Nusa: atur ulang kata sandi');
      const resetPath = resetPathOf(mail.text);
      expect(resetPath).toMatch(new RegExp(`^/reset-password\\?tenant=${tenant.code}&token=`));

      await page.goto(resetPath);
      await page.getByRole('heading', { level: 1, name: copy.id.resetTitle }).waitFor();
      await page.getByText(tenant.code, { exact: false }).first().waitFor();
      const newField = page.getByLabel(copy.id.newPassword, { exact: true });
      const confirmField = page.getByLabel(copy.id.confirmPassword);

      // Checked here first: the confirmation must match.
      await newField.fill('abcd1234');
      await confirmField.fill('abcd12345');
      await confirmField.press('Enter');
      await page.getByText(copy.id.mismatch, { exact: true }).waitFor();

      // The tenant's policy is the server's: each refusal shows under the field and joins the checklist.
      await confirmField.fill('abcd1234');
      await confirmField.press('Enter');
      await page.getByText(copy.id.tooShort, { exact: true }).waitFor();
      await page.getByRole('listitem').filter({ hasText: copy.id.ruleLength }).waitFor();
      await newField.fill('abcdefgh1234');
      await confirmField.fill('abcdefgh1234');
      await confirmField.press('Enter');
      await page.getByText(copy.id.needsUpper, { exact: true }).waitFor();
      await page.getByRole('listitem').filter({ hasText: copy.id.ruleUpper }).waitFor();
      // What was typed stays.
      expect(await newField.inputValue()).toBe('abcdefgh1234');
      await screenshot(page, 'reset-password-policy-id');

      await newField.fill(NEW_PASSWORD);
      await confirmField.fill(NEW_PASSWORD);
      await page.getByRole('button', { name: copy.id.save }).click();
      await page.getByText(copy.id.success).waitFor();
      await waitForPath(page, '/login');

      // The same link again: refused, with the way to a new one.
      await page.goto(resetPath);
      await page.getByLabel(copy.id.newPassword, { exact: true }).fill(`${NEW_PASSWORD}!`);
      await page.getByLabel(copy.id.confirmPassword).fill(`${NEW_PASSWORD}!`);
      await page.getByLabel(copy.id.confirmPassword).press('Enter');
      await page.getByText(copy.id.linkProblem).waitFor();
      await page.getByText(copy.id.linkUsed).waitFor();
      await screenshot(page, 'reset-password-link-used-id');
      await page.getByRole('button', { name: copy.id.requestNew }).click();
      await waitForPath(page, '/forgot-password');

      // The login goes to the link's organisation, with the new password.
      await page.goto('/login');
      await page.getByTestId('login-tenant').getByText(tenant.code).waitFor();
      await page.getByLabel(texts.id.username, { exact: true }).fill('staff');
      await page.getByLabel(texts.id.password, { exact: true }).fill(NEW_PASSWORD);
      await page.getByLabel(texts.id.password, { exact: true }).press('Enter');
      await waitForPath(page, '/dashboard');
      expect(t.pageErrors).toEqual([]);
    } finally {
      await t.close();
    }
  });

  it('answers the same for an account that does not exist, and sends nothing', async () => {
    const t = await openPage(browser);
    try {
      await t.page.goto('/forgot-password');
      const nobody = `nobody.${Date.now().toString(36)}@reset.nusa.test`;
      await requestLink(t.page, nobody);
      await t.page.getByText(copy.id.sentText(nobody, 'demo')).waitFor();
      // "Send again" brings back the form with the address.
      await t.page.getByRole('button', { name: copy.id.sendAgain }).click();
      expect(await t.page.getByLabel(copy.id.login).inputValue()).toBe(nobody);
      await new Promise((r) => setTimeout(r, 500));
      expect(await mailsTo(nobody)).toEqual([]);
    } finally {
      await t.close();
    }
  });

  it('says when an address asked too often, and keeps what was typed', async () => {
    const t = await openPage(browser);
    const { page } = t;
    try {
      await page.goto('/forgot-password');
      const address = `often.${Date.now().toString(36)}@reset.nusa.test`;
      for (let i = 0; i < 3; i++) {
        await requestLink(page, address);
        await page.getByRole('button', { name: copy.id.sendAgain }).click();
      }
      await page.getByLabel(copy.id.login).press('Enter');
      await page.getByRole('alert').getByText(copy.id.throttled).waitFor();
      expect(await page.getByLabel(copy.id.login).inputValue()).toBe(address);
      await screenshot(page, 'forgot-password-throttled-id');
    } finally {
      await t.close();
    }
  });

  it('explains an incomplete link and offers a new one', async () => {
    const t = await openPage(browser);
    try {
      await t.page.goto(`/reset-password?tenant=${tenant.code}`);
      await t.page.getByText(copy.id.linkIncomplete).waitFor();
      await t.page.getByRole('button', { name: copy.id.requestNew }).click();
      await waitForPath(t.page, '/forgot-password');
    } finally {
      await t.close();
    }
  });

  it('works in English too', async () => {
    const t = await openPage(browser, { language: 'en' });
    const { page } = t;
    try {
      await page.goto('/login');
      await page.getByRole('link', { name: copy.en.forgotLink }).click();
      await page.getByRole('heading', { level: 1, name: copy.en.forgotTitle }).waitFor();
      // Enter on an empty field: the translated required message, no request.
      await page.getByLabel(copy.en.login).press('Enter');
      await page.getByText(copy.en.required).waitFor();
      await screenshot(page, 'forgot-password-en');
      await page.evaluate(([key, code]) => window.localStorage.setItem(key, code), [STORAGE_KEYS.tenant, tenant.code] as const);
      await page.reload();
      const before = (await mailsTo(email)).length;
      await page.getByLabel(copy.en.login).fill(email);
      await page.getByRole('button', { name: copy.en.submit }).click();
      await page.getByText(copy.en.sentTitle).waitFor();
      await page.getByText(copy.en.sentText(email, tenant.code)).waitFor();
      await screenshot(page, 'forgot-password-sent-en');
      expect(resetPathOf((await waitForMail(email, before + 1)).text)).toMatch(/^\/reset-password\?/);
      expect(t.pageErrors).toEqual([]);
    } finally {
      await t.close();
    }
  });
});
