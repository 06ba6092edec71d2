import { sql } from 'drizzle-orm';
import { boolean, customType, foreignKey, index, integer, numeric, pgTable, primaryKey, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { tenantPolicy } from '../../../platform/db/tenant.ts';

const tsvector = customType<{ data: string }>({ dataType: () => 'tsvector' });

/** Code and name tables of the product catalogue: units of measure, brands, categories. */
const codeNameTable = (name: string) =>
  pgTable(
    name,
    {
      tenantId: uuid('tenant_id').notNull(),
      id: uuid('id').notNull(),
      code: text('code').notNull(),
      name: text('name').notNull(),
      active: boolean('active').notNull().default(true),
      createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    },
    (t) => [primaryKey({ columns: [t.tenantId, t.id] }), uniqueIndex(`${name}_code_key`).on(t.tenantId, sql`lower(${t.code})`), tenantPolicy(name)],
  );

export const uoms = codeNameTable('uoms');
export const brands = codeNameTable('brands');
export const productCategories = codeNameTable('product_categories');

/** A sub-category belongs to one category (spec 3: a product's sub-category must belong to its category). */
export const productSubCategories = pgTable(
  'product_sub_categories',
  {
    tenantId: uuid('tenant_id').notNull(),
    id: uuid('id').notNull(),
    categoryId: uuid('category_id').notNull(),
    code: text('code').notNull(),
    name: text('name').notNull(),
    active: boolean('active').notNull().default(true),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.tenantId, t.id] }),
    uniqueIndex('product_sub_categories_code_key').on(t.tenantId, sql`lower(${t.code})`),
    foreignKey({ columns: [t.tenantId, t.categoryId], foreignColumns: [productCategories.tenantId, productCategories.id] }),
    index('product_sub_categories_category_idx').on(t.tenantId, t.categoryId),
    tenantPolicy('product_sub_categories'),
  ],
);

/**
 * Products and services. `search` is the Indonesian full-text vector of code, name and keywords (stemmed words);
 * trigram indexes on code and name serve substring keywords. Both keep keyword lists fast on large catalogues.
 */
export const products = pgTable(
  'products',
  {
    tenantId: uuid('tenant_id').notNull(),
    id: uuid('id').notNull(),
    code: text('code').notNull(),
    name: text('name').notNull(),
    type: text('type').notNull(),
    baseUomId: uuid('base_uom_id').notNull(),
    brandId: uuid('brand_id'),
    categoryId: uuid('category_id'),
    subCategoryId: uuid('sub_category_id'),
    minQuantity: numeric('min_quantity', { precision: 20, scale: 4 }),
    maxQuantity: numeric('max_quantity', { precision: 20, scale: 4 }),
    buyable: boolean('buyable').notNull().default(true),
    sellable: boolean('sellable').notNull().default(true),
    purchasePrice: numeric('purchase_price', { precision: 20, scale: 4 }),
    sellPrice: numeric('sell_price', { precision: 20, scale: 4 }),
    standardPrice: numeric('standard_price', { precision: 20, scale: 4 }),
    weight: numeric('weight', { precision: 20, scale: 4 }),
    length: numeric('length', { precision: 20, scale: 4 }),
    width: numeric('width', { precision: 20, scale: 4 }),
    height: numeric('height', { precision: 20, scale: 4 }),
    keywords: text('keywords'),
    warrantyMonths: integer('warranty_months'),
    active: boolean('active').notNull().default(true),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
    search: tsvector('search').generatedAlwaysAs(
      sql`to_tsvector('indonesian'::regconfig, coalesce(code, '') || ' ' || coalesce(name, '') || ' ' || coalesce(keywords, ''))`,
    ),
  },
  (t) => [
    primaryKey({ columns: [t.tenantId, t.id] }),
    uniqueIndex('products_code_key').on(t.tenantId, sql`lower(${t.code})`),
    foreignKey({ columns: [t.tenantId, t.baseUomId], foreignColumns: [uoms.tenantId, uoms.id] }),
    foreignKey({ columns: [t.tenantId, t.brandId], foreignColumns: [brands.tenantId, brands.id] }),
    foreignKey({ columns: [t.tenantId, t.categoryId], foreignColumns: [productCategories.tenantId, productCategories.id] }),
    foreignKey({ columns: [t.tenantId, t.subCategoryId], foreignColumns: [productSubCategories.tenantId, productSubCategories.id] }),
    index('products_base_uom_idx').on(t.tenantId, t.baseUomId),
    index('products_brand_idx').on(t.tenantId, t.brandId),
    index('products_category_idx').on(t.tenantId, t.categoryId),
    index('products_sub_category_idx').on(t.tenantId, t.subCategoryId),
    index('products_search_idx').using('gin', t.search),
    index('products_code_trgm').using('gin', t.code.op('gin_trgm_ops')),
    index('products_name_trgm').using('gin', t.name.op('gin_trgm_ops')),
    tenantPolicy('products'),
  ],
);

/** Product unit conversions: 1 `uom` = `factor` base units. */
export const productUomConversions = pgTable(
  'product_uom_conversions',
  {
    tenantId: uuid('tenant_id').notNull(),
    productId: uuid('product_id').notNull(),
    uomId: uuid('uom_id').notNull(),
    factor: numeric('factor', { precision: 20, scale: 4 }).notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.tenantId, t.productId, t.uomId] }),
    foreignKey({ columns: [t.tenantId, t.productId], foreignColumns: [products.tenantId, products.id] }).onDelete('cascade'),
    foreignKey({ columns: [t.tenantId, t.uomId], foreignColumns: [uoms.tenantId, uoms.id] }),
    index('product_uom_conversions_uom_idx').on(t.tenantId, t.uomId),
    tenantPolicy('product_uom_conversions'),
  ],
);
