import { and, asc, eq, sql, type SQL } from 'drizzle-orm';
import { v7 as uuidv7 } from 'uuid';
import type { CATALOG_SORT, ErrorCode, ProductSubCategory, SortValue, SUB_CATEGORY_SORT } from '@nusa/contracts';
import { caseless, listOrder } from '../../../platform/db/list-order.ts';
import type { Tx } from '../../../platform/db/tenant.ts';
import { AppError } from '../../../platform/errors/app-error.ts';
import { writeAudit, type Actor } from '../../../platform/audit/write.ts';
import { writeXlsx } from '../../../platform/files/xlsx.ts';
import { recordKit } from '../../../platform/records/kit.ts';
import { codeOrNameLike, isDropdown, XLSX_EXPORT_LIMIT, yn } from '../../../platform/records/query.ts';
import { defineSheet, type SheetField } from '../../../platform/records/sheet.ts';
import { codeOrNext, nextCode } from '../document-templates/service.ts';
import { brands, productCategories, products, productSubCategories, productUomConversions, uoms } from './schema.ts';

/**
 * Units of measure, brands and product categories: code, name, active, each deletable only while no product (or
 * sub-category, or unit conversion) refers to it.
 */
type CodeNameTable = typeof uoms | typeof brands | typeof productCategories;
interface CodeNameKind {
  table: CodeNameTable;
  entity: string;
  module: string;
  notFound: ErrorCode;
  duplicate: ErrorCode;
  /** Which tables refer to a record: the first that does names the used_by_another_table error. */
  usedBy: (tx: Tx, id: string) => Promise<string | undefined>;
  sheet: { id: string; en: string };
}

const exists = async (q: Promise<unknown[]>) => (await q).length > 0;

export const KINDS = {
  uom: {
    table: uoms, entity: 'uom', module: 'erp.uom', notFound: 'uom_not_found', duplicate: 'uom_code_already_exists', sheet: { id: 'Satuan', en: 'Units of Measure' },
    usedBy: async (tx, id) => {
      if (await exists(tx.select({ id: products.id }).from(products).where(eq(products.baseUomId, id)).limit(1))) return 'products';
      if (await exists(tx.select({ id: productUomConversions.productId }).from(productUomConversions).where(eq(productUomConversions.uomId, id)).limit(1))) return 'product_uom_conversions';
      return undefined;
    },
  },
  brand: {
    table: brands, entity: 'brand', module: 'erp.brand', notFound: 'brand_not_found', duplicate: 'brand_code_already_exists', sheet: { id: 'Merek', en: 'Brands' },
    usedBy: async (tx, id) => ((await exists(tx.select({ id: products.id }).from(products).where(eq(products.brandId, id)).limit(1))) ? 'products' : undefined),
  },
  category: {
    table: productCategories, entity: 'product-category', module: 'erp.product-category', notFound: 'product_category_not_found',
    duplicate: 'product_category_code_already_exists', sheet: { id: 'Kategori Produk', en: 'Product Categories' },
    usedBy: async (tx, id) => {
      if (await exists(tx.select({ id: productSubCategories.id }).from(productSubCategories).where(eq(productSubCategories.categoryId, id)).limit(1))) return 'product_sub_categories';
      if (await exists(tx.select({ id: products.id }).from(products).where(eq(products.categoryId, id)).limit(1))) return 'products';
      return undefined;
    },
  },
} satisfies Record<string, CodeNameKind>;
export type Kind = keyof typeof KINDS;

export interface CodeName { id: string; code: string; name: string; active: 'Y' | 'N' }
type Filter = { keyword?: string; active?: 'Y' | 'N'; sort?: SortValue<(typeof CATALOG_SORT)[number]> };

const toCodeName = (r: { id: string; code: string; name: string; active: boolean }): CodeName => ({ id: r.id, code: r.code, name: r.name, active: yn(r.active) });

/** The keys of a kind's code and name in its API and sheet (uomCode, uomName ...). */
export const CODE_NAME_KEYS = { uom: ['uomCode', 'uomName'], brand: ['brandCode', 'brandName'], category: ['categoryCode', 'categoryName'] } as const;

/** A kind's sheet: Kode, Nama, Aktif under the kind's own keys; the export writes it, the import reads it back. */
const codeNameSheet = <C extends string, N extends string>(name: { id: string; en: string }, code: C, label: N) => defineSheet<CodeName>()({
  name,
  fields: {
    [code]: { id: 'Kode', en: 'Code', width: 16, value: (r: CodeName) => r.code },
    [label]: { id: 'Nama', en: 'Name', width: 32, value: (r: CodeName) => r.name },
    active: { id: 'Aktif', en: 'Active', width: 8, value: (r: CodeName) => r.active },
  } as Record<C | N | 'active', SheetField<CodeName>>,
});

export const CODE_NAME_SHEETS = {
  uom: codeNameSheet(KINDS.uom.sheet, ...CODE_NAME_KEYS.uom),
  brand: codeNameSheet(KINDS.brand.sheet, ...CODE_NAME_KEYS.brand),
  category: codeNameSheet(KINDS.category.sheet, ...CODE_NAME_KEYS.category),
};

const codeNameKit = <K extends Kind>(kind: K) => {
  const k: CodeNameKind = KINDS[kind];
  const t = k.table;
  return recordKit({
    table: t,
    module: k.module,
    entity: k.entity,
    errors: { notFound: k.notFound, codeTaken: k.duplicate },
    sort: { columns: { code: caseless(t.code), name: caseless(t.name), active: t.active }, fallback: [asc(sql`lower(${t.code})`)] },
    toRecords: (_tx, rows: { id: string; code: string; name: string; active: boolean }[]) => rows.map(toCodeName),
    idOf: (r) => r.id,
    codeOf: (r) => r.code,
    nextCode: (tx, tenantId, taken) => nextCode(tx, tenantId, k.entity, undefined, taken),
    usedBy: (tx, r) => k.usedBy(tx, r.id),
    sheet: CODE_NAME_SHEETS[kind],
  });
};
const KITS = { uom: codeNameKit('uom'), brand: codeNameKit('brand'), category: codeNameKit('category') };

/** The list; at the dropdown size (30) only active records. */
export function listCodeNames(tx: Tx, kind: Kind, f: Filter & { page: number; limit: number }) {
  return KITS[kind].list(tx, f, isDropdown(f.limit) ? [eq(KINDS[kind].table.active, true)] : []);
}

export const getCodeName = (tx: Tx, kind: Kind, id: string): Promise<CodeName> => KITS[kind].get(tx, id);

/** The record of a code, any case (the import looks rows up with it). */
export const findCodeNameByCode = (tx: Tx, kind: Kind, code: string): Promise<CodeName | undefined> => KITS[kind].findByCode(tx, code);

/** All records of a kind by lower-cased code (the product import resolves codes with it). */
export async function codeNamesByCode(tx: Tx, kind: Kind): Promise<Map<string, CodeName>> {
  const k: CodeNameKind = KINDS[kind];
  const rows = await tx.select().from(k.table);
  return new Map(rows.map((r) => [r.code.toLowerCase(), toCodeName(r)]));
}

export const createCodeName = (tx: Tx, actor: Actor, kind: Kind, input: { code: string; name: string }): Promise<CodeName> =>
  KITS[kind].create(tx, actor, input.code, { name: input.name });

export const updateCodeName = (tx: Tx, actor: Actor, kind: Kind, id: string, input: { code: string; name: string }): Promise<CodeName> =>
  KITS[kind].update(tx, actor, id, input.code, { name: input.name });

export const setCodeNameActive = (tx: Tx, actor: Actor, kind: Kind, id: string, active: 'Y' | 'N'): Promise<CodeName> => KITS[kind].setActive(tx, actor, id, active);

/** Refused with used_by_another_table while a product (or sub-category, or unit conversion) refers to the record. */
export const deleteCodeName = (tx: Tx, actor: Actor, kind: Kind, id: string): Promise<void> => KITS[kind].remove(tx, actor, id);

export const exportCodeNames = (tx: Tx, kind: Kind, f: Filter, lang: 'id' | 'en'): Promise<Buffer> => KITS[kind].exportXlsx(tx, f, lang);

/* ---- Sub-categories: a code and name under one category. ---- */

const MODULE_SUB = 'erp.product-sub-category';
const subColumns = {
  id: productSubCategories.id, code: productSubCategories.code, name: productSubCategories.name, active: productSubCategories.active,
  categoryId: productSubCategories.categoryId, categoryCode: productCategories.code, categoryName: productCategories.name,
};
type SubRow = { id: string; code: string; name: string; active: boolean; categoryId: string; categoryCode: string; categoryName: string };
const toSub = (r: SubRow): ProductSubCategory => ({
  subCategoryId: r.id, subCategoryCode: r.code, subCategoryName: r.name, categoryId: r.categoryId, categoryCode: r.categoryCode,
  categoryName: r.categoryName, active: yn(r.active),
});
const subBase = (tx: Tx) => tx.select(subColumns).from(productSubCategories)
  .innerJoin(productCategories, and(eq(productCategories.tenantId, productSubCategories.tenantId), eq(productCategories.id, productSubCategories.categoryId)));

type SubFilter = Omit<Filter, 'sort'> & { categoryId?: string; sort?: SortValue<(typeof SUB_CATEGORY_SORT)[number]> };
const SUB_SORT_COLUMNS = {
  code: caseless(productSubCategories.code), name: caseless(productSubCategories.name), category: caseless(productCategories.name), active: productSubCategories.active,
};
const subOrder = (f: SubFilter) => listOrder(f.sort, SUB_SORT_COLUMNS, [asc(sql`lower(${productSubCategories.code})`)], productSubCategories.id);
function subWhere(f: SubFilter, dropdown = false): SQL | undefined {
  const c: SQL[] = [];
  if (f.keyword) c.push(codeOrNameLike(productSubCategories.code, productSubCategories.name, f.keyword));
  if (f.active) c.push(eq(productSubCategories.active, f.active === 'Y'));
  if (f.categoryId) c.push(eq(productSubCategories.categoryId, f.categoryId));
  if (dropdown) c.push(eq(productSubCategories.active, true));
  return c.length ? and(...c) : undefined;
}

export async function listSubCategories(tx: Tx, f: SubFilter & { page: number; limit: number }) {
  const condition = subWhere(f, isDropdown(f.limit));
  const rows = await subBase(tx).where(condition).orderBy(...subOrder(f)).limit(f.limit).offset((f.page - 1) * f.limit);
  const total = await tx.select({ n: sql<number>`count(*)::int` }).from(productSubCategories).where(condition);
  return { items: rows.map(toSub), total: total[0].n };
}

export async function getSubCategory(tx: Tx, id: string): Promise<ProductSubCategory> {
  const rows = await subBase(tx).where(eq(productSubCategories.id, id));
  if (!rows[0]) throw new AppError('product_sub_category_not_found', [id]);
  return toSub(rows[0]);
}

export async function subCategoriesByCode(tx: Tx): Promise<Map<string, ProductSubCategory>> {
  const rows = await subBase(tx);
  return new Map(rows.map((r) => [r.code.toLowerCase(), toSub(r)]));
}

const subCodeTaken = (tx: Tx, exceptId?: string) => async (code: string) => {
  const rows = await tx.select({ id: productSubCategories.id }).from(productSubCategories).where(sql`lower(${productSubCategories.code}) = lower(${code})`);
  return rows.some((r) => r.id !== exceptId);
};

type SubInput = { subCategoryCode: string; subCategoryName: string; categoryId: string };

export async function createSubCategory(tx: Tx, actor: Actor, input: SubInput): Promise<ProductSubCategory> {
  await getCodeName(tx, 'category', input.categoryId);
  const code = await codeOrNext(tx, actor.tenantId, 'product-sub-category', input.subCategoryCode, subCodeTaken(tx));
  if (await subCodeTaken(tx)(code)) throw new AppError('product_sub_category_code_already_exists', [code]);
  const id = uuidv7();
  await tx.insert(productSubCategories).values({ tenantId: actor.tenantId, id, code, name: input.subCategoryName, categoryId: input.categoryId });
  const after = await getSubCategory(tx, id);
  await writeAudit(tx, actor, { module: MODULE_SUB, action: 'create', entity: 'product-sub-category', entityId: id, after });
  return after;
}

/** Moving a sub-category to another category is refused while products use it (they would leave their category). */
export async function updateSubCategory(tx: Tx, actor: Actor, id: string, input: SubInput): Promise<ProductSubCategory> {
  const before = await getSubCategory(tx, id);
  await getCodeName(tx, 'category', input.categoryId);
  const code = input.subCategoryCode || before.subCategoryCode;
  if (await subCodeTaken(tx, id)(code)) throw new AppError('product_sub_category_code_already_exists', [code]);
  if (input.categoryId !== before.categoryId && (await exists(tx.select({ id: products.id }).from(products).where(eq(products.subCategoryId, id)).limit(1)))) {
    throw new AppError('used_by_another_table', ['products']);
  }
  await tx.update(productSubCategories).set({ code, name: input.subCategoryName, categoryId: input.categoryId }).where(eq(productSubCategories.id, id));
  const after = await getSubCategory(tx, id);
  await writeAudit(tx, actor, { module: MODULE_SUB, action: 'update', entity: 'product-sub-category', entityId: id, before, after });
  return after;
}

export async function setSubCategoryActive(tx: Tx, actor: Actor, id: string, active: 'Y' | 'N'): Promise<ProductSubCategory> {
  const before = await getSubCategory(tx, id);
  await tx.update(productSubCategories).set({ active: active === 'Y' }).where(eq(productSubCategories.id, id));
  const after = await getSubCategory(tx, id);
  await writeAudit(tx, actor, { module: MODULE_SUB, action: active === 'Y' ? 'activate' : 'deactivate', entity: 'product-sub-category', entityId: id, before, after });
  return after;
}

export async function deleteSubCategory(tx: Tx, actor: Actor, id: string) {
  const before = await getSubCategory(tx, id);
  if (await exists(tx.select({ id: products.id }).from(products).where(eq(products.subCategoryId, id)).limit(1))) throw new AppError('used_by_another_table', ['products']);
  await tx.delete(productSubCategories).where(eq(productSubCategories.id, id));
  await writeAudit(tx, actor, { module: MODULE_SUB, action: 'delete', entity: 'product-sub-category', entityId: id, before });
}

export async function exportSubCategories(tx: Tx, f: SubFilter, lang: 'id' | 'en'): Promise<Buffer> {
  const rows = (await subBase(tx).where(subWhere(f)).orderBy(...subOrder(f)).limit(XLSX_EXPORT_LIMIT)).map(toSub);
  const h = lang === 'id' ? ['Kode', 'Nama', 'Kode Kategori', 'Nama Kategori', 'Aktif'] : ['Code', 'Name', 'Category Code', 'Category Name', 'Active'];
  return writeXlsx<ProductSubCategory>(lang === 'id' ? 'Sub-kategori Produk' : 'Product Sub-categories', [
    { header: h[0], width: 16, value: (r) => r.subCategoryCode },
    { header: h[1], width: 32, value: (r) => r.subCategoryName },
    { header: h[2], width: 16, value: (r) => r.categoryCode },
    { header: h[3], width: 32, value: (r) => r.categoryName },
    { header: h[4], width: 8, value: (r) => r.active },
  ], rows);
}
