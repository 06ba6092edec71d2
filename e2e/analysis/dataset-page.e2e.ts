import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { launchBrowser, screenshot, withOpenPage } from '../support/browser.ts';
import { answerConfirm, chooseOption, settled } from '../support/antd.ts';
import { downloadWorkbook, firstSheetRows } from '../support/download.ts';

/** The texts this flow reads, per language (apps/web/src/i18n/modules/analysis-dataset.*.json, analysis.*.json). */
const tx = {
  id: {
    manager: 'Pengelola Database',
    create: 'Buat manual',
    name: 'Nama dataset',
    columnLabel: 'Nama kolom',
    columnType: 'Jenis',
    addColumn: 'Tambah kolom',
    createOk: 'Buat dataset',
    date: 'Tanggal',
    money: 'Uang',
    number: 'Angka',
    source: 'Isian manual',
    addRow: 'Tambah baris',
    badMoney: '"dua juta" tidak terbaca sebagai Uang',
    editColumn: (label: string) => `Ubah kolom ${label}`,
    save: 'Simpan',
    cancel: 'Batal',
    refused:
      'Jenis kolom Outlet tidak diubah menjadi Angka: 3 nilai tidak terbaca sebagai Angka, di baris 1, 2, 3 (misalnya "Surabaya"). Perbaiki nilainya dulu.',
    search: 'Cari di kolom teks',
    delete: 'Hapus terpilih (1)',
    export: 'Ekspor xlsx',
    cell: (column: string, row: string) => `${column}, ${/^\d+$/.test(row) ? `baris ${row}` : row}`,
    newRow: 'baris baru',
  },
  en: {
    manager: 'Database Manager',
    create: 'Create by hand',
    name: 'Dataset name',
    columnLabel: 'Column name',
    columnType: 'Type',
    addColumn: 'Add column',
    createOk: 'Create dataset',
    date: 'Date',
    money: 'Money',
    number: 'Number',
    source: 'Entered by hand',
    addRow: 'Add row',
    badMoney: '"dua juta" does not read as Money',
    editColumn: (label: string) => `Edit column ${label}`,
    save: 'Save',
    cancel: 'Cancel',
    refused: 'Column Outlet was not changed to Number: 3 values do not read as Number, in rows 1, 2, 3 (e.g. "Surabaya"). Fix those values first.',
    search: 'Search the text columns',
    delete: 'Delete selected (1)',
    export: 'Export xlsx',
    cell: (column: string, row: string) => `${column}, ${/^\d+$/.test(row) ? `row ${row}` : row}`,
    newRow: 'new row',
  },
};

/** The grid's rows as shown: each row's cells after the checkbox and the number, before the actions. */
const gridRows = async (page: Page) => {
  const rows = page.locator('.analysis-grid .ant-table-tbody tr.ant-table-row');
  const out: string[][] = [];
  for (let i = 0; i < (await rows.count()); i++)
    out.push((await rows.nth(i).locator('td').allTextContents()).slice(2, -1).map((s) => s.replace(/\u00a0/g, ' ')));
  return out;
};

describe('analysis: the dataset page', () => {
  let browser: Browser;
  beforeAll(async () => {
    browser = await launchBrowser();
  });
  afterAll(() => browser?.close());

  it.each(['id', 'en'] as const)(
    'makes a dataset by hand, fills it in the grid, renames and retypes, searches, sorts, deletes and exports (%s)',
    async (lang) => {
      const t = tx[lang];
      const name = `Catatan manual ${lang}`;
      // Money as the interface language writes it: Rp 1.500.000 / Rp 1,500,000.
      const n = (digits: string) => (lang === 'en' ? digits.replaceAll('.', ',') : digits);
      const rp = (digits: string) => `Rp ${n(digits)}`;
      await withOpenPage(browser, { as: 'admin', language: lang }, `dataset-page-${lang}`, async ({ page, pageErrors }) => {
        await page.goto('/analysis/database-manager');
        await page.getByRole('heading', { name: t.manager }).waitFor();
        await page.getByRole('button', { name: t.create }).click();
        const dialog = page.getByRole('dialog');
        await dialog.getByLabel(t.name).fill(name);
        await dialog.getByLabel(`${t.columnLabel} 1`).fill('Cabang');
        await dialog.getByRole('button', { name: t.addColumn }).click();
        await dialog.getByLabel(`${t.columnLabel} 2`).fill(t.date);
        await chooseOption(page, dialog.getByLabel(`${t.columnType} 2`), t.date);
        await dialog.getByRole('button', { name: t.addColumn }).click();
        await dialog.getByLabel(`${t.columnLabel} 3`).fill('Penjualan');
        await chooseOption(page, dialog.getByLabel(`${t.columnType} 3`), t.money);
        await screenshot(page, `analysis-dataset-new-${lang}`);
        await dialog.getByRole('button', { name: t.createOk }).click();
        await page.getByRole('heading', { name: new RegExp(`${name}$`) }).waitFor();
        await page.getByText(t.source, { exact: true }).waitFor();

        // Rows typed in the grid: Tab moves, Enter saves and opens the next row; a bad cell keeps what was typed.
        await page.getByRole('button', { name: t.addRow }).click();
        const cell = (column: string) => page.getByLabel(t.cell(column, t.newRow));
        await expect.poll(() => page.evaluate(() => document.activeElement?.getAttribute('aria-label'))).toBe(t.cell('Cabang', t.newRow));
        await page.keyboard.type('Surabaya');
        await page.keyboard.press('Tab');
        await page.keyboard.type('01/03/2026');
        await page.keyboard.press('Tab');
        await page.keyboard.type('Rp 1.500.000');
        await page.keyboard.press('Enter');
        await expect
          .poll(() => gridRows(page))
          .toEqual([
            ['', '', ''],
            ['Surabaya', '1 Mar 2026', rp('1.500.000')],
          ]);
        await expect.poll(() => page.evaluate(() => document.activeElement?.getAttribute('aria-label'))).toBe(t.cell('Cabang', t.newRow));
        await page.keyboard.type('Jakarta');
        await page.keyboard.press('Tab');
        await page.keyboard.type('02/03/2026');
        await page.keyboard.press('Tab');
        await page.keyboard.type('dua juta');
        await page.keyboard.press('Enter');
        await page.getByRole('alert').filter({ hasText: t.badMoney }).waitFor();
        expect(await cell('Cabang').inputValue()).toBe('Jakarta');
        await screenshot(page, `analysis-dataset-grid-error-${lang}`);
        await cell('Penjualan').fill('2.000.000');
        await cell('Penjualan').press('Enter');
        await expect.poll(async () => (await gridRows(page)).length).toBe(3);
        await cell('Cabang').fill('Bandung');
        await cell(t.date).fill('03/03/2026');
        await cell('Penjualan').fill('750.000');
        await cell('Penjualan').press('Enter');
        await expect.poll(async () => (await gridRows(page)).length).toBe(4);
        await cell('Cabang').press('Escape');
        await expect
          .poll(() => gridRows(page))
          .toEqual([
            ['Surabaya', '1 Mar 2026', rp('1.500.000')],
            ['Jakarta', '2 Mar 2026', rp('2.000.000')],
            ['Bandung', '3 Mar 2026', rp('750.000')],
          ]);

        // An existing row edited in place: a click on its cell, Esc leaves it as it was.
        await page.locator('.analysis-grid .ant-table-tbody tr.ant-table-row').nth(1).locator('td').nth(2).click();
        await page.getByLabel(t.cell('Cabang', '2')).fill('Jakarta Pusat');
        await page.getByLabel(t.cell('Cabang', '2')).press('Enter');
        await expect.poll(async () => (await gridRows(page))[1]).toEqual(['Jakarta Pusat', '2 Mar 2026', rp('2.000.000')]);

        // Columns: a rename, a retype the values refuse (rows named), and one they allow.
        await page.getByRole('button', { name: t.editColumn('Cabang') }).click();
        const columnDialog = page.getByRole('dialog');
        await columnDialog.locator('input').first().fill('Outlet');
        await columnDialog.getByRole('button', { name: t.save }).click();
        await page.getByRole('columnheader', { name: 'Outlet' }).waitFor();
        await page.getByRole('button', { name: t.editColumn('Outlet') }).click();
        await chooseOption(page, columnDialog.getByRole('combobox'), t.number);
        await columnDialog.getByRole('button', { name: t.save }).click();
        await columnDialog.getByText(t.refused, { exact: true }).waitFor();
        await screenshot(page, `analysis-dataset-retype-refused-${lang}`);
        await columnDialog.getByRole('button', { name: t.cancel }).click();
        await columnDialog.waitFor({ state: 'hidden' });
        await page.getByRole('button', { name: t.editColumn('Penjualan') }).click();
        await chooseOption(page, columnDialog.getByRole('combobox'), t.number);
        await columnDialog.getByRole('button', { name: t.save }).click();
        await columnDialog.waitFor({ state: 'hidden' });
        await page.locator('.analysis-dataset__columns').getByText(t.number, { exact: true }).waitFor();
        await expect.poll(async () => (await gridRows(page))[2]).toEqual(['Bandung', '3 Mar 2026', n('750.000')]);

        // Search over the text columns, then sort by the sales column.
        await page.getByPlaceholder(t.search).fill('sura');
        await expect.poll(() => gridRows(page)).toEqual([['Surabaya', '1 Mar 2026', n('1.500.000')]]);
        await page.getByPlaceholder(t.search).fill('');
        await expect.poll(async () => (await gridRows(page)).length).toBe(3);
        await page.getByRole('columnheader', { name: 'Penjualan' }).click();
        await expect.poll(async () => (await gridRows(page)).map((r) => r[0])).toEqual(['Bandung', 'Surabaya', 'Jakarta Pusat']);
        await screenshot(page, `analysis-dataset-page-${lang}`, true);

        // Delete the chosen row after a confirmation, then export what the list shows.
        await page.locator('.analysis-grid .ant-table-tbody tr.ant-table-row').first().locator('.ant-checkbox-input').check();
        await page.getByRole('button', { name: t.delete }).click();
        await answerConfirm(page, t.delete);
        await expect.poll(async () => (await gridRows(page)).map((r) => r[0])).toEqual(['Surabaya', 'Jakarta Pusat']);
        const { book } = await downloadWorkbook(page, () => page.getByRole('button', { name: t.export }).click());
        const sheet = firstSheetRows(book).map((r) => r.slice(1).map((v) => (v instanceof Date ? v.toISOString().slice(0, 10) : v)));
        expect(sheet).toEqual([
          ['Outlet', t.date, 'Penjualan'],
          ['Surabaya', '2026-03-01', 1500000],
          ['Jakarta Pusat', '2026-03-02', 2000000],
        ]);
        await settled(page);
        await page.setViewportSize({ width: 390, height: 844 });
        await screenshot(page, `analysis-dataset-page-phone-${lang}`, true);
        expect(pageErrors).toEqual([]);
      });
    },
  );
});
