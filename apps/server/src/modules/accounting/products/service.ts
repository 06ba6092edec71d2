import { and, asc, eq, inArray, sql, type SQL } from 'drizzle-orm';
import { alias, type AnyPgColumn } from 'drizzle-orm/pg-core';
import { v7 as uuidv7 } from 'uuid';
import type { Product, ProductInput, ProductType, PRODUCT_SORT, SortValue } from '@nusa/contracts';
import { caseless, listOrder } from '../../../platform/db/list-order.ts';
import type { Tx } from '../../../platform/db/tenant.ts';
import { AppError } from '../../../platform/errors/app-error.ts';
import { writeAudit, type Actor } from '../../../platform/audit/write.ts';
import { allowedValues, policyNamesValue } from '../../configuration/policies/service.ts';
import { isPositive, money, plainDecimal } from '../../../platform/money/decimal.ts';
import { isDropdown, yn } from '../../../platform/records/query.ts';
import { codeOrNext } from '../document-templates/service.ts';
import { getCodeName, getSubCategory } from './catalog.ts';
import { brands, productCategories, products, productSubCategories, productUomConversions, uoms } from './schema.ts';

const MODULE = 'accounting.product';
const conversionUom = alias(uoms, 'conversion_uom');

const columns = {
  id: products.id,
  code: products.code,
  name: products.name,
  type: products.type,
  baseUomId: products.baseUomId,
  baseUomCode: uoms.code,
  brandId: products.brandId,
  brandCode: brands.code,
  brandName: brands.name,
  categoryId: products.categoryId,
  categoryCode: productCategories.code,
  categoryName: productCategories.name,
  subCategoryId: products.subCategoryId,
  subCategoryCode: productSubCategories.code,
  subCategoryName: productSubCategories.name,
  minQuantity: products.minQuantity,
  maxQuantity: products.maxQuantity,
  buyable: products.buyable,
  sellable: products.sellable,
  purchasePrice: products.purchasePrice,
  sellPrice: products.sellPrice,
  standardPrice: products.standardPrice,
  weight: products.weight,
  length: products.length,
  width: products.width,
  height: products.height,
  keywords: products.keywords,
  warrantyMonths: products.warrantyMonths,
  active: products.active,
};
type Row = {
  id: string;
  code: string;
  name: string;
  type: string;
  baseUomId: string;
  baseUomCode: string | null;
  brandId: string | null;
  brandCode: string | null;
  brandName: string | null;
  categoryId: string | null;
  categoryCode: string | null;
  categoryName: string | null;
  subCategoryId: string | null;
  subCategoryCode: string | null;
  subCategoryName: string | null;
  minQuantity: string | null;
  maxQuantity: string | null;
  buyable: boolean;
  sellable: boolean;
  purchasePrice: string | null;
  sellPrice: string | null;
  standardPrice: string | null;
  weight: string | null;
  length: string | null;
  width: string | null;
  height: string | null;
  keywords: string | null;
  warrantyMonths: number | null;
  active: boolean;
};

const same = (t: typeof uoms | typeof brands | typeof productCategories | typeof productSubCategories, id: AnyPgColumn) =>
  and(eq(t.tenantId, products.tenantId), eq(t.id, id));

/** Products with the codes of their unit, brand, category and sub-category (and the names the list shows). */
export const productBase = (tx: Tx) =>
  tx
    .select(columns)
    .from(products)
    .leftJoin(uoms, same(uoms, products.baseUomId))
    .leftJoin(brands, same(brands, products.brandId))
    .leftJoin(productCategories, same(productCategories, products.categoryId))
    .leftJoin(productSubCategories, same(productSubCategories, products.subCategoryId));

const toProduct = (r: Row, conversions: Product['conversions']): Product => ({
  productId: r.id,
  productCode: r.code,
  productName: r.name,
  productType: r.type as ProductType,
  baseUomId: r.baseUomId,
  baseUomCode: r.baseUomCode ?? '',
  brandId: r.brandId,
  brandCode: r.brandCode,
  brandName: r.brandName,
  categoryId: r.categoryId,
  categoryCode: r.categoryCode,
  categoryName: r.categoryName,
  subCategoryId: r.subCategoryId,
  subCategoryCode: r.subCategoryCode,
  subCategoryName: r.subCategoryName,
  minQuantity: plainDecimal(r.minQuantity),
  maxQuantity: plainDecimal(r.maxQuantity),
  buyable: yn(r.buyable),
  sellable: yn(r.sellable),
  purchasePrice: plainDecimal(r.purchasePrice),
  sellPrice: plainDecimal(r.sellPrice),
  standardPrice: plainDecimal(r.standardPrice),
  weight: plainDecimal(r.weight),
  length: plainDecimal(r.length),
  width: plainDecimal(r.width),
  height: plainDecimal(r.height),
  keywords: r.keywords,
  warrantyMonths: r.warrantyMonths,
  conversions,
  active: yn(r.active),
});

async function withConversions(tx: Tx, rows: Row[]): Promise<Product[]> {
  if (!rows.length) return [];
  const conv = await tx
    .select({
      productId: productUomConversions.productId,
      uomId: productUomConversions.uomId,
      uomCode: conversionUom.code,
      factor: productUomConversions.factor,
    })
    .from(productUomConversions)
    .innerJoin(conversionUom, and(eq(conversionUom.tenantId, productUomConversions.tenantId), eq(conversionUom.id, productUomConversions.uomId)))
    .where(
      inArray(
        productUomConversions.productId,
        rows.map((r) => r.id),
      ),
    );
  return rows.map((r) =>
    toProduct(
      r,
      conv
        .filter((c) => c.productId === r.id)
        .sort((a, b) => a.uomCode.localeCompare(b.uomCode))
        .map((c) => ({ uomId: c.uomId, uomCode: c.uomCode, factor: plainDecimal(c.factor)! })),
    ),
  );
}

export interface ProductFilter {
  keyword?: string;
  active?: 'Y' | 'N';
  type?: ProductType;
  brandId?: string;
  categoryId?: string;
  subCategoryId?: string;
  buyable?: 'Y' | 'N';
  sellable?: 'Y' | 'N';
  sort?: SortValue<(typeof PRODUCT_SORT)[number]>;
}

const SORT_COLUMNS = {
  code: caseless(products.code),
  name: caseless(products.name),
  type: products.type,
  baseUom: caseless(uoms.code),
  // The list shows category and brand by name, so it sorts by what it shows.
  category: caseless(productCategories.name),
  brand: caseless(brands.name),
  purchasePrice: products.purchasePrice,
  sellPrice: products.sellPrice,
  active: products.active,
};
/** The order of productBase rows (the list and the export). */
export const productOrder = (f: ProductFilter) => listOrder(f.sort, SORT_COLUMNS, [asc(sql`lower(${products.code})`)], products.id);

/**
 * Keyword: Indonesian full-text match on code, name and keywords (stemmed: "minuman" finds "minum") or a substring
 * of code or name. `product_ids_matching` (migration 0008) runs it on the GIN indexes, which the tenant policy would
 * otherwise keep these non-leakproof operators from using; the ids are then read back under the policy.
 */
export const keywordCondition = (keyword: string): SQL => sql`${products.id} IN (SELECT product_ids_matching(${keyword}))`;

/** Products whose code is one of `codes` (any case), through the (tenant_id, lower(code)) index (migration 0008). */
export const codeIn = (codes: string[]): SQL => sql`${products.id} IN (SELECT product_ids_by_codes(string_to_array(${codes.join('\n')}, E'\n')))`;

export async function productConditions(tx: Tx, f: ProductFilter, pick?: { userId: string }): Promise<SQL | undefined> {
  const where: SQL[] = [];
  if (f.keyword) where.push(keywordCondition(f.keyword));
  if (f.active) where.push(eq(products.active, f.active === 'Y'));
  if (f.type) where.push(eq(products.type, f.type));
  if (f.brandId) where.push(eq(products.brandId, f.brandId));
  if (f.categoryId) where.push(eq(products.categoryId, f.categoryId));
  if (f.subCategoryId) where.push(eq(products.subCategoryId, f.subCategoryId));
  if (f.buyable) where.push(eq(products.buyable, f.buyable === 'Y'));
  if (f.sellable) where.push(eq(products.sellable, f.sellable === 'Y'));
  if (pick) {
    where.push(eq(products.active, true));
    const allowed = await allowedValues(tx, pick.userId, 'products');
    if (allowed)
      where.push(
        inArray(
          sql`lower(${products.code})`,
          allowed.map((v) => v.toLowerCase()),
        ),
      );
  }
  return where.length ? and(...where) : undefined;
}

/** The list; at the dropdown size (30) only active products the user's OU policy allows. */
export async function listProducts(tx: Tx, userId: string, f: ProductFilter & { page: number; limit: number }) {
  const condition = await productConditions(tx, f, isDropdown(f.limit) ? { userId } : undefined);
  const rows = await productBase(tx)
    .where(condition)
    .orderBy(...productOrder(f))
    .limit(f.limit)
    .offset((f.page - 1) * f.limit);
  const total = await tx
    .select({ n: sql<number>`count(*)::int` })
    .from(products)
    .where(condition);
  return { items: await withConversions(tx, rows), total: total[0].n };
}

export async function getProduct(tx: Tx, id: string): Promise<Product> {
  const rows = await productBase(tx).where(eq(products.id, id));
  if (!rows[0]) throw new AppError('product_not_found', [id]);
  return (await withConversions(tx, rows))[0];
}

/** For other modules (orders, stock): the product of a code, or undefined. */
export async function findProductByCode(tx: Tx, code: string): Promise<Product | undefined> {
  const rows = await productBase(tx).where(codeIn([code]));
  return rows[0] ? (await withConversions(tx, rows))[0] : undefined;
}

type PriceFields = Pick<ProductInput, 'purchasePrice' | 'sellPrice' | 'standardPrice' | 'minQuantity' | 'maxQuantity'>;

/** Spec 5: prices above 0 (which one fails is named), min quantity not above max. Shared with the import. */
export function productRuleProblem(
  p: PriceFields,
): { column: keyof PriceFields; code: 'price_must_be_positive' | 'min_quantity_exceeds_max'; args: string[] } | undefined {
  for (const [column, label] of [
    ['purchasePrice', 'purchase'],
    ['sellPrice', 'sell'],
    ['standardPrice', 'standard'],
  ] as const) {
    const v = p[column];
    if (v !== null && !isPositive(v)) return { column, code: 'price_must_be_positive', args: [label] };
  }
  if (p.minQuantity !== null && p.maxQuantity !== null && money(p.minQuantity).gt(money(p.maxQuantity)))
    return { column: 'minQuantity', code: 'min_quantity_exceeds_max', args: [] };
  return undefined;
}

async function checkReferences(tx: Tx, input: ProductInput) {
  const problem = productRuleProblem(input);
  if (problem) throw new AppError(problem.code, problem.args);
  await getCodeName(tx, 'uom', input.baseUomId);
  if (input.brandId) await getCodeName(tx, 'brand', input.brandId);
  if (input.categoryId) await getCodeName(tx, 'category', input.categoryId);
  if (input.subCategoryId) {
    const sub = await getSubCategory(tx, input.subCategoryId);
    if (!input.categoryId) throw new AppError('product_sub_category_needs_category');
    if (sub.categoryId !== input.categoryId) {
      const category = await getCodeName(tx, 'category', input.categoryId);
      throw new AppError('product_sub_category_not_in_category', [sub.subCategoryCode, category.code]);
    }
  }
  const seen = new Set<string>();
  for (const c of input.conversions) {
    if (!isPositive(c.factor)) throw new AppError('quantity_must_be_positive');
    const unit = await getCodeName(tx, 'uom', c.uomId);
    if (c.uomId === input.baseUomId || seen.has(c.uomId)) throw new AppError('uom_conversion_invalid', [unit.code]);
    seen.add(c.uomId);
  }
}

const codeTaken = (tx: Tx, exceptId?: string) => async (code: string) =>
  (
    await tx
      .select({ id: products.id })
      .from(products)
      .where(codeIn([code]))
  ).some((r) => r.id !== exceptId);

const fields = (i: ProductInput) => ({
  name: i.productName,
  type: i.productType,
  baseUomId: i.baseUomId,
  brandId: i.brandId,
  categoryId: i.categoryId,
  subCategoryId: i.subCategoryId,
  minQuantity: i.minQuantity,
  maxQuantity: i.maxQuantity,
  buyable: i.buyable === 'Y',
  sellable: i.sellable === 'Y',
  purchasePrice: i.purchasePrice,
  sellPrice: i.sellPrice,
  standardPrice: i.standardPrice,
  weight: i.weight,
  length: i.length,
  width: i.width,
  height: i.height,
  keywords: i.keywords,
  warrantyMonths: i.warrantyMonths,
});

async function saveConversions(tx: Tx, tenantId: string, productId: string, input: ProductInput) {
  await tx.delete(productUomConversions).where(eq(productUomConversions.productId, productId));
  if (input.conversions.length)
    await tx.insert(productUomConversions).values(input.conversions.map((c) => ({ tenantId, productId, uomId: c.uomId, factor: c.factor })));
}

export async function createProduct(tx: Tx, actor: Actor, input: ProductInput): Promise<Product> {
  await checkReferences(tx, input);
  const code = await codeOrNext(tx, actor.tenantId, 'product', input.productCode, codeTaken(tx));
  if (await codeTaken(tx)(code)) throw new AppError('product_code_already_exists', [code]);
  const id = uuidv7();
  await tx.insert(products).values({ tenantId: actor.tenantId, id, code, ...fields(input) });
  await saveConversions(tx, actor.tenantId, id, input);
  const after = await getProduct(tx, id);
  await writeAudit(tx, actor, { module: MODULE, action: 'create', entity: 'product', entityId: id, after });
  return after;
}

export async function updateProduct(tx: Tx, actor: Actor, id: string, input: ProductInput): Promise<Product> {
  const before = await getProduct(tx, id);
  await checkReferences(tx, input);
  const code = input.productCode || before.productCode;
  if (await codeTaken(tx, id)(code)) throw new AppError('product_code_already_exists', [code]);
  await tx
    .update(products)
    .set({ code, ...fields(input), updatedAt: sql`now()` })
    .where(eq(products.id, id));
  await saveConversions(tx, actor.tenantId, id, input);
  const after = await getProduct(tx, id);
  await writeAudit(tx, actor, { module: MODULE, action: 'update', entity: 'product', entityId: id, before, after });
  return after;
}

export async function setProductActive(tx: Tx, actor: Actor, id: string, active: 'Y' | 'N'): Promise<Product> {
  const before = await getProduct(tx, id);
  await tx
    .update(products)
    .set({ active: active === 'Y', updatedAt: sql`now()` })
    .where(eq(products.id, id));
  const after = await getProduct(tx, id);
  await writeAudit(tx, actor, { module: MODULE, action: active === 'Y' ? 'activate' : 'deactivate', entity: 'product', entityId: id, before, after });
  return after;
}

/** Refused with used_by_another_table while an OU policy names the product. */
export async function deleteProduct(tx: Tx, actor: Actor, id: string) {
  const before = await getProduct(tx, id);
  if (await policyNamesValue(tx, 'products', before.productCode)) throw new AppError('used_by_another_table', ['policy-ou']);
  await tx.delete(products).where(eq(products.id, id));
  await writeAudit(tx, actor, { module: MODULE, action: 'delete', entity: 'product', entityId: id, before });
}

/** Units of measure and the other code-name lists (for modules that provision or read them). */
export { listCodeNames } from './catalog.ts';
export { seedUnits } from './seed.ts';
