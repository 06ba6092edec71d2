import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { ERRORS, type Country, type Currency, type ExchangeRate } from '@nusa/contracts';
import { api, apiLogin } from '../support/api.ts';
import { launchBrowser, screenshot, type TestPage, withOpenPage } from '../support/browser.ts';
import { seedOwnTenant } from '../support/db.ts';
import { chooseOption, settled } from '../support/antd.ts';

/** The texts these flows read (apps/web/src/i18n/modules/accounting-catalog.*.json, accounting-master.*.json, id/en.json). */
const tx = {
  id: {
    currencyTitle: 'Mata Uang & Kurs',
    book: 'Mata uang buku',
    tabRate: 'Kurs',
    addRate: 'Tambah kurs',
    from: 'Dari mata uang',
    to: 'Ke mata uang',
    date: 'Tanggal kurs',
    rate: 'Kurs',
    save: 'Simpan',
    cancel: 'Batal',
    sameCurrency: 'Mata uang asal dan tujuan harus berbeda',
    filterFrom: 'Saring mata uang asal',
    countryTitle: 'Negara',
    addCountry: 'Tambah negara',
    code: 'Kode',
    countryName: 'Nama negara',
    activeOf: (name: string) => `Status aktif ${name}`,
    deleteOf: (name: string) => `Hapus ${name}`,
  },
  en: {
    currencyTitle: 'Currencies & Rates',
    book: 'Book currency',
    countryTitle: 'Countries',
    countryName: 'Country name',
  },
} as const;

const drawer = (page: Page) => page.locator('.ant-drawer-section');
const heading = (page: Page, name: string) => page.getByRole('heading', { level: 1, name, exact: true }).waitFor();
const fieldError = (page: Page, label: string) =>
  drawer(page)
    .locator('.ant-form-item', { has: page.getByLabel(label, { exact: true }) })
    .locator('.ant-form-item-explain-error');

const pick = (page: Page, label: string, option: string, search?: string, scope = drawer(page)) =>
  chooseOption(page, scope.getByLabel(label, { exact: true }), option, search);

/** Types a date into an antd DatePicker of the drawer (DD/MM/YYYY) and confirms it with Enter (which also submits the form). */
async function typeDate(page: Page, label: string, ddmmyyyy: string) {
  const input = drawer(page).getByLabel(label, { exact: true });
  await input.click();
  await input.fill(ddmmyyyy);
  await input.press('Enter');
}

describe('accounting currencies, exchange rates and countries', () => {
  let browser: Browser;
  let tenant: Awaited<ReturnType<typeof seedOwnTenant>>;
  let token: string;
  const get = async <T>(path: string) => {
    const res = await api<T>('GET', path, { token, tenant: tenant.code });
    expect(res.status, path).toBe(200);
    return res.body;
  };

  beforeAll(async () => {
    browser = await launchBrowser();
    tenant = await seedOwnTenant('currency');
    token = (await apiLogin('admin', { tenant: tenant.code })).token;
  });
  afterAll(async () => {
    await browser?.close();
    await tenant?.close();
  });

  const withPage = (lang: 'id' | 'en', run: (p: TestPage) => Promise<void>, as: 'admin' | 'staff' = 'admin') =>
    withOpenPage(browser, { as, tenant: tenant.code, language: lang }, 'accounting-currencies', run);

  it('marks the book currency, which cannot be deactivated or deleted, and records a USD → IDR rate on a date (id)', async () => {
    const t = tx.id;
    // A retry of this test starts where its first try's rate of 21 November is gone again.
    for (const r of (await get<{ items: ExchangeRate[] }>('/v1/erp/exchange-rates?fromCurrency=USD&toCurrency=IDR&from=2026-11-21&to=2026-11-21')).items) {
      expect((await api('DELETE', `/v1/erp/exchange-rates/${r.rateId}`, { token, tenant: tenant.code })).status).toBe(200);
    }
    await withPage('id', async ({ page }) => {
      await page.goto('/accounting/currency');
      await heading(page, t.currencyTitle);
      const idr = page.getByRole('row').filter({ hasText: 'Rupiah Indonesia' });
      await idr.getByText(t.book, { exact: true }).waitFor();
      expect(await page.getByRole('switch', { name: t.activeOf('IDR - Rupiah Indonesia') }).isDisabled()).toBe(true);
      expect(await page.getByRole('button', { name: t.deleteOf('IDR - Rupiah Indonesia') }).count()).toBe(0);
      // Other currencies keep their switch and delete button.
      expect(await page.getByRole('switch', { name: t.activeOf('USD - Dolar Amerika Serikat') }).isDisabled()).toBe(false);
      await page.getByRole('button', { name: t.deleteOf('USD - Dolar Amerika Serikat') }).waitFor();
      await screenshot(page, 'accounting-currency-list-id');

      // The book currency's form keeps its code locked.
      await page.getByRole('button', { name: 'Ubah IDR - Rupiah Indonesia' }).click();
      await drawer(page).getByLabel('Nama mata uang', { exact: true }).waitFor();
      expect(await drawer(page).getByLabel(t.code, { exact: true }).isDisabled()).toBe(true);
      await drawer(page).getByText('Kode mata uang buku tidak dapat diganti.').waitFor();
      await settled(page);
      await screenshot(page, 'accounting-currency-book-form-id');
      await drawer(page).getByRole('button', { name: t.cancel }).click();
      await drawer(page).waitFor({ state: 'hidden' });

      await page.getByRole('tab', { name: t.tabRate, exact: true }).click();
      await page.getByRole('row').filter({ hasText: 'USD → IDR' }).first().waitFor();
      await screenshot(page, 'accounting-exchange-rate-list-id');

      await page.getByRole('button', { name: t.addRate }).click();
      await drawer(page).getByLabel(t.rate, { exact: true }).waitFor();
      // The first field has the focus.
      await expect.poll(() => page.evaluate(() => document.activeElement?.id)).toBe('fromCurrency');
      await pick(page, t.from, 'USD - Dolar Amerika Serikat', 'USD');
      // The same currency on both sides is refused before sending.
      await pick(page, t.to, 'USD - Dolar Amerika Serikat', 'USD');
      await fieldError(page, t.to).getByText(t.sameCurrency).waitFor();
      await pick(page, t.to, 'IDR - Rupiah Indonesia', 'IDR');
      // A pair and date that already have a rate: the server's refusal stands under the date.
      await typeDate(page, t.date, '20/11/2026');
      await drawer(page).getByLabel(t.rate, { exact: true }).fill('16.310,25');
      await drawer(page).getByRole('button', { name: t.save }).click();
      const taken = ERRORS.exchange_rate_already_exists.id.replace('{{0}}', 'USD').replace('{{1}}', 'IDR').replace('{{2}}', '20/11/2026');
      await fieldError(page, t.date).getByText(taken).waitFor();
      await settled(page);
      await screenshot(page, 'accounting-exchange-rate-duplicate-id');
      expect(await drawer(page).getByLabel(t.rate, { exact: true }).inputValue()).toBe('16.310,25');

      // Another date; Enter in the date field confirms it and submits the form.
      await typeDate(page, t.date, '21/11/2026');
      await page.getByText(/USD → IDR 21 Nov 2026 berhasil ditambahkan/).waitFor();
      await drawer(page).waitFor({ state: 'hidden' });
      const rates = await get<{ items: ExchangeRate[] }>('/v1/erp/exchange-rates?fromCurrency=USD&toCurrency=IDR&from=2026-11-21&to=2026-11-21');
      expect(rates.items).toEqual([expect.objectContaining({ fromCurrency: 'USD', toCurrency: 'IDR', rateDate: '2026-11-21', rate: '16310.25', active: 'Y' })]);
      const lookup = await get<{ rate: string; rateDate: string }>('/v1/erp/exchange-rates/lookup?fromCurrency=USD&toCurrency=IDR&date=2026-11-22');
      expect(lookup).toMatchObject({ rate: '16310.25', rateDate: '2026-11-21' });

      // Filter by pair: only USD rates remain, newest first, shown id-ID.
      await pick(page, t.filterFrom, 'USD - Dolar Amerika Serikat', 'USD', page.locator('.list-toolbar'));
      const first = page.locator('.ant-table-tbody tr.ant-table-row').first();
      await first.getByText('16.310,25', { exact: true }).waitFor();
      await expect.poll(async () => (await page.locator('.ant-table-tbody tr.ant-table-row').allInnerTexts()).every((r) => r.includes('USD → IDR'))).toBe(true);
      expect(await page.locator('.ant-table-tbody tr.ant-table-row').count()).toBe(3);
      await screenshot(page, 'accounting-exchange-rate-filtered-id');
    });
  });

  it('shows the book currency in English', async () => {
    await withPage('en', async ({ page }) => {
      await page.goto('/accounting/currency');
      await heading(page, tx.en.currencyTitle);
      await page.getByRole('row').filter({ hasText: 'IDR' }).getByText(tx.en.book, { exact: true }).waitFor();
      await screenshot(page, 'accounting-currency-list-en');
      const list = await get<{ items: Currency[] }>('/v1/erp/currencies');
      expect(list.items[0]).toMatchObject({ currencyCode: 'IDR', book: 'Y', active: 'Y' });
    });
  });

  it('adds a country; the code is upper-cased and a duplicate is refused under the code (id), the list reads in English', async () => {
    const t = tx.id;
    // A retry of this test starts where its first try's BR is gone again.
    for (const c of (await get<{ items: Country[] }>('/v1/erp/countries?keyword=Brasil')).items.filter((c) => c.countryCode === 'BR')) {
      expect((await api('DELETE', `/v1/erp/countries/${c.countryId}`, { token, tenant: tenant.code })).status).toBe(200);
    }
    await withPage('id', async ({ page }) => {
      await page.goto('/accounting/country');
      await heading(page, t.countryTitle);
      await page.getByRole('cell', { name: 'Indonesia', exact: true }).waitFor();
      await screenshot(page, 'accounting-country-list-id');
      await page.getByRole('button', { name: t.addCountry }).click();
      await drawer(page).getByLabel(t.code, { exact: true }).fill('id');
      await drawer(page).getByLabel(t.countryName, { exact: true }).fill('Indonesia Raya');
      await drawer(page).getByLabel(t.countryName, { exact: true }).press('Enter');
      await fieldError(page, t.code).getByText(ERRORS.country_code_already_exists.id.replace('{{0}}', 'ID')).waitFor();
      await drawer(page).getByLabel(t.code, { exact: true }).fill('br');
      expect(await drawer(page).getByLabel(t.code, { exact: true }).inputValue()).toBe('BR');
      await drawer(page).getByLabel(t.countryName, { exact: true }).fill('Brasil');
      await settled(page);
      await screenshot(page, 'accounting-country-form-id');
      await drawer(page).getByLabel(t.countryName, { exact: true }).press('Enter');
      await page.getByText('BR - Brasil berhasil ditambahkan').waitFor();
      const { items } = await get<{ items: Country[] }>('/v1/erp/countries?keyword=Brasil');
      expect(items).toEqual([expect.objectContaining({ countryCode: 'BR', countryName: 'Brasil', active: 'Y' })]);
    });
    await withPage('en', async ({ page }) => {
      await page.goto('/accounting/country');
      await heading(page, tx.en.countryTitle);
      await page.getByRole('columnheader', { name: tx.en.countryName }).waitFor();
      await page.getByRole('cell', { name: 'Brasil', exact: true }).waitFor();
      await screenshot(page, 'accounting-country-list-en');
    });
  });

  it('read-only holders see the currencies and rates without changing actions (id)', async () => {
    const t = tx.id;
    await withPage(
      'id',
      async ({ page }) => {
        await page.goto('/accounting/currency');
        await heading(page, t.currencyTitle);
        await page.getByRole('row').filter({ hasText: 'Rupiah Indonesia' }).getByText(t.book, { exact: true }).waitFor();
        expect(await page.getByRole('switch').count()).toBe(0);
        expect(await page.getByRole('button', { name: 'Tambah mata uang' }).count()).toBe(0);
        expect(await page.getByRole('button', { name: 'Impor xlsx' }).count()).toBe(0);
        await page.getByRole('button', { name: 'Ekspor xlsx' }).waitFor();
        await page.getByRole('tab', { name: t.tabRate, exact: true }).click();
        await page.getByRole('row').filter({ hasText: 'USD → IDR' }).first().waitFor();
        expect(await page.getByRole('button', { name: t.addRate }).count()).toBe(0);
        await screenshot(page, 'accounting-exchange-rate-readonly-id');
      },
      'staff',
    );
  });
});
