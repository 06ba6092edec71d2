import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import ExcelJS from 'exceljs';
import type { Browser, Page } from 'playwright-core';
import { ERRORS, type CashBank, type Partner } from '@nusa/contracts';
import { downloadWorkbook, firstSheetRows } from '../support/download.ts';
import { api, apiLogin } from '../support/api.ts';
import { launchBrowser, openPage, screenshot, texts, waitForPath, withOpenPage, type Language } from '../support/browser.ts';
import { seedOwnTenant } from '../support/db.ts';
import { answerConfirm, chooseOption } from '../support/antd.ts';

/** The texts these flows read (apps/web/src/i18n/modules/accounting-*.json and id/en.json). */
const tx = {
  id: {
    accounting: 'Akuntansi',
    cashBankTitle: 'Kas & Bank',
    addCashBank: 'Tambah kas/bank',
    code: 'Kode',
    name: 'Nama',
    coa: 'Akun COA',
    currency: 'Mata uang',
    ou: 'Unit organisasi',
    accountNumber: 'Nomor rekening',
    cash: 'Kas',
    save: 'Simpan',
    cancel: 'Batal',
    customerTitle: 'Pelanggan',
    addCustomer: 'Tambah pelanggan',
    lineOfBusiness: 'Bidang usaha',
    rankGold: 'Emas',
    creditLimit: 'Batas kredit',
    addPhone: 'Tambah telepon',
    phone1: 'Telepon 1',
    addAddress: 'Tambah alamat',
    address: 'Alamat lengkap',
    city: 'Kota',
    latitude: 'Lintang (peta)',
    longitude: 'Bujur (peta)',
    others: 'Lainnya',
    created: 'berhasil ditambahkan',
    employeeTitle: 'Karyawan',
    employeeEmpty: 'Belum ada karyawan. Tambahkan karyawan pertama Anda.',
    addEmployee: 'Tambah karyawan',
    supplierTitle: 'Pemasok',
    search: 'Cari',
    noMatch: 'Tidak ada data yang cocok dengan pencarian atau saringan',
  },
  en: {
    accounting: 'Accounting',
    cashBankTitle: 'Cash & Bank',
    addCashBank: 'Add cash/bank',
    code: 'Code',
    name: 'Name',
    coa: 'COA account',
    currency: 'Currency',
    ou: 'Organisation unit',
    accountNumber: 'Account number',
    cash: 'Cash',
    save: 'Save',
    cancel: 'Cancel',
    customerTitle: 'Customers',
    addCustomer: 'Add customer',
    lineOfBusiness: 'Line of business',
    rankGold: 'Gold',
    creditLimit: 'Credit limit',
    addPhone: 'Add phone',
    phone1: 'Phone 1',
    addAddress: 'Add address',
    address: 'Full address',
    city: 'City',
    latitude: 'Latitude (map)',
    longitude: 'Longitude (map)',
    others: 'Others',
    created: 'was added',
    employeeTitle: 'Employees',
    employeeEmpty: 'No employees yet. Add your first employee.',
    addEmployee: 'Add employee',
    supplierTitle: 'Suppliers',
    search: 'Search',
    noMatch: 'No record matches the search or filters',
  },
};

const drawer = (page: Page) => page.locator('.ant-drawer-section');
const heading = (page: Page, name: string) => page.getByRole('heading', { level: 1, name, exact: true }).waitFor();

const pick = (page: Page, label: string, option: string, search?: string) =>
  chooseOption(page, drawer(page).getByLabel(label, { exact: true }), option, search);

/** The error shown under a form field of the drawer. */
const fieldError = (page: Page, label: string) =>
  drawer(page)
    .locator('.ant-form-item', { has: page.getByLabel(label, { exact: true }) })
    .locator('.ant-form-item-explain-error');

describe('accounting master records', () => {
  let browser: Browser;
  let tenant: Awaited<ReturnType<typeof seedOwnTenant>>;
  let admin: string;
  const get = async <T>(path: string) => {
    const res = await api<T>('GET', path, { token: admin, tenant: tenant.code });
    expect(res.status, path).toBe(200);
    return res.body;
  };

  beforeAll(async () => {
    browser = await launchBrowser();
    tenant = await seedOwnTenant('acct');
    admin = (await apiLogin('admin', { tenant: tenant.code })).token;
  });
  afterAll(async () => {
    await browser?.close();
    await tenant?.close();
  });

  it('creates a bank account through the lazy COA, currency and OU dropdowns; a duplicate code keeps the form (id)', async () => {
    const t = tx.id;
    // A retry starts where the first run did: the bank it may have saved would hold the only free bank account.
    await tenant.sql("DELETE FROM cash_banks WHERE name = 'Bank BRI Operasional'");
    await withOpenPage(browser, { as: 'admin', tenant: tenant.code }, 'accounting', async ({ page }) => {
      await page.goto('/accounting/cash-bank');
      await heading(page, t.cashBankTitle);
      await page.getByRole('cell', { name: 'Bank BCA Operasional', exact: true }).waitFor();
      await screenshot(page, 'accounting-cash-bank-list');

      await page.getByRole('button', { name: t.addCashBank }).click();
      await drawer(page).getByLabel(t.name, { exact: true }).waitFor();
      // The first field has the focus: typing goes straight into the code.
      await expect.poll(() => page.evaluate(() => document.activeElement?.id)).toBe('cashBankCode');
      await screenshot(page, 'accounting-cash-bank-form-empty');
      await drawer(page).getByLabel(t.name, { exact: true }).fill('Bank BRI Operasional');
      await pick(page, t.coa, '1201.03 - Bank BRI', 'BRI');
      await pick(page, t.currency, 'IDR', 'IDR');
      await pick(page, t.ou, 'JKT - Cabang Jakarta', 'Jakarta');
      await drawer(page).getByLabel(t.accountNumber, { exact: true }).fill('0341 0100 2233 505');
      await screenshot(page, 'accounting-cash-bank-form-filled');
      // Enter submits.
      await drawer(page).getByLabel(t.accountNumber, { exact: true }).press('Enter');
      await page.getByText(/Bank BRI Operasional berhasil ditambahkan/).waitFor();
      await drawer(page).waitFor({ state: 'hidden' });

      const { items } = await get<{ items: CashBank[] }>('/v1/erp/cash-banks?keyword=BRI');
      expect(items).toHaveLength(1);
      const ous = await get<{ items: { ouId: string; ouCode: string }[] }>('/v1/config/org-units?keyword=JKT');
      expect(items[0]).toMatchObject({
        cashBankName: 'Bank BRI Operasional',
        type: 'BANK',
        coaCode: '1201.03',
        currencyCode: 'IDR',
        accountNumber: '0341 0100 2233 505',
        active: 'Y',
        ouId: ous.items.find((u) => u.ouCode === 'JKT')!.ouId,
      });
      // A blank code was numbered by the server.
      expect(items[0].cashBankCode).toMatch(/^CB\d+$/);
      await page.getByRole('cell', { name: items[0].cashBankCode, exact: true }).waitFor();
      // The list names the bank's OU by code and name.
      await page
        .getByRole('row')
        .filter({ hasText: items[0].cashBankCode })
        .getByRole('cell', { name: `JKT - ${items[0].ouName}`, exact: true })
        .waitFor();
      await screenshot(page, 'accounting-cash-bank-list-with-ou');

      // Negative: an existing code. The server's translated refusal stands under the code field; nothing typed is lost.
      const taken = items[0].cashBankCode;
      await page.getByRole('button', { name: t.addCashBank }).click();
      await drawer(page).getByLabel(t.code, { exact: true }).fill(taken);
      await drawer(page).getByLabel(t.name, { exact: true }).fill('Bank Cikarang');
      // The bank accounts other cash banks use (1201.01-.03) are not offered: only the free one.
      await drawer(page).getByLabel(t.coa, { exact: true }).click();
      const coaOptions = page.locator('.ant-select-dropdown:not(.ant-select-dropdown-hidden) .ant-select-item-option');
      await coaOptions.filter({ hasText: '1201 - Bank' }).first().waitFor();
      expect((await coaOptions.allInnerTexts()).map((o) => o.trim())).toEqual(['1201 - Bank']);
      await page.keyboard.press('Escape');
      await pick(page, t.coa, '1201 - Bank', '1201');
      await pick(page, t.currency, 'IDR', 'IDR');
      await pick(page, t.ou, 'JKT - Cabang Jakarta', 'Jakarta');
      await drawer(page).getByRole('button', { name: t.save }).click();
      const message = ERRORS.cash_bank_code_already_exists.id.replace('{{0}}', taken);
      await fieldError(page, t.code).getByText(message).waitFor();
      await screenshot(page, 'accounting-cash-bank-duplicate-code');
      expect(await drawer(page).getByLabel(t.name, { exact: true }).inputValue()).toBe('Bank Cikarang');
      expect(await drawer(page).getByLabel(t.code, { exact: true }).inputValue()).toBe(taken);
      await drawer(page).getByText('1201 - Bank', { exact: true }).waitFor();

      // Switched to cash: both cash accounts already serve a cash box, so the picker has nothing to offer.
      // The radio inputs of button-style radios are invisible; their labels take the click.
      await drawer(page)
        .locator('.ant-radio-button-wrapper', { hasText: new RegExp(`^${t.cash}$`) })
        .click();
      await drawer(page).getByLabel(t.coa, { exact: true }).click();
      await page.locator('.ant-select-dropdown:not(.ant-select-dropdown-hidden)').getByText('Tidak ada data yang cocok', { exact: true }).waitFor();
      expect(await coaOptions.count()).toBe(0);
      await screenshot(page, 'accounting-cash-bank-coa-none-free');
      await page.keyboard.press('Escape');
      await drawer(page).getByRole('button', { name: t.cancel }).click();
      await drawer(page).waitFor({ state: 'hidden' });
      const after = await get<{ items: CashBank[] }>('/v1/erp/cash-banks?keyword=Cikarang');
      expect(after.items).toEqual([]);

      // Editing a saved bank shows its COA, currency and OU by code and name; switching it to cash clears the bank COA.
      await page.getByRole('button', { name: 'Ubah CB00003 Bank BCA Operasional' }).click();
      await drawer(page).getByText('1201.01 - Bank BCA', { exact: true }).waitFor();
      await drawer(page).getByText('IDR - Rupiah Indonesia', { exact: true }).waitFor();
      await drawer(page)
        .getByText(/^PTDN - /)
        .waitFor();
      await screenshot(page, 'accounting-cash-bank-edit');
      await drawer(page)
        .locator('.ant-radio-button-wrapper', { hasText: new RegExp(`^${t.cash}$`) })
        .click();
      expect(await drawer(page).getByText('1201.01 - Bank BCA', { exact: true }).count()).toBe(0);
      await drawer(page).getByRole('button', { name: t.cancel }).click();
      await drawer(page).waitFor({ state: 'hidden' });

      // The export holds the rows of the type filter, like the list: the cash boxes only.
      await chooseOption(page, page.locator('.list-toolbar').getByLabel('Saring tipe', { exact: true }), t.cash);
      const cash = (await get<{ items: CashBank[] }>('/v1/erp/cash-banks?type=CASH&limit=100')).items;
      await page.getByText(`Total ${cash.length} data`).waitFor();
      const exported = await downloadWorkbook(page, () => page.getByRole('button', { name: 'Ekspor xlsx' }).click());
      expect(exported.fileName).toMatch(/^kas-bank-\d{4}-\d{2}-\d{2}\.xlsx$/);
      const rows = firstSheetRows(exported.book);
      expect(rows.map((r) => [r[1], r[3]])).toEqual([['Kode', 'Tipe'], ...cash.map((c) => [c.cashBankCode, t.cash])]);
      expect(cash.length).toBeGreaterThan(0);
    });
  });

  it.each(['id', 'en'] as const)('creates a customer with rank, credit limit, phone and an address with its map position (%s)', async (lang: Language) => {
    const t = tx[lang];
    // A name of this try's own: a retry must not meet the customer its first try saved.
    const name = `${lang === 'id' ? 'PT Cahaya Timur Makmur' : 'PT Samudra Biru Logistik'} ${Date.now().toString(36)}`;
    await withOpenPage(browser, { as: 'admin', tenant: tenant.code, language: lang }, 'accounting', async ({ page }) => {
      await page.goto('/accounting/customer');
      await heading(page, t.customerTitle);
      await page.getByRole('cell', { name: /^PT Sinar Jaya Abadi/ }).waitFor();
      await screenshot(page, `accounting-customer-list-${lang}`);

      await page.getByRole('button', { name: t.addCustomer }).click();
      const d = drawer(page);
      await d.getByLabel(t.name, { exact: true }).fill(name);
      await d.getByLabel(t.lineOfBusiness, { exact: true }).fill(lang === 'id' ? 'Distribusi' : 'Logistics');
      await d.locator('.partner-rank-choice').getByText(t.rankGold).click();
      await d.getByLabel(t.creditLimit, { exact: true }).fill('25.000.000,50');
      await d.getByRole('button', { name: t.addPhone }).click();
      await d.getByLabel(t.phone1, { exact: true }).fill('021-5550 1234');
      await d.getByRole('button', { name: t.addAddress }).click();
      await d.getByLabel(t.address, { exact: true }).fill('Jl. Gatot Subroto Kav. 18, Jakarta Selatan');
      await d.getByLabel(t.city, { exact: true }).fill('Jakarta');
      await d.getByRole('checkbox', { name: t.others }).check();
      await d.getByLabel(t.latitude, { exact: true }).fill('-6.2297');
      await d.getByLabel(t.longitude, { exact: true }).fill('106.8227');
      // Leaving the credit limit shows it formatted the id-ID way whatever the language.
      expect(await d.getByLabel(t.creditLimit, { exact: true }).inputValue()).toBe('25.000.000,50');
      // The drawer scrolls on its own: one picture of its top (identity, rank, credit limit), one of the address.
      await screenshot(page, `accounting-customer-form-addresses-${lang}`);
      await d.locator('.ant-drawer-body').evaluate((el) => el.scrollTo(0, 0));
      await screenshot(page, `accounting-customer-form-${lang}`);
      await d.getByRole('button', { name: t.save }).click();
      await page.getByText(new RegExp(`${name} ${t.created}`)).waitFor();
      await drawer(page).waitFor({ state: 'hidden' });

      const { items } = await get<{ items: Partner[] }>(`/v1/erp/customers?keyword=${encodeURIComponent(name)}`);
      expect(items).toHaveLength(1);
      expect(items[0]).toMatchObject({
        partnerName: name,
        typePartnerCode: 'CUSTOMER',
        rank: 4,
        phones: ['021-5550 1234'],
        creditLimit: '25000000.5',
        active: 'Y',
        addresses: [
          expect.objectContaining({
            address: 'Jl. Gatot Subroto Kav. 18, Jakarta Selatan',
            city: 'Jakarta',
            latitude: '-6.2297',
            longitude: '106.8227',
            roles: ['MAILING', 'BILLING', 'SHIPPING', 'OTHERS'],
          }),
        ],
      });
      // The list shows the new customer with its rank and the credit limit in the interface language.
      const row = page.getByRole('row', { name: new RegExp(name) });
      await row.getByText(t.rankGold).waitFor();
      await row.getByText(lang === 'id' ? '25.000.000,50' : '25,000,000.50').waitFor();
    });
  });

  it('shows the empty state, the filtered "no match" state and the supplier and employee forms', async () => {
    const t = tx.id;
    await tenant.sql('DELETE FROM employees');
    await withOpenPage(browser, { as: 'admin', tenant: tenant.code }, 'accounting', async ({ page }) => {
      await page.goto('/accounting/employee');
      await heading(page, t.employeeTitle);
      await page.getByText(t.employeeEmpty).waitFor();
      await screenshot(page, 'accounting-employee-empty');
      await page.getByRole('button', { name: t.addEmployee }).click();
      await drawer(page).getByLabel(t.name, { exact: true }).waitFor();
      await screenshot(page, 'accounting-employee-form');
      await drawer(page).getByRole('button', { name: t.cancel }).click();

      await page.goto('/accounting/supplier');
      await heading(page, t.supplierTitle);
      await page.getByRole('cell', { name: /^PT Indo Pangan Lestari/ }).waitFor();
      await screenshot(page, 'accounting-supplier-list');
      await page.getByRole('textbox', { name: t.search }).fill('tidak-ada-pemasok-ini');
      await page.getByText(t.noMatch).waitFor();
      await screenshot(page, 'accounting-supplier-no-match');
    });
  });

  it('adds an employee whose Resigned status needs a resign date, then edits the job title (en)', async () => {
    // A retry starts where the first run did: the employee it may have saved would be listed twice.
    await tenant.sql("DELETE FROM employees WHERE name = 'Dimas Prasetyo'");
    await withOpenPage(browser, { as: 'admin', tenant: tenant.code, language: 'en' }, 'accounting', async ({ page }) => {
      const d = drawer(page);
      /** Types a date into an antd DatePicker and leaves it (the typed date is taken on blur). */
      const typeDate = async (label: string, text: string) => {
        await d.getByLabel(label, { exact: true }).fill(text);
        await d.getByLabel(label, { exact: true }).press('Tab');
      };
      const pickOption = (label: string, option: string) => chooseOption(page, d.getByLabel(label, { exact: true }), option);
      await page.goto('/accounting/employee');
      await heading(page, tx.en.employeeTitle);
      await page.getByRole('button', { name: tx.en.addEmployee }).click();
      await d.getByLabel(tx.en.name, { exact: true }).fill('Dimas Prasetyo');
      await d.getByLabel('Identity number', { exact: true }).fill('3174011502900003');
      await typeDate('Join date', '2 Jan 2024');
      await pickOption('Job title', 'General manager');
      await pickOption('Employment status', 'Resigned');
      await d.getByRole('button', { name: tx.en.save }).click();
      await fieldError(page, 'Resign date').getByText('Resign date cannot be empty').waitFor();
      await screenshot(page, 'accounting-employee-resign-date-required-en');
      await typeDate('Resign date', '31 Mar 2026');
      await d.getByRole('button', { name: tx.en.save }).click();
      await page.getByText(/Dimas Prasetyo was added/).waitFor();
      await d.waitFor({ state: 'hidden' });

      const { items } = await get<{
        items: { employeeId: string; employeeName: string; joinDate: string; resignDate: string; jobTitle: string; status: string; identityNumber: string }[];
      }>('/v1/erp/employees?keyword=Dimas');
      expect(items).toEqual([
        expect.objectContaining({
          employeeName: 'Dimas Prasetyo',
          joinDate: '2024-01-02',
          resignDate: '2026-03-31',
          jobTitle: 'GENERAL_MANAGER',
          status: 'RESIGNED',
          identityNumber: '3174011502900003',
        }),
      ]);

      // Editing shows the saved values; changing the job title keeps the dates.
      const row = page.getByRole('row', { name: /Dimas Prasetyo/ });
      await row.getByRole('button', { name: /^Edit / }).click();
      expect(await d.getByLabel('Resign date', { exact: true }).inputValue()).toBe('31 Mar 2026');
      await pickOption('Job title', 'President director');
      await screenshot(page, 'accounting-employee-edit-en');
      await d.getByLabel(tx.en.name, { exact: true }).press('Enter');
      await page.getByText(/Dimas Prasetyo was saved/).waitFor();
      const after = await get<{ items: { jobTitle: string; joinDate: string; resignDate: string }[] }>('/v1/erp/employees?keyword=Dimas');
      expect(after.items[0]).toMatchObject({ jobTitle: 'PRESIDENT_DIRECTOR', joinDate: '2024-01-02', resignDate: '2026-03-31' });
    });
  });

  it('deactivates only after confirming; a supplier an OU policy names is not deleted and the refusal is translated (id)', async () => {
    const ous = await get<{ items: { ouId: string; ouCode: string }[] }>('/v1/config/org-units?keyword=SBY');
    const sby = ous.items.find((u) => u.ouCode === 'SBY')!;
    // A retry starts from the active supplier its first try may have deactivated.
    await tenant.sql("UPDATE partners SET active = true WHERE code = 'SUP-0002'");
    const policy = { documentTypes: [], products: [], warehouses: [], partners: ['SUP-0002'], cashBanks: [], glActivities: [], memberIds: [] };
    expect((await api('PUT', `/v1/config/policy-ou/${sby.ouId}`, { token: admin, tenant: tenant.code, body: policy })).status).toBe(200);
    await withOpenPage(browser, { as: 'admin', tenant: tenant.code }, 'accounting', async ({ page }) => {
      await page.goto('/accounting/supplier');
      await heading(page, tx.id.supplierTitle);
      const row = page.getByRole('row', { name: /SUP-0002/ });
      await row.getByRole('cell', { name: 'SUP-0002', exact: true }).waitFor();

      // Deactivating asks first; cancelling changes nothing.
      await row.getByRole('switch').click();
      const confirm = page.locator('.ant-modal-confirm');
      await confirm.getByText('SUP-0002 PT Kemasan Nusantara tidak akan dapat dipilih lagi di transaksi baru.', { exact: false }).waitFor();
      await screenshot(page, 'accounting-supplier-deactivate-confirm');
      await answerConfirm(page, tx.id.cancel);
      expect(await row.getByRole('switch').getAttribute('aria-checked')).toBe('true');
      await row.getByRole('switch').click();
      await answerConfirm(page, 'Nonaktifkan');
      await page.getByText('SUP-0002 PT Kemasan Nusantara dinonaktifkan').waitFor();
      await expect.poll(() => row.getByRole('switch').getAttribute('aria-checked')).toBe('false');

      // Deleting asks first, and the server's refusal arrives as the translated error toast.
      await row.getByRole('button', { name: 'Hapus SUP-0002 PT Kemasan Nusantara' }).click();
      await answerConfirm(page, 'Hapus');
      await page.getByText(ERRORS.used_by_another_table.id.replace('{{0}}', 'policy-ou')).waitFor();
      await screenshot(page, 'accounting-supplier-delete-refused');
      const { items } = await get<{ items: Partner[] }>('/v1/erp/suppliers?keyword=SUP-0002');
      expect(items.map((s) => [s.partnerCode, s.active])).toEqual([['SUP-0002', 'N']]);
    });
  });

  it('imports suppliers from xlsx: the good row is saved, the bad row is reported at its column with the translated reason (id)', async () => {
    const book = new ExcelJS.Workbook();
    const sheet = book.addWorksheet('Pemasok');
    sheet.addRow(['Kode', 'Nama', 'Alias', 'Bidang Usaha', 'Peringkat', 'Telepon', 'Faks', 'Email', 'Batas Kredit', 'Alamat', 'Aktif']);
    sheet.addRow(['SUP-IMP-1', 'PT Baja Impor Sentosa', 'Baja Sentosa', 'Logam', 3, '021-55509999', null, 'beli@bajasentosa.co.id', '12500000.75', null, 'Y']);
    sheet.addRow(['SUP-IMP-2', 'CV Telepon Pendek', null, null, 2, '0812', null, null, null, null, 'Y']);
    const buffer = Buffer.from(await book.xlsx.writeBuffer());
    await withOpenPage(browser, { as: 'admin', tenant: tenant.code }, 'accounting', async ({ page }) => {
      await page.goto('/accounting/supplier');
      await heading(page, tx.id.supplierTitle);
      await page
        .locator('input[type=file]')
        .setInputFiles({ name: 'pemasok.xlsx', mimeType: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet', buffer });
      const report = page.locator('.ant-modal').filter({ hasText: 'Hasil impor' });
      await report.getByText('Ditolak').waitFor();
      const reason = ERRORS.partner_phone_too_short.id.replace('{{0}}', '0812');
      const badRow = report.getByRole('row', { name: new RegExp(reason) });
      await badRow.getByRole('cell', { name: 'Telepon', exact: true }).waitFor();
      await badRow.getByRole('cell', { name: '3', exact: true }).waitFor();
      await screenshot(page, 'accounting-supplier-import-report');
      await report.locator('.ant-modal-footer').getByRole('button', { name: 'Tutup' }).click();
      await page.getByRole('cell', { name: 'SUP-IMP-1', exact: true }).waitFor();

      const saved = await get<{ items: Partner[] }>('/v1/erp/suppliers?keyword=SUP-IMP');
      expect(saved.items.map((s) => [s.partnerCode, s.partnerName, s.rank, s.creditLimit, s.phones])).toEqual([
        ['SUP-IMP-1', 'PT Baja Impor Sentosa', 3, '12500000.75', ['021-55509999']],
      ]);

      // The export holds the current search only.
      await page.getByRole('textbox', { name: tx.id.search }).fill('Baja');
      await page.getByText('Total 1 data').waitFor();
      const exported = await downloadWorkbook(page, () => page.getByRole('button', { name: 'Ekspor xlsx' }).click());
      expect(exported.fileName).toMatch(/^pemasok-\d{4}-\d{2}-\d{2}\.xlsx$/);
      const rows = firstSheetRows(exported.book);
      expect(rows.map((r) => r[1])).toEqual(['Kode', 'SUP-IMP-1']);
    });
  });

  it('read-only cash-bank holders see the list without changing actions; users without the tasks do not see Akuntansi', async () => {
    const cashier = await openPage(browser, { as: 'cashier', tenant: tenant.code });
    try {
      await cashier.page.goto('/accounting/cash-bank');
      await heading(cashier.page, tx.id.cashBankTitle);
      await cashier.page.getByRole('cell', { name: 'Bank BCA Operasional', exact: true }).waitFor();
      expect(await cashier.page.getByRole('button', { name: tx.id.addCashBank }).count()).toBe(0);
      expect(await cashier.page.getByRole('switch').count()).toBe(0);
      await screenshot(cashier.page, 'accounting-cash-bank-read-only');
    } finally {
      await cashier.close();
    }

    const agent = await openPage(browser, { as: 'agent', tenant: tenant.code });
    const { page } = agent;
    try {
      await page.goto('/dashboard');
      const nav = page.getByRole('navigation', { name: 'Menu utama' });
      await nav.getByText(texts.id.dashboard).first().waitFor();
      expect(await nav.getByText(tx.id.accounting, { exact: true }).count()).toBe(0);
      await page.goto('/accounting/cash-bank');
      await waitForPath(page, '/accounting/cash-bank');
      await page.getByRole('heading', { level: 1, name: texts.id.denied }).waitFor();
      expect(agent.pageErrors).toEqual([]);
    } finally {
      await agent.close();
    }
  });
});
