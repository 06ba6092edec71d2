import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import type { AuditModule, CATALOG_SORT, ErrorCode, ProductSubCategory, SortValue, SUB_CATEGORY_SORT } from '@nusa/contracts';
import { caseless } from '../../../platform/db/list-order.ts';
import type { Tx } from '../../../platform/db/tenant.ts';
import { AppError } from '../../../platform/errors/app-error.ts';
import type { Actor } from '../../../platform/audit/write.ts';
import { recordKit } from '../../../platform/records/kit.ts';
import { isDropdown, yn } from '../../../platform/records/query.ts';
import { defineSheet, type SheetField } from '../../../platform/records/sheet.ts';
import { nextCode } from '../document-templates/service.ts';
import { brands, productCategories, products, productSubCategories, productUomConversions, uoms } from './schema.ts';

/**
 * Units of measure, brands and product categories: code, name, active, each deletable only while no product (or
 * sub-category, or unit conversion) refers to it.
 */
type CodeNameTable = typeof uoms | typeof brands | typeof productCategories;
interface CodeNameKind {
  table: CodeNameTable;
  entity: string;
  module: AuditModule;
  notFound: ErrorCode;
  duplicate: ErrorCode;
  /** Which tables refer to a record: the first that does names the used_by_another_table error. */
  usedBy: (tx: Tx, id: string) => Promise<string | undefined>;
  sheet: { id: string; en: string };
}

const exists = async (q: Promise<unknown[]>) => (await q).length > 0;

export const KINDS = {
  uom: {
    table: uoms,
    entity: 'uom',
    module: 'accounting.uom',
    notFound: 'uom_not_found',
    duplicate: 'uom_code_already_exists',
    sheet: { id: 'Satuan', en: 'Units of Measure' },
    usedBy: async (tx, id) => {
      if (await exists(tx.select({ id: products.id }).from(products).where(eq(products.baseUomId, id)).limit(1))) return 'products';
      if (await exists(tx.select({ id: productUomConversions.productId }).from(productUomConversions).where(eq(productUomConversions.uomId, id)).limit(1)))
        return 'product_uom_conversions';
      return undefined;
    },
  },
  brand: {
    table: brands,
    entity: 'brand',
    module: 'accounting.brand',
    notFound: 'brand_not_found',
    duplicate: 'brand_code_already_exists',
    sheet: { id: 'Merek', en: 'Brands' },
    usedBy: async (tx, id) => ((await exists(tx.select({ id: products.id }).from(products).where(eq(products.brandId, id)).limit(1))) ? 'products' : undefined),
  },
  category: {
    table: productCategories,
    entity: 'product-category',
    module: 'accounting.product-category',
    notFound: 'product_category_not_found',
    duplicate: 'product_category_code_already_exists',
    sheet: { id: 'Kategori Produk', en: 'Product Categories' },
    usedBy: async (tx, id) => {
      if (await exists(tx.select({ id: productSubCategories.id }).from(productSubCategories).where(eq(productSubCategories.categoryId, id)).limit(1)))
        return 'product_sub_categories';
      if (await exists(tx.select({ id: products.id }).from(products).where(eq(products.categoryId, id)).limit(1))) return 'products';
      return undefined;
    },
  },
} satisfies Record<string, CodeNameKind>;
export type Kind = keyof typeof KINDS;

export interface CodeName {
  id: string;
  code: string;
  name: string;
  active: 'Y' | 'N';
}
type Filter = { keyword?: string; active?: 'Y' | 'N'; sort?: SortValue<(typeof CATALOG_SORT)[number]> };

const toCodeName = (r: { id: string; code: string; name: string; active: boolean }): CodeName => ({
  id: r.id,
  code: r.code,
  name: r.name,
  active: yn(r.active),
});

/** The keys of a kind's code and name in its API and sheet (uomCode, uomName ...). */
export const CODE_NAME_KEYS = { uom: ['uomCode', 'uomName'], brand: ['brandCode', 'brandName'], category: ['categoryCode', 'categoryName'] } as const;

/** A kind's sheet: Kode, Nama, Aktif under the kind's own keys; the export writes it, the import reads it back. */
const codeNameSheet = <C extends string, N extends string>(name: { id: string; en: string }, code: C, label: N) =>
  defineSheet<CodeName>()({
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

export const setCodeNameActive = (tx: Tx, actor: Actor, kind: Kind, id: string, active: 'Y' | 'N'): Promise<CodeName> =>
  KITS[kind].setActive(tx, actor, id, active);

/** Refused with used_by_another_table while a product (or sub-category, or unit conversion) refers to the record. */
export const deleteCodeName = (tx: Tx, actor: Actor, kind: Kind, id: string): Promise<void> => KITS[kind].remove(tx, actor, id);

export const exportCodeNames = (tx: Tx, kind: Kind, f: Filter, lang: 'id' | 'en'): Promise<Buffer> => KITS[kind].exportXlsx(tx, f, lang);

/* ---- Sub-categories: a code and name under one category. ---- */

const subColumns = {
  id: productSubCategories.id,
  code: productSubCategories.code,
  name: productSubCategories.name,
  active: productSubCategories.active,
  categoryId: productSubCategories.categoryId,
  categoryCode: productCategories.code,
  categoryName: productCategories.name,
};
type SubRow = { id: string; code: string; name: string; active: boolean; categoryId: string; categoryCode: string; categoryName: string };
const toSub = (r: SubRow): ProductSubCategory => ({
  subCategoryId: r.id,
  subCategoryCode: r.code,
  subCategoryName: r.name,
  categoryId: r.categoryId,
  categoryCode: r.categoryCode,
  categoryName: r.categoryName,
  active: yn(r.active),
});
const subBase = (tx: Tx) =>
  tx
    .select(subColumns)
    .from(productSubCategories)
    .innerJoin(
      productCategories,
      and(eq(productCategories.tenantId, productSubCategories.tenantId), eq(productCategories.id, productSubCategories.categoryId)),
    );

type SubFilter = Omit<Filter, 'sort'> & { categoryId?: string; sort?: SortValue<(typeof SUB_CATEGORY_SORT)[number]> };

/** The sub-category sheet: the export writes it, the import reads it back (the category name for reading only). */
export const SUB_CATEGORY_SHEET = defineSheet<ProductSubCategory>()({
  name: { id: 'Sub-kategori Produk', en: 'Product Sub-categories' },
  fields: {
    subCategoryCode: { id: 'Kode', en: 'Code', width: 16, value: (r) => r.subCategoryCode },
    subCategoryName: { id: 'Nama', en: 'Name', width: 32, value: (r) => r.subCategoryName },
    categoryCode: { id: 'Kode Kategori', en: 'Category Code', width: 16, value: (r) => r.categoryCode },
    categoryName: { id: 'Nama Kategori', en: 'Category Name', width: 32, value: (r) => r.categoryName, exportOnly: true },
    active: { id: 'Aktif', en: 'Active', width: 8, value: (r) => r.active },
  },
});

/** A sub-category's category name, for sorting by it (the kit lists from the sub-category table alone). */
const categoryNameOf = sql`(SELECT lower(c.name) FROM ${productCategories} c WHERE c.tenant_id = ${productSubCategories.tenantId} AND c.id = ${productSubCategories.categoryId})`;

const usedByProducts = async (tx: Tx, id: string) => exists(tx.select({ id: products.id }).from(products).where(eq(products.subCategoryId, id)).limit(1));

const subKit = recordKit({
  table: productSubCategories,
  module: 'accounting.product-sub-category',
  entity: 'product-sub-category',
  errors: { notFound: 'product_sub_category_not_found', codeTaken: 'product_sub_category_code_already_exists' },
  filters: (f: SubFilter) => [f.categoryId ? eq(productSubCategories.categoryId, f.categoryId) : undefined],
  sort: {
    columns: {
      code: caseless(productSubCategories.code),
      name: caseless(productSubCategories.name),
      category: categoryNameOf,
      active: productSubCategories.active,
    },
    fallback: [asc(sql`lower(${productSubCategories.code})`)],
  },
  toRecords: async (tx, rows) => {
    if (!rows.length) return [];
    const categories = await tx
      .select()
      .from(productCategories)
      .where(inArray(productCategories.id, [...new Set(rows.map((r) => r.categoryId))]));
    const byId = new Map(categories.map((c) => [c.id, c]));
    return rows.map((r) => toSub({ ...r, categoryCode: byId.get(r.categoryId)?.code ?? '', categoryName: byId.get(r.categoryId)?.name ?? '' }));
  },
  idOf: (r) => r.subCategoryId,
  codeOf: (r) => r.subCategoryCode,
  nextCode: (tx, tenantId, taken) => nextCode(tx, tenantId, 'product-sub-category', undefined, taken),
  usedBy: async (tx, r) => ((await usedByProducts(tx, r.subCategoryId)) ? 'products' : undefined),
  sheet: SUB_CATEGORY_SHEET,
});

/** The list; at the dropdown size (30) only active sub-categories. */
export function listSubCategories(tx: Tx, f: SubFilter & { page: number; limit: number }) {
  return subKit.list(tx, f, isDropdown(f.limit) ? [eq(productSubCategories.active, true)] : []);
}

export const getSubCategory = (tx: Tx, id: string): Promise<ProductSubCategory> => subKit.get(tx, id);

/** The sub-category of a code, any case (the import upserts by it). */
export const findSubCategoryByCode = (tx: Tx, code: string): Promise<ProductSubCategory | undefined> => subKit.findByCode(tx, code);

/** All sub-categories by lower-cased code (the product import resolves codes with it). */
export async function subCategoriesByCode(tx: Tx): Promise<Map<string, ProductSubCategory>> {
  const rows = await subBase(tx);
  return new Map(rows.map((r) => [r.code.toLowerCase(), toSub(r)]));
}

type SubInput = { subCategoryCode: string; subCategoryName: string; categoryId: string };

export async function createSubCategory(tx: Tx, actor: Actor, input: SubInput): Promise<ProductSubCategory> {
  await getCodeName(tx, 'category', input.categoryId);
  return subKit.create(tx, actor, input.subCategoryCode, { name: input.subCategoryName, categoryId: input.categoryId });
}

/** Moving a sub-category to another category is refused while products use it (they would leave their category). */
export async function updateSubCategory(tx: Tx, actor: Actor, id: string, input: SubInput): Promise<ProductSubCategory> {
  const before = await subKit.get(tx, id);
  await getCodeName(tx, 'category', input.categoryId);
  await subKit.assertCodeFree(tx, input.subCategoryCode || before.subCategoryCode, id);
  if (input.categoryId !== before.categoryId && (await usedByProducts(tx, id))) throw new AppError('used_by_another_table', ['products']);
  return subKit.update(tx, actor, id, input.subCategoryCode, { name: input.subCategoryName, categoryId: input.categoryId });
}

export const setSubCategoryActive = (tx: Tx, actor: Actor, id: string, active: 'Y' | 'N'): Promise<ProductSubCategory> =>
  subKit.setActive(tx, actor, id, active);

export const deleteSubCategory = (tx: Tx, actor: Actor, id: string): Promise<void> => subKit.remove(tx, actor, id);

export const exportSubCategories = (tx: Tx, f: SubFilter, lang: 'id' | 'en'): Promise<Buffer> => subKit.exportXlsx(tx, f, lang);
