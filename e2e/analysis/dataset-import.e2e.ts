import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Locator } from 'playwright-core';
import type { Dataset } from '@nusa/contracts';
import { salesPdf, scannedPdf } from '../../apps/server/test/dataset-pdfs.ts';
import { api, apiLogin } from '../support/api.ts';
import { launchBrowser, screenshot, withOpenPage } from '../support/browser.ts';

/** The texts this flow reads, per language (apps/web/src/i18n/modules/analysis-import.*.json, analysis.*.json, errors). */
const tx = {
  id: {
    upload: 'Unggah dataset',
    name: 'Nama',
    preview: 'Pratinjau',
    previewTitle: 'Periksa kolom sebelum impor',
    start: 'Mulai impor',
    back: 'Ganti berkas',
    columnName: (n: number) => `Nama kolom ${n}`,
    columnType: (name: string) => `Jenis kolom ${name}`,
    text: 'Teks',
    number: 'Angka',
    done: (rows: number) => `Selesai: ${rows} baris diimpor; sel tidak valid: 0`,
    scanned: 'PDF ini hasil pindai (gambar tanpa teks), jadi tabelnya tidak dapat dibaca. Unggah berkas Excel/CSV-nya, atau PDF yang teksnya dapat dipilih',
  },
  en: {
    upload: 'Upload dataset',
    name: 'Name',
    preview: 'Preview',
    previewTitle: 'Check the columns before importing',
    start: 'Start import',
    back: 'Choose another file',
    columnName: (n: number) => `Name of column ${n}`,
    columnType: (name: string) => `Type of column ${name}`,
    text: 'Text',
    number: 'Number',
    done: (rows: number) => `Done: ${rows} rows imported; invalid cells: 0`,
    scanned: 'This PDF is a scan (images without text), so its table cannot be read. Upload the Excel/CSV sheet, or a PDF whose text can be selected',
  },
};

/** A week number (digits: read as a number) the user keeps as text, and sales the user renames. */
const CSV = [
  'Tanggal;Minggu;Cabang;Penjualan',
  ...Array.from({ length: 12 }, (_, i) => `0${(i % 9) + 1}/03/2026;${(i % 4) + 1};Surabaya;"Rp ${(i + 1) * 1500}"`),
].join('\r\n');

/** Picks a column's type by keyboard only: Tab from the column's name to its type, type the type's name, Enter. */
const pickByKeyboard = async (name: Locator, select: Locator, option: string) => {
  await name.focus();
  await name.press('Tab');
  await expect.poll(() => select.evaluate((el) => el === document.activeElement)).toBe(true);
  await select.pressSequentially(option);
  await select.press('Enter');
};

describe('analysis: dataset import with a type preview (csv and PDF)', () => {
  let browser: Browser;
  let token: string;
  let pdf: Buffer;
  let scan: Buffer;
  beforeAll(async () => {
    browser = await launchBrowser();
    ({ token } = await apiLogin('admin'));
    [pdf, scan] = await Promise.all([salesPdf(130), scannedPdf()]);
  });
  afterAll(() => browser?.close());

  const datasetNamed = async (name: string) =>
    (await api<{ items: Dataset[] }>('GET', `/v1/analysis/datasets?page=1&limit=5&keyword=${encodeURIComponent(name)}`, { token })).body.items.find(
      (d) => d.name === name,
    );

  it.each(['id', 'en'] as const)('previews a csv, changes a type and a name, imports; then a PDF table and a scanned PDF (%s)', async (lang) => {
    const t = tx[lang];
    const stamp = Date.now().toString(36);
    const csvName = `Pratinjau csv ${lang} ${stamp}`;
    const pdfName = `Laporan PDF ${lang} ${stamp}`;
    await withOpenPage(browser, { as: 'admin', language: lang }, `dataset-import-${lang}`, async ({ page }) => {
      await page.goto('/analysis/database-manager');
      await page.getByRole('button', { name: t.upload }).click();
      let dialog = page.getByRole('dialog');
      await dialog.locator('input[type=file]').setInputFiles({ name: 'penjualan.csv', mimeType: 'text/csv', buffer: Buffer.from(CSV) });
      await dialog.getByLabel(t.name, { exact: true }).fill(csvName);
      await dialog.getByRole('button', { name: t.preview }).click();
      await dialog.getByText(t.previewTitle).waitFor();
      // The week column was read as a number: the user keeps it as text, and names the sales column Omzet.
      const week = dialog.getByRole('combobox', { name: t.columnType('Minggu') });
      const weekType = dialog.locator('.dataset-preview__column .ant-select').nth(1);
      await expect.poll(() => weekType.textContent()).toBe(t.number);
      await pickByKeyboard(dialog.getByRole('textbox', { name: t.columnName(2) }), week, t.text);
      await expect.poll(() => weekType.textContent()).toBe(t.text);
      await dialog.getByRole('textbox', { name: t.columnName(4) }).fill('Omzet');
      await expect.poll(() => dialog.locator('.ant-table-tbody tr.ant-table-row').count()).toBe(12);
      await screenshot(page, `analysis-dataset-preview-${lang}`);
      await dialog.getByRole('button', { name: t.start }).click();
      await dialog.waitFor({ state: 'hidden' });
      await page.locator('.analysis-import').filter({ hasText: csvName }).getByText(t.done(12)).waitFor();
      await page.getByRole('link', { name: csvName }).waitFor();
      const csvSet = await datasetNamed(csvName);
      expect(csvSet?.columns.map(({ label, type }) => [label, type])).toEqual([
        ['Tanggal', 'date'],
        ['Minggu', 'text'],
        ['Cabang', 'text'],
        ['Omzet', 'money'],
      ]);

      // A PDF of three pages: one table, its header found, its numbers and dates read as such.
      await page.getByRole('button', { name: t.upload }).click();
      dialog = page.getByRole('dialog');
      await dialog.locator('input[type=file]').setInputFiles({ name: 'laporan.pdf', mimeType: 'application/pdf', buffer: pdf });
      await dialog.getByLabel(t.name, { exact: true }).fill(pdfName);
      await dialog.getByRole('button', { name: t.preview }).click();
      await dialog.getByText(t.previewTitle).waitFor();
      expect(await dialog.getByRole('textbox', { name: t.columnName(5) }).inputValue()).toBe('Penjualan');
      await dialog.getByRole('cell', { name: '1.234.567,89' }).first().waitFor();
      await screenshot(page, `analysis-dataset-preview-pdf-${lang}`);
      await page.setViewportSize({ width: 390, height: 844 });
      await screenshot(page, `analysis-dataset-preview-pdf-phone-${lang}`);
      await page.setViewportSize({ width: 1280, height: 800 });
      await dialog.getByRole('button', { name: t.start }).click();
      await dialog.waitFor({ state: 'hidden' });
      await page.locator('.analysis-import').filter({ hasText: pdfName }).getByText(t.done(130)).waitFor();
      const pdfSet = await datasetNamed(pdfName);
      expect(pdfSet).toMatchObject({ rowCount: 130 });
      expect(pdfSet!.columns.map((c) => c.type)).toEqual(['date', 'text', 'text', 'number', 'money']);

      // A scanned PDF is refused in the preview, in the page's language.
      await page.getByRole('button', { name: t.upload }).click();
      dialog = page.getByRole('dialog');
      await dialog.locator('input[type=file]').setInputFiles({ name: 'pindaian.pdf', mimeType: 'application/pdf', buffer: scan });
      await dialog.getByRole('button', { name: t.preview }).click();
      await dialog.getByText(t.scanned).waitFor();
      await screenshot(page, `analysis-dataset-preview-scanned-${lang}`);
    });
  });
});
