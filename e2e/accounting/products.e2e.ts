import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { ERRORS, XLSX_CONTENT_TYPE, type Product, type Warehouse } from '@nusa/contracts';
import { api, apiLogin } from '../support/api.ts';
import { launchBrowser, screenshot, type TestPage, withOpenPage } from '../support/browser.ts';
import { seedOwnTenant } from '../support/db.ts';
import { chooseOption, settled } from '../support/antd.ts';

/** The texts these flows read (apps/web/src/i18n/modules/accounting-catalog.*.json, accounting-master.*.json, id/en.json). */
const tx = {
  id: {
    productTitle: 'Produk',
    addProduct: 'Tambah produk',
    name: 'Nama produk',
    baseUom: 'Satuan dasar',
    brand: 'Merek',
    category: 'Kategori',
    subCategory: 'Sub-kategori',
    purchasePrice: 'Harga beli',
    sellPrice: 'Harga jual',
    minQuantity: 'Kuantitas minimum',
    maxQuantity: 'Kuantitas maksimum',
    save: 'Simpan',
    import: 'Impor xlsx',
    importTitle: 'Hasil impor',
    importRunningTitle: 'Mengimpor berkas',
    close: 'Tutup',
    download: 'Unduh daftar baris ditolak (CSV)',
    search: 'Cari',
    setupTitle: 'Atribut Produk',
    tabUom: 'Satuan',
    tabSubCategory: 'Sub-kategori',
    addUom: 'Tambah satuan',
    uomName: 'Nama satuan',
    uomCode: 'Kode satuan',
    warehouseTitle: 'Gudang',
    addWarehouse: 'Tambah gudang',
    warehouseName: 'Nama gudang',
    warehouseType: 'Tipe',
    production: 'Produksi',
    conversionFactor: 'Faktor',
  },
  en: {
    productTitle: 'Products',
    sellPrice: 'Sell price',
    filterType: 'Filter by product type',
    service: 'Service',
    noneYet: 'No products yet. Add a product or import an xlsx file.',
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

/** An xlsx with the Indonesian export headings: two good rows and one whose sell price is 0. */
async function importFile(
  header = ['Kode Produk', 'Nama Produk', 'Tipe', 'Kode Satuan Dasar', 'Kode Kategori', 'Harga Beli', 'Harga Jual', 'Kata Kunci'],
): Promise<Buffer> {
  const book = new ExcelJS.Workbook();
  const sheet = book.addWorksheet('Produk');
  sheet.addRow(header);
  sheet.addRow(['IMP-001', 'Sabun Cair Lemon 800 ml', 'PRODUCT', 'PCS', 'MKN', '12000', '15500.25', 'sabun cuci']);
  sheet.addRow(['IMP-002', 'Jasa Instalasi Rak Gudang', 'SERVICE', 'JAM', 'JSA', '', '75000', 'pasang rak']);
  sheet.addRow(['IMP-003', 'Tisu Wajah 250 lembar', 'PRODUCT', 'PCS', 'MKN', '5000', '0', 'tisu']);
  return Buffer.from(await book.xlsx.writeBuffer());
}

describe('accounting products, units/brands/categories and warehouses', () => {
  let browser: Browser;
  let tenant: Awaited<ReturnType<typeof seedOwnTenant>>;
  let token: string;
  const get = async <T>(path: string) => {
    const res = await api<T>('GET', path, { token, tenant: tenant.code });
    expect(res.status, path).toBe(200);
    return res.body;
  };
  const productsLike = async (keyword: string) => (await get<{ items: Product[] }>(`/v1/erp/products?keyword=${encodeURIComponent(keyword)}`)).items;

  beforeAll(async () => {
    browser = await launchBrowser();
    tenant = await seedOwnTenant('catalog');
    token = (await apiLogin('admin', { tenant: tenant.code })).token;
  });
  afterAll(async () => {
    await browser?.close();
    await tenant?.close();
  });

  const withPage = (lang: 'id' | 'en', run: (p: TestPage) => Promise<void>) =>
    withOpenPage(browser, { as: 'admin', tenant: tenant.code, language: lang }, 'accounting-products', run);

  it('creates a product through the lazy unit, brand, category and sub-category dropdowns; a price of 0 is refused under its field and the form keeps everything (id)', async () => {
    const t = tx.id;
    // A retry of this test starts where its first try's product is gone again: nothing is saved before the form is.
    for (const p of await productsLike('Gula Pasir')) {
      const res = await api('DELETE', `/v1/erp/products/${p.productId}`, { token, tenant: tenant.code });
      expect(res.status, JSON.stringify(res.body)).toBe(200);
    }
    await withPage('id', async ({ page }) => {
      await page.goto('/accounting/product');
      await heading(page, t.productTitle);
      await page.getByRole('cell', { name: 'PRD-0001', exact: true }).waitFor();
      // Prices are decimal strings shown id-ID.
      await page.getByRole('row').filter({ hasText: 'PRD-0001' }).getByText('75.000', { exact: true }).waitFor();
      await screenshot(page, 'accounting-product-list-id');

      await page.getByRole('button', { name: t.addProduct }).click();
      await drawer(page).getByLabel(t.name, { exact: true }).waitFor();
      await expect.poll(() => page.evaluate(() => document.activeElement?.id)).toBe('productCode');
      await settled(page);
      await screenshot(page, 'accounting-product-form-empty-id');
      await drawer(page).getByLabel(t.name, { exact: true }).fill('Gula Pasir Kristal 1 kg');
      await pick(page, t.baseUom, 'KG - Kilogram', 'KG');
      await pick(page, t.brand, 'NUSA - Nusa Pangan', 'Nusa');
      // The sub-category waits for its category and then lists only that category's sub-categories.
      expect(await drawer(page).getByLabel(t.subCategory, { exact: true }).isDisabled()).toBe(true);
      await pick(page, t.category, 'MKN - Makanan', 'MKN');
      await drawer(page).getByLabel(t.subCategory, { exact: true }).click();
      const subOptions = page.locator('.ant-select-dropdown:not(.ant-select-dropdown-hidden) .ant-select-item-option');
      await subOptions.filter({ hasText: 'MKN-POKOK - Bahan Pokok' }).waitFor();
      expect((await subOptions.allInnerTexts()).every((o) => o.startsWith('MKN-'))).toBe(true);
      await page.keyboard.press('Escape');
      await pick(page, t.subCategory, 'MKN-POKOK - Bahan Pokok', 'Pokok');
      await drawer(page).getByLabel(t.purchasePrice, { exact: true }).fill('0');
      await drawer(page).getByLabel(t.sellPrice, { exact: true }).fill('-5');
      await drawer(page).getByLabel(t.minQuantity, { exact: true }).fill('20');
      await drawer(page).getByLabel(t.maxQuantity, { exact: true }).fill('1.000');

      // Negative: the contract's price rule (above 0) checked in the form, every price at once, each named under its
      // own field, before anything is sent.
      const requests: string[] = [];
      page.on('request', (r) => {
        if (r.method() === 'POST' && r.url().includes('/api/v1/erp/products')) requests.push(r.url());
      });
      await drawer(page).getByRole('button', { name: t.save }).click();
      await fieldError(page, t.purchasePrice).getByText(ERRORS.price_must_be_positive.id.replace('{{0}}', 'beli')).waitFor();
      await fieldError(page, t.sellPrice).getByText(ERRORS.price_must_be_positive.id.replace('{{0}}', 'jual')).waitFor();
      expect(requests).toEqual([]);
      await settled(page);
      await screenshot(page, 'accounting-product-price-refused-id');
      await drawer(page).getByLabel(t.purchasePrice, { exact: true }).fill('14.500');
      expect(await drawer(page).getByLabel(t.name, { exact: true }).inputValue()).toBe('Gula Pasir Kristal 1 kg');
      const chosen = await drawer(page).innerText();
      for (const label of ['KG - Kilogram', 'NUSA - Nusa Pangan', 'MKN - Makanan', 'MKN-POKOK - Bahan Pokok']) expect(chosen).toContain(label);
      expect(await productsLike('Gula Pasir')).toEqual([]);

      await drawer(page).getByLabel(t.sellPrice, { exact: true }).fill('17.250,50');
      // Enter submits.
      await drawer(page).getByLabel(t.sellPrice, { exact: true }).press('Enter');
      await page.getByText(/Gula Pasir Kristal 1 kg berhasil ditambahkan/).waitFor();
      await drawer(page).waitFor({ state: 'hidden' });

      const [saved] = await productsLike('Gula Pasir');
      expect(saved).toMatchObject({
        productName: 'Gula Pasir Kristal 1 kg',
        productType: 'PRODUCT',
        baseUomCode: 'KG',
        brandCode: 'NUSA',
        categoryCode: 'MKN',
        subCategoryCode: 'MKN-POKOK',
        purchasePrice: '14500',
        sellPrice: '17250.5',
        minQuantity: '20',
        maxQuantity: '1000',
        buyable: 'Y',
        sellable: 'Y',
      });
      // A blank code was numbered by the server.
      expect(saved.productCode).not.toBe('');
      const row = page.getByRole('row').filter({ hasText: saved.productCode });
      await row.getByText('17.250,5', { exact: true }).waitFor();
      // Category, sub-category and brand by name, not code; the prices on screen at 1366 px without scrolling.
      await row.getByText('Makanan', { exact: true }).waitFor();
      await row.getByText('Bahan Pokok', { exact: true }).waitFor();
      await row.getByText('Nusa Pangan', { exact: true }).waitFor();
      expect(await row.getByText('MKN', { exact: true }).count()).toBe(0);
      const priceBox = await row.getByText('17.250,5', { exact: true }).boundingBox();
      expect(priceBox!.x + priceBox!.width).toBeLessThanOrEqual(page.viewportSize()!.width);
    });
  });

  it('imports an xlsx: progress, then the report with the refused row, its column and reason; the good rows are listed (id)', async () => {
    const t = tx.id;
    // A retry of this test starts where its first try's import left nothing: the report counts new rows.
    for (const p of await productsLike('IMP-')) {
      const res = await api('DELETE', `/v1/erp/products/${p.productId}`, { token, tenant: tenant.code });
      expect(res.status, JSON.stringify(res.body)).toBe(200);
    }
    await withPage('id', async ({ page }) => {
      await page.goto('/accounting/product');
      await heading(page, t.productTitle);
      await page.getByRole('cell', { name: 'PRD-0001', exact: true }).waitFor();
      // Three rows are read in a blink: the first answer on the run is shown as a run part-way through a long file
      // (1,234 rows read), and the next ask is held until the test has seen that progress (a fixed pause lost the
      // race on a busy machine: the finished report replaced it before the title was checked); later asks reach the
      // server at once.
      let asked = 0;
      let progressSeen!: () => void;
      const seen = new Promise<void>((resolve) => (progressSeen = resolve));
      await page.route('**/api/v1/erp/imports/*', async (route) => {
        const n = asked++;
        if (n === 1) await seen;
        if (n > 0) return route.continue();
        const real = await route.fetch();
        await route.fulfill({ response: real, json: { ...(await real.json()), status: 'running', rowsRead: 1234, report: null } });
      });
      await page.locator('input[type=file]').setInputFiles({ name: 'produk-baru.xlsx', mimeType: XLSX_CONTENT_TYPE, buffer: await importFile() });
      const dialog = page.locator('.ant-modal').filter({ hasText: new RegExp(`${t.importRunningTitle}|${t.importTitle}`) });
      await dialog.getByRole('status').filter({ hasText: 'Membaca baris berkas: 1.234 baris sejauh ini…' }).waitFor();
      await dialog.getByText(t.importRunningTitle, { exact: true }).waitFor();
      await settled(page);
      await screenshot(page, 'accounting-product-import-progress-id');
      progressSeen();
      const refused = dialog.getByRole('row').filter({ hasText: 'Harga jual harus lebih dari 0' });
      await refused.waitFor();
      expect((await refused.getByRole('cell').allInnerTexts()).map((s) => s.trim())).toEqual([
        '4',
        t.sellPrice,
        ERRORS.price_must_be_positive.id.replace('{{0}}', 'jual'),
      ]);
      const counts = await dialog.locator('.ant-statistic').allInnerTexts();
      expect(counts.map((c) => c.replace(/\s+/g, ' ').trim())).toEqual(['Baris dibaca 3', 'Ditambahkan 2', 'Diperbarui 0', 'Tidak berubah 0', 'Ditolak 1']);
      await settled(page);
      await screenshot(page, 'accounting-product-import-report-id');

      // The refused rows download as CSV with the same columns and reasons.
      const [download] = await Promise.all([page.waitForEvent('download'), dialog.getByRole('button', { name: t.download }).click()]);
      const csv = await (await download.createReadStream()).toArray();
      expect(Buffer.concat(csv).toString('utf8')).toContain('4,Harga jual,Harga jual harus lebih dari 0');
      await dialog.locator('.ant-modal-footer').getByRole('button', { name: t.close }).click();
      await dialog.waitFor({ state: 'hidden' });

      // A sheet without a required column: the run fails, the dialog says why, nothing is saved.
      await page.unrouteAll();
      await page
        .locator('input[type=file]')
        .setInputFiles({ name: 'tanpa-satuan.xlsx', mimeType: XLSX_CONTENT_TYPE, buffer: await importFile(['Kode Produk', 'Nama Produk', 'Tipe']) });
      await dialog
        .getByRole('alert')
        .filter({ hasText: 'Berkas tidak dapat diimpor; tidak ada yang disimpan.' })
        .filter({ hasText: ERRORS.product_import_column_missing.id.replace('{{0}}', 'Kode Satuan Dasar') })
        .waitFor();
      await settled(page);
      await screenshot(page, 'accounting-product-import-failed-id');
      await dialog.locator('.ant-modal-footer').getByRole('button', { name: t.close }).click();
      await dialog.waitFor({ state: 'hidden' });

      await page.getByLabel(t.search, { exact: true }).fill('IMP-');
      await page.getByRole('cell', { name: 'IMP-001', exact: true }).waitFor();
      await page.getByRole('cell', { name: 'IMP-002', exact: true }).waitFor();
      expect(await page.getByRole('cell', { name: 'IMP-003', exact: true }).count()).toBe(0);
      await screenshot(page, 'accounting-product-imported-id');
      const imported = await productsLike('IMP-');
      expect(imported.map((p) => [p.productCode, p.productType, p.baseUomCode, p.sellPrice]).sort()).toEqual([
        ['IMP-001', 'PRODUCT', 'PCS', '15500.25'],
        ['IMP-002', 'SERVICE', 'JAM', '75000'],
      ]);
    });
  });

  it('edits a product: its unit conversion is shown and kept, the new price saved exactly (id)', async () => {
    const t = tx.id;
    // A retry of this test starts from the seeded sell price its first try may have changed.
    await tenant.sql("UPDATE products SET sell_price = 58000 WHERE code = 'PRD-0003'");
    await withPage('id', async ({ page }) => {
      await page.goto('/accounting/product');
      await page.getByRole('button', { name: 'Ubah PRD-0003 - Kopi Bubuk Gayo Arabika 250 g' }).click();
      const factor = drawer(page).getByLabel(t.conversionFactor, { exact: true });
      await expect.poll(() => factor.inputValue()).toBe('24');
      expect(await drawer(page).getByLabel(t.sellPrice, { exact: true }).inputValue()).toBe('58.000');
      await drawer(page).getByLabel(t.sellPrice, { exact: true }).fill('61.999,9999');
      await factor.scrollIntoViewIfNeeded();
      await settled(page);
      await screenshot(page, 'accounting-product-edit-id');
      await drawer(page).getByRole('button', { name: t.save }).click();
      await page.getByText('PRD-0003 - Kopi Bubuk Gayo Arabika 250 g berhasil disimpan').waitFor();
      const [edited] = await productsLike('PRD-0003');
      expect(edited).toMatchObject({
        sellPrice: '61999.9999',
        purchasePrice: '42000',
        conversions: [expect.objectContaining({ uomCode: 'KRT', factor: '24' })],
      });
      await page.getByRole('row').filter({ hasText: 'PRD-0003' }).getByText('61.999,9999', { exact: true }).waitFor();
    });
  });

  it('shows the product list in English with English numbers and filters it by type (en)', async () => {
    const t = tx.en;
    await withPage('en', async ({ page }) => {
      await page.goto('/accounting/product');
      await heading(page, t.productTitle);
      await page.getByRole('columnheader', { name: t.sellPrice }).waitFor();
      await page.getByRole('row').filter({ hasText: 'PRD-0001' }).getByText('75,000', { exact: true }).waitFor();
      await pick(page, t.filterType, t.service, undefined, page.locator('.list-toolbar'));
      await page.getByRole('cell', { name: 'JSA-0001', exact: true }).waitFor();
      await page.waitForFunction(() => !document.querySelector('.ant-table-row td')?.textContent?.includes('PRD-0001'));
      const codes = await page.locator('.ant-table-tbody tr.ant-table-row td:first-child').allInnerTexts();
      expect(codes.sort()).toEqual(['IMP-002', 'JSA-0001']);
      await screenshot(page, 'accounting-product-list-en');
      await page.getByLabel('Search', { exact: true }).fill('no such product anywhere');
      await page.getByText('No record matches the search or filters').waitFor();
      await screenshot(page, 'accounting-product-no-match-en');
    });
  });

  it('adds a unit of measure on the units/brands/categories page and shows the sub-category tab (id)', async () => {
    const t = tx.id;
    // A retry of this test starts where its first try's DUS is gone again.
    for (const u of (await get<{ items: { uomId: string; uomCode: string }[] }>('/v1/erp/uoms?keyword=DUS')).items.filter((u) => u.uomCode === 'DUS')) {
      const res = await api('DELETE', `/v1/erp/uoms/${u.uomId}`, { token, tenant: tenant.code });
      expect(res.status, JSON.stringify(res.body)).toBe(200);
    }
    await withPage('id', async ({ page }) => {
      await page.goto('/accounting/product-setup');
      await heading(page, t.setupTitle);
      await page.getByRole('cell', { name: 'PCS', exact: true }).waitFor();
      await screenshot(page, 'accounting-product-setup-uom-id');
      await page.getByRole('button', { name: t.addUom }).click();
      await drawer(page).getByLabel(t.uomName, { exact: true }).waitFor();
      await drawer(page).getByLabel(t.uomCode, { exact: true }).fill('DUS');
      await drawer(page).getByLabel(t.uomName, { exact: true }).fill('Dus');
      await settled(page);
      await screenshot(page, 'accounting-product-setup-uom-form-id');
      await drawer(page).getByLabel(t.uomName, { exact: true }).press('Enter');
      await page.getByText('DUS - Dus berhasil ditambahkan').waitFor();
      const uoms = await get<{ items: { uomCode: string; uomName: string }[] }>('/v1/erp/uoms?keyword=DUS');
      expect(uoms.items).toEqual([expect.objectContaining({ uomCode: 'DUS', uomName: 'Dus', active: 'Y' })]);

      await page.getByRole('tab', { name: 'Merek', exact: true }).click();
      await page.getByRole('cell', { name: 'KOPI-NUS', exact: true }).waitFor();
      await screenshot(page, 'accounting-product-setup-brand-id');
      await page.getByRole('tab', { name: t.tabSubCategory }).click();
      await page.getByRole('cell', { name: 'MNM-KOPI', exact: true }).waitFor();
      await screenshot(page, 'accounting-product-setup-sub-category-id');
    });
  });

  it('creates a production warehouse (id)', async () => {
    const t = tx.id;
    // A name of this try's own: a retry must not meet the warehouse its first try saved.
    const name = `Dapur Produksi Bekasi ${Date.now().toString(36)}`;
    await withPage('id', async ({ page }) => {
      await page.goto('/accounting/warehouse');
      await heading(page, t.warehouseTitle);
      await page.locator('.ant-table-tbody tr.ant-table-row').first().waitFor();
      await screenshot(page, 'accounting-warehouse-list-id');
      await page.getByRole('button', { name: t.addWarehouse }).click();
      await drawer(page).getByLabel(t.warehouseName, { exact: true }).fill(name);
      await pick(page, t.warehouseType, t.production);
      await settled(page);
      await screenshot(page, 'accounting-warehouse-form-id');
      await drawer(page).getByLabel(t.warehouseName, { exact: true }).press('Enter');
      await page.getByText(`${name} berhasil ditambahkan`).waitFor();
      const { items } = await get<{ items: Warehouse[] }>('/v1/erp/warehouses?keyword=Bekasi');
      expect(items.filter((w) => w.warehouseName === name)).toEqual([expect.objectContaining({ flgWarehouse: 'PRODUCTION', active: 'Y' })]);
    });
  });
});
