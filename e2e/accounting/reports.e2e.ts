import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { api, apiLogin } from '../support/api.ts';
import { launchBrowser, screenshot, withOpenPage, type Language } from '../support/browser.ts';
import { seedOwnTenant } from '../support/db.ts';

/** The texts this flow reads (apps/web/src/i18n/id.json page titles and modules/accounting-reports.*.json). */
const tx = {
  id: {
    trialBalance: 'Neraca Saldo',
    generalLedger: 'Buku Besar',
    profitLoss: 'Laba Rugi',
    balanceSheet: 'Neraca',
    cashBankBook: 'Buku Kas dan Bank',
    total: 'Total',
    balanced: 'Seimbang',
  },
  en: {
    trialBalance: 'Trial Balance',
    generalLedger: 'General Ledger',
    profitLoss: 'Profit and Loss',
    balanceSheet: 'Balance Sheet',
    cashBankBook: 'Cash and Bank Book',
    total: 'Total',
    balanced: 'Balanced',
  },
} as const;

const POLL = { timeout: 15_000 };
const PHONE = { width: 390, height: 844 };
const today = new Date(Date.now() + 7 * 3_600_000).toISOString().slice(0, 10);
const period = today.slice(0, 4) + today.slice(5, 7);

describe('ledger reports', () => {
  let browser: Browser;
  let tenant: Awaited<ReturnType<typeof seedOwnTenant>>;
  const sale: { id?: string; number?: string } = {};
  beforeAll(async () => {
    browser = await launchBrowser();
    tenant = await seedOwnTenant('reports');
    // Two journals released through the API (no approval flow: submit releases): a cash sale and the rent paid from cash.
    const { token } = await apiLogin('admin', { tenant: tenant.code });
    const coa = async (code: string) => {
      const res = await api<{ items: { coaId: string; coaCode: string }[] }>('GET', `/v1/erp/coa?keyword=${code}&limit=30`, { token, tenant: tenant.code });
      return res.body.items.find((a) => a.coaCode === code)!.coaId;
    };
    const [kas, penjualan, sewa] = [await coa('1101'), await coa('4101'), await coa('6102')];
    const journal = async (remarks: string, debit: string, credit: string, amount: string) => {
      const made = await api<{ documentId: string; number: string }>('POST', '/v1/erp/journals', {
        token,
        tenant: tenant.code,
        body: {
          documentDate: today,
          remarks,
          lines: [
            { coaId: debit, debit: amount, memo: remarks },
            { coaId: credit, credit: amount, memo: remarks },
          ],
        },
      });
      expect(made.status, JSON.stringify(made.body)).toBe(200);
      const released = await api('POST', `/v1/erp/documents/${made.body.documentId}/actions/submit`, { token, tenant: tenant.code, body: {} });
      expect(released.status, JSON.stringify(released.body)).toBe(200);
      return made.body;
    };
    const s = await journal('Penjualan tunai', kas, penjualan, '15000000');
    Object.assign(sale, { id: s.documentId, number: s.number });
    await journal('Sewa toko', sewa, kas, '2500000');
  }, 120_000);
  afterAll(async () => {
    await browser?.close();
    await tenant?.close();
  });

  /** Trial balance → the cash account's ledger (drill-down) → the sale's journal. */
  async function drillDown(page: Page, lang: Language) {
    const t = tx[lang];
    // Rupiah in the interface language: 12.500.000 / 12,500,000.
    const n = (digits: string) => (lang === 'en' ? digits.replaceAll('.', ',') : digits);
    await page.goto(`/accounting/trial-balance?period=${period}`);
    await page.getByRole('heading', { level: 1, name: t.trialBalance }).waitFor();
    const cash = page.locator('tr.report-line--account', { hasText: '1101' });
    await cash.waitFor();
    // Opening 0, debit 15.000.000, credit 2.500.000, closing 12.500.000.
    await expect.poll(() => cash.textContent(), POLL).toContain(n('12.500.000'));
    const totals = page.locator('.report-summary');
    expect(await totals.textContent()).toContain(n('17.500.000'));
    await screenshot(page, `reports-trial-balance-${lang}`);

    await cash.getByRole('link', { name: n('15.000.000') }).click();
    await page.getByRole('heading', { level: 1, name: new RegExp(`^${t.generalLedger} · 1101`) }).waitFor();
    expect(new URL(page.url()).pathname).toBe('/accounting/general-ledger');
    const movements = page.locator('.ant-table-tbody tr.ant-table-row');
    await expect.poll(() => movements.count(), POLL).toBe(2);
    expect(await page.locator('.report-summary').last().textContent()).toContain(n('12.500.000'));
    await screenshot(page, `reports-general-ledger-${lang}`);

    await page.getByRole('link', { name: new RegExp(sale.number!.replace(/[/.]/g, '\\$&')) }).click();
    await expect.poll(() => page.url(), POLL).toContain(`/accounting/journal?documentId=${sale.id}`);
    // The journal screen opens the document itself.
    const drawer = page.locator('.journals-drawer');
    await expect
      .poll(() => drawer.locator('input, textarea').evaluateAll((fields) => fields.map((f) => (f as HTMLInputElement).value)), POLL)
      .toContain(sale.number);
    await screenshot(page, `reports-document-${lang}`);
  }

  it('drills from the trial balance into an account and opens its document (id)', async () => {
    await withOpenPage(browser, { as: 'staff', tenant: tenant.code, language: 'id' }, 'reports-id-failed', (p) => drillDown(p.page, 'id'));
  }, 120_000);

  it('the same in English; the statements balance and show on a phone', async () => {
    await withOpenPage(browser, { as: 'staff', tenant: tenant.code, language: 'en' }, 'reports-en-failed', async ({ page }) => {
      await drillDown(page, 'en');
      const t = tx.en;
      await page.goto(`/accounting/balance-sheet?date=${today}`);
      await page.getByRole('heading', { level: 1, name: t.balanceSheet }).waitFor();
      await page.getByText(t.balanced, { exact: false }).waitFor();
      await screenshot(page, 'reports-balance-sheet-en', true);
      // The current year's profit in equity opens the profit and loss from 1 January to the date.
      await page
        .locator('tr.report-line--profit')
        .getByRole('link', { name: /12,500,000/ })
        .click();
      await page.getByRole('heading', { level: 1, name: t.profitLoss }).waitFor();
      await expect.poll(() => page.locator('.report-summary').last().textContent(), POLL).toContain('12,500,000');
      await page.goto(`/accounting/profit-loss?period=${period}&compare=Y`);
      await expect.poll(() => page.locator('.report-summary').last().textContent(), POLL).toContain('12,500,000');
      await screenshot(page, 'reports-profit-loss-en');
      await page.goto(`/accounting/cash-bank-book?period=${period}`);
      await page.getByRole('heading', { level: 1, name: t.cashBankBook }).waitFor();
      await expect.poll(() => page.locator('tr.ant-table-row', { hasText: '1101' }).textContent(), POLL).toContain('12,500,000');
      await screenshot(page, 'reports-cash-bank-book-en');

      await page.setViewportSize(PHONE);
      await page.goto(`/accounting/trial-balance?period=${period}`);
      await page.locator('tr.report-line--account', { hasText: '1101' }).waitFor();
      await screenshot(page, 'reports-trial-balance-phone-en');
      expect(await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth)).toBeLessThanOrEqual(0);
    });
  }, 180_000);
});
