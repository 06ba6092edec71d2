import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { launchBrowser, screenshot, showScreen, withOpenPage } from '../support/browser.ts';
import { chooseOption } from '../support/antd.ts';

/**
 * Issue 23: each area's main screen shows only its interface language, words and number forms alike. A page in one
 * language must not carry the other's tell-tale words (buttons, statuses, compact units) nor its thousands separator.
 * The demo tenant's data is Indonesian (names, remarks), so the words below are interface words, not data.
 */
const FOREIGN = {
  // On an English page: Indonesian interface words and compact units, and dot-grouped thousands (1.722, Rp 55.248).
  en: {
    words: /\b(Batal|Simpan|Tambah|Hapus|Ubah|Cari|Dasbor|Beranda|Dibatalkan|Draf|Dirilis|Tunai|Belum ada|Batalkan|jt|rb|Sebelumnya|Berikutnya)\b/,
    number: /(?<![\d.,])\d{1,3}(\.\d{3})+(?![\d])/,
  },
  // On an Indonesian page: English interface words and comma-grouped thousands (1,722).
  id: {
    words: /\b(Void|out of scope|Cancel|Save|Search|Delete|Released|Draft|CASH|Home|No data|Previous|Next)\b/,
    number: /(?<![\d.,])[1-9]\d{0,2}(,\d{3})+(?![\d])/,
  },
} as const;

/** An example question of the AI insights page (apps/web/src/i18n/modules/analysis.*.json): sales by branch, as Rupiah. */
const EXAMPLE = { id: 'total penjualan per cabang bulan lalu', en: 'total sales by branch last month' } as const;

/** Each area's main screen and what shows its data has arrived. */
const SCREENS: { name: string; path?: string; ready: (page: Page, lang: 'id' | 'en') => Promise<unknown> }[] = [
  { name: 'dashboard', path: '/dashboard', ready: (p) => p.locator('[data-testid="usage-figure-requests"]').waitFor() },
  { name: 'journals', path: '/accounting/journal', ready: (p) => p.locator('.ant-table-tbody tr.ant-table-row').first().waitFor() },
  { name: 'cash-in', path: '/accounting/cash-in', ready: (p) => p.locator('.ant-table-tbody tr.ant-table-row').first().waitFor() },
  // A released cash-in document: its cash bank, payment method, amounts and next steps (void).
  {
    name: 'cash-in-document',
    ready: async (p) => {
      await p.locator('.ant-table-tbody tr.ant-table-row').nth(1).getByRole('button').last().click();
      await p.locator('.journals-drawer .journals-grid').waitFor();
    },
  },
  { name: 'trial-balance', path: '/accounting/trial-balance', ready: (p) => p.locator('tr.report-line--account').first().waitFor() },
  { name: 'cash-bank-book', path: '/accounting/cash-bank-book', ready: (p) => p.locator('.ant-table-tbody tr.ant-table-row').first().waitFor() },
  { name: 'database-manager', path: '/analysis/database-manager', ready: (p) => p.locator('.ant-table-tbody tr.ant-table-row').first().waitFor() },
  {
    name: 'ai-insights-answer',
    path: '/analysis/ai-insights',
    ready: async (p, lang) => {
      // The demo dataset (the picker may start on one another test made).
      await chooseOption(p, p.locator('.ai-insights__picker input'), 'Penjualan Toko (demo)', 'Penjualan Toko');
      await p.getByRole('button', { name: EXAMPLE[lang] }).click();
      await p.locator('.ai-insights__answer .ant-table-tbody tr.ant-table-row').first().waitFor();
      await p.waitForFunction(() => document.querySelector('.ai-insights__answer .usage-chart canvas'));
    },
  },
  { name: 'history-chat', path: '/service/history-chat', ready: (p) => p.locator('.ant-table-tbody tr.ant-table-row, .ant-list-item').first().waitFor() },
  // The demo tenant has no leads yet: the list or its empty state.
  {
    name: 'manage-leads',
    path: '/administration/manage-leads',
    ready: (p) => p.locator('.ant-table-tbody tr.ant-table-row, .ant-table-tbody .ant-empty').first().waitFor(),
  },
];

/** The page's visible text with the words or numbers of the other language that it holds. */
async function foreignIn(page: Page, lang: 'id' | 'en') {
  const text = await page.locator('body').innerText();
  const found: string[] = [];
  for (const line of text.split('\n')) {
    const word = FOREIGN[lang].words.exec(line)?.[0];
    const number = FOREIGN[lang].number.exec(line)?.[0];
    if (word || number) found.push(`${word ?? number} in "${line.trim().slice(0, 120)}"`);
  }
  return found;
}

describe('each area in one language (issue 23)', () => {
  let browser: Browser;
  beforeAll(async () => {
    browser = await launchBrowser();
  });
  afterAll(() => browser?.close());

  it.each(['en', 'id'] as const)(
    'main screens show no word or number form of the other language (%s)',
    async (lang) => {
      await withOpenPage(browser, { as: 'superadmin', language: lang }, `languages-${lang}`, async ({ page }) => {
        await page.goto('/dashboard');
        await page.locator('h1').first().waitFor();
        const problems: Record<string, string[]> = {};
        for (const screen of SCREENS) {
          if (screen.path && screen.path !== '/dashboard') await showScreen(page, screen.path);
          await screen.ready(page, lang);
          // Figures that arrive after the first rows (totals, charts' labels) settle.
          await page.waitForLoadState('networkidle');
          const found = await foreignIn(page, lang);
          if (found.length) problems[screen.name] = found;
          await screenshot(page, `languages-${screen.name}-${lang}`, true);
        }
        expect(problems).toEqual({});
      });
    },
    180_000,
  );
});
