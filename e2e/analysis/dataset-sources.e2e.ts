import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import type { Browser } from 'playwright-core';
import { launchBrowser, openPage, screenshot } from '../support/browser.ts';
import { baseUrl } from '../support/api.ts';
import { answerConfirm } from '../support/antd.ts';

/** The texts this flow reads, per language (apps/web/src/i18n/modules/analysis-sources.*.json). */
const tx = {
  id: {
    manager: 'Pengelola Database',
    url: 'URL Google Sheet',
    verify: 'Periksa akses dan templat',
    verified: 'Akses dan templat sesuai: Penjualan Cabang (tab Penjualan), 3 baris',
    name: 'Nama dataset',
    import: 'Impor',
    createKey: 'Buat kunci API',
    newKey: 'Kunci API baru',
    sheetCard: 'Google Sheet',
    accountCard: 'Akun layanan Google',
    fromDeployment: 'dari pengaturan server',
    refresh: 'Impor ulang dari Google Sheet',
    refreshDone: 'Selesai: 5 baris diimpor; sel tidak valid: 0',
    rows: 'Baris',
  },
  en: {
    manager: 'Database Manager',
    url: 'Google Sheet URL',
    verify: 'Verify access and template',
    verified: 'Access and template are fine: Penjualan Cabang (tab Penjualan), 3 rows',
    name: 'Dataset name',
    import: 'Import',
    createKey: 'Create API key',
    newKey: 'New API key',
    sheetCard: 'Google Sheet',
    accountCard: 'Google service account',
    fromDeployment: "from the server's settings",
    refresh: 'Import again from the Google Sheet',
    refreshDone: 'Done: 5 rows imported; invalid cells: 0',
    rows: 'Rows',
  },
};

const HEADER = ['Tanggal', 'Cabang', 'Produk', 'Kategori', 'Segmen', 'Pelanggan', 'Qty', 'Harga', 'Penjualan'];
const ROWS = [
  ['01/03/2026', 'Surabaya', 'Kopi Susu', 'Minuman', 'Retail', 'Budi', '2', 'Rp 15.000', 'Rp 30.000'],
  ['02/03/2026', 'Jakarta', 'Teh Melati', 'Minuman', 'Grosir', 'Sari', '10', 'Rp 9.000', 'Rp 90.000'],
  ['03/03/2026', 'Bandung', 'Roti Bakar', 'Makanan', 'Online', 'Andi', '1', 'Rp 20.000', 'Rp 20.000'],
];

/** Two rows the sheet gains before it is imported again. */
const MORE_ROWS = [
  ['04/03/2026', 'Medan', 'Kopi Hitam', 'Minuman', 'Retail', 'Rina', '3', 'Rp 12.000', 'Rp 36.000'],
  ['05/03/2026', 'Makassar', 'Donat', 'Makanan', 'Online', 'Joko', '4', 'Rp 8.000', 'Rp 32.000'],
];

/** Puts a sheet on the loopback Google, shared with the deployment's service account. */
async function putSheet(id: string, rows = ROWS) {
  const res = await fetch(`${inject('e2eGoogleUrl')}/__test/spreadsheets/${id}`, {
    method: 'PUT',
    body: JSON.stringify({ title: 'Penjualan Cabang', tabs: [{ title: 'Penjualan', values: [HEADER, ...rows] }], sharedWith: [inject('e2eGoogleAccount')] }),
  });
  expect(res.status).toBe(200);
}

describe('analysis: dataset sources (Google Sheet guide, API key)', () => {
  let browser: Browser;
  beforeAll(async () => {
    browser = await launchBrowser();
  });
  afterAll(() => browser?.close());

  it.each(['id', 'en'] as const)(
    'imports a Google Sheet through the guide, makes an API key that posts rows, then imports the sheet again from the dataset page (%s)',
    async (lang) => {
      const t = tx[lang];
      const sheetId = `1E2eSheet${lang}${Date.now().toString(36)}xxxxxxxxxx`;
      const name = `Sheet e2e ${lang} ${Date.now().toString(36)}`;
      await putSheet(sheetId);
      const p = await openPage(browser, { as: 'admin', language: lang });
      const { page } = p;
      try {
        await page.goto('/analysis/database-manager');
        await page.getByRole('heading', { level: 1, name: t.manager }).waitFor();
        await page.getByRole('button', { name: 'Google Sheet' }).click();
        const dialog = page.getByRole('dialog');
        await dialog.getByTestId('service-account-email').getByText(inject('e2eGoogleAccount')).waitFor();
        await dialog.getByLabel(t.url).fill(`https://docs.google.com/spreadsheets/d/${sheetId}/edit#gid=0`);
        await dialog.getByRole('button', { name: t.verify }).click();
        await dialog.getByText(t.verified).waitFor();
        await dialog.getByLabel(t.name).fill(name);
        await screenshot(page, `analysis-google-sheet-guide-${lang}`);
        await dialog.getByRole('button', { name: t.import, exact: true }).click();
        await dialog.waitFor({ state: 'hidden' });
        // The run is followed on the page; once done the dataset is listed.
        const link = page.getByRole('link', { name });
        await link.waitFor({ timeout: 30_000 });
        await link.click();
        await page.waitForURL(/\/analysis\/database-manager\/dataset\/[0-9a-f-]{36}$/);
        const datasetId = page.url().split('/').pop()!;
        await page.locator('.analysis-sources').filter({ hasText: 'Penjualan Cabang · Penjualan' }).waitFor();

        await page.getByRole('button', { name: t.createKey }).click();
        const keyDialog = page.getByRole('dialog').filter({ hasText: t.newKey });
        const key = (await keyDialog.getByTestId('new-api-key').innerText()).trim();
        expect(key).toMatch(/^nds_[0-9a-f]{32}_/);
        await screenshot(page, `analysis-api-key-${lang}`);
        await keyDialog.getByRole('button', { name: 'OK' }).click();

        // The key shown once posts rows, as the curl on the page does.
        const post = await fetch(`${baseUrl()}/api/v1/analysis/datasets/${datasetId}/api-rows`, {
          method: 'POST',
          headers: { 'content-type': 'application/json', 'x-api-key': key, 'idempotency-key': `e2e-${lang}` },
          body: JSON.stringify({ rows: [{ Tanggal: '2026-03-04', Cabang: 'Medan', Qty: 1, Penjualan: 15000 }] }),
        });
        expect(post.status).toBe(200);

        // The sheet gains two rows; importing it again from the page replaces the rows (the posted one too) with its 5.
        await putSheet(sheetId, [...ROWS, ...MORE_ROWS]);
        const sheetCard = page.locator('.analysis-sources').filter({ hasText: 'Penjualan Cabang · Penjualan' });
        await sheetCard.getByRole('button', { name: t.refresh }).click();
        await answerConfirm(page, 'OK');
        await sheetCard.getByText(t.refreshDone).waitFor({ timeout: 15_000 });
        await page.locator('.analysis-dataset__summary').getByText(t.rows).waitFor();
        await expect.poll(() => page.locator('.analysis-dataset__summary .ant-descriptions-item').nth(1).innerText()).toMatch(new RegExp(`^${t.rows}\\s+5$`));
        await screenshot(page, `analysis-sheet-refresh-${lang}`);

        await page.setViewportSize({ width: 390, height: 844 });
        await page.locator('.analysis-sources').last().scrollIntoViewIfNeeded();
        await screenshot(page, `analysis-dataset-sources-phone-${lang}`);

        // The service account as App configuration shows it: the deployment's, its key never shown.
        await page.setViewportSize({ width: 1366, height: 860 });
        await page.goto('/configuration/app-configuration');
        const card = page.locator('.section-card').filter({ hasText: t.accountCard });
        await card.getByText(`${inject('e2eGoogleAccount')} (${t.fromDeployment})`).waitFor();
        await card.scrollIntoViewIfNeeded();
        await screenshot(page, `analysis-google-account-${lang}`);
        expect(p.pageErrors).toEqual([]);
      } finally {
        await p.close();
      }
    },
  );
});
