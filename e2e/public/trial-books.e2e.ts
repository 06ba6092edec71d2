import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Locator, Page } from 'playwright-core';
import type { TrialBalance } from '@nusa/contracts';
import { api, apiLogin } from '../support/api.ts';
import { launchBrowser, screenshot, waitForPath, withOpenPage, type Language } from '../support/browser.ts';
import { chooseOption, settled } from '../support/antd.ts';
import { JOURNAL_WORDS, startJournal } from '../accounting/journal-drawer.ts';

/** The texts this flow reads (modules/onboarding, modules/accounting-journals, the page titles). */
const TEXT = {
  id: {
    ...JOURNAL_WORDS.id,
    companyName: 'Nama perusahaan',
    fullName: 'Nama lengkap',
    email: 'Email',
    phone: 'Nomor telepon',
    username: 'Nama pengguna',
    password: 'Kata sandi',
    confirmPassword: 'Konfirmasi kata sandi',
    signUp: 'Daftar dan mulai uji coba',
    ready: 'Akun Anda siap!',
    logIn: (tenant: string) => `Masuk ke ${tenant}`,
    cashIn: 'Kas Masuk',
    addCashIn: 'Kas masuk baru',
    cashBank: 'Kas/bank',
    amount: 'Jumlah',
    saveSubmit: 'Simpan & ajukan',
    saveDraft: 'Simpan draf',
    submit: 'Ajukan',
  },
  en: {
    ...JOURNAL_WORDS.en,
    companyName: 'Company name',
    fullName: 'Full name',
    email: 'E-mail',
    phone: 'Phone number',
    username: 'Username',
    password: 'Password',
    confirmPassword: 'Confirm password',
    signUp: 'Sign up and start the trial',
    ready: 'Your account is ready!',
    logIn: (tenant: string) => `Sign in to ${tenant}`,
    cashIn: 'Cash In',
    addCashIn: 'New cash in',
    cashBank: 'Cash/bank',
    amount: 'Amount',
    saveSubmit: 'Save and submit',
    saveDraft: 'Save draft',
    submit: 'Submit',
  },
} as const;
type Words = (typeof TEXT)[Language];

const POLL = { timeout: 15_000 };
/** A button's accessible name ends with its label (antd's icon names itself first, e.g. "send Save and submit"). */
const endsWith = (label: string) => new RegExp(`(^| )${label.replace(/[&]/g, '\\$&')}$`);
const CAPITAL = { id: '25000000', en: '40000000' } as const;
const SALES = { id: '1750000', en: '2250000' } as const;
const today = new Date(Date.now() + 7 * 3_600_000).toISOString().slice(0, 10);
const period = today.slice(0, 4) + today.slice(5, 7);

/** Registers a new company on the public page and signs in as its Super Admin; answers the new organisation's code. */
async function registerAndSignIn(page: Page, x: Words, v: { company: string; email: string; username: string; password: string }): Promise<string> {
  await page.goto('/register');
  await page.getByLabel(x.companyName, { exact: true }).fill(v.company);
  await page.getByLabel(x.fullName, { exact: true }).fill('Wulan Sari');
  await page.getByLabel(x.email, { exact: true }).fill(v.email);
  await page.getByLabel(x.phone, { exact: true }).fill('+62 813 2222 3333');
  await page.getByLabel(x.username, { exact: true }).fill(v.username);
  await page.getByLabel(x.password, { exact: true }).fill(v.password);
  await page.getByLabel(x.confirmPassword, { exact: true }).fill(v.password);
  await page.getByRole('button', { name: x.signUp }).click();
  await page.waitForURL(/\/register\?tenant=/);
  const tenant = new URL(page.url()).searchParams.get('tenant')!;
  // Prepared on the server's job queue, as `npm start` does.
  await page.getByText(x.ready).waitFor({ timeout: 45_000 });
  await page.getByRole('button', { name: x.logIn(tenant) }).click();
  await waitForPath(page, '/login');
  await page.getByLabel(x.password, { exact: true }).fill(v.password);
  await page.getByLabel(x.password, { exact: true }).press('Enter');
  await waitForPath(page, '/dashboard');
  return tenant;
}

/**
 * Saves the open document drawer and submits it (the journal in one step, cash in as a draft first); without an
 * approval flow it is released at once. Answers its number.
 */
async function saveAndSubmit(drawer: Locator, x: Words, oneStep: boolean): Promise<string> {
  const status = drawer.locator('.journals-editor__status');
  const button = drawer.getByRole('button', { name: endsWith(oneStep ? x.saveSubmit : x.saveDraft) });
  await expect.poll(() => button.isDisabled(), POLL).toBe(false);
  await button.click();
  if (!oneStep) {
    await status.locator('strong').waitFor(POLL);
    await drawer.getByRole('button', { name: endsWith(x.submit) }).click();
  }
  await status.getByText(x.released, { exact: true }).waitFor(POLL);
  return (await status.locator('strong').innerText()).trim();
}

describe('a free trial books from its first sign-in (issue 23)', () => {
  let browser: Browser;
  beforeAll(async () => {
    browser = await launchBrowser();
  });
  afterAll(async () => {
    await browser?.close();
  });

  for (const lang of ['id', 'en'] as Language[]) {
    it(`a visitor registers, signs in as the new Super Admin and books a journal and a cash in through the screens (${lang})`, async () => {
      const x = TEXT[lang];
      // Each try registers a company of its own: a retry never meets the first try's organisation or documents.
      const stamp = `${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}`;
      const account = { company: `Kopi Uji ${stamp}`, email: `wulan.${stamp}@example.com`, username: 'wulan', password: `Trial-${stamp}-Kopi!2026` };
      let tenant = '';
      const numbers: string[] = [];
      await withOpenPage(browser, { language: lang }, `trial-books-${lang}`, async ({ page }) => {
        tenant = await registerAndSignIn(page, x, account);

        const journal = await startJournal(page, x, { remarks: `Setoran modal ${stamp}`, account: '1101', amount: CAPITAL[lang] });
        await chooseOption(page, journal.getByLabel(`${x.account} 2`), /^3101 /, '3101');
        await journal.getByLabel(`${x.credit} 2`).fill(CAPITAL[lang]);
        numbers.push(await saveAndSubmit(journal, x, true));
        await page.keyboard.press('Escape');
        await journal.waitFor({ state: 'hidden' });
        await page.getByRole('row').filter({ hasText: numbers[0]! }).first().waitFor();
        await screenshot(page, `trial-journal-list-${lang}`);

        await page.goto('/accounting/cash-in');
        await page.getByRole('heading', { level: 1, name: x.cashIn }).waitFor();
        await page.getByRole('button', { name: x.addCashIn }).click();
        const cashIn = page.locator('.journals-drawer');
        await cashIn.locator('.journals-grid').waitFor();
        await settled(page);
        // The cash box the account preparation made.
        await chooseOption(page, cashIn.getByLabel(x.cashBank, { exact: true }), /^CB00001 /);
        await chooseOption(page, cashIn.getByLabel(`${x.account} 1`), /^4101 /, '4101');
        await cashIn.getByLabel(`${x.amount} 1`).fill(SALES[lang]);
        numbers.push(await saveAndSubmit(cashIn, x, false));
        await screenshot(page, `trial-cash-in-released-${lang}`);
        await page.keyboard.press('Escape');
        await cashIn.waitFor({ state: 'hidden' });
        await page.getByRole('row').filter({ hasText: numbers[1]! }).first().waitFor();
      });
      expect(numbers[0]).toMatch(/^JU-\d{2}-00001$/);
      expect(numbers[1]).toMatch(/^KM\//);

      // Both are posted: the trial balance of the month shows the cash box's debit of both, and nothing of the demo's.
      const { token } = await apiLogin(account.username, { tenant, password: account.password });
      const tb = await api<TrialBalance>('GET', `/v1/erp/reports/trial-balance?period=${period}`, { token, tenant });
      expect(tb.status).toBe(200);
      const figures = (code: string) => tb.body.lines.find((l) => l.kind === 'account' && l.code === code);
      expect(figures('1101')).toMatchObject({ debit: String(Number(CAPITAL[lang]) + Number(SALES[lang])), credit: '0' });
      expect(figures('3101')).toMatchObject({ credit: CAPITAL[lang] });
      expect(figures('4101')).toMatchObject({ credit: SALES[lang] });
      const journals = await api<{ total: number }>('GET', '/v1/erp/journals', { token, tenant });
      expect(journals.body.total).toBe(1);
      const customers = await api<{ total: number }>('GET', '/v1/erp/customers', { token, tenant });
      expect(customers.body.total).toBe(0);
    }, 150_000);
  }
});
