import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../../test/test-app.ts';

let t: TestApp;
let admin: string;
const ids: Record<string, string> = {};
const API = '/api/v1/erp';

beforeAll(async () => {
  t = await createTestApp('products');
  admin = await t.login('admin');
});
afterAll(() => t.close());

const post = (path: string, payload: object, token = admin) => t.request({ method: 'POST', url: `${API}/${path}`, token, payload });
const get = (path: string, token = admin) => t.request({ method: 'GET', url: `${API}/${path}`, token });

const product = () => ({
  productCode: 'ZR-001',
  productName: 'Kopi Susu Gula Aren 250 ml',
  productType: 'PRODUCT',
  baseUomId: ids.btl,
  brandId: ids.brand,
  categoryId: ids.cat,
  subCategoryId: ids.sub,
  minQuantity: '5',
  maxQuantity: '200.5',
  buyable: 'Y',
  sellable: 'Y',
  purchasePrice: '9000',
  sellPrice: '15000.25',
  standardPrice: '9500',
  weight: '0.275',
  length: '6',
  width: '6',
  height: '15',
  keywords: 'minuman dingin kekinian',
  warrantyMonths: null,
  conversions: [{ uomId: ids.krt, factor: '24' }],
});

describe('units, brands, categories and sub-categories', () => {
  it('creates each with code and name, and refuses duplicate codes with their own error', async () => {
    for (const [key, path, body] of [
      ['btl', 'uoms', { uomCode: 'ZR-BTL', uomName: 'Botol' }],
      ['krt', 'uoms', { uomCode: 'ZR-KRT', uomName: 'Karton' }],
      ['brand', 'brands', { brandCode: 'ZR-BRD', brandName: 'Kopi Kita' }],
      ['cat', 'product-categories', { categoryCode: 'ZR-MNM', categoryName: 'Minuman' }],
      ['cat2', 'product-categories', { categoryCode: 'ZR-MKN', categoryName: 'Makanan' }],
    ] as const) {
      const res = await post(path, body);
      expect(res.statusCode, res.body).toBe(200);
      ids[key] = Object.values(res.json())[0] as string;
    }
    const sub = await post('product-sub-categories', { subCategoryCode: 'ZR-KOPI', subCategoryName: 'Kopi Siap Minum', categoryId: ids.cat });
    expect(sub.json()).toMatchObject({ subCategoryCode: 'ZR-KOPI', categoryCode: 'ZR-MNM', categoryName: 'Minuman', active: 'Y' });
    ids.sub = sub.json().subCategoryId;
    expect((await post('uoms', { uomCode: 'zr-btl', uomName: 'x' })).json()).toEqual({ errorCode: 'uom_code_already_exists', errorArgs: ['zr-btl'] });
    expect((await post('brands', { brandCode: 'ZR-BRD', brandName: 'x' })).json().errorCode).toBe('brand_code_already_exists');
    expect((await post('product-categories', { categoryCode: 'ZR-MNM', categoryName: 'x' })).json().errorCode).toBe('product_category_code_already_exists');
    expect((await post('product-sub-categories', { subCategoryCode: 'ZR-KOPI', subCategoryName: 'x', categoryId: ids.cat })).json().errorCode).toBe(
      'product_sub_category_code_already_exists',
    );
    const orphan = await post('product-sub-categories', { subCategoryCode: 'ZR-X', subCategoryName: 'x', categoryId: '0190a000-0000-7000-8000-000000000000' });
    expect(orphan.json().errorCode).toBe('product_category_not_found');
    const blank = await post('brands', { brandName: 'Merek Tanpa Kode' });
    expect(blank.json().brandCode).toMatch(/^BRA\d+$/);
    expect((await get('uoms/0190a000-0000-7000-8000-000000000000')).json().errorCode).toBe('uom_not_found');
    expect((await get('brands/0190a000-0000-7000-8000-000000000000')).json().errorCode).toBe('brand_not_found');
    expect((await get('product-sub-categories/0190a000-0000-7000-8000-000000000000')).json().errorCode).toBe('product_sub_category_not_found');
    expect((await get(`product-sub-categories?categoryId=${ids.cat}`)).json().items.map((s: { subCategoryCode: string }) => s.subCategoryCode)).toEqual([
      'ZR-KOPI',
    ]);
  });

  it('sorts sub-categories by their category name either way, and the dropdown size lists active ones only', async () => {
    const roti = await post('product-sub-categories', { subCategoryCode: 'ZR-ROTI', subCategoryName: 'Roti', categoryId: ids.cat2 });
    expect(roti.json()).toMatchObject({ categoryCode: 'ZR-MKN', categoryName: 'Makanan' });
    const codes = async (query: string) =>
      (await get(`product-sub-categories?keyword=ZR-&${query}`)).json().items.map((s: { subCategoryCode: string }) => s.subCategoryCode);
    expect(await codes('sort=category')).toEqual(['ZR-ROTI', 'ZR-KOPI']);
    expect(await codes('sort=-category')).toEqual(['ZR-KOPI', 'ZR-ROTI']);
    await t.request({ method: 'PUT', url: `${API}/product-sub-categories/${roti.json().subCategoryId}/active`, token: admin, payload: { active: 'N' } });
    expect(await codes('sort=category&limit=30')).toEqual(['ZR-KOPI']);
    expect(await codes('sort=category&limit=25')).toEqual(['ZR-ROTI', 'ZR-KOPI']);
    expect((await t.request({ method: 'DELETE', url: `${API}/product-sub-categories/${roti.json().subCategoryId}`, token: admin })).json()).toEqual({
      ok: true,
    });
  });
});

describe('products', () => {
  it('creates a product with unit, brand, category, sub-category, prices, dimensions and conversions', async () => {
    const res = await post('products', product());
    expect(res.statusCode, res.body).toBe(200);
    ids.p1 = res.json().productId;
    expect(res.json()).toMatchObject({
      productCode: 'ZR-001',
      productType: 'PRODUCT',
      baseUomCode: 'ZR-BTL',
      brandCode: 'ZR-BRD',
      categoryCode: 'ZR-MNM',
      subCategoryCode: 'ZR-KOPI',
      // The list shows brand, category and sub-category by name.
      brandName: 'Kopi Kita',
      categoryName: 'Minuman',
      subCategoryName: 'Kopi Siap Minum',
      minQuantity: '5',
      maxQuantity: '200.5',
      sellPrice: '15000.25',
      weight: '0.275',
      conversions: [{ uomId: ids.krt, uomCode: 'ZR-KRT', factor: '24' }],
    });
    const stored = await t.pools.owner.query(`SELECT sell_price FROM products WHERE id = $1`, [ids.p1]);
    expect(stored.rows[0].sell_price).toBe('15000.2500');
    const audit = await t.pools.owner.query(`SELECT module, action FROM audit_log WHERE entity_id = $1`, [ids.p1]);
    expect(audit.rows).toEqual([{ module: 'accounting.product', action: 'create' }]);
  });

  it.each([
    ['a purchase price of 0', { purchasePrice: '0' }, 'price_must_be_positive', ['purchase']],
    ['a negative sell price', { sellPrice: '-1' }, 'price_must_be_positive', ['sell']],
    ['a standard price of 0.0000', { standardPrice: '0.0000' }, 'price_must_be_positive', ['standard']],
    ['a minimum above the maximum', { minQuantity: '10.0001', maxQuantity: '10' }, 'min_quantity_exceeds_max', []],
    ['a conversion factor of 0', { conversions: [{ uomId: 'krt', factor: '0' }] }, 'quantity_must_be_positive', []],
    ['a conversion to the base unit', { conversions: [{ uomId: 'btl', factor: '2' }] }, 'uom_conversion_invalid', ['ZR-BTL']],
    ['a sub-category of another category', { categoryId: 'cat2' }, 'product_sub_category_not_in_category', ['ZR-KOPI', 'ZR-MKN']],
    ['a sub-category without a category', { categoryId: null }, 'product_sub_category_needs_category', []],
    ['an unknown unit', { baseUomId: '0190a000-0000-7000-8000-000000000000' }, 'uom_not_found', ['0190a000-0000-7000-8000-000000000000']],
    ['an unknown brand', { brandId: '0190a000-0000-7000-8000-000000000000' }, 'brand_not_found', ['0190a000-0000-7000-8000-000000000000']],
  ])('refuses %s', async (_name, change, errorCode, errorArgs) => {
    const resolved = Object.fromEntries(
      Object.entries(change).map(([k, v]) => [
        k,
        k === 'conversions'
          ? (v as { uomId: string; factor: string }[]).map((c) => ({ ...c, uomId: ids[c.uomId] }))
          : typeof v === 'string' && ids[v]
            ? ids[v]
            : v,
      ]),
    );
    const res = await post('products', { ...product(), productCode: 'ZR-BAD', ...resolved });
    expect(res.statusCode).toBeGreaterThanOrEqual(400);
    expect(res.json()).toEqual({ errorCode, errorArgs });
    expect((await t.pools.owner.query(`SELECT 1 FROM products WHERE code = 'ZR-BAD'`)).rowCount).toBe(0);
  });

  it('refuses a duplicate code, a negative minimum, and generates blank codes', async () => {
    expect((await post('products', { ...product(), productCode: 'zr-001' })).json()).toEqual({
      errorCode: 'product_code_already_exists',
      errorArgs: ['zr-001'],
    });
    expect((await post('products', { ...product(), productCode: 'ZR-NEG', minQuantity: '-1' })).json().errorCode).toBe('invalid_input_format');
    const blank = await post('products', { ...product(), productCode: '', productName: 'Jasa Seduh Kopi', productType: 'SERVICE', conversions: [] });
    expect(blank.statusCode, blank.body).toBe(200);
    expect(blank.json()).toMatchObject({ productType: 'SERVICE' });
    expect(blank.json().productCode).toMatch(/^PRD-\d{4}$/);
    ids.p2 = blank.json().productId;
    expect((await get('products/0190a000-0000-7000-8000-000000000000')).json().errorCode).toBe('product_not_found');
  });

  it('finds products by stemmed Indonesian words, by keywords and by part of the code or name', async () => {
    const codes = async (q: string) =>
      (await get(`products?keyword=${encodeURIComponent(q)}&limit=100`)).json().items.map((p: { productCode: string }) => p.productCode);
    expect(await codes('minum')).toContain('ZR-001'); // "minuman" stems to "minum"
    expect(await codes('kekinian')).toContain('ZR-001');
    expect(await codes('ula are')).toContain('ZR-001'); // substring of the name
    expect(await codes('r-00')).toContain('ZR-001');
    expect(await codes('gayo')).toEqual(['PRD-0003']);
    expect(await codes('tidakadaprodukini')).toEqual([]);
    expect(await codes('%')).toEqual([]); // a literal %, not a wildcard
    expect(await codes('_')).toEqual([]);
    expect((await get(`products?keyword=seduh&type=SERVICE`)).json().total).toBe(1);
    expect((await get(`products?keyword=seduh&type=PRODUCT`)).json().total).toBe(0);
    expect((await get(`products?subCategoryId=${ids.sub}`)).json().total).toBe(2);
  });

  it('edits, deactivates and refuses deleting units, brands and categories in use', async () => {
    const edit = await t.request({
      method: 'PUT',
      url: `${API}/products/${ids.p1}`,
      token: admin,
      payload: { ...product(), sellPrice: '16000', conversions: [] },
    });
    expect(edit.json()).toMatchObject({ sellPrice: '16000', conversions: [] });
    expect((await t.request({ method: 'DELETE', url: `${API}/uoms/${ids.btl}`, token: admin })).json()).toEqual({
      errorCode: 'used_by_another_table',
      errorArgs: ['products'],
    });
    expect((await t.request({ method: 'DELETE', url: `${API}/brands/${ids.brand}`, token: admin })).json()).toEqual({
      errorCode: 'used_by_another_table',
      errorArgs: ['products'],
    });
    expect((await t.request({ method: 'DELETE', url: `${API}/product-categories/${ids.cat}`, token: admin })).json()).toEqual({
      errorCode: 'used_by_another_table',
      errorArgs: ['product_sub_categories'],
    });
    expect((await t.request({ method: 'DELETE', url: `${API}/product-sub-categories/${ids.sub}`, token: admin })).json()).toEqual({
      errorCode: 'used_by_another_table',
      errorArgs: ['products'],
    });
    const move = await t.request({
      method: 'PUT',
      url: `${API}/product-sub-categories/${ids.sub}`,
      token: admin,
      payload: { subCategoryCode: 'ZR-KOPI', subCategoryName: 'Kopi', categoryId: ids.cat2 },
    });
    expect(move.json()).toEqual({ errorCode: 'used_by_another_table', errorArgs: ['products'] });
    await post('products', { ...product(), productCode: 'ZR-002', conversions: [{ uomId: ids.krt, factor: '12' }] });
    expect((await t.request({ method: 'DELETE', url: `${API}/uoms/${ids.krt}`, token: admin })).json()).toEqual({
      errorCode: 'used_by_another_table',
      errorArgs: ['product_uom_conversions'],
    });
    expect((await t.request({ method: 'PUT', url: `${API}/products/${ids.p1}/active`, token: admin, payload: { active: 'N' } })).json().active).toBe('N');
    expect((await get('products?keyword=ZR-&limit=30')).json().items.map((p: { productCode: string }) => p.productCode)).not.toContain('ZR-001');
    expect((await t.request({ method: 'DELETE', url: `${API}/products/${ids.p1}`, token: admin })).json()).toEqual({ ok: true });
    expect((await t.pools.owner.query(`SELECT 1 FROM product_uom_conversions WHERE product_id = $1`, [ids.p1])).rowCount).toBe(0);
    const unused = await post('uoms', { uomCode: 'ZR-DEL', uomName: 'Hapus' });
    expect((await t.request({ method: 'PUT', url: `${API}/uoms/${unused.json().uomId}/active`, token: admin, payload: { active: 'N' } })).json().active).toBe(
      'N',
    );
    expect((await get('uoms?keyword=ZR-DEL&limit=30')).json().total).toBe(0);
    expect((await t.request({ method: 'DELETE', url: `${API}/uoms/${unused.json().uomId}`, token: admin })).json()).toEqual({ ok: true });
  });

  it("filters the lazy dropdown by the user's product policy and refuses to delete a product a policy names", async () => {
    const ous = (await t.request({ method: 'GET', url: '/api/v1/config/org-units?keyword=KEMANG', token: admin })).json();
    const kemang = ous.items.find((u: { ouCode: string }) => u.ouCode === 'KEMANG').ouId;
    const cashierId = (
      await t.pools.owner.query(`SELECT u.id FROM users u JOIN tenants t ON t.id = u.tenant_id WHERE t.code = 'demo' AND u.username = 'cashier'`)
    ).rows[0].id;
    const empty = { documentTypes: [], partners: [], warehouses: [], cashBanks: [], glActivities: [] };
    const saved = await t.request({
      method: 'PUT',
      url: `/api/v1/config/policy-ou/${kemang}`,
      token: admin,
      payload: { ...empty, products: ['PRD-0001', 'zr-002'], memberIds: [cashierId] },
    });
    expect(saved.statusCode, saved.body).toBe(200);
    const cashier = await t.login('cashier');
    expect((await get('products?limit=30', cashier)).json().items.map((p: { productCode: string }) => p.productCode)).toEqual(['PRD-0001', 'ZR-002']);
    expect((await get('products?limit=25', cashier)).json().total).toBeGreaterThan(2);
    const zr2 = (await get('products?keyword=ZR-002')).json().items[0].productId;
    expect((await t.request({ method: 'DELETE', url: `${API}/products/${zr2}`, token: admin })).json()).toEqual({
      errorCode: 'used_by_another_table',
      errorArgs: ['policy-ou'],
    });
  });

  it('exports units, brands, categories and sub-categories as xlsx', async () => {
    for (const [path, first] of [
      ['uoms', 'ZR-BTL'],
      ['brands', 'ZR-BRD'],
      ['product-categories', 'ZR-MKN'],
      ['product-sub-categories', 'ZR-KOPI'],
    ]) {
      const res = await get(`${path}/export?keyword=ZR-`);
      expect(res.statusCode).toBe(200);
      const book = new ExcelJS.Workbook();
      await book.xlsx.load(res.rawPayload as unknown as ArrayBuffer);
      expect(book.worksheets[0].getRow(2).getCell(1).value).toBe(first);
    }
  });

  it('lets the cashier and staff read but not write, refuses the agent, and a second tenant sees none of it', async () => {
    const cashier = await t.login('cashier');
    expect((await post('brands', { brandCode: 'ZR-C', brandName: 'x' }, cashier)).statusCode).toBe(403);
    const staff = await t.login('staff');
    expect((await get('uoms?keyword=ZR-', staff)).statusCode).toBe(200);
    expect((await post('products', { ...product(), productCode: 'ZR-S' }, staff)).statusCode).toBe(403);
    const agent = await t.login('agent');
    for (const path of ['products', 'uoms', 'brands', 'product-categories', 'product-sub-categories', 'products/export']) {
      const res = await get(path, agent);
      expect(res.statusCode, path).toBe(403);
      expect(res.json().errorCode).toBe('forbidden_action');
    }
    await t.seedTenant('acme');
    const acme = await t.login('admin', 'acme');
    for (const path of ['products', 'uoms', 'brands', 'product-categories', 'product-sub-categories']) {
      expect((await get(`${path}?keyword=ZR-`, acme)).json().total, path).toBe(0);
    }
    expect((await get(`products/${ids.p2}`, acme)).statusCode).toBe(404);
    expect((await get('products?keyword=gayo', acme)).json().items[0].productId).not.toBe((await get('products?keyword=gayo')).json().items[0].productId);
  });
});
