import { v7 as uuidv7 } from 'uuid';
import type { Tx } from '../../../platform/db/tenant.ts';
import { seedWarehouses } from '../warehouses/service.ts';
import { seedPartners } from '../partners/service.ts';
import { seedEmployees } from '../employees/service.ts';
import { brands, productCategories, products, productSubCategories, productUomConversions, uoms } from './schema.ts';

/** Reference data every tenant starts with: the usual Indonesian units of measure. Returns their ids by code. */
export async function seedUnits(tx: Tx, tenantId: string): Promise<Map<string, string>> {
  const units: [string, string][] = [
    ['PCS', 'Buah'],
    ['BOX', 'Kotak'],
    ['KRT', 'Karton'],
    ['KG', 'Kilogram'],
    ['LTR', 'Liter'],
    ['JAM', 'Jam'],
  ];
  const ids = new Map(units.map(([code]) => [code, uuidv7()]));
  await tx.insert(uoms).values(units.map(([code, name]) => ({ tenantId, id: ids.get(code)!, code, name })));
  return ids;
}

/** Demo catalogue: brands, categories and a handful of goods and one service, in the `units` of `seedUnits`. */
export async function seedProducts(tx: Tx, tenantId: string, units: Map<string, string>) {
  const ids = new Map<string, string>(units);
  const codeName = (rows: [string, string][]) =>
    rows.map(([code, name]) => {
      const id = uuidv7();
      ids.set(code, id);
      return { tenantId, id, code, name };
    });
  await tx.insert(brands).values(
    codeName([
      ['NUSA', 'Nusa Pangan'],
      ['SEGAR', 'Segar Alami'],
      ['KOPI-NUS', 'Kopi Nusantara'],
    ]),
  );
  await tx.insert(productCategories).values(
    codeName([
      ['MKN', 'Makanan'],
      ['MNM', 'Minuman'],
      ['JSA', 'Jasa'],
    ]),
  );
  const subs: [string, string, string][] = [
    ['MKN-RINGAN', 'Makanan Ringan', 'MKN'],
    ['MKN-POKOK', 'Bahan Pokok', 'MKN'],
    ['MNM-KOPI', 'Kopi', 'MNM'],
    ['MNM-TEH', 'Teh', 'MNM'],
    ['JSA-ANTAR', 'Jasa Antar', 'JSA'],
  ];
  await tx.insert(productSubCategories).values(
    subs.map(([code, name, category]) => {
      const id = uuidv7();
      ids.set(code, id);
      return { tenantId, id, code, name, categoryId: ids.get(category)! };
    }),
  );
  const items: [string, string, 'PRODUCT' | 'SERVICE', string, string | null, string, string, string, string, string][] = [
    ['PRD-0001', 'Beras Premium Pandan Wangi 5 kg', 'PRODUCT', 'PCS', 'NUSA', 'MKN', 'MKN-POKOK', '68000', '75000', 'beras pulen sembako'],
    ['PRD-0002', 'Keripik Singkong Balado 200 g', 'PRODUCT', 'PCS', 'NUSA', 'MKN', 'MKN-RINGAN', '9500', '13500', 'camilan pedas'],
    ['PRD-0003', 'Kopi Bubuk Gayo Arabika 250 g', 'PRODUCT', 'PCS', 'KOPI-NUS', 'MNM', 'MNM-KOPI', '42000', '58000', 'kopi aceh arabika'],
    ['PRD-0004', 'Teh Melati Celup isi 25', 'PRODUCT', 'BOX', 'SEGAR', 'MNM', 'MNM-TEH', '7800', '11000', 'teh wangi melati'],
    ['PRD-0005', 'Minyak Goreng Sawit 2 Liter', 'PRODUCT', 'LTR', 'NUSA', 'MKN', 'MKN-POKOK', '31000', '36500', 'minyak sembako'],
    ['JSA-0001', 'Jasa Antar Dalam Kota', 'SERVICE', 'JAM', null, 'JSA', 'JSA-ANTAR', '15000', '25000', 'kurir pengiriman'],
  ];
  for (const [code, name, type, uom, brand, category, sub, purchasePrice, sellPrice, keywords] of items) {
    const id = uuidv7();
    await tx.insert(products).values({
      tenantId,
      id,
      code,
      name,
      type,
      baseUomId: ids.get(uom)!,
      brandId: brand ? ids.get(brand)! : null,
      categoryId: ids.get(category)!,
      subCategoryId: ids.get(sub)!,
      purchasePrice,
      sellPrice,
      standardPrice: purchasePrice,
      keywords,
      buyable: type === 'PRODUCT',
      minQuantity: type === 'PRODUCT' ? '10' : null,
      maxQuantity: type === 'PRODUCT' ? '500' : null,
      warrantyMonths: null,
    });
    if (uom === 'PCS') await tx.insert(productUomConversions).values({ tenantId, productId: id, uomId: ids.get('KRT')!, factor: '24' });
  }
}

/** The demo tenant's sample ERP master data of issue 4 (second half): warehouses, customers and suppliers, employees, catalogue. */
export async function seedErpMasterData(tx: Tx, tenantId: string, units: Map<string, string>) {
  await seedWarehouses(tx, tenantId);
  await seedPartners(tx, tenantId);
  await seedEmployees(tx, tenantId);
  await seedProducts(tx, tenantId, units);
}
